import type { ConsignmentEvent } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';
import { consignmentEventTypes, stateAfter, totalsOf } from '@tpl/transport';

/**
 * The report context's own read model of consignment orders, fed by transport's published
 * events (never transport's tables): one row per order with its state, when it was made and
 * when it was signed for, who made it (data scopes filter on created_by / created_dept) and
 * its totals. Pure: replaying every event rebuilds it.
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
];

const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

const statementFor = (stored: StoredEvent): SqlText | undefined => {
  const event = { type: stored.type, data: stored.data } as ConsignmentEvent;
  const { tenantId, occurredAt, actor } = stored.metadata;
  const id = idOf(stored);
  const set = (assignments: string, ...values: unknown[]) =>
    sql(`UPDATE ${FACTS_TABLE} SET ${assignments} WHERE tenant_id = %L AND id = %L`, ...values, tenantId, id);
  switch (event.type) {
    case 'ConsignmentCreated': {
      const t = totalsOf(event.data.content.lines);
      return sql(
        `INSERT INTO ${FACTS_TABLE} (tenant_id, id, state, created_at, created_by, created_dept, total_qty, total_weg, total_volume, total_packages)
         VALUES (%L, %L, 'Draft', %L, %L, %L, %L, %L, %L, %L) ON CONFLICT (tenant_id, id) DO NOTHING`,
        tenantId, event.data.id, occurredAt, actor.userId, actor.deptId ?? null, t.qty, t.weg, t.volume, t.packages,
      );
    }
    case 'ConsignmentChanged': {
      const t = totalsOf(event.data.content.lines);
      return set('total_qty = %L, total_weg = %L, total_volume = %L, total_packages = %L', t.qty, t.weg, t.volume, t.packages);
    }
    case 'ConsignmentRemoved':
      return set('is_deleted = TRUE');
    // the consignee's signing time when the dispatcher recorded one, else when it was recorded
    case 'ConsignmentSigned':
      return set('state = %L, signed_at = %L', stateAfter[event.type], event.data.signedAt || occurredAt);
    default: {
      const state = stateAfter[event.type];
      return state ? set('state = %L', state) : undefined;
    }
  }
};

export const consignmentFactsProjection: InlineProjection = {
  name: 'report-consignment-facts',
  tables: [FACTS_TABLE],
  handles: consignmentEventTypes,
  project: (events) => events.map(statementFor).filter((s): s is SqlText => s !== undefined),
};
