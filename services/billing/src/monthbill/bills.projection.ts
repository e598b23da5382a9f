import { KIT_FACTS, eventTypeOf, monthbill } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';
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
];

const stateAfter = documentFactStates(monthbill);
const type = (fact: string) => eventTypeOf(monthbill, fact);
const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);
type Content = { customerCode?: string; month?: string; cutoff?: string; pricedThrough?: string; totalCost?: number; amountDue?: number };

const statementFor = (e: StoredEvent): SqlText | undefined => {
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
      const d = e.data as { payAmount?: number; paidAmount?: number };
      // a payment line adds its amount; a fact from before payment lines carried the amount received in all
      if (d.payAmount !== undefined)
        return sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = paid_amount + %L::numeric, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', d.payAmount, e.version, tenantId, id);
      return sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = %L, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', d.paidAmount ?? 0, e.version, tenantId, id);
    }
    case type('PaymentReversed'): {
      // the counter-entry: the reversed payment's amount, as the server filled it
      const amount = (e.data as { reversedAmount?: number }).reversedAmount ?? 0;
      return sql(`UPDATE ${MONTH_BILLS} SET state = %L, paid_amount = paid_amount - %L::numeric, version = %L WHERE tenant_id = %L AND id = %L`, stateAfter[e.type] ?? 'Paid', amount, e.version, tenantId, id);
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
  tables: [MONTH_BILLS],
  handles: Object.keys(stateAfter),
  project: (events) => events.map(statementFor).filter((s): s is SqlText => s !== undefined),
};
