import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { osoutstockbill, wavebill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { STOCK_STREAM_TABLE } from '../stock/stock.projection';
import { listedLines } from '../outbound/listed.decisions';
import type { OutboundBill } from '../outbound/outbound.decisions';
import { waveDecisions, type WaveFacts } from './wave.decisions';
import type { HeldRow } from './wave.path';

const finite = (v: unknown): number | undefined => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

/**
 * The wave's IO, in the command's transaction: its bills by number, and when it is issued what
 * each holds frozen (its ALLOCATE, RELEASE and SHIP lines of the stock stream: the ledger says,
 * no copy), the bins those rows lie in and the areas above the bills' (master data's port).
 */
@Injectable()
export class WaveDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  onModuleInit() {
    this.registry.register(wavebill, waveDecisions((input) => this.load(input)));
  }

  private async held(tenantId: string, billIds: readonly string[], db: UnitOfWork): Promise<Map<string, HeldRow[]>> {
    const rows = await db.query<{ doc_id: string; line_no: number; barcode: string; place_code: string; batch_no: string; material_code: string; held: string }>(
      `SELECT doc_id, line_no, barcode, place_code, batch_no, material_code, sum(dj_qty) AS held
         FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND doc_id = ANY($2::text[]) AND movement IN ('ALLOCATE', 'RELEASE', 'SHIP')
        GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(dj_qty) > 0 ORDER BY 1, 2, 3, 4, 5`,
      [tenantId, billIds],
    );
    const out = new Map<string, HeldRow[]>();
    for (const r of rows) {
      const list = out.get(r.doc_id) ?? [];
      list.push({ lineNumber: r.line_no, warehousePlaceCode: r.place_code, barcode: r.barcode, batchNo: r.batch_no, materialCode: r.material_code, qty: Number(r.held) });
      out.set(r.doc_id, list);
    }
    return out;
  }

  /** The bills' areas and every area above them: code -> parent code. */
  private async areas(tenantId: string, codes: readonly string[], db: UnitOfWork): Promise<Map<string, string | undefined>> {
    const out = new Map<string, string | undefined>();
    let next = [...new Set(codes)];
    for (let depth = 0; next.length && depth < 10; depth++) {
      const found = await this.masterData.byCodes(tenantId, 'warehousearea', next, db);
      for (const code of next) out.set(code, (found.get(code)?.data.parentCode as string | undefined) || undefined);
      next = [...new Set([...out.values()].filter((p): p is string => !!p && !out.has(p)))];
    }
    return out;
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof wavebill>): Promise<WaveFacts> {
    const facts: WaveFacts = { bills: new Map(), held: new Map(), bins: new Map(), areas: new Map() };
    if (!doc || command.type !== 'Act') return facts;
    for (const l of listedLines(doc)) {
      const bill = documentOf(osoutstockbill, await this.documents.byBillNo(osoutstockbill, tenantId, l.osBillNo, uow));
      if (bill) facts.bills.set(l.osBillNo, bill);
    }
    if (command.data.action !== 'issue') return facts;
    const bills: OutboundBill[] = [...facts.bills.values()];
    facts.areas = await this.areas(tenantId, bills.map((b) => b.warehouseAreaCode), uow);
    const byId = await this.held(tenantId, bills.map((b) => b.id), uow);
    for (const b of bills) facts.held.set(b.billNo, byId.get(b.id) ?? []);
    const places = [...new Set([...facts.held.values()].flat().map((r) => r.warehousePlaceCode))];
    const found = await this.masterData.byCodes(tenantId, 'warehouseplace', places, uow);
    for (const code of places) {
      const p = found.get(code)?.data;
      facts.bins.set(code, { warehouseAreaCode: String(p?.warehouseAreaCode ?? ''), x: finite(p?.coordinateX), y: finite(p?.coordinateY) });
    }
    return facts;
  }
}
