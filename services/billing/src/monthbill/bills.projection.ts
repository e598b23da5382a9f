import { KIT_FACTS, baccount, eventTypeOf, monthbill } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';
import { businessDay } from '@tpl/identity';
import { documentFactStates } from '@tpl/workflows';

/**
 * Billing's index of its own month bills (inline: the generate command that made a bill reads
 * it at once): one row per bill with its customer, month, state, the knowledge point it was
 * priced at (cutoff), and what it asks and received, so generating the next month finds the
 * issued months to adjust and the unpaid amount to carry over without folding every bill.
 */
export const MONTH_BILLS = 'bl_month_bills';
/** the charge items of a bill as it was priced at its cutoff (what explain reads; reproduce checks the pricing) */
export const CHARGE_ITEMS = 'bl_charge_items';
/** the payment lines of the bills (paydetail), one row per line as the bill's fold numbers them: what the receivables ledger reads */
export const PAYMENTS = 'bl_payments';
/** the fee carry-overs (baccount): what each carried, into which month, and whether it was written off */
export const CARRY_OVERS = 'bl_carry_overs';
/** the unique index that keeps one live month bill per customer and month */
export const ONE_BILL_PER_MONTH = 'bl_month_bills_one_per_month';
/** Whether a database error is a second live bill of one customer and month. */
export const isSecondBillOfMonth = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === ONE_BILL_PER_MONTH || String(e.message ?? '').includes(ONE_BILL_PER_MONTH));
};

export const monthBillsMigrations: Migration[] = [
  {
    id: 'billing/002-month-bills',
    sql: `
CREATE TABLE IF NOT EXISTS ${MONTH_BILLS} (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  bill_no text NOT NULL,
  customer_code text NOT NULL,
  month text NOT NULL,
  state text NOT NULL,
  version int NOT NULL,
  cutoff text NOT NULL DEFAULT '0',
  priced_through text,
  total_cost numeric NOT NULL DEFAULT 0,
  amount_due numeric NOT NULL DEFAULT 0,
  paid_amount numeric NOT NULL DEFAULT 0,
  removed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX IF NOT EXISTS bl_month_bills_customer ON ${MONTH_BILLS} (tenant_id, customer_code, month);
`,
  },
  {
    id: 'billing/004-charge-items',
    sql: `
CREATE TABLE IF NOT EXISTS ${CHARGE_ITEMS} (
  tenant_id text NOT NULL,
  bill_id uuid NOT NULL,
  -- the knowledge point the items were priced at (the bill's cutoff): actions on the bill do not change them
  cutoff text NOT NULL,
  seq int NOT NULL,
  line int NOT NULL,
  kind text NOT NULL,
  day date,
  item jsonb NOT NULL,
  PRIMARY KEY (tenant_id, bill_id, cutoff, seq)
);
CREATE INDEX IF NOT EXISTS bl_charge_items_day ON ${CHARGE_ITEMS} (tenant_id, bill_id, cutoff, day);
`,
  },
  {
    // one live bill per customer and month, whichever host makes it: two hosts generating at
    // once cannot both create (the loser's whole command rolls back: 409, nothing written)
    id: 'billing/005-one-bill-per-month',
    sql: `CREATE UNIQUE INDEX IF NOT EXISTS ${ONE_BILL_PER_MONTH} ON ${MONTH_BILLS} (tenant_id, customer_code, month) WHERE NOT removed;`,
  },
  {
    // issue 30: the payment lines and the carry-overs, for the receivables ledger (costacct)
    id: 'billing/007-payments-carry-overs',
    sql: `
CREATE TABLE IF NOT EXISTS ${PAYMENTS} (
  tenant_id text NOT NULL,
  bill_id uuid NOT NULL,
  line_no int NOT NULL,
  pay_date date NOT NULL,
  -- signed: a reversal's counter-entry is negative
  amount numeric NOT NULL,
  pay_method text,
  pay_reference text,
  by_name text,
  reverses int,
  PRIMARY KEY (tenant_id, bill_id, line_no)
);
CREATE TABLE IF NOT EXISTS ${CARRY_OVERS} (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  bill_no text NOT NULL,
  customer_code text NOT NULL,
  carried_on date NOT NULL,
  from_month text,
  to_month text,
  from_bill_no text,
  owing numeric NOT NULL DEFAULT 0,
  state text NOT NULL,
  ended_on date,
  removed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX IF NOT EXISTS bl_carry_overs_customer ON ${CARRY_OVERS} (tenant_id, customer_code, carried_on);
`,
  },
];

const stateAfter = documentFactStates(monthbill);
const type = (fact: string) => eventTypeOf(monthbill, fact);
const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);
type Content = { customerCode?: string; month?: string; cutoff?: string; pricedThrough?: string; totalCost?: number; amountDue?: number };

/**
 * A payment line as the bill's fold numbers it (the next number on the bill). `amount`, `method`
 * and `reference` are SQL already made safe (literals by sql(), or a subquery of this table):
 * joined to the statement, never scanned again for placeholders.
 */
const paymentLine = (e: StoredEvent, amount: SqlText, payDate: string, method: SqlText, reference: SqlText, reverses: number | null): SqlText => {
  const tenantId = e.metadata.tenantId;
  const id = idOf(e);
  const head = sql(
    `INSERT INTO ${PAYMENTS} (tenant_id, bill_id, line_no, pay_date, amount, pay_method, pay_reference, by_name, reverses)
     SELECT %L::text, %L::uuid, COALESCE((SELECT max(line_no) FROM ${PAYMENTS} WHERE tenant_id = %L AND bill_id = %L::uuid), 0) + 1, %L::date, `,
    tenantId, id, tenantId, id, payDate,
  );
  const tail = sql(`, %L::text, %L::int ON CONFLICT DO NOTHING`, e.metadata.actor?.name ?? null, reverses);
  return `${head}${amount}, ${method}, ${reference}${tail}` as SqlText;
};

const statementFor = (e: StoredEvent): SqlText | SqlText[] | undefined => {
  const tenantId = e.metadata.tenantId;
  const id = idOf(e);
  switch (e.type) {
    case type(KIT_FACTS.created): {
      const d = e.data as { id: string; billNo: string; content: Content };
      const c = d.content;
      return sql(
        `INSERT INTO ${MONTH_BILLS} (tenant_id, id, bill_no, customer_code, month, state, version, cutoff, priced_through, total_cost, amount_due)
         VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L) ON CONFLICT (tenant_id, id) DO NOTHING`,
        tenantId, d.id, d.billNo, c.customerCode ?? '', c.month ?? '', monthbill.lifecycle.initial, e.version, c.cutoff ?? '0', c.pricedThrough ?? null, c.totalCost ?? 0, c.amountDue ?? 0,
      );
    }
    case type(KIT_FACTS.changed): {
      const c = (e.data as { content: Content }).content;
      return sql(
        `UPDATE ${MONTH_BILLS} SET customer_code = %L, month = %L, cutoff = %L, priced_through = %L, total_cost = %L, amount_due = %L, version = %L WHERE tenant_id = %L AND id = %L`,
        c.customerCode ?? '', c.month ?? '', c.cutoff ?? '0', c.pricedThrough ?? null, c.totalCost ?? 0, c.amountDue ?? 0, e.version, tenantId, id,
      );
    }
    case type(KIT_FACTS.removed):
      return sql(`UPDATE ${MONTH_BILLS} SET removed = true, version = %L WHERE tenant_id = %L AND id = %L`, e.version, tenantId, id);
    case type('PaymentRecorded'): {
      const d = e.data as { payAmount?: number; paidAmount?: number; payDate?: string; payMethod?: string; payReference?: string };
      const line = paymentLine(
        e,
        d.payAmount !== undefined ? sql('%L::numeric', d.payAmount) : sql(`%L::numeric - COALESCE((SELECT sum(amount) FROM ${PAYMENTS} WHERE tenant_id = %L AND bill_id = %L), 0)`, d.paidAmount ?? 0, tenantId, id),
        d.payDate ?? businessDay(new Date(e.metadata.occurredAt)),
        sql('%L::text', d.payMethod ?? 'BANK'),
        sql('%L::text', d.payReference ?? null),
        null,
      );
      // a payment line adds its amount; a fact from before payment lines carried the amount received in all
      if (d.payAmount !== undefined)
        return [line, sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = paid_amount + %L::numeric, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', d.payAmount, e.version, tenantId, id)];
      return [line, sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = %L, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', d.paidAmount ?? 0, e.version, tenantId, id)];
    }
    case type('PaymentReversed'): {
      // the counter-entry: the reversed payment's amount, as the server filled it
      const d = e.data as { reversedAmount?: number; paymentNo?: number };
      const amount = d.reversedAmount ?? 0;
      const counter = paymentLine(
        e,
        sql('-(%L::numeric)', amount),
        businessDay(new Date(e.metadata.occurredAt)),
        sql(`(SELECT pay_method FROM ${PAYMENTS} WHERE tenant_id = %L AND bill_id = %L AND line_no = %L)`, tenantId, id, Number(d.paymentNo)),
        sql(`(SELECT pay_reference FROM ${PAYMENTS} WHERE tenant_id = %L AND bill_id = %L AND line_no = %L)`, tenantId, id, Number(d.paymentNo)),
        Number(d.paymentNo),
      );
      return [counter, sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = paid_amount - %L::numeric, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', amount, e.version, tenantId, id)];
    }
    default: {
      const state = stateAfter[e.type];
      if (state) return sql(`UPDATE ${MONTH_BILLS} SET state = %L, version = %L WHERE tenant_id = %L AND id = %L`, state, e.version, tenantId, id);
      return sql(`UPDATE ${MONTH_BILLS} SET version = %L WHERE tenant_id = %L AND id = %L`, e.version, tenantId, id);
    }
  }
};

export const monthBillsProjection: InlineProjection = {
  name: 'billing-month-bills',
  tables: [MONTH_BILLS, PAYMENTS],
  handles: Object.keys(stateAfter),
  project: (events) => events.flatMap((e) => statementFor(e) ?? []),
};

const carryStateAfter = documentFactStates(baccount);
const carryType = (fact: string) => eventTypeOf(baccount, fact);
type CarryContent = { customerCode?: string; billDate?: string; fromMonth?: string; toMonth?: string; fromBillNo?: string; owing?: number };

const carryStatementFor = (e: StoredEvent): SqlText | undefined => {
  const tenantId = e.metadata.tenantId;
  const id = idOf(e);
  switch (e.type) {
    case carryType(KIT_FACTS.created): {
      const d = e.data as { id: string; billNo: string; content: CarryContent };
      const c = d.content;
      return sql(
        `INSERT INTO ${CARRY_OVERS} (tenant_id, id, bill_no, customer_code, carried_on, from_month, to_month, from_bill_no, owing, state)
         VALUES (%L, %L, %L, %L, %L::date, %L, %L, %L, %L, %L) ON CONFLICT (tenant_id, id) DO NOTHING`,
        tenantId, d.id, d.billNo, c.customerCode ?? '', c.billDate ?? businessDay(new Date(e.metadata.occurredAt)), c.fromMonth ?? null, c.toMonth ?? null, c.fromBillNo ?? null, c.owing ?? 0, baccount.lifecycle.initial,
      );
    }
    case carryType(KIT_FACTS.changed): {
      const c = (e.data as { content: CarryContent }).content;
      return sql(
        `UPDATE ${CARRY_OVERS} SET customer_code = %L, carried_on = %L::date, from_month = %L, to_month = %L, from_bill_no = %L, owing = %L WHERE tenant_id = %L AND id = %L`,
        c.customerCode ?? '', c.billDate ?? null, c.fromMonth ?? null, c.toMonth ?? null, c.fromBillNo ?? null, c.owing ?? 0, tenantId, id,
      );
    }
    case carryType(KIT_FACTS.removed):
      return sql(`UPDATE ${CARRY_OVERS} SET removed = true WHERE tenant_id = %L AND id = %L`, tenantId, id);
    default: {
      const state = carryStateAfter[e.type];
      // settled or written off: the day it ended (the ledger's write-off entry)
      if (state) return sql(`UPDATE ${CARRY_OVERS} SET state = %L, ended_on = %L::date WHERE tenant_id = %L AND id = %L`, state, businessDay(new Date(e.metadata.occurredAt)), tenantId, id);
      return undefined;
    }
  }
};

/** Billing's index of its fee carry-overs (inline, beside the bills'): what the receivables ledger reads of them. */
export const carryOversProjection: InlineProjection = {
  name: 'billing-carry-overs',
  tables: [CARRY_OVERS],
  handles: [...new Set([...Object.keys(carryStateAfter), carryType(KIT_FACTS.created), carryType(KIT_FACTS.changed), carryType(KIT_FACTS.removed)])],
  project: (events) => events.map(carryStatementFor).filter((s): s is SqlText => s !== undefined),
};
