import { z } from 'zod';
import { envelopeSchema, pageQuerySchema, pageSchema, sortOrderSchema } from '../api/envelope';
import { defineRoutes, XLSX_MEDIA_TYPE } from '../api/route';
import {
  optionalStockText,
  stockDetailQuerySchema,
  stockExplainQuerySchema,
  stockExplainSchema,
  stockFilters,
  stockInstant,
  stockListQuerySchema,
  stockRowSchema,
  stockStreamLineQuerySchema,
  stockStreamQuerySchema,
  stockStreamRowSchema,
} from './stock';
import { REPORT_CODE_REFS, reportText, type ExplainWhat, type ReportColumn, type ReportColumnKind } from '../api/report-columns';

export { REPORT_CODE_REFS, reportText, type ExplainWhat, type ReportColumn, type ReportColumnKind };

/**
 * The stock reports of spec 01's /reportManagement (stockByWarehouseAreaView, stockpageshow2,
 * stockByCustomerBatchNoView, stockByDetailsView, stockDetailView, stockDetailViewShow,
 * stockStreamDetailView) and the stock and stock stream reads (/api/bl-warehouse). Every
 * report is computed from the stock ledger, now or as of an instant (`asOf`), server-paged,
 * filtered, exported to xlsx; every quantity on it is the sum of stream lines that
 * GET /api/bl-warehouse/stockstream/explain lists for the row's keys at the same instant.
 *
 * Each report is described once here (its columns, which of them explain, its sorts): the
 * server's spreadsheets and the console's tables read the same description. Column labels are
 * `stockReport.fields.<key>` (contracts/src/warehouse/words.ts).
 */

const qty = z.number();

/** The keys an explain call takes from a report's row. */
export const EXPLAIN_KEYS = ['customerCode', 'materialCode', 'warehouseAreaCode', 'warehousePlaceCode', 'batchNo', 'barcode'] as const;
export type ExplainKey = (typeof EXPLAIN_KEYS)[number];

export type StockReportDef = {
  /** the spec 01 route name under /reportManagement */
  view: string;
  /** /api/bl-report/<api>/list and /export */
  api: string;
  columns: readonly ReportColumn[];
  /** the row fields that name its group: what explain is asked for */
  keys: readonly ExplainKey[];
  sorts: readonly string[];
  defaultSort: string;
};

const text = reportText;
const num = (key: string, kind: ReportColumnKind, explain?: ExplainWhat): ReportColumn => ({ key, kind, ...(explain ? { explain } : {}), width: 12 });

export const STOCK_REPORTS = {
  stockByWarehouseArea: {
    view: 'stockByWarehouseAreaView',
    api: 'stockbywarehousearea',
    keys: ['warehouseAreaCode', 'customerCode', 'materialCode'],
    columns: [
      text('warehouseAreaCode'),
      text('customerCode'),
      text('materialCode'),
      num('qty', 'qty', 'qty'),
      num('djQty', 'qty', 'djQty'),
      num('availableQty', 'qty'),
      num('weg', 'weight'),
      num('board', 'count'),
      num('volume', 'volume'),
      num('placeCount', 'count'),
      num('rowCount', 'count'),
    ],
    sorts: ['warehouseAreaCode', 'customerCode', 'materialCode', 'qty'],
    defaultSort: 'warehouseAreaCode',
  },
  stockByCustomerBatchNo: {
    view: 'stockByCustomerBatchNoView',
    api: 'stockbycustomerbatchno',
    keys: ['customerCode', 'materialCode', 'batchNo'],
    columns: [
      text('customerCode'),
      text('materialCode'),
      text('batchNo'),
      num('qty', 'qty', 'qty'),
      num('djQty', 'qty', 'djQty'),
      num('availableQty', 'qty'),
      num('weg', 'weight'),
      num('board', 'count'),
      num('volume', 'volume'),
      { key: 'firstInboundAt', kind: 'datetime', width: 20 },
      { key: 'expiringDate', kind: 'date', width: 12 },
      num('rowCount', 'count'),
    ],
    sorts: ['customerCode', 'materialCode', 'batchNo', 'qty', 'firstInboundAt', 'expiringDate'],
    defaultSort: 'customerCode',
  },
  stockByDetails: {
    view: 'stockByDetailsView',
    api: 'stockbydetails',
    keys: ['customerCode', 'materialCode', 'warehousePlaceCode', 'batchNo', 'barcode'],
    columns: [
      text('warehouseAreaCode'),
      text('warehousePlaceCode'),
      text('customerCode'),
      text('materialCode'),
      text('batchNo'),
      text('barcode', 20),
      { key: 'status', kind: 'status', width: 10 },
      num('qty', 'qty', 'qty'),
      num('djQty', 'qty', 'djQty'),
      num('availableQty', 'qty'),
      num('qtyWeg', 'weight'),
      num('weg', 'weight'),
      num('boardQty', 'count'),
      num('board', 'count'),
      num('volume', 'volume'),
      { key: 'inboundAt', kind: 'datetime', width: 20 },
      { key: 'expiringDate', kind: 'date', width: 12 },
      { key: 'invalid', kind: 'flag', width: 8 },
    ],
    sorts: ['materialCode', 'customerCode', 'warehousePlaceCode', 'batchNo', 'qty', 'inboundAt', 'expiringDate'],
    defaultSort: 'materialCode',
  },
  stockDetail: {
    view: 'stockDetailView',
    api: 'stockdetail',
    keys: ['customerCode', 'materialCode'],
    columns: [
      text('customerCode'),
      text('materialCode'),
      num('openingQty', 'qty', 'opening'),
      num('inQty', 'qty', 'in'),
      num('outQty', 'qty', 'out'),
      num('closingQty', 'qty', 'qty'),
      num('djQty', 'qty', 'djQty'),
      num('availableQty', 'qty'),
    ],
    sorts: ['customerCode', 'materialCode', 'closingQty'],
    defaultSort: 'customerCode',
  },
  stockStreamDetail: {
    view: 'stockStreamDetailView',
    api: 'stockstreamdetail',
    keys: [],
    columns: [
      { key: 'effectiveAt', kind: 'datetime', width: 20 },
      text('billNo', 18),
      text('documentType'),
      text('streamType', 10),
      { key: 'movement', kind: 'movement', width: 10 },
      text('customerCode'),
      text('materialCode'),
      text('batchNo'),
      text('barcode', 20),
      text('warehouseAreaCode'),
      text('warehousePlaceCode'),
      num('qty', 'qty'),
      num('djQty', 'qty'),
      num('beforeQty', 'qty'),
      num('endQty', 'qty'),
      text('streamQtyStatusCode'),
      text('streamQtyStatusName'),
      { key: 'insotckTime', kind: 'datetime', width: 20 },
      { key: 'outstockTime', kind: 'datetime', width: 20 },
      { key: 'instockStatus', kind: 'flag', width: 8 },
      { key: 'outstockStatus', kind: 'flag', width: 8 },
      { key: 'isCost', kind: 'flag', width: 8 },
      text('followUser'),
      text('supplierCode'),
      text('parentBrcode', 20),
      { key: 'recordedAt', kind: 'datetime', width: 20 },
    ],
    sorts: ['effectiveAt'],
    defaultSort: 'effectiveAt',
  },
} as const satisfies Record<string, StockReportDef>;
export type StockReportName = keyof typeof STOCK_REPORTS;

/** The console's report pages (spec 01 /reportManagement routes) and their menu entries (code = the route's name). */
export const REPORT_PATHS = {
  stockByWarehouseArea: '/reportManagement/stockByWarehouseAreaView',
  binBoard: '/reportManagement/stockpageshow2',
  stockByCustomerBatchNo: '/reportManagement/stockByCustomerBatchNoView',
  stockByDetails: '/reportManagement/stockByDetailsView',
  stockDetail: '/reportManagement/stockDetailView',
  stockDetailShow: '/reportManagement/stockDetailViewShow',
  stockStreamDetail: '/reportManagement/stockStreamDetailView',
} as const;
export type ReportPage = keyof typeof REPORT_PATHS;

/** The menu entries (stockDetailViewShow is reached from a row of stockDetailView, not the menu). */
export const STOCK_REPORT_MENUS: readonly { code: string; name: string; path: string; alias: string }[] = (
  [
    ['stockByWarehouseArea', '库区库存报表'],
    ['binBoard', '库位看板'],
    ['stockByCustomerBatchNo', '货主批次库存报表'],
    ['stockByDetails', '库存明细报表'],
    ['stockDetail', '库存收发存报表'],
    ['stockStreamDetail', '库存流水明细'],
  ] as const
).map(([page, name]) => ({ code: REPORT_PATHS[page].split('/').pop()!, name, path: REPORT_PATHS[page], alias: `stockReport.titles.${page}` }));

/** The stock list's and the stream's spreadsheets (/api/bl-warehouse/stock/export, /stockstream/export). */
export const STOCK_EXPORT_COLUMNS: readonly ReportColumn[] = STOCK_REPORTS.stockByDetails.columns;
export const STOCK_STREAM_EXPORT_COLUMNS: readonly ReportColumn[] = STOCK_REPORTS.stockStreamDetail.columns;

// ------------------------------------------------------------------ rows

const nullableText = z.string().nullable();

export const stockByAreaRowSchema = z.object({
  warehouseAreaCode: nullableText,
  customerCode: z.string(),
  materialCode: z.string(),
  qty,
  djQty: qty,
  availableQty: qty,
  weg: qty,
  board: qty,
  volume: qty,
  placeCount: z.number().int(),
  rowCount: z.number().int(),
});
export type StockByAreaRow = z.infer<typeof stockByAreaRowSchema>;

export const stockByCustomerBatchRowSchema = z.object({
  customerCode: z.string(),
  materialCode: z.string(),
  batchNo: z.string(),
  qty,
  djQty: qty,
  availableQty: qty,
  weg: qty,
  board: qty,
  volume: qty,
  firstInboundAt: nullableText,
  expiringDate: nullableText,
  rowCount: z.number().int(),
});
export type StockByCustomerBatchRow = z.infer<typeof stockByCustomerBatchRowSchema>;

/** A stock row (with the m³ it takes). */
export const stockByDetailsRowSchema = stockRowSchema;
export type StockByDetailsRow = z.infer<typeof stockByDetailsRowSchema>;

/** A period of one owner's material: opening (as of `from`), increases, decreases, closing (as of `asOf`). */
export const stockDetailRowSchema = z.object({
  customerCode: z.string(),
  materialCode: z.string(),
  openingQty: qty,
  inQty: qty,
  outQty: qty,
  closingQty: qty,
  djQty: qty,
  availableQty: qty,
});
export type StockDetailRow = z.infer<typeof stockDetailRowSchema>;

/** A report's page: the rows, the instant it answers for (null: now) and the sums of its quantities over every matching row. */
const reportPage = <T extends z.ZodType>(row: T) =>
  pageSchema(row).extend({ asOf: z.string().nullable(), from: z.string().nullable().optional(), sums: z.record(z.string(), z.number()) });

export const stockByAreaPageSchema = reportPage(stockByAreaRowSchema);
export const stockByCustomerBatchPageSchema = reportPage(stockByCustomerBatchRowSchema);
export const stockByDetailsPageSchema = reportPage(stockByDetailsRowSchema);
export const stockDetailPageSchema = reportPage(stockDetailRowSchema);
export const stockStreamDetailPageSchema = reportPage(stockStreamRowSchema);
export type ReportPageOf<T> = { records: T[]; total: number; size: number; current: number; pages: number; asOf: string | null; from?: string | null; sums: Record<string, number> };

// ------------------------------------------------------------------ queries

const sortOf = <R extends StockReportDef>(r: R) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(r.sorts as unknown as [string, ...string[]], { error: 'validation.invalid' }).default(r.defaultSort));

const reportQuery = <R extends StockReportDef>(r: R) =>
  pageQuerySchema.extend({ ...stockFilters, sort: sortOf(r), order: z.preprocess((v) => (v === '' ? undefined : v), sortOrderSchema.default('asc')) });

export const stockByAreaQuerySchema = reportQuery(STOCK_REPORTS.stockByWarehouseArea);
export const stockByCustomerBatchQuerySchema = reportQuery(STOCK_REPORTS.stockByCustomerBatchNo);
export const stockByDetailsQuerySchema = reportQuery(STOCK_REPORTS.stockByDetails).extend({
  withEmpty: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
});
/** `from`: the period's start (absent: from the first line); `asOf`: its end (absent: now). */
export const stockDetailQuerySchemaOfReport = reportQuery(STOCK_REPORTS.stockDetail).omit({ status: true, barcode: true }).extend({ from: stockInstant });
export const stockStreamReportQuerySchema = stockStreamQuerySchema;

export type StockByAreaQuery = z.infer<typeof stockByAreaQuerySchema>;
export type StockByCustomerBatchQuery = z.infer<typeof stockByCustomerBatchQuerySchema>;
export type StockByDetailsQuery = z.infer<typeof stockByDetailsQuerySchema>;
export type StockPeriodQuery = z.infer<typeof stockDetailQuerySchemaOfReport>;

/** stockDetailViewShow: one owner's material over the period, line by line with the running balance. */
export const stockDetailShowQuerySchema = pageQuerySchema.extend({
  customerCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  materialCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  warehouseAreaCode: optionalStockText(40),
  from: stockInstant,
  asOf: stockInstant,
});
export type StockDetailShowQuery = z.infer<typeof stockDetailShowQuerySchema>;
export const stockDetailShowSchema = pageSchema(stockStreamRowSchema.extend({ balance: qty })).extend({
  asOf: z.string().nullable(),
  from: z.string().nullable(),
  openingQty: qty,
  closingQty: qty,
});
export type StockDetailShow = z.infer<typeof stockDetailShowSchema>;

// ------------------------------------------------------------------ the bin board

/** stockpageshow2: the area's places on their coordinates, each with what it holds and how full it is. */
export const binBoardQuerySchema = z.object({
  warehouseAreaCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  customerCode: optionalStockText(40),
  asOf: stockInstant,
});
export type BinBoardQuery = z.infer<typeof binBoardQuerySchema>;

export const binPlaceSchema = z.object({
  warehousePlaceCode: z.string(),
  coordinateX: z.number().nullable(),
  coordinateY: z.number().nullable(),
  /** usable m³: maxVolume (else volume) x capacityRatio %; null when the place has no size */
  capacity: z.number().nullable(),
  /** m³ held: qty x the piece volume of its rows */
  used: z.number(),
  /** used / capacity; null when the place has no size */
  fillRatio: z.number().nullable(),
  qty,
  rowCount: z.number().int(),
  customers: z.array(z.string()),
  /** the owner the place is reserved for, if any */
  reservedFor: z.string().nullable(),
  invalid: z.union([z.literal(0), z.literal(1)]),
});
export type BinPlace = z.infer<typeof binPlaceSchema>;
export const binBoardSchema = z.object({
  warehouseAreaCode: z.string(),
  asOf: z.string().nullable(),
  places: z.array(binPlaceSchema),
  /** places without coordinates are laid out after the others, row by row */
  columns: z.number().int(),
  rows: z.number().int(),
});
export type BinBoard = z.infer<typeof binBoardSchema>;

/** How full a place is, in bands the board colours by: empty, below 50 %, below 80 %, below 100 %, full or over, no size. */
export const FILL_BANDS = ['empty', 'low', 'medium', 'high', 'full', 'unbounded'] as const;
export type FillBand = (typeof FILL_BANDS)[number];
export const fillBandOf = (p: Pick<BinPlace, 'fillRatio' | 'qty'>): FillBand => {
  if (p.qty <= 0) return 'empty';
  if (p.fillRatio === null) return 'unbounded';
  if (p.fillRatio < 0.5) return 'low';
  if (p.fillRatio < 0.8) return 'medium';
  if (p.fillRatio < 1) return 'high';
  return 'full';
};

// ------------------------------------------------------------------ routes

const download = (path: string, summary: string, query: z.ZodType) =>
  ({ method: 'GET', path, summary, tag: 'report', query, response: z.null(), download: XLSX_MEDIA_TYPE }) as const;

/** The stock ledger's reads beside the list (/api/bl-warehouse): a row, a line, spreadsheets, explain. */
export const warehouseStockReadRoutes = defineRoutes({
  stockDetail: {
    method: 'GET',
    path: '/api/bl-warehouse/stock/detail',
    summary: 'One stock row by its key (owner, material, barcode, place, batch), now or as of an instant; 404 when there is none or it is not the caller\'s to see',
    tag: 'warehouse',
    query: stockDetailQuerySchema,
    response: envelopeSchema(stockRowSchema),
  },
  stockExport: { ...download('/api/bl-warehouse/stock/export', 'The stock list as an .xlsx (the list\'s filters, asOf included)', stockListQuerySchema), tag: 'warehouse' },
  stockStreamDetail: {
    method: 'GET',
    path: '/api/bl-warehouse/stockstream/detail',
    summary: 'One line of the stock stream by its id',
    tag: 'warehouse',
    query: stockStreamLineQuerySchema,
    response: envelopeSchema(stockStreamRowSchema),
  },
  stockStreamExport: { ...download('/api/bl-warehouse/stockstream/export', 'The stock stream as an .xlsx (the list\'s filters)', stockStreamQuerySchema), tag: 'warehouse' },
  stockStreamExplain: {
    method: 'GET',
    path: '/api/bl-warehouse/stockstream/explain',
    summary:
      'Explain a quantity: the stream lines (oldest first) whose sum it is, for exactly the keys given (owner, material, area, place, batch, barcode), as of the same instant; from / direction for a period\'s movements',
    tag: 'warehouse',
    query: stockExplainQuerySchema,
    response: envelopeSchema(stockExplainSchema),
  },
});

/** The stock reports (/api/bl-report), computed from the warehouse's ledger by the warehouse context. */
export const stockReportRoutes = defineRoutes({
  stockByWarehouseAreaList: {
    method: 'GET',
    path: '/api/bl-report/stockbywarehousearea/list',
    summary: 'Stock by warehouse area, owner and material (qty, frozen, available, tonnes, pallets, m³), now or as of an instant, with sums',
    tag: 'report',
    query: stockByAreaQuerySchema,
    response: envelopeSchema(stockByAreaPageSchema),
  },
  stockByWarehouseAreaExport: download('/api/bl-report/stockbywarehousearea/export', 'Stock by warehouse area as an .xlsx', stockByAreaQuerySchema),
  stockByCustomerBatchNoList: {
    method: 'GET',
    path: '/api/bl-report/stockbycustomerbatchno/list',
    summary: 'Stock by owner, material and batch (with the first inbound time and the earliest expiring date), now or as of an instant, with sums',
    tag: 'report',
    query: stockByCustomerBatchQuerySchema,
    response: envelopeSchema(stockByCustomerBatchPageSchema),
  },
  stockByCustomerBatchNoExport: download('/api/bl-report/stockbycustomerbatchno/export', 'Stock by owner and batch as an .xlsx', stockByCustomerBatchQuerySchema),
  stockByDetailsList: {
    method: 'GET',
    path: '/api/bl-report/stockbydetails/list',
    summary: 'Stock by details: every stock row (area, place, owner, material, batch, barcode) with m³, now or as of an instant, with sums',
    tag: 'report',
    query: stockByDetailsQuerySchema,
    response: envelopeSchema(stockByDetailsPageSchema),
  },
  stockByDetailsExport: download('/api/bl-report/stockbydetails/export', 'Stock by details as an .xlsx', stockByDetailsQuerySchema),
  stockDetailList: {
    method: 'GET',
    path: '/api/bl-report/stockdetail/list',
    summary: 'Stock detail over a period per owner and material: opening (as of from), increases, decreases, closing (as of asOf), frozen and available, with sums',
    tag: 'report',
    query: stockDetailQuerySchemaOfReport,
    response: envelopeSchema(stockDetailPageSchema),
  },
  stockDetailExport: download('/api/bl-report/stockdetail/export', 'Stock detail over a period as an .xlsx', stockDetailQuerySchemaOfReport),
  stockDetailShow: {
    method: 'GET',
    path: '/api/bl-report/stockdetail/show',
    summary: "One owner's material over the period: the opening balance, the stream lines in order with the running balance, the closing balance",
    tag: 'report',
    query: stockDetailShowQuerySchema,
    response: envelopeSchema(stockDetailShowSchema),
  },
  stockStreamDetailList: {
    method: 'GET',
    path: '/api/bl-report/stockstreamdetail/list',
    summary: 'Stock stream detail: the stream lines with their documents, fee flags and balances (filters, from / to, asOf), with sums',
    tag: 'report',
    query: stockStreamReportQuerySchema,
    response: envelopeSchema(stockStreamDetailPageSchema),
  },
  stockStreamDetailExport: download('/api/bl-report/stockstreamdetail/export', 'Stock stream detail as an .xlsx', stockStreamReportQuerySchema),
  binBoard: {
    method: 'GET',
    path: '/api/bl-report/stockpageshow2/board',
    summary: "The bin board: an area's places on their coordinates, each with its fill ratio (m³ held / usable capacity), quantity and owners, now or as of an instant",
    tag: 'report',
    query: binBoardQuerySchema,
    response: envelopeSchema(binBoardSchema),
  },
});
