import type { Migration } from '@tpl/event-store';

export const RECORDS_TABLE = 'md_records';

/**
 * One read table for every entity type of the framework: the fields in `data` (jsonb),
 * with code, name and parent pulled out for the unique code rule, pickers and trees.
 */
export const recordsMigrations: Migration[] = [
  {
    id: 'records/001-md-records',
    sql: `
CREATE TABLE IF NOT EXISTS ${RECORDS_TABLE} (
  tenant_id text NOT NULL,
  entity text NOT NULL,
  id uuid NOT NULL,
  code text,
  name text,
  parent_code text,
  data jsonb NOT NULL,
  version int NOT NULL,
  status int NOT NULL DEFAULT 1,
  is_deleted boolean NOT NULL DEFAULT false,
  remark text,
  create_user text NOT NULL,
  create_user_name text NOT NULL,
  create_dept text,
  create_time timestamptz NOT NULL,
  update_user text NOT NULL,
  update_user_name text NOT NULL,
  update_time timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS md_records_code_uq ON ${RECORDS_TABLE} (tenant_id, entity, code) WHERE NOT is_deleted AND code IS NOT NULL;
CREATE INDEX IF NOT EXISTS md_records_entity_code ON ${RECORDS_TABLE} (tenant_id, entity, code);
CREATE INDEX IF NOT EXISTS md_records_parent ON ${RECORDS_TABLE} (tenant_id, entity, parent_code);
CREATE INDEX IF NOT EXISTS md_records_updated ON ${RECORDS_TABLE} (tenant_id, entity, update_time);
CREATE INDEX IF NOT EXISTS md_records_name ON ${RECORDS_TABLE} (tenant_id, entity, name);
`,
  },
];
