import { z } from 'zod';
import { envelopeSchema, pageQuerySchema, pageSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { PDF_MEDIA_TYPE } from './routes';

/**
 * The read-only warehouse screens the spec's routes name (issue 30 item 1), each about one
 * document and reached from its view: docs/DOMAIN.md "Read-only warehouse screens". `:id` is the
 * document's id; `showImage` names the document type too, since any warehouse bill may carry photos.
 */
export const WAREHOUSE_SCREENS = {
  /** the batches of an inbound bill's goods (read only) */
  stockBatch: { path: '/warehousingManagement/stockBatchForm/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** an inbound bill's incidental fees: billing's handling bills done for it */
  inboundFees: { path: '/warehousingManagement/inStockZFItemView/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** the labels printed for an inbound bill, print by print, with reprint */
  printedLabels: { path: '/warehousingManagement/barcodePrintView/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** the label printed for a temporary package (its barcode is the bill's number), with reprint */
  printedPackageLabels: { path: '/otherBill/packagetemporarybillBarcodeView/:id', of: 'packagetemporarybill', list: '/otherBill/packagetemporarybill' },
  /** an outbound bill's stock preparation (备货): what was allocated from which bin, batch and barcode, picked or not */
  preparation: { path: '/outWarehouseManagement/osoutstockbillFormBhView/:id', of: 'osoutstockbill', list: '/outWarehouseManagement/osoutstockbill' },
} as const;

/** The photos of a warehouse document: /inWarehouseManagement/showImage/<type>/<id>. */
export const SHOW_IMAGE_PATH = '/inWarehouseManagement/showImage/:type/:id';
export const showImagePath = (type: string, id: string) => SHOW_IMAGE_PATH.replace(':type', encodeURIComponent(type)).replace(':id', encodeURIComponent(id));
export const screenPath = (screen: keyof typeof WAREHOUSE_SCREENS, id: string) => WAREHOUSE_SCREENS[screen].path.replace(':id', encodeURIComponent(id));

const idQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** A stock row an outbound bill was allocated, and where it stands: to pick, picked, shipped (or released: no row). */
export const PREPARATION_STATUSES = ['toPick', 'picked', 'shipped'] as const;
export const preparationRowSchema = z.object({
  lineNumber: z.number().int(),
  warehousePlaceCode: z.string(),
  barcode: z.string(),
  materialCode: z.string(),
  materialName: z.string(),
  batchNo: z.string(),
  /** allocated to the bill (its frozen quantity at allocation, less what was released) */
  qty: z.number(),
  status: z.enum(PREPARATION_STATUSES),
});
export type PreparationRow = z.infer<typeof preparationRowSchema>;

/** One label print of an inbound bill (its LabelsPrinted fact), or a reprint of one. */
export const labelPrintEntrySchema = z.object({
  /** the print's place in the bill's label stream: what a reprint names */
  seq: z.number().int(),
  kind: z.enum(['print', 'reprint']),
  /** a reprint: the print it repeated */
  of: z.number().int().optional(),
  at: z.string(),
  by: z.string(),
  rows: z.array(
    z.object({
      lineNumber: z.number().int(),
      barcode: z.string(),
      materialCode: z.string(),
      materialName: z.string(),
      batchNo: z.string(),
      printQty: z.number(),
      labels: z.number().int(),
    }),
  ),
});
export type LabelPrintEntry = z.infer<typeof labelPrintEntrySchema>;

// ------------------------------------------------------------ every label printed, tenant-wide (issue 30)

/** The document types whose labels are printed and recorded: the inbound bill's receipt labels, the temporary package's label. */
export const LABEL_DOCUMENT_TYPES = ['isinstockbill', 'packagetemporarybill'] as const;
export type LabelDocumentType = (typeof LABEL_DOCUMENT_TYPES)[number];

const blankAsNone = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(blankAsNone, z.iso.date({ error: 'validation.date' }).optional());

/** The printed-labels list's filters: bill type, bill number (part of it), print day range, who printed (an account, chosen from those who printed). */
export const labelPrintListQuerySchema = pageQuerySchema
  .extend({
    documentType: z.preprocess(blankAsNone, z.enum(LABEL_DOCUMENT_TYPES, { error: 'validation.invalid' }).optional()),
    billNo: z.preprocess(blankAsNone, z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
    dateFrom: day,
    dateTo: day,
    printedBy: z.preprocess(blankAsNone, z.string().trim().max(64, { error: 'validation.tooLong' }).optional()),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'validation.range' });
export type LabelPrintListQuery = z.infer<typeof labelPrintListQuerySchema>;

/** One print (or reprint) of labels, as the tenant-wide list shows it. */
export const labelPrintRecordSchema = z.object({
  /** the print's event: a row's key */
  id: z.string(),
  documentType: z.enum(LABEL_DOCUMENT_TYPES),
  documentId: z.string(),
  billNo: z.string(),
  customerCode: z.string(),
  /** its number in the bill's label stream, and for a reprint the print it repeated */
  seq: z.number().int(),
  kind: z.enum(['print', 'reprint']),
  of: z.number().int().nullable(),
  labels: z.number().int(),
  printedAt: z.string(),
  printedBy: z.string(),
  printedByName: z.string(),
});
export type LabelPrintRecord = z.infer<typeof labelPrintRecordSchema>;
/** Someone who printed labels in the tenant: the printed-by filter's choices. */
export const labelPrinterSchema = z.object({ account: z.string(), name: z.string() });
export type LabelPrinter = z.infer<typeof labelPrinterSchema>;

/** 已打印标签 (every label printed, tenant-wide), a page of the warehouse's work menu. */
export const LABEL_PRINT_LIST = { code: 'labelPrintList', name: '已打印标签', path: '/warehousingManagement/labelPrintList', alias: 'labelPrints.title' } as const;

// ------------------------------------------------------------ the temporary packages as the stock holds them (issue 30)

/** Where a temporary package stands, read from the ledger: made up in stock, gone out (shipped whole), opened, or never packed. */
export const PACKAGE_STANDINGS = ['inStock', 'allocated', 'shipped', 'unpacked', 'draft', 'cancelled'] as const;
export type PackageStanding = (typeof PACKAGE_STANDINGS)[number];
export const packageListQuerySchema = pageQuerySchema.extend({
  standing: z.preprocess(blankAsNone, z.enum(PACKAGE_STANDINGS, { error: 'validation.invalid' }).optional()),
  billNo: z.preprocess(blankAsNone, z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
  customerCode: z.preprocess(blankAsNone, z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
  warehousePlaceCode: z.preprocess(blankAsNone, z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;
/** A piece of a package's content in stock now: material, batch, where, how much (allocated of it). */
export const packageContentSchema = z.object({ materialCode: z.string(), materialName: z.string(), batchNo: z.string(), warehousePlaceCode: z.string(), qty: z.number(), djQty: z.number() });
export const packageRowSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  customerCode: z.string(),
  warehouseAreaCode: z.string(),
  packageType: z.string(),
  /** the bill's state (Draft, Packed, Unpacked, Cancelled) */
  state: z.string(),
  standing: z.enum(PACKAGE_STANDINGS),
  /** the locations its barcode is at now (one, unless moved in part) */
  places: z.array(z.string()),
  /** what is in stock under its barcode now */
  qty: z.number(),
  /** what was packed into it */
  packedQty: z.number(),
  packedAt: z.string().nullable(),
  /** when its last piece left (shipped), or it was opened */
  goneAt: z.string().nullable(),
  /** the bill that took it out (an outbound bill) or opened it (an unpacking bill) */
  goneBy: z.string().nullable(),
  content: z.array(packageContentSchema),
});
export type PackageRow = z.infer<typeof packageRowSchema>;
/** 临时包装列表 (spec 01 "temporarypackagebill list"): the packages as the stock holds them. */
export const PACKAGE_LIST = { code: 'packageList', name: '临时包装列表', path: '/otherBill/temporarypackagebillList', alias: 'packages.title' } as const;

export const warehouseScreenRoutes = defineRoutes({
  labelPrintList: {
    method: 'GET',
    path: '/api/bl-warehouse/labelprint/list',
    summary: 'Every label print and reprint of the tenant (receipt labels, temporary package labels): bill type and number, who and when, labels; filtered by bill type, bill number, print day and printer; a cargo owner sees its own bills only',
    tag: 'warehouse',
    query: labelPrintListQuerySchema,
    response: envelopeSchema(pageSchema(labelPrintRecordSchema)),
  },
  labelPrinters: {
    method: 'GET',
    path: '/api/bl-warehouse/labelprint/printers',
    summary: 'Who has printed labels in the tenant (account and name): the printed-labels list\'s printed-by choices',
    tag: 'warehouse',
    response: envelopeSchema(z.array(labelPrinterSchema)),
  },
  packageList: {
    method: 'GET',
    path: '/api/bl-warehouse/packagetemporarybill/packages',
    summary: "The temporary packages as the stock ledger holds them: where each stands (in stock at its location, allocated, shipped whole, unpacked), its content under its barcode; a cargo owner sees its own",
    tag: 'warehouse',
    query: packageListQuerySchema,
    response: envelopeSchema(pageSchema(packageRowSchema)),
  },
  packageLabelPrints: {
    method: 'GET',
    path: '/api/bl-warehouse/packagetemporarybill/print/label/history',
    summary: "The prints of a temporary package's label (who, when) and their reprints",
    tag: 'warehouse',
    query: idQuery,
    response: envelopeSchema(z.array(labelPrintEntrySchema)),
  },
  reprintPackageLabel: {
    method: 'POST',
    path: '/api/bl-warehouse/packagetemporarybill/print/label/reprint',
    summary: "Reprints a temporary package's label (PDF; a damaged label replaced), recorded as a reprint of the print named",
    tag: 'warehouse',
    query: idQuery.extend({ seq: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }) }),
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
  outboundPreparation: {
    method: 'GET',
    path: '/api/bl-warehouse/osoutstockbill/preparation',
    summary: "An outbound bill's stock preparation (备货): each stock row it was allocated (place, barcode, batch, quantity) and whether it is picked or shipped, read from the stock stream",
    tag: 'warehouse',
    query: idQuery,
    response: envelopeSchema(z.array(preparationRowSchema)),
  },
  labelPrints: {
    method: 'GET',
    path: '/api/bl-warehouse/isinstockbill/print/labels/history',
    summary: 'The labels printed for an inbound bill, print by print (who, when, each line with its barcode and labels), and their reprints',
    tag: 'warehouse',
    query: idQuery,
    response: envelopeSchema(z.array(labelPrintEntrySchema)),
  },
  reprintLabels: {
    method: 'POST',
    path: '/api/bl-warehouse/isinstockbill/print/labels/reprint',
    summary: 'Reprints the labels of one earlier print (PDF; a damaged label replaced): the same rows and pallets; recorded as a reprint, it labels nothing more of the lines',
    tag: 'warehouse',
    query: idQuery.extend({ seq: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }) }),
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
});
