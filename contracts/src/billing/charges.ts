import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import type { Labels } from '../entities/define';
import { L } from '../i18n/labels';

/**
 * What billing charges and how a charge is explained (issue 15; decisions in docs/DOMAIN.md
 * "Billing"). Every figure of a month bill is a sum of charge items; each item names the facts
 * behind it (stock-stream lines, days, an other-charge document) and the agreement version,
 * tier and price that priced it.
 */

/**
 * The "other charge" documents (built on the document kit by the other-documents work): an
 * audited, not cancelled one counts in `otherCost` of its customer's month of `billDate`.
 * Header `customerCode`, `billDate`, computed `amount` (scale 2) in the content of its
 * `<StreamType>Created` / `<StreamType>Changed` events; `<StreamType>Audited`, `<StreamType>Cancelled`.
 */
export const OTHER_CHARGE_DOCUMENTS = [
  { name: 'valueaddservicebill', streamType: 'ValueAddServiceBill' },
  { name: 'handlingbill', streamType: 'HandlingBill' },
  { name: 'adjustpricebill', streamType: 'AdjustPriceBill' },
  { name: 'packagewarehousebill', streamType: 'PackageWarehouseBill' },
  { name: 'rentwarehousebill', streamType: 'RentWarehouseBill' },
] as const;
export type OtherChargeDocument = (typeof OTHER_CHARGE_DOCUMENTS)[number];
/** The facts of an other-charge document billing follows. */
/** Reviewed: a document that went through review reaches Audited by its approval (the kit's fact). */
export const OTHER_CHARGE_FACTS = ['Created', 'Changed', 'Audited', 'Reviewed', 'Cancelled', 'Removed'] as const;
export const otherChargeEventTypes: string[] = OTHER_CHARGE_DOCUMENTS.flatMap((d) => OTHER_CHARGE_FACTS.map((f) => `${d.streamType}${f}`));

/**
 * The steps that record packing materials (docs/DOMAIN.md "Package material charges"): the
 * outbound bill's ship and the temporary package's pack carry `packMaterials` (material, qty) in
 * their fact; billing keeps each line once (by the event's id) and charges it to the document's
 * owner on the day of the step, at the fee agreement's package-material price.
 */
export const PACKING_DOCUMENTS = [
  { name: 'osoutstockbill', streamType: 'OutboundBill', fact: 'Shipped', at: 'shippedAt' },
  { name: 'packagetemporarybill', streamType: 'TemporaryPackage', fact: 'Packed', at: null },
] as const;
/** The header facts of those documents billing follows for their owner, area and bill number. */
export const packingEventTypes: string[] = PACKING_DOCUMENTS.flatMap((d) => [`${d.streamType}Created`, `${d.streamType}Changed`, `${d.streamType}${d.fact}`]);

/** What an agreement's storage price is per: tonnes (default; spec 02 stock weg is in tonnes), pallets or cubic metres. */
export const STORAGE_BASES = ['WEIGHT', 'PALLET', 'VOLUME'] as const;
export type StorageBasis = (typeof STORAGE_BASES)[number];
export const storageBasisLabels: Record<StorageBasis, Labels> = {
  WEIGHT: L('按重量(吨)', 'By weight (t)', '按重量(噸)'),
  PALLET: L('按托盘', 'By pallets', '按托盤'),
  VOLUME: L('按体积(m³)', 'By volume (m³)', '按體積(m³)'),
};

/** The kinds of charge item a month bill is made of. */
export const CHARGE_KINDS = ['STORAGE', 'INBOUND', 'OUTBOUND', 'OTHER', 'PACKAGE'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** A month: yyyy-MM. */
export const monthSchema = z.string({ error: 'validation.required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'billing.validation.month' });

const optionalCode = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).max(40).optional());

/** POST /api/bl-billing/monthbill/generate: the bills of a month (of one customer, or of every customer with charges or an agreement). */
export const generateMonthBillsSchema = z.object({ month: monthSchema, customerCode: optionalCode }).strict();
export type GenerateMonthBills = z.infer<typeof generateMonthBillsSchema>;
export const generateResultSchema = z.object({
  month: z.string(),
  /** bills made or brought up to date (still Generated) */
  generated: z.array(z.object({ id: z.string(), billNo: z.string(), customerCode: z.string(), totalCost: z.number(), created: z.boolean() })),
  /** bills already issued (checked or later): left as they are */
  kept: z.array(z.object({ id: z.string(), billNo: z.string(), customerCode: z.string(), state: z.string() })),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

/**
 * GET /api/bl-billing/monthbill/explain: what a bill's figure is made of. `line`: a detail line
 * (absent: every line); `kind`: one component; `day`: one day (storage or handling of that day).
 */
export const explainQuerySchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  line: z.coerce.number({ error: 'validation.number' }).int().min(1).optional(),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CHARGE_KINDS, { error: 'validation.invalid' }).optional()),
  day: z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: 'validation.date' }).optional()),
});
export type ExplainQuery = z.infer<typeof explainQuerySchema>;

/** A fact behind a charge item: a stock-stream line, or an other-charge document. */
export const explainFactSchema = z.object({
  documentType: z.string(),
  documentId: z.string(),
  billNo: z.string(),
  lineNumber: z.number().nullable(),
  eventId: z.string(),
  movement: z.string(),
  materialCode: z.string().nullable(),
  effectiveAt: z.string(),
  qty: z.number(),
  /** tonnes */
  weight: z.number(),
  amount: z.number().optional(),
});
export type ExplainFact = z.infer<typeof explainFactSchema>;

/** One priced charge item: kind, day, area, the basis quantity, the tier (stage) and price, the agreement version. */
export const chargeItemSchema = z.object({
  kind: z.enum(CHARGE_KINDS),
  /** the bill's detail line the item sums into */
  line: z.number().int(),
  /** the month the item belongs to (an adjustment names an earlier month) */
  month: z.string(),
  day: z.string().nullable(),
  warehouseAreaCode: z.string().nullable(),
  basis: z.enum(STORAGE_BASES).nullable(),
  /** the quantity priced (tonnes, pallets or m³ for storage; tonnes for handling) */
  quantity: z.number(),
  /** pieces and tonnes the item covers (storage: stock at the end of the day) */
  qty: z.number(),
  weight: z.number(),
  /** 1 to 6: the agreement's tier (month-bill stage); null: the flat day or cycle price */
  stage: z.number().int().nullable(),
  price: z.number(),
  amount: z.number(),
  agreementCode: z.string().nullable(),
  /** the agreement version that priced it (its lastVersion stamp, yyyyMMddHHmmssffffff) */
  agreementVersion: z.string().nullable(),
  /** true: a late correction of an issued month, carried on this bill */
  adjustment: z.boolean(),
  /** a package material charge: the packing material used */
  materialCode: z.string().nullable().optional(),
  facts: z.array(explainFactSchema),
});
export type ChargeItem = z.infer<typeof chargeItemSchema>;

export const explainResultSchema = z.object({
  billId: z.string(),
  billNo: z.string(),
  month: z.string(),
  customerCode: z.string(),
  /** the knowledge point the bill was priced at (readAll cursor of billing's projection) */
  cutoff: z.string(),
  items: z.array(chargeItemSchema),
  /** sum of the items' amounts: equals the figure explained */
  amount: z.number(),
});
export type ExplainResult = z.infer<typeof explainResultSchema>;

/** Regenerating an issued bill from the events, compared with what was issued. */
export const reproduceResultSchema = z.object({
  billId: z.string(),
  equal: z.boolean(),
  issued: z.record(z.string(), z.number()),
  regenerated: z.record(z.string(), z.number()),
});

export const billingRoutes = defineRoutes({
  generateMonthBills: {
    method: 'POST',
    path: '/api/bl-billing/monthbill/generate',
    summary: "Makes (or brings up to date while still Generated) the month bills of a month from billing's projections of the stock stream, fee agreements and other-charge documents",
    tag: 'billing',
    body: generateMonthBillsSchema,
    response: envelopeSchema(generateResultSchema),
  },
  explainMonthBill: {
    method: 'GET',
    path: '/api/bl-billing/monthbill/explain',
    summary: 'The charge items behind a month bill (or one detail line, component, day): the stock-stream lines, days, documents, tier, price and agreement version of each',
    tag: 'billing',
    query: explainQuerySchema,
    response: envelopeSchema(explainResultSchema),
  },
  reproduceMonthBill: {
    method: 'GET',
    path: '/api/bl-billing/monthbill/reproduce',
    summary: 'Regenerates a month bill from zero at the knowledge point it was issued at and compares it with the bill, to the cent',
    tag: 'billing',
    query: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
    response: envelopeSchema(reproduceResultSchema),
  },
});
