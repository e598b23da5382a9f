import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, allocatebill, isinstockbill, orderosoutstockbill, osnoticedeliverybill, osoutstockbill, tonnesOf, wavebill, translate, type Actor, type KitDocument, type Language, type LabelPrintEntry, type LabelPrintRow, type PreparationRow, PACKAGE_LABEL_STATES, addQty, packagetemporarybill } from '@tpl/contracts';
import { DocumentService, printTime, printTimeZone } from '@tpl/documents';
import { DB_POOL, EVENT_STORE, runCommand, type EventStorePort, type NewEvent } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { barcodeOf } from '../inbound/receipt.decisions';
import { linesOf } from '../shared/lines';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from '../stock/stock.projection';
import { LABEL_PRINTS, LABELS_PRINTED, LABELS_REPRINTED, decideLabelPrint, labelPrintsFold, labelPrintsStream, runsOf, type LabelRun, type LabelsPrintedData, type LabelsReprintedData } from './label-print';
import { allocationSlipDefinition, consigneeOf, deliveryNoteDefinition, labelsDefinition, pickingListDefinition, waveSheetDefinition, type DeliveryRow, type LabelLineInfo, type PickingRow, type Tr, type WaveSheetRow, packageLabelDefinition } from './layouts';
import { code128, renderPdf } from './pdf';

/** Who prints, in which request (the label record's metadata). */
export type PrintContext = { tenantId: string; actor: Actor; correlationId: string; causationId: string; lang: Language };

type Names = Awaited<ReturnType<MasterData['byCodes']>>;

/** A stock stream row of a bill as printed and shown: its line, place, barcode, material with its name, batch and a quantity. */
type StreamRow = { line_no: number; barcode: string; place_code: string; batch_no: string; material_code: string };
const stockRowOf = (r: StreamRow, materials: Names, qty: string): PickingRow => ({
  lineNumber: r.line_no,
  warehousePlaceCode: r.place_code,
  barcode: r.barcode,
  materialCode: r.material_code,
  materialName: text(materials.get(r.material_code)?.data.name),
  batchNo: r.batch_no,
  qty: Number(qty),
});

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
   * A print drawn and recorded on the bill's label stream with the version read (two prints
   * racing for the same labels: one gets a 409): what the stream's prints covered goes in,
   * the PDF comes out.
   */
  private async onLabelStream(ctx: PrintContext, id: string, decide: (printed: Map<number, number>) => Promise<{ pdf: Buffer; event: NewEvent }>): Promise<Buffer> {
    let pdf: Buffer | undefined;
    await runCommand(this.store, {
      stream: labelPrintsStream(ctx.tenantId, id),
      streamType: LABEL_PRINTS,
      fold: labelPrintsFold,
      metadata: { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: ctx.causationId },
      decide: async (printed) => {
        const made = await decide(printed);
        pdf = made.pdf;
        return [made.event];
      },
    });
    return pdf!;
  }

  /** The labels of decided runs, drawn (a print and a reprint draw the same). */
  private async drawLabels(doc: KitDocument, materials: Names, owner: { code: string; name: string }, runs: readonly LabelRun[], lang: Language): Promise<Buffer> {
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const info = new Map<number, LabelLineInfo>(
      linesOf(doc).map((l) => [
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
    return renderPdf(labelsDefinition({ billNo: doc.billNo, owner, lines: info, runs, barcodes }, tr));
  }

  /** An inbound bill open to printing (not cancelled, not removed). */
  private async printable(tenantId: string, id: string) {
    const doc = await this.documents.detail(isinstockbill, tenantId, id);
    if (doc.removed || doc.state === 'Cancelled') throw new AppError(409, 'warehouse.errors.printCancelled');
    return doc;
  }

  /**
   * The labels printed for an inbound bill, print by print and reprint by reprint (its label
   * stream): who, when, and per line its barcode, material, batch, quantity and labels.
   */
  async labelPrints(tenantId: string, id: string): Promise<LabelPrintEntry[]> {
    const doc = await this.documents.detail(isinstockbill, tenantId, id);
    const lines = new Map(linesOf(doc).map((l) => [l.lineNumber, l]));
    const materials = await this.names(tenantId, 'material', [...lines.values()].map((l) => l.materialCode));
    return this.printEntries(tenantId, id, (r) => {
      const line = lines.get(r.lineNumber);
      const materialCode = line?.materialCode ?? '';
      return {
        lineNumber: r.lineNumber,
        barcode: line ? barcodeOf(doc.billNo, line) : '',
        materialCode,
        materialName: text(materials.get(materialCode)?.data.name),
        batchNo: text(line?.batchNo),
        printQty: r.printQty,
        labels: r.labels,
      };
    });
  }

  /** A bill's label stream as print entries (who, when, print or reprint of which), each recorded row shaped by the bill's own `row`. */
  private async printEntries(tenantId: string, id: string, row: (r: LabelsPrintedData['rows'][number]) => LabelPrintEntry['rows'][number]): Promise<LabelPrintEntry[]> {
    const events = await this.store.readStream(labelPrintsStream(tenantId, id));
    return events
      .filter((e) => e.type === LABELS_PRINTED || e.type === LABELS_REPRINTED)
      .map((e) => {
        const data = e.data as LabelsPrintedData & { of?: number };
        return {
          seq: e.version,
          kind: e.type === LABELS_PRINTED ? ('print' as const) : ('reprint' as const),
          ...(data.of !== undefined ? { of: data.of } : {}),
          at: e.metadata.occurredAt,
          by: e.metadata.actor.name || e.metadata.actor.account,
          rows: data.rows.map(row),
        };
      });
  }

  /**
   * Reprints one earlier print (a label torn or smudged): the same rows cut into the same
   * pallets, recorded as LabelsReprinted on the bill's label stream. A reprint labels nothing
   * more of a line (the fold counts prints only), so it never eats into what is left to label.
   */
  async reprintLabels(ctx: PrintContext, id: string, seq: number): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.printable(ctx.tenantId, id);
    const lines = new Map(linesOf(doc).map((l) => [l.lineNumber, l]));
    const [materials, owner] = await Promise.all([this.names(ctx.tenantId, 'material', [...lines.values()].map((l) => l.materialCode)), this.owner(ctx.tenantId, doc)]);
    const pdf = await this.onLabelStream(ctx, id, async () => {
      const original = (await this.store.readStream(labelPrintsStream(ctx.tenantId, id))).find((e) => e.version === seq && e.type === LABELS_PRINTED);
      if (!original) throw new AppError(404, 'warehouse.errors.reprintNotFound', { seq });
      const data = original.data as LabelsPrintedData;
      const runs = runsOf(data, lines);
      if (!runs.length) throw new AppError(409, 'warehouse.errors.reprintLinesGone', { seq });
      const reprinted: LabelsReprintedData = { ...data, of: seq, rows: data.rows.filter((r) => lines.has(r.lineNumber)) };
      return { pdf: await this.drawLabels(doc, materials, owner, runs, ctx.lang), event: { type: LABELS_REPRINTED, data: reprinted } };
    });
    return { pdf, billNo: doc.billNo };
  }

  // ---------------------------------------------------------------- a temporary package's label

  /** A temporary package whose barcode a label may carry: a draft being made up, or packed (not opened, cancelled or removed). */
  private async openPackage(tenantId: string, id: string) {
    const doc = await this.documents.detail(packagetemporarybill, tenantId, id);
    if (doc.removed || !(PACKAGE_LABEL_STATES as readonly string[]).includes(doc.state)) {
      throw new AppError(409, 'warehouse.errors.packageLabelClosed', {}, { state: `packagetemporarybill.states.${doc.state}` });
    }
    return doc;
  }

  /** The package's label drawn, and the fact that records it (the label counts the package's whole content, once). */
  private async packageLabel(ctx: PrintContext, doc: KitDocument): Promise<{ pdf: Buffer; data: LabelsPrintedData }> {
    const lines = linesOf(doc);
    const [materials, owner] = await Promise.all([this.names(ctx.tenantId, 'material', lines.map((l) => l.materialCode)), this.owner(ctx.tenantId, doc)]);
    // one row per material and batch (a package may hold the same batch taken from two locations)
    const content = new Map<string, { materialCode: string; materialName: string; batchNo: string; qty: number }>();
    let total = 0;
    for (const l of lines) {
      const key = `${l.materialCode}\u0000${text(l.batchNo)}`;
      const was = content.get(key);
      if (was) was.qty = addQty(was.qty, l.qty);
      else content.set(key, { materialCode: l.materialCode, materialName: text(materials.get(l.materialCode)?.data.name), batchNo: text(l.batchNo), qty: l.qty });
      total = addQty(total, l.qty);
    }
    const tr: Tr = (key, vars) => translate(ctx.lang, key, vars);
    const pdf = await renderPdf(
      packageLabelDefinition(
        { billNo: doc.billNo, barcode: await code128(doc.billNo), owner, place: text(doc.warehousePlaceCode), packageType: text(doc.packageType), content: [...content.values()], total },
        tr,
      ),
    );
    return { pdf, data: { documentType: packagetemporarybill.name, billNo: doc.billNo, rows: [{ lineNumber: 0, printQty: total, labels: 1 }] } };
  }

  /**
   * A temporary package's label (its barcode is its bill number). The first print is recorded as
   * LabelsPrinted on the package's label stream; a package carries one label, so printing it again
   * from the view is a reprint of that first print (LabelsReprinted, of 1): history says which.
   */
  async printPackageLabel(ctx: PrintContext, id: string): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.openPackage(ctx.tenantId, id);
    const pdf = await this.onLabelStream(ctx, id, async (printed) => {
      const { pdf, data } = await this.packageLabel(ctx, doc);
      const event: NewEvent = printed.size ? { type: LABELS_REPRINTED, data: { ...data, of: 1 } satisfies LabelsReprintedData } : { type: LABELS_PRINTED, data };
      return { pdf, event };
    });
    return { pdf, billNo: doc.billNo };
  }

  /** A package's label printed again from its printed-labels screen, as a reprint of the print named. */
  async reprintPackageLabel(ctx: PrintContext, id: string, seq: number): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.openPackage(ctx.tenantId, id);
    const pdf = await this.onLabelStream(ctx, id, async () => {
      const original = (await this.store.readStream(labelPrintsStream(ctx.tenantId, id))).find((e) => e.version === seq && e.type === LABELS_PRINTED);
      if (!original) throw new AppError(404, 'warehouse.errors.reprintNotFound', { seq });
      const { pdf, data } = await this.packageLabel(ctx, doc);
      return { pdf, event: { type: LABELS_REPRINTED, data: { ...data, of: seq } satisfies LabelsReprintedData } };
    });
    return { pdf, billNo: doc.billNo };
  }

  /** The prints of a package's label: one row each, the package as a whole under its barcode. */
  async packageLabelPrints(tenantId: string, id: string): Promise<LabelPrintEntry[]> {
    const doc = await this.documents.detail(packagetemporarybill, tenantId, id);
    return this.printEntries(tenantId, id, (r) => ({ lineNumber: r.lineNumber, barcode: doc.billNo, materialCode: '', materialName: '', batchNo: '', printQty: r.printQty, labels: r.labels }));
  }

  /**
   * An outbound bill's stock preparation (备货): each stock row it was allocated (its
   * ALLOCATE lines less RELEASE, by line, place, barcode and batch) and where it stands: shipped
   * once its SHIP lines took it, picked once the bill is, else to pick. A released bill has none.
   */
  async preparation(tenantId: string, id: string): Promise<PreparationRow[]> {
    const doc = await this.documents.detail(osoutstockbill, tenantId, id);
    const { rows } = await this.pool.query<{ line_no: number; barcode: string; place_code: string; batch_no: string; material_code: string; allocated: string; shipped: string }>(
      `SELECT line_no, barcode, place_code, batch_no, material_code,
              sum(CASE WHEN movement IN ('ALLOCATE', 'RELEASE') THEN dj_qty ELSE 0 END) AS allocated,
              sum(CASE WHEN movement = 'SHIP' THEN -qty ELSE 0 END) AS shipped
         FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND doc_id = $2 AND movement IN ('ALLOCATE', 'RELEASE', 'SHIP')
        GROUP BY 1, 2, 3, 4, 5 ORDER BY place_code, line_no, barcode, batch_no`,
      [tenantId, doc.id],
    );
    const materials = await this.names(tenantId, 'material', rows.map((r) => r.material_code));
    const picked = doc.state === 'Picked';
    return rows
      .filter((r) => Number(r.allocated) > 0)
      .map((r) => ({ ...stockRowOf(r, materials, r.allocated), status: Number(r.shipped) > 0 ? 'shipped' : picked ? 'picked' : 'toPick' }));
  }

  /**
   * Receipt labels of an inbound bill: the rows decided (corrected, refused) against what
   * earlier prints covered, drawn, and recorded as LabelsPrinted on the bill's label stream
   * with the version read (two prints racing for the same labels: one gets a 409).
   */
  async labels(ctx: PrintContext, id: string, rows: readonly LabelPrintRow[] | undefined): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.printable(ctx.tenantId, id);
    const lines = linesOf(doc);
    const [materials, owner] = await Promise.all([this.names(ctx.tenantId, 'material', lines.map((l) => l.materialCode)), this.owner(ctx.tenantId, doc)]);
    const pdf = await this.onLabelStream(ctx, id, async (printed) => {
      const runs = decideLabelPrint(lines, printed, (code) => materials.has(code), rows);
      const data: LabelsPrintedData = { documentType: isinstockbill.name, billNo: doc.billNo, rows: runs.map((r) => ({ lineNumber: r.lineNumber, printQty: r.printQty, labels: r.pallets.length })) };
      return { pdf: await this.drawLabels(doc, materials, owner, runs, ctx.lang), event: { type: LABELS_PRINTED, data } };
    });
    return { pdf, billNo: doc.billNo };
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
    return rows.map((r) => stockRowOf(r, materials, r.held));
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

  /** The allocation slip: the bill's own lines (the rows it took, as the bill names them), the two areas by name, what arrived so far. */
  async allocationSlip(tenantId: string, id: string, lang: Language): Promise<{ pdf: Buffer; billNo: string }> {
    const doc = await this.documents.detail(allocatebill, tenantId, id);
    if (!['Confirmed', 'Shipped', 'Receiving', 'Received'].includes(doc.state)) throw new AppError(409, 'warehouse.errors.printNotAllocatedBill', {}, { state: `allocatebill.states.${doc.state}` });
    const lines = (doc.details as { lineNumber: number; warehousePlaceCode: string; barcode: string; materialCode: string; batchNo?: string; qty: number; receivedQty?: number }[] | undefined) ?? [];
    const from = text(doc.warehouseAreaCode);
    const to = text(doc.targetWarehouseAreaCode);
    const [materials, areas] = await Promise.all([
      this.names(tenantId, 'material', lines.map((l) => l.materialCode)),
      this.masterData.byCodes(tenantId, 'warehousearea', [from, to]),
    ]);
    // the expiry the rows carry (the bill's lines name the rows, not their dates)
    const { rows: dates } = await this.pool.query<{ material_code: string; barcode: string; batch_no: string; expiring_date: string | null }>(
      `SELECT DISTINCT material_code, barcode, batch_no, to_char(expiring_date, 'YYYY-MM-DD') AS expiring_date FROM ${STOCK_TABLE}
        WHERE tenant_id = $1 AND customer_code = $2 AND material_code = ANY($3::text[]) AND barcode = ANY($4::text[])`,
      [tenantId, text(doc.customerCode), lines.map((l) => l.materialCode), lines.map((l) => l.barcode)],
    );
    const expiry = (l: (typeof lines)[number]) => text(dates.find((d) => d.material_code === l.materialCode && d.barcode === l.barcode && d.batch_no === (l.batchNo ?? '') && d.expiring_date)?.expiring_date);
    const tr: Tr = (key, vars) => translate(lang, key, vars);
    const pdf = await renderPdf(
      allocationSlipDefinition(
        {
          billNo: doc.billNo,
          billBarcode: await code128(doc.billNo, 10),
          owner: await this.owner(tenantId, doc),
          from: { code: from, name: text(areas.get(from)?.data.name) },
          to: { code: to, name: text(areas.get(to)?.data.name) },
          billDate: text(doc.billDate),
          shippedAt: doc.shippedAt ? printTime(text(doc.shippedAt)) : '',
          carNo: text(doc.carNo),
          rows: lines.map((l) => ({
            lineNumber: l.lineNumber,
            warehousePlaceCode: l.warehousePlaceCode,
            barcode: l.barcode,
            materialCode: l.materialCode,
            materialName: text(materials.get(l.materialCode)?.data.name),
            batchNo: text(l.batchNo),
            expiringDate: expiry(l),
            qty: l.qty,
            receivedQty: Number(l.receivedQty ?? 0),
          })),
          printedAt: printTime(new Date()),
          timeZone: printTimeZone(),
        },
        tr,
      ),
    );
    return { pdf, billNo: doc.billNo };
  }
}
