import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { stockListQuerySchema, stockPageSchema, stockStreamPageSchema, stockStreamQuerySchema } from './stock';

/** The stock ledger's reads (/api/bl-warehouse): no writes, stock is what documents' facts add up to. */
export const warehouseStockRoutes = defineRoutes({
  stockList: {
    method: 'GET',
    path: '/api/bl-warehouse/stock/list',
    summary: 'Stock rows (owner, material, barcode, place, batch) with qty, djQty and available; with asOf, as they stood at that instant (from the ledger)',
    tag: 'warehouse',
    query: stockListQuerySchema,
    response: envelopeSchema(stockPageSchema),
  },
  stockStreamList: {
    method: 'GET',
    path: '/api/bl-warehouse/stockstream/list',
    summary: 'The stock stream: every line of every stock fact, with its document line, business time, before and after balance and fee flags',
    tag: 'warehouse',
    query: stockStreamQuerySchema,
    response: envelopeSchema(stockStreamPageSchema),
  },
});

/** Put-away suggestions: per line still at the dock, the places and quantities to start from. */
export const putAwayPlanSchema = z.object({
  dock: z.string(),
  placements: z.array(z.object({ lineNumber: z.number().int(), warehousePlaceCode: z.string(), qty: z.number() })),
  unplaced: z.array(z.object({ lineNumber: z.number().int(), qty: z.number() })),
});
export type PutAwayPlanView = z.infer<typeof putAwayPlanSchema>;

/** Reads of the inbound documents beside what the kit serves. */
export const warehouseInboundRoutes = defineRoutes({
  putAwaySuggestions: {
    method: 'GET',
    path: '/api/bl-warehouse/isinstockbill/putawaySuggestions',
    summary: "Where an inbound bill's goods still at the dock should go: the materials' put-away strategies over the area's places, their owner reservations, capacity (capacityRatio) and what they hold",
    tag: 'warehouse',
    query: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
    response: envelopeSchema(putAwayPlanSchema),
  },
});

/** Receipt suggestions of an allocate bill: per line still in transit, the target warehouse's bins and quantities to start from. */
export const receivePlanSchema = z.object({
  placements: z.array(z.object({ lineNumber: z.number().int(), targetPlaceCode: z.string(), qty: z.number() })),
  unplaced: z.array(z.object({ lineNumber: z.number().int(), qty: z.number() })),
});
export type ReceivePlanView = z.infer<typeof receivePlanSchema>;

/** Reads of the allocate bill beside what the kit serves. */
export const warehouseAllocateRoutes = defineRoutes({
  receiveSuggestions: {
    method: 'GET',
    path: '/api/bl-warehouse/allocatebill/receiveSuggestions',
    summary: "Where an allocate bill's goods still in transit should go in the target warehouse: the put-away strategies (the owner's customer strategy, else the material's) over the to area's bins, their owner reservations, capacity and what they hold",
    tag: 'warehouse',
    query: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
    response: envelopeSchema(receivePlanSchema),
  },
});

// ---------------------------------------------------------------- printing and scan mode (issue 13 items 5 and 8)

export const PDF_MEDIA_TYPE = 'application/pdf';

const idQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** A row of a label print: the line and how much of it to label now (the spec's "print quantity"). */
export const labelPrintRowSchema = z.object({
  lineNumber: z.number({ error: 'validation.invalid' }).int().positive(),
  // empty is allowed in the shape: the print refuses it, naming the line (spec: "empty or non-positive print quantity")
  printQty: z.number({ error: 'validation.invalid' }).nullable().optional(),
});
/** Without rows: every line with something left to label, at what is left. */
export const labelPrintBodySchema = z.object({ rows: z.array(labelPrintRowSchema).max(500).optional() }).strict();
export type LabelPrintRow = z.infer<typeof labelPrintRowSchema>;
export type LabelPrintBody = z.infer<typeof labelPrintBodySchema>;

/** Scan mode (/scan/receive, /scan/putaway, /scan/pick): what a bill asks the scanner to do. */
export const scanModeSchema = z.enum(['receive', 'putaway', 'pick']);
export type ScanMode = z.infer<typeof scanModeSchema>;
export const scanTaskSchema = z.object({
  lineNumber: z.number().int(),
  barcode: z.string(),
  materialCode: z.string(),
  materialName: z.string(),
  batchNo: z.string(),
  /** pick: the place the goods are held at; put-away and receive: none (the keeper scans where) */
  warehousePlaceCode: z.string().optional(),
  /** what is left to do on the task: receive the line's quantity, put away what is at the dock, pick what is held */
  qty: z.number(),
  /** what of the task was done before this read (put-away: what the line has put away already), so progress shows across visits */
  doneQty: z.number().optional(),
});
export type ScanTask = z.infer<typeof scanTaskSchema>;
export const scanBillSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  version: z.number().int(),
  state: z.string(),
  tasks: z.array(scanTaskSchema),
});
export type ScanBill = z.infer<typeof scanBillSchema>;
export const scanTasksQuerySchema = z.object({ billNo: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40), mode: scanModeSchema });

/** Printed documents (PDF) and the scan mode's reads, under the documents they belong to. */
export const warehousePrintRoutes = defineRoutes({
  printLabels: {
    method: 'POST',
    path: '/api/bl-warehouse/isinstockbill/print/labels',
    summary:
      "Receipt labels of an inbound bill (PDF): one label per pallet of each row's print quantity, with owner, material, batch, quantity, expiring date and the Code 128 barcode of the stock row; records what was labelled (a row's print quantity may not pass what is left to label: docs/DOMAIN.md)",
    tag: 'warehouse',
    query: idQuery,
    body: labelPrintBodySchema,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printPickingList: {
    method: 'GET',
    path: '/api/bl-warehouse/osoutstockbill/print/picking-list',
    summary: 'Picking list of an allocated outbound bill (PDF): the stock rows it holds frozen (place, barcode, batch, quantity), sorted by place',
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printWaveSheet: {
    method: 'GET',
    path: '/api/bl-warehouse/wavebill/print/pick-sheet',
    summary: "Pick sheet of an issued wave (PDF): its pick path, step by step in walking order (area, then bin), each step's quantity and the bills it splits back to",
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printDeliveryNote: {
    method: 'GET',
    path: '/api/bl-warehouse/osoutstockbill/print/delivery-note',
    summary: 'Delivery note of a shipped outbound bill (PDF): what left the warehouse, by material and batch, with signature boxes',
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printDeliveryNotice: {
    method: 'GET',
    path: '/api/bl-warehouse/osnoticedeliverybill/print/notice',
    summary: 'Delivery notice (PDF) the driver carries: what is coming to the consignee, by material and batch, with its expected arrival and signature boxes',
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printAllocationSlip: {
    method: 'GET',
    path: '/api/bl-warehouse/allocatebill/print/slip',
    summary: 'Allocation slip of a confirmed allocate bill (PDF) that travels with the goods: from and to area, the rows taken from their bins (bin, barcode, batch, expiry, quantity), a column for what arrived and the signatures',
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  printPackageLabel: {
    method: 'POST',
    path: '/api/bl-warehouse/packagetemporarybill/print/label',
    summary:
      "A temporary package's label (PDF): its barcode (the bill's number) as Code 128, owner, location and content; recorded as a print, and any later print of it as a reprint (docs/DOMAIN.md \"Temporary packages\")",
    tag: 'warehouse',
    query: idQuery,
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  inboundScanTasks: {
    method: 'GET',
    path: '/api/bl-warehouse/isinstockbill/scan-tasks',
    summary: 'Scan mode: an inbound bill by number and what is left to scan on it (receive: every line at its quantity; putaway: what is still at the dock), with the barcodes its labels carry',
    tag: 'warehouse',
    query: scanTasksQuerySchema,
    response: envelopeSchema(scanBillSchema),
  },
  outboundScanTasks: {
    method: 'GET',
    path: '/api/bl-warehouse/osoutstockbill/scan-tasks',
    summary: 'Scan mode: an allocated outbound bill by number and the rows it holds frozen to pick, sorted by place',
    tag: 'warehouse',
    query: scanTasksQuerySchema,
    response: envelopeSchema(scanBillSchema),
  },
});

/** The states in which a temporary package's label is printed (and reprinted): a draft being made up, or packed; an opened or cancelled package has no barcode in stock. */
export const PACKAGE_LABEL_STATES = ['Draft', 'Packed'] as const;

/** Which printed documents a document type has, and in which of its states each can be printed (the console's Print button). */
export const PRINT_FORMS: Record<string, readonly { kind: 'labels' | 'picking-list' | 'delivery-note' | 'pick-sheet' | 'delivery-notice' | 'allocation-slip' | 'package-label'; path: string; method: 'GET' | 'POST'; states: readonly string[] }[]> = {
  isinstockbill: [{ kind: 'labels', path: warehousePrintRoutes.printLabels.path, method: 'POST', states: ['Draft', 'InReview', 'Audited', 'Received', 'PuttingAway', 'Stored'] }],
  osoutstockbill: [
    { kind: 'picking-list', path: warehousePrintRoutes.printPickingList.path, method: 'GET', states: ['Allocated', 'Waved', 'Picked'] },
    { kind: 'delivery-note', path: warehousePrintRoutes.printDeliveryNote.path, method: 'GET', states: ['Shipped'] },
  ],
  wavebill: [{ kind: 'pick-sheet', path: warehousePrintRoutes.printWaveSheet.path, method: 'GET', states: ['Issued', 'Picked'] }],
  // the paper the driver carries to the consignee, once it is issued
  osnoticedeliverybill: [{ kind: 'delivery-notice', path: warehousePrintRoutes.printDeliveryNotice.path, method: 'GET', states: ['Issued', 'Received', 'ReceivedEarly'] }],
  // the paper that travels with the goods between the two warehouses, once they are allocated to it
  allocatebill: [{ kind: 'allocation-slip', path: warehousePrintRoutes.printAllocationSlip.path, method: 'GET', states: ['Confirmed', 'Shipped', 'Receiving', 'Received'] }],
  // the package's barcode is its number from the start: labelled while it is made up, until it is opened
  packagetemporarybill: [{ kind: 'package-label', path: warehousePrintRoutes.printPackageLabel.path, method: 'POST', states: PACKAGE_LABEL_STATES }],
};

/** 待上架: the keeper's put-away list (the inbound bills with goods still at their dock), its page and menu entry. */
/** The load bill's screens beside the kit's (spec 01 /loadHandle): the load as the driver and the dock see it, printable; its loading times corrected. */
export const LOAD_BILL_PAGES = { show: '/loadHandle/loadbillFormShow/:id', timeEdit: '/loadHandle/loadbillTimeEdit/:id' } as const;
export const PUT_AWAY_LIST = { code: 'putawayList', name: '待上架', path: '/warehousingManagement/putawayList', alias: 'putAway.title' } as const;
