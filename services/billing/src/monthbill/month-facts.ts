import type { Pool } from 'pg';
import { BILLING_RULE_BASES, BILLING_RULE_KINDS, BILLING_RULE_ROUNDINGS, dec, type BillingRule, type BillingRuleBasis, type BillingRuleKind, type BillingRuleRounding, type StorageBasis } from '@tpl/contracts';
import { AGREEMENTS, AREAS, MATERIALS, OTHER_EVENTS, PACK_DOCS, PACK_LINES, RULES, STOCK_LINES } from '../charges/billing.projection';
import { zeroQuantities, type AgreementVersion, type AreaFacts, type DayFacts, type OtherCharge, type PackUse } from '../charges/pricing';

/**
 * Reads of billing's own projections for pricing: every read takes a knowledge point
 * (cutoff, a readAll cursor "tx:pos") and sees only rows of events at or before it, so the
 * same question asked later (after back-dated facts or agreement changes arrived) gets the
 * same answer: what "regenerate from zero equals issued" rests on.
 */
export type Cutoff = { tx: string; pos: string };
export const parseCutoff = (cursor: string): Cutoff => {
  const m = /^(\d+):(\d+)$/.exec(cursor);
  return m ? { tx: m[1]!, pos: m[2]! } : { tx: '0', pos: '0' };
};
export const cutoffText = (c: Cutoff) => `${c.tx}:${c.pos}`;
export const compareCutoffs = (a: string, b: string) => {
  const x = parseCutoff(a);
  const y = parseCutoff(b);
  const tx = BigInt(x.tx) - BigInt(y.tx);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const p = BigInt(x.pos) - BigInt(y.pos);
  return p === 0n ? 0 : p < 0n ? -1 : 1;
};
export const maxCutoff = (...cs: string[]) => cs.reduce((a, b) => (compareCutoffs(a, b) >= 0 ? a : b), '0');

type Queryable = Pick<Pool, 'query'>;

/**
 * A stock line's tonnes (or m³) as billed: its own, else, when it recorded none, its quantity x
 * its material's gross weight (m³ per piece) as master data held them at the knowledge point
 * (`$tx`, `$pos`: the parameters of the cutoff). A line whose material has none either stays 0:
 * `unbillable` names it and the bill refuses.
 */
export const billedSql = (which: 'weight' | 'volume', tx: string, pos: string, l = 'l') =>
  `CASE WHEN ${l}.${which} = 0 AND ${l}.qty <> 0 THEN ${l}.qty * COALESCE((SELECT ${which === 'weight' ? 'm.gross / 1000' : 'm.unit_volume'} FROM ${MATERIALS} m
      WHERE m.tenant_id = ${l}.tenant_id AND m.code = ${l}.material_code AND (m.tx, m.pos) <= (${tx}::bigint, ${pos}::bigint)
      ORDER BY m.tx DESC, m.pos DESC LIMIT 1), 0) ELSE ${l}.${which} END`;

/** Stock facts of customers in a range of days: opening balances (before `from`) and per day, per area. */
export const stockFacts = async (db: Queryable, tenantId: string, customers: readonly string[] | null, from: string, through: string, cutoff: Cutoff) => {
  const params: unknown[] = [tenantId, from, cutoff.tx, cutoff.pos];
  let who = '';
  if (customers) {
    params.push(customers);
    who = `AND customer_code = ANY($${params.length}::text[])`;
  }
  const weight = billedSql('weight', '$3', '$4');
  const volume = billedSql('volume', '$3', '$4');
  const opening = await db.query<{ customer_code: string; area_code: string | null; qty: string; weight: string; pallets: string; volume: string }>(
    `SELECT customer_code, area_code, sum(qty) AS qty, sum(${weight}) AS weight, sum(pallets) AS pallets, sum(${volume}) AS volume
       FROM ${STOCK_LINES} l
      WHERE tenant_id = $1 AND day < $2::date AND (tx, pos) <= ($3::bigint, $4::bigint) ${who}
      GROUP BY customer_code, area_code`,
    params,
  );
  params.push(through);
  const days = await db.query<{
    customer_code: string;
    area_code: string | null;
    day: string;
    qty: string;
    weight: string;
    pallets: string;
    volume: string;
    in_qty: string | null;
    in_weight: string | null;
    out_qty: string | null;
    out_weight: string | null;
  }>(
    `SELECT customer_code, area_code, to_char(day, 'YYYY-MM-DD') AS day, sum(qty) AS qty, sum(${weight}) AS weight, sum(pallets) AS pallets, sum(${volume}) AS volume,
            sum(qty) FILTER (WHERE instock = 1 AND is_cost = 1 AND qty > 0 AND agreement_code IS NULL) AS in_qty,
            sum(${weight}) FILTER (WHERE instock = 1 AND is_cost = 1 AND qty > 0 AND agreement_code IS NULL) AS in_weight,
            -sum(qty) FILTER (WHERE outstock = 1 AND is_cost = 1 AND qty < 0) AS out_qty,
            -sum(${weight}) FILTER (WHERE outstock = 1 AND is_cost = 1 AND qty < 0) AS out_weight
       FROM ${STOCK_LINES} l
      WHERE tenant_id = $1 AND day >= $2::date AND day <= $${params.length}::date AND (tx, pos) <= ($3::bigint, $4::bigint) ${who}
      GROUP BY customer_code, area_code, day`,
    params,
  );
  // receipts whose bill named its fee agreement: priced by that agreement, apart from the day's others
  const named = await db.query<{ customer_code: string; area_code: string | null; day: string; agreement_code: string; in_qty: string; in_weight: string }>(
    `SELECT customer_code, area_code, to_char(day, 'YYYY-MM-DD') AS day, agreement_code, sum(qty) AS in_qty, sum(${weight}) AS in_weight
       FROM ${STOCK_LINES} l
      WHERE tenant_id = $1 AND day >= $2::date AND day <= $${params.length}::date AND (tx, pos) <= ($3::bigint, $4::bigint) ${who}
        AND instock = 1 AND is_cost = 1 AND qty > 0 AND agreement_code IS NOT NULL
      GROUP BY customer_code, area_code, day, agreement_code
      ORDER BY agreement_code`,
    params,
  );
  const byCustomer = new Map<string, Map<string, AreaFacts>>();
  const area = (customer: string, code: string | null) => {
    let areas = byCustomer.get(customer);
    if (!areas) byCustomer.set(customer, (areas = new Map()));
    let a = areas.get(code ?? '');
    if (!a) areas.set(code ?? '', (a = { areaCode: code, opening: zeroQuantities(), days: new Map() }));
    return a;
  };
  for (const r of opening.rows) area(r.customer_code, r.area_code).opening = { qty: dec(r.qty), weight: dec(r.weight), pallets: dec(r.pallets), volume: dec(r.volume) };
  for (const r of days.rows) {
    const facts: DayFacts = {
      delta: { qty: dec(r.qty), weight: dec(r.weight), pallets: dec(r.pallets), volume: dec(r.volume) },
      inQty: dec(r.in_qty),
      inWeight: dec(r.in_weight),
      outQty: dec(r.out_qty),
      outWeight: dec(r.out_weight),
    };
    area(r.customer_code, r.area_code).days.set(r.day, facts);
  }
  for (const r of named.rows) {
    const days = area(r.customer_code, r.area_code).days;
    const facts = days.get(r.day) ?? { delta: zeroQuantities(), inQty: dec(0), inWeight: dec(0), outQty: dec(0), outWeight: dec(0) };
    facts.inByAgreement = [...(facts.inByAgreement ?? []), { agreementCode: r.agreement_code, qty: dec(r.in_qty), weight: dec(r.in_weight) }];
    days.set(r.day, facts);
  }
  const out = new Map<string, AreaFacts[]>();
  for (const [c, areas] of byCustomer) {
    // an area whose stock was gone before the range and saw nothing in it has nothing to bill
    const live = [...areas.values()].filter((a) => a.days.size || !a.opening.qty.isZero() || !a.opening.weight.isZero());
    if (live.length) out.set(c, live);
  }
  return out;
};

/** Every agreement's latest version known at the cutoff, valid (invalid 0) and not removed: by customer. */
/**
 * The billing rules known at the cutoff: per event kind, the valid rule last recorded (a rule
 * with an unknown kind, basis or rounding is left out); a kind with none is absent (pricing then
 * keeps its default).
 */
export const rulesKnown = async (db: Queryable, tenantId: string, cutoff: Cutoff): Promise<Partial<Record<BillingRuleKind, BillingRule>>> => {
  const { rows } = await db.query<{ code: string | null; kind: string | null; charged: number; basis: string | null; rounding: string | null }>(
    `SELECT code, kind, charged, basis, rounding FROM (
       SELECT DISTINCT ON (record_id) record_id, code, kind, charged, basis, rounding, invalid, removed, tx, pos
         FROM ${RULES}
        WHERE tenant_id = $1 AND (tx, pos) <= ($2::bigint, $3::bigint)
        ORDER BY record_id, tx DESC, pos DESC) v
      WHERE NOT removed AND invalid = 0
      ORDER BY tx, pos`,
    [tenantId, cutoff.tx, cutoff.pos],
  );
  const out: Partial<Record<BillingRuleKind, BillingRule>> = {};
  for (const r of rows) {
    if (!BILLING_RULE_KINDS.includes(r.kind as BillingRuleKind) || !BILLING_RULE_BASES.includes(r.basis as BillingRuleBasis) || !BILLING_RULE_ROUNDINGS.includes(r.rounding as BillingRuleRounding)) continue;
    // the newest valid rule of a kind wins (rows come oldest first)
    out[r.kind as BillingRuleKind] = { kind: r.kind as BillingRuleKind, charged: Number(r.charged) === 1, basis: r.basis as BillingRuleBasis, rounding: r.rounding as BillingRuleRounding, ...(r.code ? { code: r.code } : {}) };
  }
  return out;
};

export const agreementsKnown = async (db: Queryable, tenantId: string, cutoff: Cutoff): Promise<Map<string, AgreementVersion[]>> => {
  const { rows } = await db.query<{
    record_id: string;
    code: string | null;
    customer_code: string | null;
    area_code: string | null;
    start_date: string | null;
    end_date: string | null;
    basis: string;
    day_unit_cost: string;
    cycle_unit_cost: string;
    tiers: { lowerLimit: number; upLimit: number; price: number }[];
    pack_prices: { materialCode: string; price: number }[] | null;
    invalid: number;
    removed: boolean;
    stamp: string;
  }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (record_id) record_id, code, customer_code, area_code, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
              basis, day_unit_cost, cycle_unit_cost, tiers, pack_prices, invalid, removed, stamp
         FROM ${AGREEMENTS}
        WHERE tenant_id = $1 AND (tx, pos) <= ($2::bigint, $3::bigint)
        ORDER BY record_id, tx DESC, pos DESC) v
      WHERE NOT removed AND invalid = 0 AND customer_code IS NOT NULL AND start_date IS NOT NULL AND end_date IS NOT NULL`,
    [tenantId, cutoff.tx, cutoff.pos],
  );
  const out = new Map<string, AgreementVersion[]>();
  for (const r of rows) {
    const list = out.get(r.customer_code!) ?? [];
    list.push({
      recordId: r.record_id,
      code: r.code ?? '',
      customerCode: r.customer_code!,
      areaCode: r.area_code,
      startDate: r.start_date!,
      endDate: r.end_date!,
      basis: r.basis as StorageBasis,
      dayUnitCost: r.day_unit_cost,
      cycleUnitCost: r.cycle_unit_cost,
      tiers: r.tiers,
      packPrices: r.pack_prices ?? [],
      stamp: r.stamp,
    });
    out.set(r.customer_code!, list);
  }
  return out;
};

/** Audited, not cancelled other-charge documents dated in a range, as known at the cutoff: by customer. */
export const otherCharges = async (db: Queryable, tenantId: string, customers: readonly string[] | null, from: string, through: string, cutoff: Cutoff) => {
  const params: unknown[] = [tenantId, cutoff.tx, cutoff.pos, from, through];
  let who = '';
  if (customers) {
    params.push(customers);
    who = `AND c.customer_code = ANY($${params.length}::text[])`;
  }
  const { rows } = await db.query<{ doc_id: string; doc_type: string; bill_no: string | null; customer_code: string; bill_date: string; amount: string }>(
    `WITH c AS (SELECT DISTINCT ON (doc_id) doc_id, doc_type, customer_code, bill_date, amount FROM ${OTHER_EVENTS}
                 WHERE tenant_id = $1 AND kind = 'content' AND (tx, pos) <= ($2::bigint, $3::bigint) ORDER BY doc_id, tx DESC, pos DESC),
          s AS (SELECT DISTINCT ON (doc_id) doc_id, counted FROM ${OTHER_EVENTS}
                 WHERE tenant_id = $1 AND kind = 'status' AND (tx, pos) <= ($2::bigint, $3::bigint) ORDER BY doc_id, tx DESC, pos DESC),
          n AS (SELECT DISTINCT ON (doc_id) doc_id, bill_no FROM ${OTHER_EVENTS} WHERE tenant_id = $1 AND bill_no IS NOT NULL ORDER BY doc_id, seq)
     SELECT c.doc_id, c.doc_type, n.bill_no, c.customer_code, to_char(c.bill_date, 'YYYY-MM-DD') AS bill_date, c.amount
       FROM c JOIN s USING (doc_id) LEFT JOIN n USING (doc_id)
      WHERE s.counted AND c.customer_code IS NOT NULL AND c.bill_date >= $4::date AND c.bill_date <= $5::date ${who}`,
    params,
  );
  const out = new Map<string, OtherCharge[]>();
  for (const r of rows) {
    const list = out.get(r.customer_code) ?? [];
    list.push({ documentType: r.doc_type, documentId: r.doc_id, billNo: r.bill_no ?? '', billDate: r.bill_date, amount: dec(r.amount) });
    out.set(r.customer_code, list);
  }
  return out;
};

/**
 * The packing materials recorded in a range of days, as known at the cutoff: each line with its
 * document's owner, area and bill number as the document stood at the cutoff; by customer.
 */
export const packUses = async (db: Queryable, tenantId: string, customers: readonly string[] | null, from: string, through: string, cutoff: Cutoff): Promise<Map<string, PackUse[]>> => {
  const params: unknown[] = [tenantId, cutoff.tx, cutoff.pos, from, through];
  let who = '';
  if (customers) {
    params.push(customers);
    who = `AND d.customer_code = ANY($${params.length}::text[])`;
  }
  const { rows } = await db.query<{ event_id: string; line_idx: number; doc_id: string; doc_type: string; bill_no: string | null; customer_code: string; area_code: string | null; material_code: string; qty: string; day: string }>(
    `WITH d AS (SELECT DISTINCT ON (doc_id) doc_id, bill_no, customer_code, area_code FROM ${PACK_DOCS}
                 WHERE tenant_id = $1 AND (tx, pos) <= ($2::bigint, $3::bigint) ORDER BY doc_id, tx DESC, pos DESC),
          n AS (SELECT DISTINCT ON (doc_id) doc_id, bill_no FROM ${PACK_DOCS} WHERE tenant_id = $1 AND bill_no IS NOT NULL ORDER BY doc_id, seq)
     SELECT l.event_id, l.line_idx, l.doc_id, l.doc_type, COALESCE(d.bill_no, n.bill_no) AS bill_no, d.customer_code, d.area_code, l.material_code, l.qty, to_char(l.day, 'YYYY-MM-DD') AS day
       FROM ${PACK_LINES} l JOIN d ON d.doc_id = l.doc_id LEFT JOIN n ON n.doc_id = l.doc_id
      WHERE l.tenant_id = $1 AND (l.tx, l.pos) <= ($2::bigint, $3::bigint) AND l.day >= $4::date AND l.day <= $5::date AND d.customer_code IS NOT NULL ${who}`,
    params,
  );
  const out = new Map<string, PackUse[]>();
  for (const r of rows) {
    const list = out.get(r.customer_code) ?? [];
    list.push({ documentType: r.doc_type, documentId: r.doc_id, billNo: r.bill_no ?? '', day: r.day, areaCode: r.area_code, materialCode: r.material_code, qty: dec(r.qty), eventId: r.event_id, lineIdx: r.line_idx });
    out.set(r.customer_code, list);
  }
  return out;
};

/** The stream lines behind charge items: one customer's lines on some days (as known at the cutoff, after `after` when given). */
export type FactRow = {
  event_id: string;
  area_code: string | null;
  day: string;
  movement: string;
  material_code: string;
  qty: string;
  weight: string;
  instock: number;
  outstock: number;
  is_cost: number;
  doc_type: string;
  doc_id: string;
  bill_no: string;
  line_no: number | null;
  effective_at: Date;
};
export const factsOn = async (db: Queryable, tenantId: string, customer: string, days: readonly string[], cutoff: Cutoff, after?: Cutoff): Promise<FactRow[]> => {
  if (!days.length) return [];
  const params: unknown[] = [tenantId, customer, days, cutoff.tx, cutoff.pos];
  let later = '';
  if (after) {
    params.push(after.tx, after.pos);
    later = 'AND (tx, pos) > ($6::bigint, $7::bigint)';
  }
  const { rows } = await db.query<FactRow>(
    `SELECT event_id, area_code, to_char(day, 'YYYY-MM-DD') AS day, movement, material_code, qty, ${billedSql('weight', '$4', '$5')} AS weight, instock, outstock, is_cost, doc_type, doc_id, bill_no, line_no, effective_at
       FROM ${STOCK_LINES} l
      WHERE tenant_id = $1 AND customer_code = $2 AND day = ANY($3::date[]) AND (tx, pos) <= ($4::bigint, $5::bigint) ${later}
      ORDER BY day, effective_at, bill_no, line_no`,
    params,
  );
  return rows;
};

/** Each area's path (itself, then the areas it lies in, nearest first) as known at the cutoff. */
export const areaPaths = async (db: Queryable, tenantId: string, cutoff: Cutoff): Promise<(code: string | null) => string[]> => {
  const { rows } = await db.query<{ code: string; parent_code: string | null }>(
    `SELECT code, parent_code FROM (
       SELECT DISTINCT ON (record_id) code, parent_code, removed FROM ${AREAS}
        WHERE tenant_id = $1 AND (tx, pos) <= ($2::bigint, $3::bigint) ORDER BY record_id, tx DESC, pos DESC) v
      WHERE NOT removed AND code IS NOT NULL`,
    [tenantId, cutoff.tx, cutoff.pos],
  );
  const parent = new Map(rows.map((r) => [r.code, r.parent_code]));
  return (code) => {
    const path: string[] = [];
    for (let c = code; c && !path.includes(c) && path.length < 10; c = parent.get(c) ?? null) path.push(c);
    return path;
  };
};

/** A stock line whose billed weight or volume is 0 (billedSql), of a material stocked in its area in the month. */
export type ZeroFigureLine = {
  customer_code: string;
  area_code: string | null;
  material_code: string;
  day: string;
  doc_type: string;
  bill_no: string;
  line_no: number | null;
  /** an inbound or outbound line counted toward handling (priced by the tonne) */
  handling: boolean;
  no_weight: boolean;
  no_volume: boolean;
};

/**
 * The lines up to `through` (known at the cutoff) without a billed weight or volume, of the
 * materials that were in stock in their area during the month (held at its start or moved in it):
 * what `unbillableLine` judges against the agreements.
 */
export const zeroFigureLines = async (db: Queryable, tenantId: string, customers: readonly string[] | null, from: string, through: string, cutoff: Cutoff): Promise<ZeroFigureLine[]> => {
  const params: unknown[] = [tenantId, from, through, cutoff.tx, cutoff.pos];
  let who = '';
  if (customers) {
    params.push(customers);
    who = `AND l.customer_code = ANY($${params.length}::text[])`;
  }
  const { rows } = await db.query<ZeroFigureLine>(
    `WITH known AS (
       SELECT l.*, ${billedSql('weight', '$4', '$5')} AS billed_weight, ${billedSql('volume', '$4', '$5')} AS billed_volume
         FROM ${STOCK_LINES} l
        WHERE l.tenant_id = $1 AND l.day <= $3::date AND (l.tx, l.pos) <= ($4::bigint, $5::bigint) AND l.qty <> 0 ${who}
     ), present AS (
       SELECT customer_code, area_code, material_code FROM known GROUP BY 1, 2, 3
       HAVING coalesce(sum(qty) FILTER (WHERE day < $2::date), 0) <> 0 OR count(*) FILTER (WHERE day >= $2::date) > 0
     )
     SELECT k.customer_code, k.area_code, k.material_code, to_char(k.day, 'YYYY-MM-DD') AS day, k.doc_type, k.bill_no, k.line_no,
            (k.is_cost = 1 AND (k.instock = 1 OR k.outstock = 1)) AS handling, k.billed_weight = 0 AS no_weight, k.billed_volume = 0 AS no_volume
       FROM known k JOIN present p ON p.customer_code = k.customer_code AND p.material_code = k.material_code AND p.area_code IS NOT DISTINCT FROM k.area_code
      WHERE k.billed_weight = 0 OR k.billed_volume = 0
      ORDER BY k.effective_at, k.bill_no, k.line_no
      LIMIT 5000`,
    params,
  );
  return rows;
};
