import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { productLinesOf, scaledLines, secbombill, secproductive } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, type LoadInput } from '@tpl/documents';
import { DB_POOL, type UnitOfWork } from '@tpl/event-store';
import { businessDay } from '@tpl/identity';
import type { Pool } from 'pg';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { STOCK_POSTING, noPostingFacts, type StockPosting } from '@tpl/warehouse';
import { lotsOf, taskDecisions, topUpLots, type TaskFacts } from './task.decisions';

/**
 * The production task's IO: the BOM a made or changed task names (read by its number through the
 * kit), the needs and finished goods computed from it (runs x the BOM, with the materials' names
 * from master data), and the stock its release, issues and receipts decide on, asked of the
 * warehouse's ledger through its front door (STOCK_POSTING), all in the command's transaction.
 */
@Injectable()
export class TaskDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(STOCK_POSTING) private readonly stock: StockPosting,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  onModuleInit() {
    this.registry.register(secproductive, taskDecisions((input) => this.load(input), (input) => this.complete(input)));
  }

  private bom(tenantId: string, bomNo: unknown, db?: UnitOfWork) {
    return typeof bomNo === 'string' && bomNo ? this.documents.byBillNo(secbombill, tenantId, bomNo, db) : Promise.resolve(undefined);
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof secproductive>): Promise<TaskFacts> {
    if (command.type === 'Create' || command.type === 'Change') return { bom: await this.bom(tenantId, command.data.content.bomNo, uow), stock: noPostingFacts() };
    if (!doc || command.type !== 'Act') return { stock: noPostingFacts() };
    const action = command.data.action;
    if (action === 'audit' || action === 'issue') {
      return { stock: await this.stock.facts(uow, tenantId, doc.customerCode, { materials: lotsOf(doc).map((l) => l.materialCode) }) };
    }
    if (action === 'receive') {
      const receipts = ((command.data.fields as { receipts?: { warehousePlaceCode?: string }[] }).receipts ?? []).map((r) => r.warehousePlaceCode ?? '');
      return { stock: await this.stock.facts(uow, tenantId, doc.customerCode, { materials: productLinesOf(doc).map((p) => p.materialCode), places: receipts.filter(Boolean) }) };
    }
    return { stock: noPostingFacts() };
  }

  /** The needs and finished goods: the BOM's per-run quantities times the runs, named (whoever sends the task: console, API, seeds). */
  async complete({ tenantId, content, db }: { tenantId: string; content: Record<string, unknown>; db?: UnitOfWork }): Promise<Record<string, unknown>> {
    const bom = await this.bom(tenantId, content.bomNo, db);
    const runs = Number(content.runs);
    if (!bom || !(runs > 0)) return content;
    const raw = (bom.details as { materialCode: string; qty: number }[] | undefined) ?? [];
    const made = (bom.products as { materialCode: string; qty: number }[] | undefined) ?? [];
    const names = await this.masterData.byCodes(tenantId, 'material', [...new Set([...raw, ...made].map((l) => l.materialCode))], db);
    const named = (l: { materialCode: string; qty: number }) => {
      const name = names.get(l.materialCode)?.data.name;
      return { ...l, ...(typeof name === 'string' && name ? { materialName: name } : {}) };
    };
    const planned = { ...content, needs: scaledLines(raw.map(named), runs, 'issuedQty'), products: scaledLines(made.map(named), runs, 'receivedQty') };
    // the needs the keeper picked no lots for are suggested from the stock (FEFO), read through the ledger's port
    const owner = typeof content.customerCode === 'string' ? content.customerCode : '';
    if (!owner || typeof content.warehouseAreaCode !== 'string' || !content.warehouseAreaCode) return planned;
    const reader = db ?? { query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => (await this.pool.query<R>(text, params)).rows };
    const { accounts } = await this.stock.facts(reader as UnitOfWork, tenantId, owner, { materials: raw.map((l) => l.materialCode) });
    return topUpLots(planned, accounts, businessDay());
  }
}
