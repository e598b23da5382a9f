import { z } from 'zod';
import { pageQuerySchema, pageSchema, sortOrderSchema } from '../api/envelope';
import type { Labels } from '../entities/define';
import { NUMBER_KINDS } from '../validation/numbers';
import { L } from '../i18n/labels';

/**
 * The stock ledger (spec 02 section 3.3 "stock" and "stock stream"). Stock is never
 * written: it is what the stock facts recorded by warehouse documents add up to. Every fact
 * names the document (type, id, bill number, line) that caused it, so every quantity can be
 * explained line by line, and carries the business time it took effect (which may lie in
 * the past), so the stock can be asked how it stood at any instant.
 *
 * Facts are recorded per stock account: one stream per cargo owner and material
 * (`StockAccount-<tenant>-<customer>~<material>`). Everything that decides about stock of
 * one owner's material (receive, put away, allocate, pick, ship, adjust) appends to that
 * stream with its expected version, so two allocators can never take the same pieces.
 */

/** Quality status of stock (streamQtyStatus; the category's automatic status change moves stock between them). */
export const STOCK_STATUSES = ['AVAILABLE', 'QUALITY_INSPECTION', 'FROZEN'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const stockStatusLabels: Record<StockStatus, Labels> = {
  AVAILABLE: L('可用', 'Available', '可用'),
  QUALITY_INSPECTION: L('质检', 'Quality inspection', '質檢'),
  FROZEN: L('冻结', 'Frozen', '凍結'),
};

/** What a stock fact does to one stock row (movement kinds of the stock stream). */
export const STOCK_MOVEMENTS = ['RECEIVE', 'MOVE_OUT', 'MOVE_IN', 'ALLOCATE', 'RELEASE', 'SHIP', 'ADJUST', 'OWNER_OUT', 'OWNER_IN', 'STATUS'] as const;
export type StockMovement = (typeof STOCK_MOVEMENTS)[number];

/** A stock row's identity: one owner's material, in one place, of one batch, under one barcode. */
export const stockKeySchema = z.object({
  customerCode: z.string().min(1).max(40),
  materialCode: z.string().min(1).max(40),
  barcode: z.string().min(1).max(64),
  warehousePlaceCode: z.string().min(1).max(40),
  batchNo: z.string().max(40),
});
export type StockKey = z.infer<typeof stockKeySchema>;

/** The document (and line) a stock fact comes from: what "explain" shows. */
export const stockSourceSchema = z.object({
  documentType: z.string(),
  documentId: z.string(),
  billNo: z.string(),
  lineNumber: z.number().int().optional(),
});
export type StockSource = z.infer<typeof stockSourceSchema>;

const qty = z.number();

/**
 * One line of a stock fact, as decided: the row it touches, the change of quantity and of
 * frozen (allocated) quantity, and the row's balance before and after (beforeQty, endQty of
 * the stock stream), so the ledger needs no lookup to be written or rebuilt.
 */
export const stockLineSchema = stockKeySchema.extend({
  movement: z.enum(STOCK_MOVEMENTS),
  qty,
  djQty: qty,
  beforeQty: qty,
  endQty: qty,
  beforeDjQty: qty,
  endDjQty: qty,
  /** attributes a row takes when this line creates it (receipts, moves into a new place) */
  qtyWeg: z.number().optional(),
  boardQty: z.number().optional(),
  /** m³ per piece (what put-away weighs against a place's capacity) */
  unitVolume: z.number().optional(),
  expiringDate: z.string().optional(),
  inboundAt: z.string().optional(),
  status: z.enum(STOCK_STATUSES).optional(),
  warehouseAreaCode: z.string().optional(),
  supplierCode: z.string().optional(),
  parentBarcode: z.string().optional(),
  source: stockSourceSchema,
});
export type StockLine = z.infer<typeof stockLineSchema>;

/** Every stock fact: lines, the business time it took effect, and the fee flags of the stock stream. */
export const stockFactSchema = z.object({
  lines: z.array(stockLineSchema).min(1),
  /** business time (insotckTime / outstockTime): may lie in the past (a late, back-dated movement) */
  effectiveAt: z.string(),
  /** 1: counts toward the inbound / outbound handling fee (spec 02) */
  instockStatus: z.union([z.literal(0), z.literal(1)]).default(0),
  outstockStatus: z.union([z.literal(0), z.literal(1)]).default(0),
  isCost: z.union([z.literal(0), z.literal(1)]).default(0),
  followUser: z.string().optional(),
  /** the fee agreement the movement's handling is charged by (an inbound bill's agreementCode); absent: the owner's agreement in force */
  agreementCode: z.string().optional(),
  /** spec 02 streamType: the bill type of the causing document; 'general' when none */
  streamType: z.string(),
});
export type StockFact = z.infer<typeof stockFactSchema>;

export const STOCK_EVENT_TYPES = {
  received: 'StockReceived',
  moved: 'StockMoved',
  allocated: 'StockAllocated',
  released: 'StockReleased',
  shipped: 'StockShipped',
  adjusted: 'StockAdjusted',
  ownerChanged: 'StockOwnerChanged',
  statusChanged: 'StockStatusChanged',
} as const;
export type StockEventType = (typeof STOCK_EVENT_TYPES)[keyof typeof STOCK_EVENT_TYPES];
export const stockEventTypes = Object.values(STOCK_EVENT_TYPES);

export const STOCK_ACCOUNT = 'StockAccount';
export const stockAccountStream = (tenantId: string, customerCode: string, materialCode: string) =>
  `${STOCK_ACCOUNT}-${tenantId}-${encodeURIComponent(customerCode)}~${encodeURIComponent(materialCode)}`;

// ------------------------------------------------------------------ reads

/** A stock row as the stock list answers it (spec 02 stock fields and ours). */
export const stockRowSchema = stockKeySchema.extend({
  qty,
  djQty: qty,
  /** available = qty - djQty, never below zero */
  availableQty: qty,
  /** tonnes: qty x qtyWeg (kg per piece) / 1000 */
  weg: qty,
  qtyWeg: qty,
  board: qty,
  boardQty: qty,
  status: z.enum(STOCK_STATUSES),
  expiringDate: z.string().nullable(),
  inboundAt: z.string().nullable(),
  warehouseAreaCode: z.string().nullable(),
  /** m³: qty x the piece's volume */
  volume: qty,
  invalid: z.union([z.literal(0), z.literal(1)]),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/** A line of the stock stream (spec 02 field names, typos included: insotckTime). */
export const stockStreamRowSchema = stockKeySchema.extend({
  id: z.string(),
  billNo: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  lineNumber: z.number().nullable(),
  streamType: z.string(),
  movement: z.enum(STOCK_MOVEMENTS),
  qty,
  djQty: qty,
  beforeQty: qty,
  endQty: qty,
  streamQtyStatusCode: z.string(),
  streamQtyStatusName: z.string(),
  insotckTime: z.string().nullable(),
  outstockTime: z.string().nullable(),
  effectiveAt: z.string(),
  recordedAt: z.string(),
  instockStatus: z.number(),
  outstockStatus: z.number(),
  isCost: z.number(),
  followUser: z.string().nullable(),
  supplierCode: z.string().nullable(),
  parentBrcode: z.string().nullable(),
  /** the area of the stock row the line touches */
  warehouseAreaCode: z.string().nullable(),
  eventId: z.string(),
});
export type StockStreamRow = z.infer<typeof stockStreamRowSchema>;

const optionalText = (max = 64) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max, { error: 'validation.tooLong' }).optional());
const instant = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.datetime({ offset: true, error: 'validation.datetime' }).optional());

/**
 * Filters every stock read shares; asOf: how things stood at that instant (absent: now).
 * Codes match exactly (the console picks them from master data), so every filter is an index
 * lookup however long the ledger grows.
 */
export const stockFilters = {
  customerCode: optionalText(40),
  materialCode: optionalText(40),
  warehousePlaceCode: optionalText(40),
  warehouseAreaCode: optionalText(40),
  batchNo: optionalText(40),
  barcode: optionalText(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STOCK_STATUSES, { error: 'validation.invalid' }).optional()),
  asOf: instant,
};

export const stockListQuerySchema = pageQuerySchema.extend({
  ...stockFilters,
  /** rows with nothing left are left out unless asked for */
  withEmpty: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
  sort: z.enum(['materialCode', 'customerCode', 'warehousePlaceCode', 'batchNo', 'qty', 'inboundAt', 'expiringDate'], { error: 'validation.invalid' }).default('materialCode'),
  order: sortOrderSchema.default('asc'),
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

export const stockStreamQuerySchema = pageQuerySchema.extend({
  ...stockFilters,
  billNo: optionalText(40),
  documentType: optionalText(40),
  movement: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STOCK_MOVEMENTS, { error: 'validation.invalid' }).optional()),
  from: instant,
  to: instant,
  /** only lines that count toward a fee (billing reads these) */
  instockStatus: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  outstockStatus: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  order: sortOrderSchema.default('desc'),
});
export type StockStreamQuery = z.infer<typeof stockStreamQuerySchema>;

export const stockPageSchema = pageSchema(stockRowSchema);
export const stockStreamPageSchema = pageSchema(stockStreamRowSchema);

/** One stock row by its key, now or as of an instant. */
export const stockDetailQuerySchema = z.object({
  customerCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  materialCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  barcode: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
  warehousePlaceCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }),
  batchNo: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(40, { error: 'validation.tooLong' })),
  asOf: instant,
});
export type StockDetailQuery = z.infer<typeof stockDetailQuerySchema>;

/** One line of the stock stream by its id. */
export const stockStreamLineQuerySchema = z.object({ id: z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }) });

/**
 * "Explain": the stream lines a quantity is the sum of, as of the same instant. Every key
 * given must match exactly (a report's row names its group: area, owner, material, batch...);
 * `from` keeps only the lines after that instant (a period's movements), `direction` only the
 * increases or the decreases (a period's in and out).
 */
const explainKey = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional();
export const stockExplainQuerySchema = pageQuerySchema.extend({
  customerCode: explainKey(40),
  materialCode: explainKey(40),
  /** '' (sent, empty): the rows with no area */
  warehouseAreaCode: explainKey(40),
  warehousePlaceCode: explainKey(40),
  /** '' (sent, empty): the rows without a batch */
  batchNo: explainKey(40),
  barcode: explainKey(64),
  asOf: instant,
  from: instant,
  direction: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['in', 'out'], { error: 'validation.invalid' }).optional()),
});
export type StockExplainQuery = z.infer<typeof stockExplainQuerySchema>;

/** The lines (oldest first) and what they add up to: qty and djQty equal the explained quantities. */
export const stockExplainSchema = pageSchema(stockStreamRowSchema).extend({
  asOf: z.string().nullable(),
  sums: z.object({ qty, djQty: qty, lines: z.number().int() }),
});
export type StockExplain = z.infer<typeof stockExplainSchema>;

/** Largest quantity a stock row may hold: the quantity kind's bound. */
export const MAX_STOCK_QTY = NUMBER_KINDS.quantity.max;

/** Where received goods wait for put-away when a line names no place: the area's receiving dock (never allocated from). */
export const DOCK_PREFIX = 'RECV-';
export const dockOf = (warehouseAreaCode: string) => `${DOCK_PREFIX}${warehouseAreaCode}`;
export const isDock = (placeCode: string) => placeCode.startsWith(DOCK_PREFIX);

/**
 * Where an allocate bill's goods are between the two warehouses: `TRANSIT-<billNo>`, still the
 * owner's stock (never allocated, moved or written off from there: only the bill's receipts take them).
 */
export const TRANSIT_PREFIX = 'TRANSIT-';
export const transitOf = (billNo: string) => `${TRANSIT_PREFIX}${billNo}`;
export const isTransit = (placeCode: string) => placeCode.startsWith(TRANSIT_PREFIX);

/** The filters' building blocks, for the reports over the ledger (contracts/src/warehouse/reports.ts). */
export { optionalText as optionalStockText, instant as stockInstant };
