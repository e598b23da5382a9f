import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';
import { instanceEventTypes, type InstanceEvent } from '../instance/instance.events';

const instanceIdOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

/**
 * Instances, tasks, copies and due timers from the instance events, in the append's
 * transaction (the inbox sees a decision at once). Task rows take the process's names from
 * the instance row written by an earlier statement of the same batch or an earlier append.
 */
const statementsFor = (stored: StoredEvent): SqlText[] => {
  const e = { type: stored.type, data: stored.data } as InstanceEvent;
  const { tenantId, occurredAt, actor } = stored.metadata;
  const instanceId = instanceIdOf(stored);
  const version = sql(`UPDATE wf_instances SET version = %L WHERE tenant_id = %L AND instance_id = %L`, stored.version, tenantId, instanceId);
  const task = (set: string, taskId: string, ...values: unknown[]) =>
    sql(`UPDATE wf_tasks SET ${set} WHERE tenant_id = %L AND task_id = %L`, ...values, tenantId, taskId);
  const handled = `handled_by = CASE WHEN handled_by ? ${sql('%L', actor.account)} THEN handled_by ELSE handled_by || ${sql('%L', [actor.account])}::jsonb END`;
  switch (e.type) {
    case 'ProcessInstanceStarted': {
      const d = e.data;
      // recorded before processes had walls: the document's customer as its variables carried it, no creator (hidden from restricted scopes)
      const customer = d.variables.customerCode;
      const scope = d.scope ?? { customerCode: typeof customer === 'string' && customer ? customer : null, createdBy: null, createdDept: null };
      return [
        sql(
          `INSERT INTO wf_instances (tenant_id, instance_id, definition_id, process_key, process_name, process_version, business_key, document_type,
             title, state, initiator, initiator_name, start_time, version, customer_code, doc_created_by, doc_created_dept)
           VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, 'running', %L, %L, %L, %L, %L, %L, %L)`,
          tenantId, d.instanceId, d.definitionId, d.processKey, d.processName, d.processVersion, d.businessKey, d.documentType,
          d.title, d.initiator.account, d.initiator.name, occurredAt, stored.version, scope.customerCode, scope.createdBy, scope.createdDept,
        ),
      ];
    }
    case 'TaskCreated': {
      const d = e.data;
      return [
        version,
        sql(
          `INSERT INTO wf_tasks (tenant_id, task_id, instance_id, node_key, task_name, form_key, assignee, candidate_users, candidate_roles, status, create_time)
           VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, 'open', %L)`,
          tenantId, d.taskId, instanceId, d.nodeKey, d.nodeName, d.formKey, d.assignee, d.candidateUsers, d.candidateRoles, occurredAt,
        ),
        ...currentNodes(tenantId, instanceId),
      ];
    }
    case 'TaskClaimed':
      return [version, task('assignee = %L', e.data.taskId, e.data.assignee)];
    case 'TaskCompleted':
      return [version, task(`status = 'completed', decision = 'approve', comment = %L, end_time = %L, ${handled}`, e.data.taskId, e.data.comment, occurredAt), ...currentNodes(tenantId, instanceId)];
    case 'TaskRejected':
      return [version, task(`status = 'rejected', decision = 'reject', comment = %L, end_time = %L, ${handled}`, e.data.taskId, e.data.comment, occurredAt), ...currentNodes(tenantId, instanceId)];
    case 'TaskDelegated':
      return [version, task(`owner = %L, assignee = %L, delegation_state = 'PENDING', ${handled}`, e.data.taskId, e.data.owner, e.data.assignee)];
    case 'TaskResolved':
      return [version, task(`assignee = %L, delegation_state = 'RESOLVED', comment = %L, ${handled}`, e.data.taskId, e.data.owner, e.data.comment)];
    case 'TaskTransferred':
      return [version, task(`assignee = %L, owner = NULL, delegation_state = NULL, ${handled}`, e.data.taskId, e.data.assignee)];
    case 'TaskCopied':
      return [
        version,
        ...e.data.copies.map((c) =>
          sql(
            `INSERT INTO wf_copies (tenant_id, copy_id, instance_id, task_id, user_id, originator_id, originator_name, comment, create_time)
             VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L)`,
            tenantId, c.copyId, instanceId, e.data.taskId, c.userId, actor.account, actor.name, e.data.comment, occurredAt,
          ),
        ),
      ];
    case 'TaskEscalated':
      return [version, task('escalated = TRUE', e.data.taskId)];
    case 'TaskCancelled':
      return [version, task(`status = 'cancelled', end_time = %L`, e.data.taskId, occurredAt), ...currentNodes(tenantId, instanceId)];
    case 'TimerScheduled':
      return [
        version,
        sql(
          `INSERT INTO wf_timers (tenant_id, instance_id, timer_key, activity_id, due_at) VALUES (%L, %L, %L, %L, %L)
           ON CONFLICT (tenant_id, instance_id, timer_key) DO UPDATE SET due_at = EXCLUDED.due_at`,
          tenantId, instanceId, e.data.timerKey, e.data.activityId, e.data.dueAt,
        ),
      ];
    case 'TimerCancelled':
    case 'TimerFired':
      return [version, sql(`DELETE FROM wf_timers WHERE tenant_id = %L AND instance_id = %L AND timer_key = %L`, tenantId, instanceId, e.data.timerKey)];
    case 'NodesPassed':
    case 'EngineStateSaved':
      return [version];
    case 'ProcessInstanceCompleted':
      return [
        sql(`UPDATE wf_instances SET version = %L, state = %L, end_time = %L, current_nodes = '[]' WHERE tenant_id = %L AND instance_id = %L`, stored.version, e.data.outcome, occurredAt, tenantId, instanceId),
        sql(`DELETE FROM wf_timers WHERE tenant_id = %L AND instance_id = %L`, tenantId, instanceId),
      ];
  }
};

/** current_nodes lists the names of open tasks: recomputed from the task rows after a task closes. */
const currentNodes = (tenantId: string, instanceId: string): SqlText[] => [
  sql(
    `UPDATE wf_instances i SET current_nodes = COALESCE((SELECT jsonb_agg(t.task_name ORDER BY t.create_time) FROM wf_tasks t
        WHERE t.tenant_id = i.tenant_id AND t.instance_id = i.instance_id AND t.status = 'open'), '[]'::jsonb)
      WHERE i.tenant_id = %L AND i.instance_id = %L`,
    tenantId,
    instanceId,
  ),
];

export const instanceProjection: InlineProjection = {
  name: 'flow-instances',
  tables: ['wf_instances', 'wf_tasks', 'wf_copies', 'wf_timers'],
  handles: instanceEventTypes,
  project: (events) => events.flatMap(statementsFor),
};
