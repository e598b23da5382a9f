import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, isinstockbill, orderosoutstockbill, osnoticedeliverybill, osoutstockbill, tonnesOf, wavebill, translate, type Actor, type KitDocument, type Language, type LabelPrintRow } from '@tpl/contracts';
import { DocumentService, printTime, printTimeZone } from '@tpl/documents';
import { DB_POOL, EVENT_STORE, runCommand, type EventStorePort } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { barcodeOf } from '../inbound/receipt.decisions';
import { linesOf } from '../shared/lines';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from '../stock/stock.projection';
import { LABEL_PRINTS, LABELS_PRINTED, decideLabelPrint, labelPrintsFold, labelPrintsStream, type LabelsPrintedData } from './label-print';
import { consigneeOf, deliveryNoteDefinition, labelsDefinition, pickingListDefinition, waveSheetDefinition, type DeliveryRow, type LabelLineInfo, type PickingRow, type Tr, type WaveSheetRow } from './layouts';
import { code128, renderPdf } from './pdf';

/** Who prints, in which request (the label record's metadata). */
export type PrintContext = { tenantId: string; actor: Actor; correlationId: string; causationId: string; lang: Language };

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The warehouse's printed documents: receipt labels (recorded, so a line is never labelled
 * beyond its quantity), the picking list of an allocated outbound bill and the delivery note
 * of a shipped one. The stock rows printed are the ledger's (the stock stream), never a copy.
 */
@Injectable()
export class PrintService {
  constructor(
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  private names = async (tenantId: string, entity: 'material' | 'customer', codes: readonly string[]) => this.masterData.byCodes(tenantId, entity, [...new Set(codes)]);

  private customer = async (tenantId: string, doc: KitDocument) => {
    const code = text(doc.customerCode);
    return { code, data: (await this.names(tenantId, 'customer', [code])).get(code)?.data ?? {} };
  };

  private owner = async (tenantId: string, doc: KitDocument) => {
    const { code, data } = await this.customer(tenantId, doc);
    return { code, name: text(data.name) };
  };

  /**
   * Receipt labels of an inbound bill: the rows decided (corrected, refused) against what
   * earlier prints covered, drawn, and recorded as LabelsPrinted on the bill's label stream
   * with the version read (two prints racing for the same labels: one gets a 409).
   */
  async labels(ctx: PrintContext, id: string, rows: readonly LabelPrintRow[] | undefined): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.documents.detail(isinstockbill, ctx.tenantId, id);
    if (doc.removed || doc.state === 'Cancelled') throw new AppError(409, 'warehouse.errors.printCancelled');
    const lines = linesOf(doc);
    const [materials, owner] = await Promise.all([this.names(ctx.tenantId, 'material', lines.map((l) => l.materialCode)), this.owner(ctx.tenantId, doc)]);
    const tr: Tr = (key, vars) => translate(ctx.lang, key, vars);
    let pdf: Buffer | undefined;
    await runCommand(this.store, {
      stream: labelPrintsStream(ctx.tenantId, id),
      streamType: LABEL_PRINTS,
      fold: labelPrintsFold,
      metadata: { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: ctx.causationId },
      decide: async (printed) => {
        const runs = decideLabelPrint(lines, printed, (code) => materials.has(code), rows);
        const info = new Map<number, LabelLineInfo>(
          lines.map((l) => [
            l.lineNumber,
            {
              lineNumber: l.lineNumber,
              barcode: barcodeOf(doc.billNo, l),
              materialCode: l.materialCode,
              materialName: text(materials.get(l.materialCode)?.data.name),
              batchNo: text(l.batchNo),
              expiringDate: l.expiringDate,
              place: text(l.warehousePlaceCode) || undefined,
            },
          ]),
        );
        const codes = [...new Set(runs.map((r) => info.get(r.lineNumber)!.barcode))];
        const barcodes = new Map(await Promise.all(codes.map(async (c) => [c, await code128(c)] as const)));
        pdf = await renderPdf(labelsDefinition({ billNo: doc.billNo, owner, lines: info, runs, barcodes }, tr));
        const data: LabelsPrintedData = { documentType: isinstockbill.name, billNo: doc.billNo, rows: runs.map((r) => ({ lineNumber: r.lineNumber, printQty: r.printQty, labels: r.pallets.length })) };
        return [{ type: LABELS_PRINTED, data }];
      },
    });
    return { pdf: pdf!, billNo: doc.billNo };
  }

  /** The stock rows an outbound bill holds frozen now (its ALLOCATE, RELEASE and SHIP lines), sorted by place. */
  async held(tenantId: string, doc: KitDocument): Promise<PickingRow[]> {
    const { rows } = await this.pool.query<{ line_no: number; barcode: string; place_code: string; batch_no: string; material_code: string; held: string }>(
      `SELECT line_no, barcode, place_code, batch_no, material_code, sum(dj_qty) AS held
         FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND doc_id = $2 AND movement IN ('ALLOCATE', 'RELEASE', 'SHIP')
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(dj_qty) > 0 ORDER BY place_code, line_no, barcode, batch_no`,
      [tenantId, doc.id],
    );
    const materials = await this.names(tenantId, 'material', rows.map((r) => r.material_code));
    return rows.map((r) => ({
      lineNumber: r.line_no,
      warehousePlaceCode: r.place_code,
      barcode: r.barcode,
      materialCode: r.material_code,
      materialName: text(materials.get(r.material_code)?.data.name),
      batchNo: r.batch_no,
      qty: Number(r.held),
    }));
  }

  async pickingList(tenantId: string, id: string, lang: Language): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.documents.detail(osoutstockbill, tenantId, id);
    const rows = doc.state === 'Allocated' || doc.state === 'Waved' || doc.state === 'Picked' ? await this.held(tenantId, doc) : [];
    if (!rows.length) throw new AppError(409, 'warehouse.errors.printNotAllocated', {}, { state: `osoutstockbill.states.${doc.state}` });
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const pdf = await renderPdf(
      pickingListDefinition(
        {
          billNo: doc.billNo,
          billBarcode: await code128(doc.billNo, 10),
          owner: await this.owner(tenantId, doc),
          area: text(doc.warehouseAreaCode),
          billDate: text(doc.billDate),
          allocatedAt: printTime(text(doc.allocatedAt)),
          rows,
          printedAt: printTime(new Date()),
          timeZone: printTimeZone(),
        },
        tr,
      ),
    );
    return { pdf, billNo: doc.billNo };
  }

  /** The wave's pick sheet: the path its issue wrote (the bills' frozen rows then; they cannot move while the wave holds them). */
  async waveSheet(tenantId: string, id: string, lang: Language): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.documents.detail(wavebill, tenantId, id);
    if (doc.state !== 'Issued' && doc.state !== 'Picked') throw new AppError(409, 'warehouse.errors.printNotIssued', {}, { state: `wavebill.states.${doc.state}` });
    const path = (doc.path as Omit<WaveSheetRow, 'materialName'>[] | undefined) ?? [];
    const materials = await this.names(tenantId, 'material', path.map((p) => p.materialCode));
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const owner = text(doc.customerCode);
    const pdf = await renderPdf(
      waveSheetDefinition(
        {
          billNo: doc.billNo,
          billBarcode: await code128(doc.billNo, 10),
          area: text(doc.warehouseAreaCode),
          owner: owner ? `${owner} ${text((await this.names(tenantId, 'customer', [owner])).get(owner)?.data.name)}` : tr('warehouse.print.wave.allOwners'),
          billDate: text(doc.billDate),
          bills: ((doc.details as unknown[] | undefined) ?? []).length,
          binVisits: Number(doc.binVisits ?? 0),
          pathLength: Number(doc.pathLength ?? 0),
          picker: text(doc.picker),
          rows: path.map((p) => ({ ...p, batchNo: text(p.batchNo), bills: text(p.bills), materialName: text(materials.get(p.materialCode)?.data.name) })),
          printedAt: printTime(new Date()),
          timeZone: printTimeZone(),
        },
        tr,
      ),
    );
    return { pdf, billNo: doc.billNo };
  }

  async deliveryNote(tenantId: string, id: string, lang: Language): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.documents.detail(osoutstockbill, tenantId, id);
    if (doc.state !== 'Shipped') throw new AppError(409, 'warehouse.errors.printNotShipped', {}, { state: `osoutstockbill.states.${doc.state}` });
    // what left: the bill's SHIP lines of the stock stream, weighed by their rows' kg per piece
    const { rows } = await this.pool.query<{ material_code: string; batch_no: string; qty: string; weg: string }>(
      `SELECT s.material_code, s.batch_no, sum(-s.qty) AS qty, sum(-s.qty * coalesce(k.qty_weg, 0)) / 1000 AS weg
         FROM ${STOCK_STREAM_TABLE} s
         LEFT JOIN ${STOCK_TABLE} k ON k.tenant_id = s.tenant_id AND k.customer_code = s.customer_code AND k.material_code = s.material_code
                                   AND k.barcode = s.barcode AND k.place_code = s.place_code AND k.batch_no = s.batch_no
        WHERE s.tenant_id = $1 AND s.doc_id = $2 AND s.movement = 'SHIP'
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [tenantId, doc.id],
    );
    const materials = await this.names(tenantId, 'material', rows.map((r) => r.material_code));
    const lines: DeliveryRow[] = rows.map((r) => ({
      materialCode: r.material_code,
      materialName: text(materials.get(r.material_code)?.data.name),
      batchNo: r.batch_no,
      qty: Number(r.qty),
      weg: Math.round(Number(r.weg) * 1000) / 1000,
    }));
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const customer = await this.customer(tenantId, doc);
    const applyNo = text(doc.applyNo);
    const order = applyNo ? await this.documents.byBillNo(orderosoutstockbill, tenantId, applyNo) : undefined;
    const pdf = await renderPdf(
      deliveryNoteDefinition(
        {
          billNo: doc.billNo,
          billBarcode: await code128(doc.billNo, 10),
          owner: { code: customer.code, name: text(customer.data.name) },
          consignee: consigneeOf(doc, order, customer.data),
          loadBillNo: text(doc.loadingOrderNumber),
          carNo: text(doc.carNo),
          platformNumber: text(doc.platformNumber),
          shippedAt: printTime(text(doc.shippedAt)),
          rows: lines,
          printedAt: printTime(new Date()),
          timeZone: printTimeZone(),
        },
        tr,
      ),
    );
    return { pdf, billNo: doc.billNo };
  }

  /**
   * The delivery notice the driver carries (issued, or already received): its own lines (what it
   * announces), weighed by their materials' kg per piece, its consignee and expected day, and the
   * shipment it announces (the bill's time, vehicle and load bill).
   */
  async deliveryNotice(tenantId: string, id: string, lang: Language): Promise<{ pdf: Buffer; billNo: string }> {
    const notice = await this.documents.detail(osnoticedeliverybill, tenantId, id);
    if (!['Issued', 'Received', 'ReceivedEarly'].includes(notice.state)) throw new AppError(409, 'warehouse.errors.printNoticeNotIssued', {}, { state: `osnoticedeliverybill.states.${notice.state}` });
    const lines = linesOf(notice);
    const materials = await this.names(tenantId, 'material', lines.map((l) => l.materialCode));
    const bill = await this.documents.byBillNo(osoutstockbill, tenantId, text(notice.outBillNo));
    const customer = await this.customer(tenantId, notice);
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const car = text(notice.carNo) || text(bill?.carNo);
    const pdf = await renderPdf(
      deliveryNoteDefinition(
        {
          billNo: text(notice.outBillNo),
          billBarcode: '',
          owner: { code: customer.code, name: text(customer.data.name) },
          consignee: consigneeOf(notice, undefined, customer.data),
          loadBillNo: text(bill?.loadingOrderNumber),
          carNo: car,
          platformNumber: text(bill?.platformNumber),
          shippedAt: printTime(text(bill?.shippedAt)),
          rows: lines.map((l) => ({
            materialCode: l.materialCode,
            materialName: text(materials.get(l.materialCode)?.data.name),
            batchNo: text(l.batchNo),
            qty: l.qty,
            weg: tonnesOf(l.qty, Number(materials.get(l.materialCode)?.data.gross ?? 0)),
          })),
          printedAt: printTime(new Date()),
          timeZone: printTimeZone(),
          notice: { billNo: notice.billNo, billBarcode: await code128(notice.billNo, 10), expectedDate: text(notice.expectedDate) },
        },
        tr,
      ),
    );
    return { pdf, billNo: notice.billNo };
  }
}
