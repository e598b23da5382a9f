import type { Migration } from '@tpl/event-store';

/** Read models of the workflow context: every one is a projection that can be rebuilt from zero. */
export const flowMigrations: Migration[] = [
  {
    id: 'workflow/001-read-models',
    sql: `
CREATE TABLE IF NOT EXISTS wf_models (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  model_key text NOT NULL,
  name text NOT NULL,
  category_id text,
  description text,
  xml text NOT NULL,
  version int NOT NULL,
  deployed_version int,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE TABLE IF NOT EXISTS wf_definitions (
  tenant_id text NOT NULL,
  definition_id uuid NOT NULL,
  key text NOT NULL,
  name text NOT NULL,
  version int NOT NULL,
  deployment_id uuid NOT NULL,
  category_id text,
  document_type text,
  state text NOT NULL,
  del_flag smallint NOT NULL DEFAULT 0,
  deployed_by jsonb NOT NULL,
  deployed_at timestamptz NOT NULL,
  xml text NOT NULL,
  PRIMARY KEY (tenant_id, definition_id),
  UNIQUE (tenant_id, key, version)
);
CREATE TABLE IF NOT EXISTS wf_instances (
  tenant_id text NOT NULL,
  instance_id uuid NOT NULL,
  definition_id uuid NOT NULL,
  process_key text NOT NULL,
  process_name text NOT NULL,
  process_version int NOT NULL,
  business_key text,
  document_type text,
  title text NOT NULL,
  state text NOT NULL,
  initiator text NOT NULL,
  initiator_name text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  current_nodes jsonb NOT NULL DEFAULT '[]',
  version int NOT NULL,
  PRIMARY KEY (tenant_id, instance_id)
);
CREATE INDEX IF NOT EXISTS wf_instances_initiator ON wf_instances (tenant_id, initiator, start_time DESC);
CREATE INDEX IF NOT EXISTS wf_instances_business ON wf_instances (tenant_id, document_type, business_key);
CREATE TABLE IF NOT EXISTS wf_tasks (
  tenant_id text NOT NULL,
  task_id uuid NOT NULL,
  instance_id uuid NOT NULL,
  node_key text NOT NULL,
  task_name text NOT NULL,
  form_key text,
  assignee text,
  owner text,
  candidate_users jsonb NOT NULL DEFAULT '[]',
  candidate_roles jsonb NOT NULL DEFAULT '[]',
  delegation_state text,
  status text NOT NULL,
  decision text,
  comment text,
  escalated boolean NOT NULL DEFAULT false,
  handled_by jsonb NOT NULL DEFAULT '[]',
  create_time timestamptz NOT NULL,
  end_time timestamptz,
  PRIMARY KEY (tenant_id, task_id)
);
CREATE INDEX IF NOT EXISTS wf_tasks_assignee ON wf_tasks (tenant_id, assignee, create_time DESC) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS wf_tasks_claimable ON wf_tasks (tenant_id, create_time DESC) WHERE status = 'open' AND assignee IS NULL;
CREATE INDEX IF NOT EXISTS wf_tasks_instance ON wf_tasks (tenant_id, instance_id);
CREATE INDEX IF NOT EXISTS wf_tasks_handled ON wf_tasks USING gin (handled_by);
CREATE TABLE IF NOT EXISTS wf_copies (
  tenant_id text NOT NULL,
  copy_id uuid NOT NULL,
  instance_id uuid NOT NULL,
  task_id uuid NOT NULL,
  user_id text NOT NULL,
  originator_id text NOT NULL,
  originator_name text NOT NULL,
  comment text,
  create_time timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, copy_id)
);
CREATE INDEX IF NOT EXISTS wf_copies_user ON wf_copies (tenant_id, user_id, create_time DESC);
CREATE TABLE IF NOT EXISTS wf_timers (
  tenant_id text NOT NULL,
  instance_id uuid NOT NULL,
  timer_key text NOT NULL,
  activity_id text NOT NULL,
  due_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, instance_id, timer_key)
);
CREATE INDEX IF NOT EXISTS wf_timers_due ON wf_timers (due_at);
CREATE TABLE IF NOT EXISTS wf_review_config (
  tenant_id text NOT NULL,
  document_type text NOT NULL,
  process_key text NOT NULL,
  enabled boolean NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, document_type)
);
CREATE TABLE IF NOT EXISTS wf_checkpoints (
  name text PRIMARY KEY,
  position bigint NOT NULL
);
`,
  },
  {
    // the review process manager follows the global order on the projector's checkpoints (tpl_checkpoints)
    id: 'workflow/002-checkpoint-to-projector',
    sql: `
SELECT set_config('tpl.system', 'on', true);
-- readers now follow (transaction id, global position): start again from the oldest transaction that wrote
-- after the old position (what it handles twice, it handles idempotently), or at the newest event
INSERT INTO tpl_checkpoints (name, position, cursor)
SELECT w.name, w.position, COALESCE(
  (SELECT min(m.transaction_id)::text || ':0' FROM emt_messages m WHERE m.global_position > w.position),
  (SELECT m.transaction_id::text || ':' || m.global_position FROM emt_messages m ORDER BY m.transaction_id DESC, m.global_position DESC LIMIT 1),
  '0')
  FROM wf_checkpoints w
ON CONFLICT (name) DO NOTHING;
DROP TABLE wf_checkpoints;
`,
  },
  {
    // a process shows to whoever may see its document (process-wall.ts): the document's scope as submitted. Processes
    // started before take their cargo owner from their variables (where the events are in PostgreSQL); no creator
    // is known for them, so a user whose data scope over their document type is restricted does not see them.
    id: 'workflow/003-process-scope',
    sql: `
SELECT set_config('tpl.system', 'on', true);
ALTER TABLE wf_instances ADD COLUMN IF NOT EXISTS customer_code text;
ALTER TABLE wf_instances ADD COLUMN IF NOT EXISTS doc_created_by text;
ALTER TABLE wf_instances ADD COLUMN IF NOT EXISTS doc_created_dept text;
UPDATE wf_instances i SET customer_code = NULLIF(m.message_data->'variables'->>'customerCode', '')
  FROM emt_messages m
 WHERE m.message_type = 'ProcessInstanceStarted' AND m.message_data->>'instanceId' = i.instance_id::text
   AND m.message_metadata->>'tenantId' = i.tenant_id AND i.customer_code IS NULL;
CREATE INDEX IF NOT EXISTS wf_instances_customer ON wf_instances (tenant_id, customer_code);
`,
  },
];
