import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, toPage, type CopyRow, type InstanceRow, type Page, type PageQuery, type ProcessDetail, type TaskListQuery, type TaskRow } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { demoActor } from '@tpl/identity';
import { DefinitionService } from './definition/definition.service';
import { InstanceService } from './instance/instance.service';
import type { FlowContext } from './flow-context';
import { OPEN_WALL, hiddenProcess, processWallSql, type ProcessWall } from './process-wall';

type TaskDb = {
  task_id: string;
  task_name: string;
  node_key: string;
  instance_id: string;
  definition_id: string;
  process_key: string;
  process_name: string;
  business_key: string | null;
  document_type: string | null;
  title: string;
  form_key: string | null;
  assignee: string | null;
  owner: string | null;
  candidate_users: string[];
  candidate_roles: string[];
  delegation_state: TaskRow['delegationState'];
  status: TaskRow['status'];
  decision: TaskRow['decision'];
  comment: string | null;
  escalated: boolean;
  initiator: string;
  initiator_name: string;
  create_time: Date;
  end_time: Date | null;
  version: number;
  total_count?: string;
};

const TASK_SELECT = `SELECT t.task_id, t.task_name, t.node_key, t.instance_id, i.definition_id, i.process_key, i.process_name, i.business_key, i.document_type, i.title,
    t.form_key, t.assignee, t.owner,
    t.candidate_users, t.candidate_roles, t.delegation_state, t.status, t.decision, t.comment, t.escalated, i.initiator, i.initiator_name,
    t.create_time, t.end_time, i.version, count(*) OVER () AS total_count
  FROM wf_tasks t JOIN wf_instances i ON i.tenant_id = t.tenant_id AND i.instance_id = t.instance_id`;

const taskOf = (r: TaskDb, names: ReadonlyMap<string, string> = new Map()): TaskRow => ({
  taskId: r.task_id,
  taskName: r.task_name,
  nodeKey: r.node_key,
  instanceId: r.instance_id,
  processDefinitionId: r.definition_id,
  processKey: r.process_key,
  processName: r.process_name,
  businessKey: r.business_key,
  documentType: r.document_type,
  title: r.title,
  formKey: r.form_key,
  assignee: r.assignee,
  assigneeName: r.assignee ? (names.get(r.assignee) ?? null) : null,
  owner: r.owner,
  candidateUsers: r.candidate_users,
  candidateRoles: r.candidate_roles,
  delegationState: r.delegation_state,
  status: r.status,
  decision: r.decision,
  comment: r.comment,
  escalated: r.escalated,
  initiator: r.initiator,
  initiatorName: r.initiator_name,
  createTime: r.create_time.toISOString(),
  endTime: r.end_time ? r.end_time.toISOString() : null,
  version: r.version,
});

type InstanceDb = {
  instance_id: string;
  definition_id: string;
  process_key: string;
  process_name: string;
  process_version: number;
  business_key: string | null;
  document_type: string | null;
  title: string;
  state: InstanceRow['state'];
  initiator: string;
  initiator_name: string;
  start_time: Date;
  end_time: Date | null;
  current_nodes: string[];
  version: number;
  total_count?: string;
};
const instanceOf = (r: InstanceDb): InstanceRow => ({
  instanceId: r.instance_id,
  processDefinitionId: r.definition_id,
  processKey: r.process_key,
  processName: r.process_name,
  processVersion: r.process_version,
  businessKey: r.business_key,
  documentType: r.document_type,
  title: r.title,
  state: r.state,
  initiator: r.initiator,
  initiatorName: r.initiator_name,
  startTime: r.start_time.toISOString(),
  endTime: r.end_time ? r.end_time.toISOString() : null,
  currentNodes: r.current_nodes,
  version: r.version,
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The port other contexts read a user's approval work through (the report's figures): the inbox
 * lists, behind the user's process wall when given (process-wall.ts).
 */
export interface FlowInbox {
  todo(ctx: FlowContext, q: TaskListQuery, wall?: ProcessWall): Promise<Page<TaskRow>>;
  claimable(ctx: FlowContext, q: TaskListQuery, wall?: ProcessWall): Promise<Page<TaskRow>>;
  done(ctx: FlowContext, q: TaskListQuery, wall?: ProcessWall): Promise<Page<TaskRow>>;
  sent(ctx: FlowContext, q: TaskListQuery, wall?: ProcessWall): Promise<Page<InstanceRow>>;
}
export const FLOW_INBOX = Symbol('FLOW_INBOX');

/**
 * The inbox and the process pages: reads of the projections, always inside the caller's tenant
 * and behind its process wall (a process of a document the caller may not see answers 404 and
 * is in no list).
 */
@Injectable()
export class FlowQueries implements FlowInbox {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(InstanceService) private readonly instances: InstanceService,
    @Inject(DefinitionService) private readonly definitions: DefinitionService,
  ) {}

  /** Display names of a page's assignees, in one look-up after paging (never per row of the whole list). */
  private async named(tenantId: string, rows: TaskDb[]): Promise<TaskRow[]> {
    const accounts = [...new Set(rows.map((r) => r.assignee).filter((a): a is string => !!a))];
    const names = new Map<string, string>();
    for (const a of accounts) {
      const u = await demoActor(this.pool, tenantId, a);
      if (u) names.set(a, u.name);
    }
    return rows.map((r) => taskOf(r, names));
  }

  private async tasks(ctx: FlowContext, q: TaskListQuery, clause: string, order: string, params: unknown[], wall: ProcessWall): Promise<Page<TaskRow>> {
    const where = ['t.tenant_id = $1', clause];
    const all: unknown[] = [ctx.tenantId, ...params];
    const walled = processWallSql(wall, 'i', all);
    if (walled) where.push(walled);
    const add = (c: string, v: unknown) => {
      all.push(v);
      where.push(c.replaceAll('?', `$${all.length}`));
    };
    if (q.keyword) add('(i.title ILIKE ? OR i.process_name ILIKE ? OR t.task_name ILIKE ?)', `%${likeEscape(q.keyword)}%`);
    if (q.processKey) add('i.process_key = ?', q.processKey);
    if (q.documentType) add('i.document_type = ?', q.documentType);
    all.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<TaskDb>(`${TASK_SELECT} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${all.length - 1} OFFSET $${all.length}`, all);
    return toPage(await this.named(ctx.tenantId, rows), rows.length ? Number(rows[0]!.total_count) : q.current > 1 ? await this.countTasks(where, all.slice(0, -2)) : 0, q);
  }

  private async countTasks(where: string[], params: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM wf_tasks t JOIN wf_instances i ON i.tenant_id = t.tenant_id AND i.instance_id = t.instance_id WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0]!.n);
  }

  todo(ctx: FlowContext, q: TaskListQuery, wall: ProcessWall = OPEN_WALL) {
    return this.tasks(ctx, q, `t.status = 'open' AND t.assignee = $2`, 't.create_time DESC, t.task_id', [ctx.actor.account], wall);
  }

  claimable(ctx: FlowContext, q: TaskListQuery, wall: ProcessWall = OPEN_WALL) {
    return this.tasks(ctx, q, `t.status = 'open' AND t.assignee IS NULL AND (t.candidate_users ? $2 OR t.candidate_roles ?| $3::text[])`, 't.create_time DESC, t.task_id', [
      ctx.actor.account,
      [...ctx.roles],
    ], wall);
  }

  done(ctx: FlowContext, q: TaskListQuery, wall: ProcessWall = OPEN_WALL) {
    return this.tasks(ctx, q, `t.handled_by ? $2`, 'COALESCE(t.end_time, t.create_time) DESC, t.task_id', [ctx.actor.account], wall);
  }

  async sent(ctx: FlowContext, q: TaskListQuery, wall: ProcessWall = OPEN_WALL): Promise<Page<InstanceRow>> {
    return this.instanceList(ctx.tenantId, q, wall, ['initiator = $2'], [ctx.actor.account], q.keyword);
  }

  async instanceList(
    tenantId: string,
    q: PageQuery & { state?: string | undefined; processKey?: string | undefined; businessKey?: string | undefined; documentType?: string | undefined },
    wall: ProcessWall,
    extra: string[] = [],
    extraParams: unknown[] = [],
    keyword?: string,
  ) {
    const where = ['tenant_id = $1', ...extra];
    const params: unknown[] = [tenantId, ...extraParams];
    const walled = processWallSql(wall, 'i', params);
    if (walled) where.push(walled);
    const add = (c: string, v: unknown) => {
      params.push(v);
      where.push(c.replaceAll('?', `$${params.length}`));
    };
    if (keyword) add('(title ILIKE ? OR process_name ILIKE ?)', `%${likeEscape(keyword)}%`);
    if (q.state) add('state = ?', q.state);
    if (q.processKey) add('process_key = ?', q.processKey);
    if (q.businessKey) add('business_key = ?', q.businessKey);
    if (q.documentType) add('document_type = ?', q.documentType);
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<InstanceDb>(
      `SELECT i.*, count(*) OVER () AS total_count FROM wf_instances i WHERE ${where.join(' AND ')} ORDER BY start_time DESC, instance_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return toPage(rows.map(instanceOf), rows.length ? Number(rows[0]!.total_count) : 0, q);
  }

  async copies(ctx: FlowContext, q: TaskListQuery, wall: ProcessWall = OPEN_WALL): Promise<Page<CopyRow>> {
    const params: unknown[] = [ctx.tenantId, ctx.actor.account];
    let kw = '';
    if (q.keyword) {
      params.push(`%${likeEscape(q.keyword)}%`);
      kw = `AND (i.title ILIKE $3 OR i.process_name ILIKE $3)`;
    }
    const walled = processWallSql(wall, 'i', params);
    if (walled) kw += ` AND ${walled}`;
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<{
      copy_id: string; title: string; definition_id: string; process_name: string; instance_id: string; task_id: string; user_id: string;
      originator_id: string; originator_name: string; comment: string | null; create_time: Date; total_count: string;
    }>(
      `SELECT c.copy_id, i.title, i.definition_id, i.process_name, c.instance_id, c.task_id, c.user_id, c.originator_id, c.originator_name, c.comment, c.create_time,
              count(*) OVER () AS total_count
         FROM wf_copies c JOIN wf_instances i ON i.tenant_id = c.tenant_id AND i.instance_id = c.instance_id
        WHERE c.tenant_id = $1 AND c.user_id = $2 ${kw}
        ORDER BY c.create_time DESC, c.copy_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return toPage(
      rows.map((r) => ({
        copyId: r.copy_id,
        title: r.title,
        processId: r.definition_id,
        processName: r.process_name,
        instanceId: r.instance_id,
        taskId: r.task_id,
        userId: r.user_id,
        originatorId: r.originator_id,
        originatorName: r.originator_name,
        comment: r.comment,
        createTime: r.create_time.toISOString(),
      })),
      rows.length ? Number(rows[0]!.total_count) : 0,
      q,
    );
  }

  /** One task: for its assignee, owner, candidates, those who acted on it or were copied, and the initiator; behind the process wall. */
  async task(ctx: FlowContext, taskId: string, wall: ProcessWall = OPEN_WALL): Promise<TaskRow> {
    const params: unknown[] = [ctx.tenantId, taskId, ctx.actor.account];
    const walled = processWallSql(wall, 'i', params);
    const { rows } = await this.pool.query<TaskDb & { handled_by: string[]; copied: boolean }>(
      `${TASK_SELECT.replace(' count(*) OVER () AS total_count', ` t.handled_by, EXISTS (SELECT 1 FROM wf_copies c WHERE c.tenant_id = t.tenant_id AND c.task_id = t.task_id AND c.user_id = $3) AS copied`)}
        WHERE t.tenant_id = $1 AND t.task_id = $2${walled ? ` AND ${walled}` : ''}`,
      params,
    );
    const r = rows[0];
    if (!r) throw new AppError(404, 'flow.errors.taskNotFound', { id: taskId });
    const me = ctx.actor.account;
    const visible =
      r.assignee === me || r.owner === me || r.initiator === me || r.copied || r.handled_by.includes(me) ||
      (r.status === 'open' && !r.assignee && (r.candidate_users.includes(me) || r.candidate_roles.some((x) => ctx.roles.includes(x))));
    if (!visible) throw new AppError(403, 'flow.errors.notYourTask');
    return (await this.named(ctx.tenantId, [r]))[0]!;
  }

  async instanceTasks(tenantId: string, instanceId: string): Promise<TaskRow[]> {
    const { rows } = await this.pool.query<TaskDb>(`${TASK_SELECT} WHERE t.tenant_id = $1 AND t.instance_id = $2 ORDER BY t.create_time, t.task_id`, [tenantId, instanceId]);
    return this.named(tenantId, rows);
  }

  /** A process outside the wall answers as if it did not exist (404), as its document does. */
  async assertVisible(tenantId: string, instanceId: string, wall: ProcessWall): Promise<void> {
    const params: unknown[] = [tenantId, instanceId];
    const walled = processWallSql(wall, 'i', params);
    if (!walled) return;
    const { rows } = await this.pool.query(`SELECT 1 FROM wf_instances i WHERE i.tenant_id = $1 AND i.instance_id = $2 AND NOT COALESCE(${walled}, FALSE)`, params);
    if (rows.length) throw hiddenProcess(instanceId);
  }

  /** A task of a process outside the wall answers as if it did not exist (404). */
  async assertTaskVisible(tenantId: string, taskId: string, wall: ProcessWall): Promise<void> {
    const params: unknown[] = [tenantId, taskId];
    const walled = processWallSql(wall, 'i', params);
    if (!walled) return;
    const { rows } = await this.pool.query(
      `SELECT 1 FROM wf_tasks t JOIN wf_instances i ON i.tenant_id = t.tenant_id AND i.instance_id = t.instance_id
        WHERE t.tenant_id = $1 AND t.task_id = $2 AND NOT COALESCE(${walled}, FALSE)`,
      params,
    );
    if (rows.length) throw new AppError(404, 'flow.errors.taskNotFound', { id: taskId });
  }

  async detail(tenantId: string, instanceId: string, wall: ProcessWall = OPEN_WALL): Promise<ProcessDetail> {
    await this.assertVisible(tenantId, instanceId, wall);
    const instance = await this.instances.load(tenantId, instanceId);
    const def = await this.definitions.definition(tenantId, instance.definitionId);
    const { rows } = await this.pool.query<InstanceDb>(`SELECT * FROM wf_instances WHERE tenant_id = $1 AND instance_id = $2`, [tenantId, instanceId]);
    return {
      instance: instanceOf(rows[0]!),
      xml: def.xml,
      activeNodeIds: [...new Set(instance.openTasks.map((t) => t.nodeKey))],
      pathNodeIds: instance.pathNodeIds,
      takenFlowIds: instance.takenFlowIds,
      history: instance.history,
      tasks: (await this.instanceTasks(tenantId, instanceId)).filter((t) => t.status === 'open'),
      variables: instance.variables,
    };
  }

  /** The processes of one document, those the wall lets through (a document the caller may not see: none). */
  async byBusiness(tenantId: string, documentType: string, businessKey: string, wall: ProcessWall = OPEN_WALL): Promise<InstanceRow[]> {
    const params: unknown[] = [tenantId, documentType, businessKey];
    const walled = processWallSql(wall, 'i', params);
    const { rows } = await this.pool.query<InstanceDb>(
      `SELECT i.* FROM wf_instances i WHERE i.tenant_id = $1 AND i.document_type = $2 AND i.business_key = $3${walled ? ` AND ${walled}` : ''} ORDER BY start_time DESC`,
      params,
    );
    return rows.map(instanceOf);
  }
}
