import type { ConsignmentEvent } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';
import { stateAfter, totalsOf, consignmentEventTypes } from '../consignment.events';

export const LIST_TABLE = 'trn_consignment_list';

export const consignmentListMigrations: Migration[] = [
  {
    id: 'transport/001-consignment-list',
    sql: `
CREATE TABLE IF NOT EXISTS ${LIST_TABLE} (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  bill_no text NOT NULL,
  bill_date date NOT NULL,
  customer_code text NOT NULL,
  consignor_name text NOT NULL,
  consignee_name text NOT NULL,
  delivery_mode text NOT NULL,
  planned_date date NOT NULL,
  state text NOT NULL,
  version int NOT NULL,
  total_qty numeric NOT NULL,
  total_weg numeric NOT NULL,
  total_volume numeric NOT NULL,
  total_packages int NOT NULL,
  plate_no text,
  driver_name text,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS trn_consignment_list_bill_no ON ${LIST_TABLE} (tenant_id, bill_no);
CREATE INDEX IF NOT EXISTS trn_consignment_list_state ON ${LIST_TABLE} (tenant_id, state, bill_no);
CREATE INDEX IF NOT EXISTS trn_consignment_list_bill_date ON ${LIST_TABLE} (tenant_id, bill_date);
CREATE INDEX IF NOT EXISTS trn_consignment_list_customer ON ${LIST_TABLE} (tenant_id, customer_code);
CREATE INDEX IF NOT EXISTS trn_consignment_list_updated ON ${LIST_TABLE} (tenant_id, updated_at);
`,
  },
  {
    id: 'transport/002-consignment-review',
    sql: `ALTER TABLE ${LIST_TABLE} ADD COLUMN IF NOT EXISTS is_review smallint NOT NULL DEFAULT 0;`,
  },
  {
    // who made each order and in which department: what data scopes filter on
    id: 'transport/003-consignment-creator',
    sql: `
ALTER TABLE ${LIST_TABLE} ADD COLUMN IF NOT EXISTS created_by text;
ALTER TABLE ${LIST_TABLE} ADD COLUMN IF NOT EXISTS created_dept text;
UPDATE ${LIST_TABLE} l SET created_by = m.message_metadata->'actor'->>'userId', created_dept = m.message_metadata->'actor'->>'deptId'
  FROM emt_messages m WHERE m.stream_id = 'Consignment-' || l.tenant_id || '-' || l.id AND m.stream_position = 1 AND l.created_by IS NULL;
CREATE INDEX IF NOT EXISTS trn_consignment_list_created_by ON ${LIST_TABLE} (tenant_id, created_by);
CREATE INDEX IF NOT EXISTS trn_consignment_list_created_dept ON ${LIST_TABLE} (tenant_id, created_dept);
`,
  },
];

const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

/** One statement per fact; replaying every event from zero rebuilds the same table. */
const statementFor = (stored: StoredEvent): SqlText => {
  const event = { type: stored.type, data: stored.data } as ConsignmentEvent;
  const { tenantId, occurredAt } = stored.metadata;
  const id = idOf(stored);
  const touch = (extra = '', ...values: unknown[]) =>
    sql(
      `UPDATE ${LIST_TABLE} SET version = %L, updated_at = %L${extra} WHERE tenant_id = %L AND id = %L`,
      stored.version,
      occurredAt,
      ...values,
      tenantId,
      id,
    );
  const state = stateAfter[event.type];
  switch (event.type) {
    case 'ConsignmentCreated': {
      const c = event.data.content;
      const t = totalsOf(c.lines);
      return sql(
        `INSERT INTO ${LIST_TABLE} (tenant_id, id, bill_no, bill_date, customer_code, consignor_name, consignee_name, delivery_mode,
           planned_date, state, version, total_qty, total_weg, total_volume, total_packages, created_by_name, created_by, created_dept,
           created_at, updated_at, is_review)
         VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)`,
        tenantId, event.data.id, event.data.billNo, c.billDate, c.customerCode, c.consignor.name, c.consignee.name, c.deliveryMode,
        c.plannedDate, 'Draft', stored.version, t.qty, t.weg, t.volume, t.packages, stored.metadata.actor.name, stored.metadata.actor.userId,
        stored.metadata.actor.deptId ?? null, occurredAt, occurredAt, event.data.isReview ?? 0,
      );
    }
    case 'ConsignmentChanged': {
      const c = event.data.content;
      const t = totalsOf(c.lines);
      return touch(
        `, bill_date = %L, customer_code = %L, consignor_name = %L, consignee_name = %L, delivery_mode = %L, planned_date = %L,
           total_qty = %L, total_weg = %L, total_volume = %L, total_packages = %L`,
        c.billDate, c.customerCode, c.consignor.name, c.consignee.name, c.deliveryMode, c.plannedDate, t.qty, t.weg, t.volume, t.packages,
      );
    }
    case 'ConsignmentDispatched':
      return touch(', state = %L, plate_no = %L, driver_name = %L', state, event.data.plateNo, event.data.driverName);
    case 'ConsignmentRemoved':
      return touch(', is_deleted = TRUE');
    case 'ConsignmentReviewed':
      return touch(', state = %L, is_review = 2', state);
    case 'ConsignmentSubmittedForReview':
    case 'ConsignmentReviewRejected':
    case 'ConsignmentAudited':
    case 'ConsignmentLoaded':
    case 'ConsignmentArrived':
    case 'ConsignmentSigned':
    case 'ConsignmentCancelled':
      return touch(', state = %L', state);
  }
};

export const consignmentListProjection: InlineProjection = {
  name: 'consignment-list',
  tables: [LIST_TABLE],
  handles: consignmentEventTypes,
  project: (events) => events.map(statementFor),
};
