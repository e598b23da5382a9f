import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { BILLING_REPORTS, IMPORTED_MATERIAL_TYPES, PACKING_MATERIAL_TYPES, type BillingReportDef, type BillingReportName, type BillingReportPage, type BillingReportQuery, type BillingReportRow } from '@tpl/contracts';
import { DB_POOL, PROJECTOR, type Projector } from '@tpl/event-store';
import { ownerScopeSql, type OwnerScope } from '@tpl/identity';
import { BILLING_PROJECTION, STOCK_LINES } from '../charges/billing.projection';
import { BILLING_REPORT_PROJECTION, DOC_FACTS, MD_REFS } from '../charges/report-facts.projection';
import { CARRY_OVERS, CHARGE_ITEMS, MONTH_BILLS, PAYMENTS } from '../monthbill/bills.projection';

/**
 * The billing reports (contracts/src/billing/reports.ts), each one SQL over billing's own read
 * models: the stock lines it projects (bl_stock_lines: the handling-fee lines and their daily
 * and monthly sums, the in/out beside the board, the material balances), the other-charge facts
 * (bl_other_events: the incidental fees; bl_doc_facts: their content, by kind, and the cost
 * ladings), the master data it classes by (bl_md_refs: material types, cost type categories)
 * and the month bills (bl_month_bills). A source is a row set with the report's column names; the page, the
 * sums and the spreadsheet are the same for every report. docs/DOMAIN.md "Billing reports".
 */
type Source = { sql: string; customer: string };

const counted = `is_cost = 1 AND (instock = 1 OR outstock = 1)`;
const sums = (group: string, groupAs: string) => `
  SELECT ${group} AS "${groupAs}", customer_code AS "customerCode",
         sum(CASE WHEN instock = 1 THEN abs(qty) ELSE 0 END) AS "inQty", sum(CASE WHEN instock = 1 THEN abs(weight) ELSE 0 END) AS "inWeight",
         sum(CASE WHEN outstock = 1 THEN abs(qty) ELSE 0 END) AS "outQty", sum(CASE WHEN outstock = 1 THEN abs(weight) ELSE 0 END) AS "outWeight",
         count(*)::int AS "lineCount", min(day) AS "_day"
    FROM bl_stock_lines WHERE tenant_id = $1 AND ${counted} AND day >= $2::date AND day <= $3::date
   GROUP BY ${group}, customer_code`;
const lines = (flag: 'instock' | 'outstock') => `
  SELECT to_char(day, 'YYYY-MM-DD') AS "day", bill_no AS "billNo", doc_type AS "documentType", customer_code AS "customerCode", material_code AS "materialCode",
         area_code AS "warehouseAreaCode", abs(qty) AS "qty", abs(weight) AS "weight", day AS "_day", tx, pos, line_idx
    FROM bl_stock_lines WHERE tenant_id = $1 AND is_cost = 1 AND ${flag} = 1 AND day >= $2::date AND day <= $3::date`;


/** The documents' latest content, latest status fact and bill number (bl_doc_facts), of some types; `removed` ones left out. */
const docs = (types: readonly string[]) => `
  WITH c AS (SELECT DISTINCT ON (doc_id) doc_id, doc_type, content FROM ${DOC_FACTS}
              WHERE tenant_id = $1 AND doc_type IN (${types.map((t) => `'${t}'`).join(', ')}) AND fact IN ('Created', 'Changed') ORDER BY doc_id, tx DESC, pos DESC),
       s AS (SELECT DISTINCT ON (doc_id) doc_id, fact FROM ${DOC_FACTS}
              WHERE tenant_id = $1 AND doc_type IN (${types.map((t) => `'${t}'`).join(', ')}) AND fact NOT IN ('Created', 'Changed') ORDER BY doc_id, tx DESC, pos DESC),
       n AS (SELECT DISTINCT ON (doc_id) doc_id, bill_no FROM ${DOC_FACTS}
              WHERE tenant_id = $1 AND doc_type IN (${types.map((t) => `'${t}'`).join(', ')}) AND bill_no IS NOT NULL ORDER BY doc_id, seq),
       d AS (SELECT c.doc_id, c.doc_type, c.content, n.bill_no, COALESCE(s.fact IN ('Audited', 'Reviewed'), false) AS counted
               FROM c LEFT JOIN s USING (doc_id) LEFT JOIN n USING (doc_id) WHERE s.fact IS DISTINCT FROM 'Removed')`;
/** A master-data entity's live records by code (bl_md_refs): code and attributes. */
const refs = (entity: string) => `
  (SELECT code, attrs FROM (SELECT DISTINCT ON (record_id) code, attrs, removed FROM ${MD_REFS}
     WHERE tenant_id = $1 AND entity = '${entity}' ORDER BY record_id, tx DESC, pos DESC) x WHERE NOT removed AND code IS NOT NULL)`;

/**
 * The incidental fees of one kind: each counted or draft other-charge document's part of that
 * kind. Handling bills by direction (IN: receiving, OUT: shipping, INSIDE: in-warehouse handling,
 * 装卸); value-added service lines by their cost type's category (TRANSPORT: 运输, HANDLING: 装卸).
 */
type FeeKind = 'IN' | 'OUT' | 'YUNSHU' | 'ZHUANGXIE';
const zaFe = (kind: FeeKind) => `${docs(['handlingbill', 'valueaddservicebill'])},
       parts AS (
         SELECT d.doc_id, CASE d.content->>'direction' WHEN 'IN' THEN 'IN' WHEN 'OUT' THEN 'OUT' ELSE 'ZHUANGXIE' END AS kind,
                d.content->>'handlingType' AS item, COALESCE((d.content->>'amount')::numeric, 0) AS amount
           FROM d WHERE d.doc_type = 'handlingbill'
         UNION ALL
         SELECT d.doc_id, CASE ct.attrs->>'category' WHEN 'TRANSPORT' THEN 'YUNSHU' WHEN 'HANDLING' THEN 'ZHUANGXIE' END,
                l->>'costtypeCode', COALESCE((l->>'amount')::numeric, round((l->>'price')::numeric * (l->>'qty')::numeric, 2))
           FROM d CROSS JOIN LATERAL jsonb_array_elements(COALESCE(d.content->'details', '[]'::jsonb)) l
           LEFT JOIN ${refs('costtype')} ct ON ct.code = l->>'costtypeCode'
          WHERE d.doc_type = 'valueaddservicebill')
  SELECT d.content->>'billDate' AS "billDate", d.bill_no AS "billNo", d.doc_type AS "documentType", d.content->>'customerCode' AS "customerCode",
         string_agg(DISTINCT p.item, ', ') AS "feeItem", sum(p.amount) AS "amount", CASE WHEN d.counted THEN 1 ELSE 0 END AS "counted"
    FROM parts p JOIN d USING (doc_id)
   WHERE p.kind = '${kind}' AND (d.content->>'billDate')::date >= $2::date AND (d.content->>'billDate')::date <= $3::date
   GROUP BY d.doc_id, d.content, d.bill_no, d.doc_type, d.counted`;

/** Movements that carry stock between places of one owner (or change its status): neither in nor out. */
const MOVES = `('MOVE_IN', 'MOVE_OUT', 'STATUS', 'ALLOCATE', 'RELEASE')`;
const list = (xs: readonly string[]) => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ');
/** The stock lines up to the period's end, with each material's class (PACKING, IMPORTED, RAW) by its type. */
const classedLines = `
  WITH m AS ${refs('material')},
       l AS (SELECT s.day, s.customer_code, s.material_code, s.area_code, s.movement, s.qty, s.weight, s.pallets, m.attrs->>'name' AS material_name, m.attrs->>'type' AS material_type,
                    CASE WHEN upper(trim(m.attrs->>'type')) IN (${list(PACKING_MATERIAL_TYPES)}) THEN 'PACKING'
                         WHEN upper(trim(m.attrs->>'type')) IN (${list(IMPORTED_MATERIAL_TYPES)}) THEN 'IMPORTED' ELSE 'RAW' END AS class
               FROM ${STOCK_LINES} s LEFT JOIN m ON m.code = s.material_code
              WHERE s.tenant_id = $1 AND s.day <= $3::date)`;
const inQty = (col: 'qty' | 'weight' | 'pallets', during = `day >= $2::date`) => `COALESCE(sum(${col}) FILTER (WHERE ${during} AND qty > 0 AND movement NOT IN ${MOVES}), 0)`;
const outQty = (col: 'qty' | 'weight' | 'pallets', during = `day >= $2::date`) => `COALESCE(-sum(${col}) FILTER (WHERE ${during} AND qty < 0 AND movement NOT IN ${MOVES}), 0)`;
/** Per owner and material over the period: opening, in, out, closing (of the materials of some classes). */
const materialBalance = (classes: string) => `${classedLines}
  SELECT customer_code AS "customerCode", material_code AS "materialCode", max(material_name) AS "materialName", max(material_type) AS "materialType",
         COALESCE(sum(qty) FILTER (WHERE day < $2::date), 0) AS "openQty", COALESCE(sum(weight) FILTER (WHERE day < $2::date), 0) AS "openWeight",
         ${inQty('qty')} AS "inQty", ${inQty('weight')} AS "inWeight", ${outQty('qty')} AS "outQty", ${outQty('weight')} AS "outWeight",
         sum(qty) AS "closeQty", sum(weight) AS "closeWeight"
    FROM l WHERE class IN (${classes})
   GROUP BY customer_code, material_code
  HAVING sum(qty) <> 0 OR count(*) FILTER (WHERE day >= $2::date) > 0`;
/** Per period (day or month), key and material: in, out, net moves and the balance at the period's end. */
const periodBalance = (period: string, keys: string[]) => `${classedLines},
       g AS (SELECT ${period} AS p, ${keys.join(', ')}, material_code, min(day) AS first_day,
                    ${inQty('qty', 'true')} AS in_qty, ${inQty('weight', 'true')} AS in_weight, ${outQty('qty', 'true')} AS out_qty, ${outQty('weight', 'true')} AS out_weight,
                    COALESCE(sum(qty) FILTER (WHERE movement IN ('MOVE_IN', 'MOVE_OUT')), 0) AS move_qty, sum(qty) AS net_qty, sum(weight) AS net_weight
               FROM l WHERE class <> 'PACKING' GROUP BY 1, ${keys.join(', ')}, material_code),
       r AS (SELECT g.*, sum(net_qty) OVER w AS close_qty, sum(net_weight) OVER w AS close_weight
               FROM g WINDOW w AS (PARTITION BY ${keys.join(', ')}, material_code ORDER BY p))`;

/**
 * The receivables ledger (costacct): per cargo owner, every entry that moves what it owes, dated:
 * a month bill once issued (past Generated and review) at its bill date, + its charges (the
 * carried rest is not charged again); each payment line (−) and reversal (+) at its date; a
 * carry-over (shown with what it carried, moving nothing: the unpaid rest is still owed); a
 * carry-over written off (−) on the day it was. The running balance runs over every entry up
 * to `to`; from `from` on, with the balance before it as an opening row.
 */
const ledger = `
  WITH e AS (
    SELECT (date_trunc('month', (month || '-01')::date) + interval '1 month - 1 day')::date AS day, 1 AS ord, 0 AS line, customer_code, 'BILL'::text AS entry,
           'monthbill'::text AS doc_type, bill_no, month, NULL::text AS reference, total_cost AS debit, 0::numeric AS credit, NULL::numeric AS carried
      FROM ${MONTH_BILLS} WHERE tenant_id = $1 AND NOT removed AND state NOT IN ('Generated', 'InReview')
    UNION ALL
    SELECT p.pay_date, 3, p.line_no, b.customer_code, CASE WHEN p.reverses IS NULL THEN 'PAYMENT' ELSE 'REVERSAL' END, 'monthbill', b.bill_no, b.month, p.pay_reference,
           CASE WHEN p.amount < 0 THEN -p.amount ELSE 0 END, CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END, NULL
      FROM ${PAYMENTS} p JOIN ${MONTH_BILLS} b ON b.tenant_id = p.tenant_id AND b.id = p.bill_id WHERE p.tenant_id = $1 AND NOT b.removed
    UNION ALL
    SELECT carried_on, 2, 0, customer_code, 'CARRY', 'baccount', bill_no, to_month, from_bill_no, 0, 0, owing FROM ${CARRY_OVERS} WHERE tenant_id = $1 AND NOT removed
    UNION ALL
    SELECT ended_on, 4, 0, customer_code, 'WRITEOFF', 'baccount', bill_no, to_month, from_bill_no, CASE WHEN owing < 0 THEN -owing ELSE 0 END, CASE WHEN owing > 0 THEN owing ELSE 0 END, NULL
      FROM ${CARRY_OVERS} WHERE tenant_id = $1 AND NOT removed AND state = 'Cancelled' AND ended_on IS NOT NULL),
  r AS (SELECT e.*, sum(debit - credit) OVER (PARTITION BY customer_code ORDER BY day, ord, bill_no, line ROWS UNBOUNDED PRECEDING) AS balance FROM e WHERE day <= $3::date),
  o AS (SELECT customer_code, sum(debit - credit) AS balance FROM e WHERE day < $2::date GROUP BY customer_code),
  l AS (
    SELECT $2::date AS day, 0 AS ord, 0 AS line, customer_code, 'OPENING'::text AS entry, NULL::text AS doc_type, NULL::text AS bill_no, NULL::text AS month, NULL::text AS reference,
           0::numeric AS debit, 0::numeric AS credit, NULL::numeric AS carried, balance
      FROM o WHERE $2::date > '1900-01-01'::date
    UNION ALL SELECT * FROM r WHERE day >= $2::date)
  SELECT to_char(day, 'YYYY-MM-DD') AS "day", row_number() OVER (PARTITION BY customer_code ORDER BY day, ord, bill_no, line)::int AS "seq", customer_code AS "customerCode",
         entry AS "entry", doc_type AS "documentType", bill_no AS "billNo", month AS "month", reference AS "reference",
         debit AS "debit", credit AS "credit", carried AS "carried", balance AS "balance", day AS "_day"
    FROM l`;

/**
 * The charges each bill was issued with (costdetail): the charge items kept for the bill's own
 * knowledge point (what explain and reproduce read), by the month of the bill in the period.
 */
const chargeDetail = `
  SELECT b.month AS "month", b.bill_no AS "billNo", b.customer_code AS "customerCode", ci.line AS "line", ci.kind AS "kind",
         to_char(ci.day, 'YYYY-MM-DD') AS "day", ci.item->>'warehouseAreaCode' AS "warehouseAreaCode", (ci.item->>'quantity')::numeric AS "quantity",
         (ci.item->>'stage')::int AS "stage", (ci.item->>'price')::numeric AS "price", (ci.item->>'amount')::numeric AS "amount",
         ci.item->>'agreementCode' AS "agreementCode", ci.item->'document'->>'billNo' AS "documentBillNo",
         CASE WHEN (ci.item->>'adjustment')::boolean THEN 1 ELSE 0 END AS "adjustment", ci.seq AS "_seq", (b.month || '-01')::date AS "_day"
    FROM ${CHARGE_ITEMS} ci JOIN ${MONTH_BILLS} b ON b.tenant_id = ci.tenant_id AND b.id = ci.bill_id AND b.cutoff = ci.cutoff
   WHERE ci.tenant_id = $1 AND NOT b.removed AND (b.month || '-01')::date >= date_trunc('month', $2::date) AND (b.month || '-01')::date <= $3::date`;

/**
 * The package material charges each bill was issued with (costbilldetailpack): its PACKAGE
 * charge items, one per packing-material line of a shipment or a package, as costdetail reads them.
 */
const packDetail = `
  SELECT b.month AS "month", b.bill_no AS "billNo", b.customer_code AS "customerCode", to_char(ci.day, 'YYYY-MM-DD') AS "day",
         ci.item->'document'->>'billNo' AS "documentBillNo", ci.item->>'materialCode' AS "materialCode", (ci.item->>'qty')::numeric AS "qty",
         (ci.item->>'price')::numeric AS "price", (ci.item->>'amount')::numeric AS "amount", ci.item->>'agreementCode' AS "agreementCode",
         CASE WHEN (ci.item->>'adjustment')::boolean THEN 1 ELSE 0 END AS "adjustment", ci.seq AS "_seq", (b.month || '-01')::date AS "_day"
    FROM ${CHARGE_ITEMS} ci JOIN ${MONTH_BILLS} b ON b.tenant_id = ci.tenant_id AND b.id = ci.bill_id AND b.cutoff = ci.cutoff
   WHERE ci.tenant_id = $1 AND ci.kind = 'PACKAGE' AND NOT b.removed AND (b.month || '-01')::date >= date_trunc('month', $2::date) AND (b.month || '-01')::date <= $3::date`;

/**
 * The month-opening stock (monthbegininv): for each month of the period (from the first month
 * with a stream line, to this month at most), per owner and material, the sum of the stream
 * lines of the days before its first day.
 */
const monthOpening = `
  WITH m AS (
    SELECT generate_series(
             GREATEST(date_trunc('month', $2::date), (SELECT date_trunc('month', min(day)) FROM ${STOCK_LINES} WHERE tenant_id = $1)),
             LEAST(date_trunc('month', $3::date), date_trunc('month', now())),
             interval '1 month')::date AS month_start)
  SELECT to_char(m.month_start, 'YYYY-MM') AS "month", l.customer_code AS "customerCode", l.material_code AS "materialCode",
         sum(l.qty) AS "openQty", sum(l.weight) AS "openWeight", sum(l.pallets) AS "openPallets", sum(l.volume) AS "openVolume", m.month_start AS "_day"
    FROM m JOIN ${STOCK_LINES} l ON l.tenant_id = $1 AND l.day < m.month_start
   GROUP BY m.month_start, l.customer_code, l.material_code
  HAVING sum(l.qty) <> 0`;

const SOURCES: Record<BillingReportName, Source> = {
  monthbegininv: { sql: monthOpening, customer: '"customerCode"' },
  costacct: { sql: ledger, customer: '"customerCode"' },
  costdetail: { sql: chargeDetail, customer: '"customerCode"' },
  costbilldetailpack: { sql: packDetail, customer: '"customerCode"' },
  costbill: {
    sql: `SELECT month AS "month", bill_no AS "billNo", customer_code AS "customerCode", state AS "state", total_cost AS "totalCost", amount_due AS "amountDue",
                 paid_amount AS "paidAmount", (month || '-01')::date AS "_day"
            FROM ${MONTH_BILLS} WHERE tenant_id = $1 AND NOT removed AND (month || '-01')::date >= date_trunc('month', $2::date) AND (month || '-01')::date <= $3::date`,
    customer: '"customerCode"',
  },
  costbillDayAcctSum: { sql: sums(`to_char(day, 'YYYY-MM-DD')`, 'day'), customer: '"customerCode"' },
  costbilldeatilSum: { sql: sums(`to_char(day, 'YYYY-MM')`, 'month'), customer: '"customerCode"' },
  costbilldeatilIn: { sql: lines('instock'), customer: '"customerCode"' },
  costbilldeatilOut: { sql: lines('outstock'), customer: '"customerCode"' },
  costbillZaFe: {
    sql: `WITH c AS (SELECT DISTINCT ON (doc_id) doc_id, bill_no, doc_type, customer_code, bill_date, amount FROM bl_other_events
                      WHERE tenant_id = $1 AND kind = 'content' ORDER BY doc_id, tx DESC, pos DESC),
               s AS (SELECT DISTINCT ON (doc_id) doc_id, counted FROM bl_other_events WHERE tenant_id = $1 AND kind = 'status' ORDER BY doc_id, tx DESC, pos DESC)
          SELECT to_char(c.bill_date, 'YYYY-MM-DD') AS "billDate", c.bill_no AS "billNo", c.doc_type AS "documentType", c.customer_code AS "customerCode",
                 c.amount AS "amount", CASE WHEN s.counted THEN 1 ELSE 0 END AS "counted", c.bill_date AS "_day"
            FROM c LEFT JOIN s ON s.doc_id = c.doc_id
           WHERE c.bill_date >= $2::date AND c.bill_date <= $3::date`,
    customer: '"customerCode"',
  },
  costbillZaFeIn: { sql: zaFe('IN'), customer: '"customerCode"' },
  costbillZaFeOut: { sql: zaFe('OUT'), customer: '"customerCode"' },
  costbillZaFeYunshu: { sql: zaFe('YUNSHU'), customer: '"customerCode"' },
  costbillZaFeZhuangxie: { sql: zaFe('ZHUANGXIE'), customer: '"customerCode"' },
  inOutSideBoardDetail: {
    sql: `${classedLines}
      SELECT to_char(day, 'YYYY-MM-DD') AS "day", customer_code AS "customerCode",
             ${inQty('qty')} AS "inQty", ${inQty('weight')} AS "inWeight", ${inQty('pallets')} AS "inPallets",
             ${outQty('qty')} AS "outQty", ${outQty('weight')} AS "outWeight", ${outQty('pallets')} AS "outPallets",
             count(*) FILTER (WHERE movement NOT IN ${MOVES})::int AS "lineCount"
        FROM l WHERE day >= $2::date GROUP BY day, customer_code HAVING count(*) FILTER (WHERE movement NOT IN ${MOVES}) > 0`,
    customer: '"customerCode"',
  },
  ylmatReportDetail: { sql: materialBalance(`'RAW', 'IMPORTED'`), customer: '"customerCode"' },
  packmatReport: { sql: materialBalance(`'PACKING'`), customer: '"customerCode"' },
  importmatReport: { sql: materialBalance(`'IMPORTED'`), customer: '"customerCode"' },
  ylmatReportDayWare: {
    sql: `${periodBalance('day', ['area_code', 'customer_code'])}
      SELECT to_char(p, 'YYYY-MM-DD') AS "day", area_code AS "warehouseAreaCode", customer_code AS "customerCode", material_code AS "materialCode",
             in_qty AS "inQty", in_weight AS "inWeight", out_qty AS "outQty", out_weight AS "outWeight", move_qty AS "moveQty", close_qty AS "closeQty", close_weight AS "closeWeight"
        FROM r WHERE p >= $2::date`,
    customer: '"customerCode"',
  },
  ylmatReportbillSum: {
    sql: `${periodBalance(`date_trunc('month', day)::date`, ['customer_code'])}
      SELECT to_char(p, 'YYYY-MM') AS "month", customer_code AS "customerCode", material_code AS "materialCode",
             close_qty - net_qty AS "openQty", close_weight - net_weight AS "openWeight", in_qty AS "inQty", in_weight AS "inWeight", out_qty AS "outQty", out_weight AS "outWeight",
             close_qty AS "closeQty", close_weight AS "closeWeight"
        FROM r WHERE p >= date_trunc('month', $2::date)::date`,
    customer: '"customerCode"',
  },
  empCostMonthDetailView: {
    sql: `${docs(['costlading'])}
      SELECT to_char((content->>'workDate')::date, 'YYYY-MM') AS "month", content->>'workerType' AS "workerType",
             COALESCE(content->>'employeeCode', content->>'porterCode') AS "workerCode", max(content->>'employeeName') AS "employeeName",
             content->>'workType' AS "workType", content->>'costUnit' AS "costUnit",
             sum((content->>'costQty')::numeric) AS "costQty", sum((content->>'amount')::numeric) AS "amount", count(*)::int AS "ladingCount"
        FROM d WHERE counted AND (content->>'workDate')::date >= $2::date AND (content->>'workDate')::date <= $3::date
       GROUP BY 1, 2, 3, 5, 6`,
    customer: 'NULL::text',
  },
  costLadingView: {
    sql: `${docs(['costlading'])}
      SELECT content->>'workDate' AS "workDate", bill_no AS "billNo", content->>'workerType' AS "workerType",
             COALESCE(content->>'employeeCode', content->>'porterCode') AS "workerCode", content->>'employeeName' AS "employeeName",
             content->>'workType' AS "workType", content->>'ladingType' AS "ladingType", content->>'sourceBillNo' AS "sourceBillNo", content->>'costUnit' AS "costUnit",
             (content->>'costQty')::numeric AS "costQty", (content->>'price')::numeric AS "price", (content->>'amount')::numeric AS "amount",
             CASE WHEN counted THEN 1 ELSE 0 END AS "counted"
        FROM d WHERE (content->>'workDate')::date >= $2::date AND (content->>'workDate')::date <= $3::date`,
    customer: 'NULL::text',
  },
};

/** Columns a report sums over every matching row (its numbers but flags). */
const summed = (name: BillingReportName) => {
  const r: BillingReportDef = BILLING_REPORTS[name];
  return r.columns.filter((c) => c.kind !== 'text' && c.kind !== 'flag' && c.kind !== 'date' && !r.unsummed?.includes(c.key)).map((c) => c.key);
};

const numberKeys = (name: BillingReportName) => new Set(BILLING_REPORTS[name].columns.filter((c) => c.kind !== 'text' && c.kind !== 'date').map((c) => c.key));

@Injectable()
export class BillingReports {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(PROJECTOR) private readonly projector: Projector,
  ) {}

  /** Reads its own writes: billing's projections brought up to the store's head before a report is read. */
  async catchUp(): Promise<void> {
    await this.projector.catchUp(BILLING_PROJECTION);
    await this.projector.catchUp(BILLING_REPORT_PROJECTION);
  }

  /** The report's rows as a subquery with the caller's filters and owner scope applied. */
  private scoped(name: BillingReportName, tenantId: string, q: BillingReportQuery, owners: OwnerScope) {
    const src = SOURCES[name];
    const params: unknown[] = [tenantId, q.from ?? '1900-01-01', q.to ?? '9999-12-31'];
    const where: string[] = [];
    const owned = ownerScopeSql(owners, src.customer, params);
    if (owned) where.push(owned);
    if (q.customerCode) {
      params.push(q.customerCode);
      where.push(`${src.customer} = $${params.length}`);
    }
    const def: BillingReportDef = BILLING_REPORTS[name];
    if (q.documentType && def.columns.some((c) => c.key === 'documentType')) {
      params.push(q.documentType);
      where.push(`"documentType" = $${params.length}`);
    }
    if (q.billNo && def.columns.some((c) => c.key === 'billNo')) {
      params.push(q.billNo);
      where.push(`"billNo" = $${params.length}`);
    }
    if (q.workerCode && def.columns.some((c) => c.key === 'workerCode')) {
      params.push(q.workerCode);
      where.push(`"workerCode" = $${params.length}`);
    }
    const sql = `SELECT * FROM (${src.sql}) r${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    // ties broken by the report's other sort keys, then its text columns: the same query always pages the same way
    const ties = [...new Set([...def.sorts, ...def.columns.filter((c) => c.kind === 'text').map((c) => c.key)])].filter((k) => k !== q.sort);
    const order = `ORDER BY "${q.sort}" ${q.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST${ties.map((k) => `, "${k}" ASC NULLS LAST`).join('')}`;
    return { sql, params, order };
  }

  private row(name: BillingReportName, r: Record<string, unknown>): BillingReportRow {
    const numbers = numberKeys(name);
    const out: BillingReportRow = {};
    for (const c of BILLING_REPORTS[name].columns) {
      const v = r[c.key];
      out[c.key] = v === null || v === undefined ? null : numbers.has(c.key) ? Number(v) : String(v);
    }
    return out;
  }

  async page(name: BillingReportName, tenantId: string, q: BillingReportQuery, owners: OwnerScope): Promise<BillingReportPage> {
    await this.catchUp();
    const { sql, params, order } = this.scoped(name, tenantId, q, owners);
    const sumKeys = summed(name);
    const agg = [`count(*)::int AS total`, ...sumKeys.map((k) => `COALESCE(sum("${k}"), 0) AS "${k}"`)].join(', ');
    // one pass: the rows are computed once (materialised), then counted and summed, and the page cut from them
    const { rows } = await this.pool.query<Record<string, unknown> & { _rec: Record<string, unknown> | null }>(
      `WITH r AS MATERIALIZED (${sql}), a AS (SELECT ${agg} FROM r)
       SELECT a.*, to_jsonb(p.*) AS _rec
         FROM a LEFT JOIN LATERAL (SELECT r.*, row_number() OVER (${order}) AS _n FROM r ${order} LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}) p ON true
        ORDER BY p._n`,
      params,
    );
    const head = rows[0];
    const total = Number(head?.total ?? 0);
    const sums = Object.fromEntries(sumKeys.map((k) => [k, Number(head?.[k] ?? 0)]));
    const records = rows.filter((r) => r._rec).map((r) => this.row(name, r._rec!));
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size), sums };
  }

  /** Every matching row, in pages of 1,000 (the spreadsheet's source), and how many there are. */
  all(name: BillingReportName, tenantId: string, q: BillingReportQuery, owners: OwnerScope) {
    const { sql, params, order } = this.scoped(name, tenantId, q, owners);
    const pool = this.pool;
    const toRow = (r: Record<string, unknown>) => this.row(name, r);
    return {
      count: async () => Number((await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) t`, params)).rows[0]?.n ?? 0),
      rows: (async function* () {
        for (let offset = 0; ; offset += 1000) {
          const { rows } = await pool.query<Record<string, unknown>>(`${sql} ${order} LIMIT 1000 OFFSET ${offset}`, params);
          for (const r of rows) yield toRow(r);
          if (rows.length < 1000) return;
        }
      })(),
    };
  }
}
