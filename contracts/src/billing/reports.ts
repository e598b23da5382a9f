import { z } from 'zod';
import { envelopeSchema, pageQuerySchema, pageSchema, sortOrderSchema } from '../api/envelope';
import { defineRoutes, XLSX_MEDIA_TYPE, type RouteDef } from '../api/route';
import { billingWords } from './words';
import { labelIn } from '../i18n/labels';
import { reportText, type ReportColumn } from '../api/report-columns';

/**
 * The billing reports of spec 01 /acct (issue 15 item 5), each described once here (its
 * columns, sorts and the spec routes it answers for): the server's pages and spreadsheets
 * read the same description as the stock reports do (ReportColumn, the kit's xlsx writer).
 * Every one is answered from billing's own read models (the stock lines, other charges and
 * month bills it projects), server-paged, filtered by cargo owner and period, within the
 * caller's owner scope, and exported to xlsx. Column labels: `billingReport.fields.<key>`.
 * What each shows: docs/DOMAIN.md "Billing reports (issue 15)".
 */
const text = reportText;
const num = (key: string, kind: ReportColumn['kind'] = 'qty'): ReportColumn => ({ key, kind, width: 12 });

export type BillingReportDef = {
  /** /api/bl-billing/report/<api>/list and /export */
  api: string;
  /** the menu group of its pages: /acct (default) or /reportManagement */
  group?: 'acct' | 'reportManagement';
  /** the spec 01 routes it answers, under its group (report/ and lcr/ variants) */
  views: readonly string[];
  columns: readonly ReportColumn[];
  sorts: readonly string[];
  defaultSort: string;
  /** number columns not summed over the rows (a price, a balance repeated per day or month) */
  unsummed?: readonly string[];
  /** the warehouse's own costs (piece work): no cargo owner's rows, no cargo owner's menu */
  staffOnly?: boolean;
};

/**
 * How the material reports class a material, by its type (material.type, compared trimmed and
 * in upper case): packing materials (packmatReport), imported materials (importmatReport);
 * every other material (no type too) is a raw material or good (ylmat reports, which also
 * count the imported ones: they are goods held for the owner). docs/DOMAIN.md "Billing reports".
 */
export const PACKING_MATERIAL_TYPES = ['PACK', 'PACKING', '包材', '包装材料', '包裝材料'] as const;
export const IMPORTED_MATERIAL_TYPES = ['IMPORT', 'IMPORTED', '进口', '進口', '进口料', '進口料'] as const;

/** An incidental-fee report's columns (one row per document: its part of that kind). */
/** The stream lines counted toward a handling fee (inbound or outbound): the same columns and order. */
const handlingLines = {
  columns: [text('day', 11), text('billNo', 18), text('documentType'), text('customerCode'), text('materialCode'), text('warehouseAreaCode'), num('qty'), num('weight', 'weight')],
  sorts: ['day', 'customerCode', 'billNo'],
  defaultSort: 'day',
} as const satisfies Pick<BillingReportDef, 'columns' | 'sorts' | 'defaultSort'>;
const zaFeColumns = [text('billDate', 11), text('billNo', 18), text('documentType'), text('customerCode'), text('feeItem', 18), num('amount', 'money'), { key: 'counted', kind: 'flag', width: 8 }] as const satisfies readonly ReportColumn[];
const zaFe = (api: string, view: string): BillingReportDef => ({ api, views: [`lcr/${view}`], columns: zaFeColumns, sorts: ['billDate', 'customerCode', 'amount'], defaultSort: 'billDate' });
/** A material report's balance columns: at the start of the period, received, shipped, at its end (pieces and tonnes). */
const balance = [num('openQty'), num('openWeight', 'weight'), num('inQty'), num('inWeight', 'weight'), num('outQty'), num('outWeight', 'weight'), num('closeQty'), num('closeWeight', 'weight')] as const;
const materialReport = (api: string, view: string): BillingReportDef => ({
  api,
  views: [`lcr/${view}`],
  columns: [text('customerCode'), text('materialCode'), text('materialName', 18), text('materialType', 10), ...balance],
  sorts: ['customerCode', 'materialCode', 'closeWeight'],
  defaultSort: 'customerCode',
});

export const BILLING_REPORTS = {
  /** the month bills of the period: what each cargo owner is billed, owes and has paid */
  costbill: {
    api: 'costbill',
    views: ['report/costbillView'],
    columns: [text('month', 9), text('billNo', 18), text('customerCode'), { ...text('state', 10), stateOf: 'monthbill' }, num('totalCost', 'money'), num('amountDue', 'money'), num('paidAmount', 'money')],
    sorts: ['month', 'customerCode', 'totalCost'],
    defaultSort: 'month',
  },
  /**
   * the receivables ledger per cargo owner (spec 02 costacct): each bill issued (+ its charges),
   * payment (−) and reversal (+), carry-over (shown, moves nothing) and write-off (−), dated, with
   * the running balance; from a date: the balance before it as an opening row; to a date: the
   * balance as of that day. `entry` reads in words (billingReport.ledger.states.<entry>)
   */
  costacct: {
    api: 'costacct',
    views: ['costacct'],
    columns: [
      text('day', 11),
      num('seq', 'count'),
      text('customerCode'),
      { ...text('entry', 12), stateOf: 'billingReport.ledger' },
      text('documentType'),
      text('billNo', 18),
      text('month', 9),
      text('reference', 18),
      num('debit', 'money'),
      num('credit', 'money'),
      num('carried', 'money'),
      num('balance', 'money'),
    ],
    sorts: ['day', 'customerCode', 'seq'],
    defaultSort: 'day',
    unsummed: ['seq', 'carried', 'balance'],
  },
  /**
   * the charges each month bill was issued with (spec 02 costdetail): one row per charge item of
   * the pricing the bill records (its knowledge point), read from what explain and reproduce
   * read, never a copy that could drift from the bill: a day's storage of an area, a day's
   * handling, an other charge, a late correction's difference
   */
  costdetail: {
    api: 'costdetail',
    views: ['costdetail'],
    columns: [
      text('month', 9),
      text('billNo', 18),
      text('customerCode'),
      num('line', 'count'),
      { ...text('kind', 10), stateOf: 'billingReport.chargeKinds' },
      text('day', 11),
      text('warehouseAreaCode'),
      num('quantity', 'weight'),
      num('stage', 'count'),
      num('price', 'money'),
      num('amount', 'money'),
      text('agreementCode'),
      text('documentBillNo', 18),
      { key: 'adjustment', kind: 'flag', width: 8 },
    ],
    sorts: ['month', 'billNo', 'day', 'amount'],
    defaultSort: 'month',
    unsummed: ['line', 'stage', 'price', 'quantity'],
  },
  /**
   * the package material charges of each month bill (spec 02 costbilldetailpack): one row per
   * packing-material line the bill was issued with (its knowledge point), read from the bill's
   * own charge items as costdetail is: the shipment or package that used it, the material, the
   * quantity, the agreement's unit price and the amount
   */
  costbilldetailpack: {
    api: 'costbilldetailpack',
    views: ['costbilldetailpack'],
    columns: [
      text('month', 9),
      text('billNo', 18),
      text('customerCode'),
      text('day', 11),
      text('documentBillNo', 18),
      text('materialCode'),
      num('qty'),
      num('price', 'money'),
      num('amount', 'money'),
      text('agreementCode'),
      { key: 'adjustment', kind: 'flag', width: 8 },
    ],
    sorts: ['month', 'billNo', 'day', 'amount'],
    defaultSort: 'month',
    unsummed: ['price'],
  },
  /**
   * the month-opening stock (spec 02 monthbegininv): per month of the period, cargo owner and
   * material, what stood at 00:00 of the month's first business day (pieces, tonnes, pallets, m³):
   * the base storage is billed from, summed from the stream lines before it
   */
  monthbegininv: {
    api: 'monthbegininv',
    views: ['monthbegininv'],
    columns: [text('month', 9), text('customerCode'), text('materialCode'), num('openQty'), num('openWeight', 'weight'), num('openPallets'), num('openVolume', 'volume')],
    sorts: ['month', 'customerCode', 'materialCode'],
    defaultSort: 'month',
  },
  /** per cargo owner and day: the handled quantities and weights that count toward the handling fee */
  costbillDayAcctSum: {
    api: 'costbilldayacctsum',
    views: ['report/costbillDayAcctSum'],
    columns: [text('day', 11), text('customerCode'), num('inQty'), num('inWeight', 'weight'), num('outQty'), num('outWeight', 'weight'), num('lineCount', 'count')],
    sorts: ['day', 'customerCode'],
    defaultSort: 'day',
  },
  /** per cargo owner and month: the same sums over the month (report/ and lcr/ costbilldeatilSum) */
  costbilldeatilSum: {
    api: 'costbilldeatilsum',
    views: ['report/costbilldeatilSum', 'lcr/costbilldeatilSum', 'report/yearsmonthinDetail'],
    columns: [text('month', 9), text('customerCode'), num('inQty'), num('inWeight', 'weight'), num('outQty'), num('outWeight', 'weight'), num('lineCount', 'count')],
    sorts: ['month', 'customerCode'],
    defaultSort: 'month',
  },
  /** the stream lines counted toward the inbound handling fee (instockStatus 1, isCost 1) */
  costbilldeatilIn: {
    api: 'costbilldeatilin',
    views: ['report/costbilldeatilIn', 'lcr/costbilldeatilIn'],
    ...handlingLines,
  },
  /** the stream lines counted toward the outbound handling fee (outstockStatus 1, isCost 1) */
  costbilldeatilOut: {
    api: 'costbilldeatilout',
    views: ['report/costbilldeatilOut', 'lcr/costbilldeatilOut'],
    ...handlingLines,
  },
  /** the incidental fees (杂费): every other-charge document of the period, whether it counts (audited, not cancelled) */
  costbillZaFe: {
    api: 'costbillzafe',
    views: [],
    columns: [text('billDate', 11), text('billNo', 18), text('documentType'), text('customerCode'), num('amount', 'money'), { key: 'counted', kind: 'flag', width: 8 }],
    sorts: ['billDate', 'customerCode', 'amount'],
    defaultSort: 'billDate',
  },
  /** incidental fees of receiving: handling bills of direction IN (unloading by hand, unstuffing) */
  costbillZaFeIn: zaFe('costbillzafein', 'costbillZaFeIn'),
  /** incidental fees of shipping: handling bills of direction OUT (loading) */
  costbillZaFeOut: zaFe('costbillzafeout', 'costbillZaFeOut'),
  /** transport fees: value-added service lines whose cost type is of category TRANSPORT */
  costbillZaFeYunshu: zaFe('costbillzafeyunshu', 'costbillZaFeYunshu'),
  /** handling inside the warehouse: handling bills of direction INSIDE, and value-added lines of a HANDLING cost type */
  costbillZaFeZhuangxie: zaFe('costbillzafezhuangxie', 'costbillZaFeZhuangxie'),
  /** per cargo owner and day, every receipt and shipment (counted toward a fee or not), pieces, tonnes and pallets */
  inOutSideBoardDetail: {
    api: 'inoutsideboarddetail',
    views: ['lcr/inOutSideBoardDetail'],
    columns: [text('day', 11), text('customerCode'), num('inQty'), num('inWeight', 'weight'), num('inPallets'), num('outQty'), num('outWeight', 'weight'), num('outPallets'), num('lineCount', 'count')],
    sorts: ['day', 'customerCode'],
    defaultSort: 'day',
  },
  /** raw materials and goods (every material but packing): per owner and material, the period's opening, in, out and closing */
  ylmatReportDetail: materialReport('ylmatreportdetail', 'ylmatReportDetail'),
  /** raw materials per day and warehouse area: in, out, moved between areas (net) and the balance at the day's end */
  ylmatReportDayWare: {
    api: 'ylmatreportdayware',
    views: ['lcr/ylmatReportDayWare'],
    columns: [text('day', 11), text('warehouseAreaCode'), text('customerCode'), text('materialCode'), num('inQty'), num('inWeight', 'weight'), num('outQty'), num('outWeight', 'weight'), num('moveQty'), num('closeQty'), num('closeWeight', 'weight')],
    sorts: ['day', 'warehouseAreaCode', 'customerCode', 'materialCode'],
    defaultSort: 'day',
    unsummed: ['closeQty', 'closeWeight'],
  },
  /** raw materials per month, owner and material: the month's opening, in, out and closing */
  ylmatReportbillSum: {
    api: 'ylmatreportbillsum',
    views: ['lcr/ylmatReportbillSum'],
    columns: [text('month', 9), text('customerCode'), text('materialCode'), ...balance],
    sorts: ['month', 'customerCode', 'materialCode'],
    defaultSort: 'month',
    unsummed: ['openQty', 'openWeight', 'closeQty', 'closeWeight'],
  },
  /** packing materials (material type PACK): per owner and material, opening, in, out, closing */
  packmatReport: materialReport('packmatreport', 'packmatReport'),
  /** imported materials (material type IMPORT): per owner and material, opening, in, out, closing */
  importmatReport: materialReport('importmatreport', 'importmatReport'),
  /** piece work per worker and month (audited cost ladings): quantity and pay per kind of work and unit */
  empCostMonthDetailView: {
    api: 'empcostmonthdetail',
    group: 'reportManagement',
    views: ['empCostMonthDetailView'],
    columns: [text('month', 9), text('workerType', 10), text('workerCode'), text('employeeName'), text('workType', 10), text('costUnit', 8), num('costQty'), num('amount', 'money'), num('ladingCount', 'count')],
    sorts: ['month', 'workerCode', 'amount'],
    defaultSort: 'month',
    staffOnly: true,
  },
  /** the cost ladings of the period (by work date), each with its pay and whether it counts (audited) */
  costLadingView: {
    api: 'costlading',
    group: 'reportManagement',
    views: ['costLadingView'],
    columns: [text('workDate', 11), text('billNo', 18), text('workerType', 10), text('workerCode'), text('employeeName'), text('workType', 10), text('ladingType', 10), text('sourceBillNo', 18),
      text('costUnit', 8), num('costQty'), num('price', 'money'), num('amount', 'money'), { key: 'counted', kind: 'flag', width: 8 }],
    sorts: ['workDate', 'billNo', 'workerCode', 'amount'],
    defaultSort: 'workDate',
    unsummed: ['price'],
    staffOnly: true,
  },
} as const satisfies Record<string, BillingReportDef>;
export type BillingReportName = keyof typeof BILLING_REPORTS;
export const billingReportNames = Object.keys(BILLING_REPORTS) as BillingReportName[];

const optionalText = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40, { error: 'validation.tooLong' }).optional());
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.date({ error: 'validation.date' }).optional());

/** Every billing report's query: the page, the cargo owner, the period (dates, both ends counted), a document type (the incidental fees), the sort. */
export const billingReportQuerySchemaOf = (r: BillingReportDef) =>
  pageQuerySchema
    .extend({
      customerCode: optionalText,
      documentType: optionalText,
      /** the reports by bill (costdetail, costacct): one bill number */
      billNo: optionalText,
      /** the piece-work reports: one employee or porter */
      workerCode: optionalText,
      from: optionalDate,
      to: optionalDate,
      sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(r.sorts as unknown as [string, ...string[]], { error: 'validation.invalid' }).default(r.defaultSort)),
      order: z.preprocess((v) => (v === '' ? undefined : v), sortOrderSchema.default('asc')),
    })
    .superRefine((q, ctx) => {
      if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.dateRange' });
    });
export type BillingReportQuery = z.infer<ReturnType<typeof billingReportQuerySchemaOf>>;

export const billingReportRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type BillingReportRow = z.infer<typeof billingReportRowSchema>;
export const billingReportPageSchema = pageSchema(billingReportRowSchema).extend({ sums: z.record(z.string(), z.number()) });
export type BillingReportPage = z.infer<typeof billingReportPageSchema>;

export const billingReportPath = (name: BillingReportName, what: 'list' | 'export') => `/api/bl-billing/report/${BILLING_REPORTS[name].api}/${what}`;

/** Two routes per report: the page and the spreadsheet. */
export const billingReportRoutes = defineRoutes(
  Object.fromEntries(
    billingReportNames.flatMap((name) => {
      const r = BILLING_REPORTS[name];
      const query = billingReportQuerySchemaOf(r);
      return [
        [`${name}List`, { method: 'GET', path: billingReportPath(name, 'list'), summary: `Billing report ${r.views.join(', ')}: a page with the sums over every matching row`, tag: 'billing', query, response: envelopeSchema(billingReportPageSchema) }],
        [`${name}Export`, { method: 'GET', path: billingReportPath(name, 'export'), summary: `Billing report ${r.views.join(', ')} as .xlsx (every matching row)`, tag: 'billing', query, response: z.unknown(), download: XLSX_MEDIA_TYPE }],
      ] as [string, RouteDef][];
    }),
  ),
);

/** The customer's month bill as a PDF (CJK fonts embedded): the `monthbill_print` button, within the caller's scopes. */
export const monthBillPdfQuerySchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const billingPrintRoutes = defineRoutes({
  monthBillPdf: {
    method: 'GET',
    path: '/api/bl-billing/monthbill/pdf',
    summary: "The customer's month bill as a PDF (header, the four charges and the total, the amount due, every detail line)",
    tag: 'billing',
    query: monthBillPdfQuerySchema,
    response: z.unknown(),
    download: 'application/pdf',
  },
});

/** The words key of a route of a report that answers several ('lcr/costbilldeatilSum' -> 'lcr_costbilldeatilSum'). */
const menuWordsKey = (view: string) => view.replace('/', '_') as keyof typeof billingWords.billingReport.menus;

/**
 * The console's report pages and their menu entries: one per spec 01 route a report answers,
 * under its group (/acct, or /reportManagement for the piece-work reports).
 */
export const BILLING_REPORT_MENUS: readonly { code: string; name: string; path: string; alias: string; report: BillingReportName; group: 'acct' | 'reportManagement'; staffOnly: boolean }[] = billingReportNames.flatMap((report) => {
  const r: BillingReportDef = BILLING_REPORTS[report];
  const group = r.group ?? 'acct';
  return r.views.map((view) => ({
    code: `${group === 'acct' ? 'acct' : 'rm'}_${view.replace('/', '_')}`,
    // a report answering several routes is named per route (its menu entries never share a name)
    name: r.views.length > 1 ? labelIn(billingWords.billingReport.menus[menuWordsKey(view)], 'zh') : labelIn(billingWords.billingReport.titles[report], 'zh'),
    path: `/${group}/${view}`,
    alias: r.views.length > 1 ? `billingReport.menus.${menuWordsKey(view)}` : `billingReport.titles.${report}`,
    report,
    group,
    staffOnly: r.staffOnly === true,
  }));
});
