import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData, type MasterRecord } from '@tpl/masterdata';
import { chooseStrategy, customStrategyOf, type StrategyChoice, type StrategyKind } from './strategy-choice';

type Queryable = Pick<UnitOfWork, 'query'>;

/** A line's governing strategy: the choice and the strategy record's rule. */
export type Governing = StrategyChoice & { rule: string | undefined };

/**
 * The IO of the strategy choice (strategy-choice.ts): the owner's customer strategies, the
 * bill's area and those above it, the materials and the chosen strategy records, all through
 * master data's port (never its tables).
 */
@Injectable()
export class Strategies {
  constructor(@Inject(MASTER_DATA) private readonly masterData: MasterData) {}

  /** The area and the areas above it (a zone, its warehouse): a customer strategy for any of them applies. */
  async areasUp(tenantId: string, area: string, db?: Queryable): Promise<string[]> {
    const out: string[] = [];
    let code: string | undefined = area;
    while (code && !out.includes(code) && out.length < 10) {
      out.push(code);
      const parent: unknown = (await this.masterData.byCodes(tenantId, 'warehousearea', [code], db)).get(code)?.data.parentCode;
      code = typeof parent === 'string' && parent ? parent : undefined;
    }
    return out;
  }

  /** Per material code: the strategy of this kind that governs the owner's goods in the bill's area. */
  async governing(
    tenantId: string,
    kind: StrategyKind,
    at: { customerCode: string; area: string },
    materials: ReadonlyMap<string, MasterRecord>,
    db?: Queryable,
  ): Promise<Map<string, Governing>> {
    const [records, areas] = await Promise.all([
      this.masterData.where(tenantId, 'customstrategy', { customerCode: at.customerCode }, 2000, db),
      at.area ? this.areasUp(tenantId, at.area, db) : Promise.resolve([]),
    ]);
    const customs = records.map(customStrategyOf);
    const field = kind === 'upshelf' ? 'upshelfStrategyCode' : 'downshelfStrategyCode';
    const choices = new Map<string, StrategyChoice>();
    for (const [code, m] of materials) {
      const own = m.data[field];
      choices.set(code, chooseStrategy(kind, customs, { customerCode: at.customerCode, materialCode: code, areas, materialStrategyCode: typeof own === 'string' && own ? own : undefined }));
    }
    const strategyCodes = [...choices.values()].map((c) => c.strategyCode).filter((c): c is string => !!c);
    const strategies = await this.masterData.byCodes(tenantId, 'strategy', strategyCodes, db);
    return new Map([...choices].map(([code, c]) => {
      const rule = c.strategyCode ? strategies.get(c.strategyCode)?.data.rule : undefined;
      return [code, { ...c, rule: typeof rule === 'string' ? rule : undefined }];
    }));
  }
}
