import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { placeInfo } from '../inbound/inbound.wiring';
import { StockLedger } from '../stock/stock.ledger';
import { STOCK_STREAM_TABLE } from '../stock/stock.projection';
import { keyOf, type AreaInfo, type InsideFacts, type RowLine } from './rows';

/**
 * The reads the in-warehouse documents' decisions need, always in the command's
 * transaction: the stock accounts their lines touch (rows and version), the locations and
 * areas they name (master data's port), and what a row's ledger says changed after an
 * instant (a count's book quantity as of its time).
 */
@Injectable()
export class InsideReads {
  constructor(
    @Inject(StockLedger) private readonly ledger: StockLedger,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  async facts(uow: UnitOfWork, tenantId: string, o: { owners: readonly string[]; lines: readonly RowLine[]; places?: readonly string[]; areas?: readonly string[] }): Promise<InsideFacts> {
    const keys = o.owners.filter(Boolean).flatMap((customerCode) => o.lines.map((l) => ({ customerCode, materialCode: l.materialCode })));
    const accounts = await this.ledger.accounts(uow, tenantId, keys);
    const placeCodes = [...new Set([...o.lines.map((l) => l.warehousePlaceCode), ...(o.places ?? [])].filter(Boolean))];
    const found = await this.masterData.byCodes(tenantId, 'warehouseplace', placeCodes, uow);
    const places = new Map([...found].map(([code, r]) => [code, placeInfo(r)]));
    const areas = o.areas ? await this.areas(uow, tenantId, [...o.areas, ...[...places.values()].map((p) => p.warehouseAreaCode)]) : new Map<string, AreaInfo>();
    return { accounts, places, areas };
  }

  /** The areas and every ancestor of theirs (an area tree is a few levels deep). */
  private async areas(uow: UnitOfWork, tenantId: string, codes: readonly string[]): Promise<Map<string, AreaInfo>> {
    const out = new Map<string, AreaInfo>();
    let wanted = [...new Set(codes.filter(Boolean))];
    for (let depth = 0; wanted.length && depth < 10; depth++) {
      const found = await this.masterData.byCodes(tenantId, 'warehousearea', wanted, uow);
      for (const [code, r] of found) out.set(code, { code, parentCode: typeof r.data.parentCode === 'string' && r.data.parentCode ? r.data.parentCode : undefined });
      wanted = [...found.values()].map((r) => r.data.parentCode).filter((p): p is string => typeof p === 'string' && p !== '' && !out.has(p));
    }
    return out;
  }

  /**
   * For each line: the net quantity its row's ledger lines with a business time after `asOf`
   * added (the row as of then is its quantity now minus this). Nothing when no instant is given.
   */
  async laterQty(uow: UnitOfWork, tenantId: string, owner: string, lines: readonly RowLine[], asOf: string | undefined): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!asOf) return out;
    for (const l of lines) {
      const k = keyOf(l);
      const rows = await uow.query<{ later: string }>(
        `SELECT coalesce(sum(qty), 0) AS later FROM ${STOCK_STREAM_TABLE}
          WHERE tenant_id = $1 AND customer_code = $2 AND material_code = $3 AND barcode = $4 AND place_code = $5 AND batch_no = $6 AND effective_at > $7`,
        [tenantId, owner, l.materialCode, k.barcode, k.warehousePlaceCode, k.batchNo, asOf],
      );
      out.set(l.lineNumber, Number(rows[0]?.later ?? 0));
    }
    return out;
  }
}
