import { consignmentDocument as consignment, documentTotals, eventTypeOf } from '@tpl/contracts';
import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';
import { documentFactStates } from '@tpl/workflows';

/** What the consignment order's published events mean, read from its description (never from transport's code). */
const stateAfter = documentFactStates(consignment);
const consignmentEventTypes = Object.keys(stateAfter);
const type = (fact: string) => eventTypeOf(consignment, fact);
const totalsOf = (content: unknown) => {
  const t = documentTotals(consignment, (content ?? {}) as Record<string, unknown>);
  return { qty: t.qty ?? 0, weg: t.weg ?? 0, volume: t.volume ?? 0, packages: t.packages ?? 0 };
};
type ConsignmentEvent = { type: string; data: { id?: string; content?: unknown; signedAt?: string } };

/**
 * The report context's own read model of consignment orders, fed by transport's published
 * events (never transport's tables): one row per order with its state, when it was made and
 * when it was signed for, who made it (data scopes filter on created_by / created_dept) and
 * its totals. Kept by the asynchronous projector (a dashboard may trail a write by a poll);
 * pure: replaying every event rebuilds it.
 */
export const FACTS_TABLE = 'rpt_consignments';

export const consignmentFactsMigrations: Migration[] = [
  {
    id: 'report/001-consignment-facts',
    sql: `
CREATE TABLE IF NOT EXISTS ${FACTS_TABLE} (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  signed_at timestamptz,
  created_by text,
  created_dept text,
  total_qty numeric NOT NULL DEFAULT 0,
  total_weg numeric NOT NULL DEFAULT 0,
  total_volume numeric NOT NULL DEFAULT 0,
  total_packages int NOT NULL DEFAULT 0,
  is_deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX IF NOT EXISTS rpt_consignments_created ON ${FACTS_TABLE} (tenant_id, created_at);
CREATE INDEX IF NOT EXISTS rpt_consignments_signed ON ${FACTS_TABLE} (tenant_id, signed_at) WHERE signed_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS rpt_consignments_state ON ${FACTS_TABLE} (tenant_id, state);
-- which projections have been filled from the events that existed before they did
CREATE TABLE IF NOT EXISTS rpt_projection_status (name text PRIMARY KEY, built_at timestamptz NOT NULL DEFAULT now());
`,
  },
  {
    // the projector keeps the table from now on, from its own checkpoint (tpl_checkpoints):
    // it starts at 0, so what the inline projection wrote is cleared and written again
    id: 'report/002-consignment-facts-async',
    sql: `
SELECT set_config('tpl.system', 'on', true);
DELETE FROM ${FACTS_TABLE};
DROP TABLE IF EXISTS rpt_projection_status;
`,
  },
];

type Totals = ReturnType<typeof totalsOf>;
/** An order first seen in the batch: its row as created. */
type Created = { tenant_id: string; id: string; created_at: string; created_by: string; created_dept: string | null; t: Totals };
/** What later events of the batch change on an order's row: last writer wins per column. */
type Patch = { state?: string; signed_at?: string; t?: Totals; deleted?: boolean };

const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

/**
 * A batch as two multi-row statements: the orders created in it, then one change per order
 * touched (the latest value of each column the batch set). Applying them equals applying
 * the events one by one, in order: a change before its order exists changes nothing, and
 * a later value replaces an earlier one.
 */
export const factsStatements = (events: StoredEvent[]) => {
  const created = new Map<string, Created>();
  const patches = new Map<string, Patch>();
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as ConsignmentEvent;
    const { tenantId, occurredAt, actor } = stored.metadata;
    const id = event.type === type('Created') ? String(event.data.id) : idOf(stored);
    const key = `${tenantId}\u0000${id}`;
    const patch = () => {
      let p = patches.get(key);
      if (!p) patches.set(key, (p = {}));
      return p;
    };
    switch (event.type) {
      case type('Created'):
        if (!created.has(key)) {
          created.set(key, { tenant_id: tenantId, id, created_at: occurredAt, created_by: actor.userId, created_dept: actor.deptId ?? null, t: totalsOf(event.data.content) });
          // what came before the order existed changed nothing
          patches.delete(key);
        }
        break;
      case type('Changed'):
        patch().t = totalsOf(event.data.content);
        break;
      case type('Removed'):
        patch().deleted = true;
        break;
      // the consignee's signing time when the dispatcher recorded one, else when it was recorded
      case type('Signed'): {
        const p = patch();
        p.state = stateAfter[event.type]!;
        p.signed_at = event.data.signedAt || occurredAt;
        break;
      }
      default: {
        const state = stateAfter[event.type];
        if (state) patch().state = state;
      }
    }
  }
  const statements: { text: string; values: unknown[] }[] = [];
  if (created.size) {
    const rows = [...created.values()].map(({ t, ...r }) => ({ ...r, total_qty: t.qty, total_weg: t.weg, total_volume: t.volume, total_packages: t.packages }));
    statements.push({
      text: `INSERT INTO ${FACTS_TABLE} (tenant_id, id, state, created_at, created_by, created_dept, total_qty, total_weg, total_volume, total_packages)
             SELECT r.tenant_id, r.id, 'Draft', r.created_at, r.created_by, r.created_dept, r.total_qty, r.total_weg, r.total_volume, r.total_packages
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, id uuid, created_at timestamptz, created_by text, created_dept text,
                                                      total_qty numeric, total_weg numeric, total_volume numeric, total_packages int)
             ON CONFLICT (tenant_id, id) DO NOTHING`,
      values: [JSON.stringify(rows)],
    });
  }
  if (patches.size) {
    const rows = [...patches].map(([key, p]) => {
      const [tenant_id, id] = key.split('\u0000');
      return {
        tenant_id,
        id,
        state: p.state ?? null,
        signed_at: p.signed_at ?? null,
        totals: p.t !== undefined,
        ...(p.t ? { total_qty: p.t.qty, total_weg: p.t.weg, total_volume: p.t.volume, total_packages: p.t.packages } : {}),
        deleted: p.deleted ?? false,
      };
    });
    statements.push({
      text: `UPDATE ${FACTS_TABLE} f SET
               state = COALESCE(p.state, f.state),
               signed_at = COALESCE(p.signed_at, f.signed_at),
               total_qty = CASE WHEN p.totals THEN p.total_qty ELSE f.total_qty END,
               total_weg = CASE WHEN p.totals THEN p.total_weg ELSE f.total_weg END,
               total_volume = CASE WHEN p.totals THEN p.total_volume ELSE f.total_volume END,
               total_packages = CASE WHEN p.totals THEN p.total_packages ELSE f.total_packages END,
               is_deleted = f.is_deleted OR p.deleted
             FROM jsonb_to_recordset($1::jsonb) AS p(tenant_id text, id uuid, state text, signed_at timestamptz, totals boolean,
                                                     total_qty numeric, total_weg numeric, total_volume numeric, total_packages int, deleted boolean)
             WHERE f.tenant_id = p.tenant_id AND f.id = p.id`,
      values: [JSON.stringify(rows)],
    });
  }
  return statements;
};

export const consignmentFactsProjection: AsyncProjection = {
  name: 'report-consignment-facts',
  tables: [FACTS_TABLE],
  handles: consignmentEventTypes,
  project: factsStatements,
};
