import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, START_NODE, type BackNode, type FlowActor, type ProcessVariables } from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, StaleVersionError, loadStream, runCommand, type EventStorePort, type Fold, type StoredEvent } from '@tpl/event-store';
import { demoActor } from '@tpl/identity';
import type { ProcessModel } from '@tpl/workflows';
import { runEngineStep, type EngineAction } from '../engine/bpmn-runtime';
import { DefinitionService } from '../definition/definition.service';
import { FlowClock, metadataOf, type FlowContext } from '../flow-context';
import { INSTANCE_STREAM, instanceStream, type InstanceEvent, type ProcessScope } from './instance.events';
import { evolveInstance, type Instance, type OpenTask, type RecordedInstanceEvent } from './instance.state';
import { completedEvent, eventsOfStep } from './instance.step';
import { backNodesOf, checkAct, checkClaim, openTaskOf, type Caller } from './instance.rules';

export type StartRequest = {
  definitionId?: string | undefined;
  processKey?: string | undefined;
  businessKey?: string | null | undefined;
  documentType?: string | null | undefined;
  title?: string | undefined;
  variables?: ProcessVariables | undefined;
  /** the process manager passes one derived from the submit event, so a replay starts nothing twice */
  instanceId?: string | undefined;
  /** the reviewed document's scope; a free process's is its initiator's */
  scope?: ProcessScope | undefined;
};
export type ActionResult = { instanceId: string; version: number; state: string };

/** The scheduler acts for timers. */
export const FLOW_SCHEDULER: FlowActor = { userId: '00000000-0000-0000-0000-000000000002', account: 'scheduler', name: 'Scheduler' };

const toRecorded = (e: StoredEvent): RecordedInstanceEvent => ({ type: e.type, data: e.data, version: e.version, metadata: e.metadata }) as RecordedInstanceEvent;

/** An instance's stream folded (null before it started); the last engine state saved is part of it. */
export const instanceFold: Fold<Instance | null> = { initial: () => null, evolve: (i, e) => evolveInstance(i, toRecorded(e)) };

const ended = (events: { type: string; data: unknown }[]) => events.find((e) => e.type === 'ProcessInstanceCompleted')?.data as { outcome: string } | undefined;

/**
 * Runs process instances. For every command: load the instance's events, fold them (the
 * last engine state included), decide, run one engine step from that state, and append
 * the facts with the expected stream version. Two people acting at once: one append wins,
 * the other gets 409. Nothing is held in memory between requests.
 */
@Injectable()
export class InstanceService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(DefinitionService) private readonly definitions: DefinitionService,
    @Inject(FlowClock) private readonly clock: FlowClock,
  ) {}

  async load(tenantId: string, instanceId: string): Promise<Instance> {
    const { state: instance } = await loadStream(this.store, instanceStream(tenantId, instanceId), instanceFold);
    if (!instance) throw new AppError(404, 'flow.errors.instanceNotFound', { id: instanceId });
    return instance;
  }

  /**
   * Read the instance, fold it, decide (the engine step runs from the state folded), append
   * with the version decided on: another actor first means 409, nothing written.
   */
  private async command(ctx: FlowContext, instanceId: string, decide: (instance: Instance | null, version: number) => Promise<InstanceEvent[]>) {
    let seen = 0;
    try {
      return await runCommand(this.store, {
        stream: instanceStream(ctx.tenantId, instanceId),
        streamType: INSTANCE_STREAM,
        fold: instanceFold,
        metadata: metadataOf(ctx, this.clock.now()),
        decide: (instance, version) => {
          seen = version;
          return decide(instance, version);
        },
      });
    } catch (e) {
      if (e instanceof StaleVersionError) throw new AppError(409, 'errors.concurrentChange', { expected: seen });
      throw e;
    }
  }

  /** The instance as it would be after events (for the engine step's comparison). */
  private applied(ctx: FlowContext, instance: Instance, events: InstanceEvent[]): Instance {
    const metadata = { actor: ctx.actor, occurredAt: this.clock.now().toISOString(), tenantId: ctx.tenantId };
    return events.reduce<Instance>((i, e, n) => evolveInstance(i, { ...e, version: instance.version + n + 1, metadata } as RecordedInstanceEvent) ?? i, instance);
  }

  private async step(instance: Instance, model: ProcessModel, xml: string, state: Instance['engineState'], action: EngineAction, fired?: string) {
    const step = await runEngineStep(xml, state ?? undefined, action);
    const variables = action.kind === 'signal' && action.variables ? { ...instance.variables, ...action.variables } : instance.variables;
    return { step, events: eventsOfStep(instance, step, { model, now: this.clock.now(), newId: randomUUID, variables }, fired) };
  }

  async start(ctx: FlowContext, req: StartRequest): Promise<ActionResult> {
    const def = req.definitionId ? await this.definitions.definition(ctx.tenantId, req.definitionId) : await this.definitions.latestActive(ctx.tenantId, req.processKey ?? '');
    if (def.delFlag === 2) throw new AppError(409, 'flow.errors.definitionDeleted', { name: def.name });
    if (def.state !== 'active') throw new AppError(409, 'flow.errors.definitionSuspended', { name: def.name });
    const model = await this.definitions.modelOf(def);
    const instanceId = req.instanceId ?? randomUUID();
    const variables: ProcessVariables = { ...(req.variables ?? {}), initiator: ctx.actor.account, businessKey: req.businessKey ?? null };
    const started: InstanceEvent = {
      type: 'ProcessInstanceStarted',
      data: {
        instanceId,
        definitionId: def.id,
        processKey: def.key,
        processName: def.name,
        processVersion: def.version,
        businessKey: req.businessKey ?? null,
        documentType: req.documentType ?? null,
        title: req.title || def.name,
        variables,
        initiator: ctx.actor,
        scope: req.scope ?? { customerCode: null, createdBy: ctx.actor.userId, createdDept: null },
      },
    };
    try {
      const r = await this.command(ctx, instanceId, async (existing) => {
        // already started by an earlier delivery of the same submit: nothing to do
        if (existing && req.instanceId) return [];
        if (existing) throw new AppError(409, 'errors.concurrentChange', { expected: 0 });
        const first = evolveInstance(null, { ...started, version: 1, metadata: { actor: ctx.actor, occurredAt: this.clock.now().toISOString(), tenantId: ctx.tenantId } } as RecordedInstanceEvent)!;
        const { step, events } = await this.step(first, model, def.xml, null, { kind: 'start', variables });
        return [started, ...events, ...(step.completed ? [completedEvent('approved', null, ctx.actor)] : [])];
      });
      return { instanceId, version: r.version, state: r.state!.state };
    } catch (e) {
      if (req.instanceId && e instanceof AppError && e.code === 409) {
        // already started by an earlier delivery of the same submit: nothing to do
        const existing = await this.load(ctx.tenantId, instanceId);
        return { instanceId, version: existing.version, state: existing.state };
      }
      throw e;
    }
  }

  async instanceOfTask(tenantId: string, taskId: string): Promise<string> {
    const { rows } = await this.pool.query<{ instance_id: string }>(`SELECT instance_id FROM wf_tasks WHERE tenant_id = $1 AND task_id = $2`, [tenantId, taskId]);
    if (!rows[0]) throw new AppError(404, 'flow.errors.taskNotFound', { id: taskId });
    return rows[0].instance_id;
  }

  /** Loads the instance of a task, checks the caller's version, decides, appends. */
  private async onTask(
    ctx: FlowContext,
    taskId: string,
    seenVersion: number | undefined,
    decide: (instance: Instance, task: OpenTask, caller: Caller) => Promise<InstanceEvent[]>,
  ): Promise<ActionResult> {
    const instanceId = await this.instanceOfTask(ctx.tenantId, taskId);
    const r = await this.command(ctx, instanceId, async (instance) => {
      if (!instance) throw new AppError(404, 'flow.errors.instanceNotFound', { id: instanceId });
      if (seenVersion !== undefined && seenVersion !== instance.version) throw new AppError(409, 'errors.staleVersion', { current: instance.version, expected: seenVersion });
      const task = openTaskOf(instance, taskId);
      return decide(instance, task, { account: ctx.actor.account, roles: ctx.roles });
    });
    if (!r.events.length) return { instanceId, version: r.version, state: r.state!.state };
    return { instanceId, version: r.version, state: ended(r.events)?.outcome ?? 'running' };
  }

  private claimIfNeeded(task: OpenTask, caller: Caller): InstanceEvent[] {
    return checkAct(task, caller).claim ? [{ type: 'TaskClaimed', data: { taskId: task.taskId, assignee: caller.account } }] : [];
  }

  private async definitionOf(instance: Instance) {
    const def = await this.definitions.definition(instance.tenantId, instance.definitionId);
    return { def, model: await this.definitions.modelOf(def) };
  }

  claim(ctx: FlowContext, taskId: string, version?: number): Promise<ActionResult> {
    return this.onTask(ctx, taskId, version, async (_i, task, caller) => {
      checkClaim(task, caller);
      return task.assignee === caller.account ? [] : [{ type: 'TaskClaimed', data: { taskId, assignee: caller.account } }];
    });
  }

  complete(ctx: FlowContext, taskId: string, input: { comment?: string | undefined; variables?: ProcessVariables | undefined; version?: number | undefined }): Promise<ActionResult> {
    return this.onTask(ctx, taskId, input.version, async (instance, task, caller) => {
      const comment = input.comment || null;
      const pre = this.claimIfNeeded(task, caller);
      // a delegate's completion hands the task back to its owner, who finishes it (Flowable)
      if (task.delegationState === 'PENDING' && task.owner) return [...pre, { type: 'TaskResolved', data: { taskId, owner: task.owner, comment } }];
      const done: InstanceEvent = { type: 'TaskCompleted', data: { taskId, decision: 'approve', comment, ...(input.variables ? { variables: input.variables } : {}) } };
      const after = this.applied(ctx, instance, [...pre, done]);
      const { def, model } = await this.definitionOf(instance);
      const { step, events } = await this.step(after, model, def.xml, instance.engineState, { kind: 'signal', executionId: task.executionId, variables: input.variables });
      return [...pre, done, ...events, ...(step.completed ? [completedEvent('approved', comment, ctx.actor)] : [])];
    });
  }

  async backNodes(ctx: FlowContext, taskId: string): Promise<BackNode[]> {
    const instance = await this.load(ctx.tenantId, await this.instanceOfTask(ctx.tenantId, taskId));
    const task = openTaskOf(instance, taskId);
    checkAct(task, { account: ctx.actor.account, roles: ctx.roles });
    const { model } = await this.definitionOf(instance);
    return backNodesOf(instance, task, model);
  }

  reject(ctx: FlowContext, taskId: string, input: { comment: string; targetNodeKey?: string | undefined; version?: number | undefined }): Promise<ActionResult> {
    return this.onTask(ctx, taskId, input.version, async (instance, task, caller) => {
      const pre = this.claimIfNeeded(task, caller);
      const target = input.targetNodeKey || START_NODE;
      const { def, model } = await this.definitionOf(instance);
      const allowed = backNodesOf(instance, task, model);
      const node = allowed.find((n) => n.nodeKey === target);
      if (!node) throw new AppError(400, 'flow.errors.backNodeInvalid', { node: target });
      const rejected: InstanceEvent = { type: 'TaskRejected', data: { taskId, toNode: target, comment: input.comment } };
      const after = this.applied(ctx, instance, [...pre, rejected]);
      if (target === START_NODE) {
        // back to the start: the instance ends rejected, the document returns to its owner
        const cancels: InstanceEvent[] = after.openTasks.map((t) => ({ type: 'TaskCancelled', data: { taskId: t.taskId, reason: 'rejected' } }));
        const timers: InstanceEvent[] = Object.keys(after.timers).map((k) => ({ type: 'TimerCancelled', data: { timerKey: k } }));
        return [...pre, rejected, ...cancels, ...timers, completedEvent('rejected', input.comment, ctx.actor)];
      }
      // back to an earlier task: rewind the engine to the state saved when that task was entered
      const checkpoint = [...instance.checkpoints].reverse().find((c) => c.waitingNodes.includes(target))!;
      const { events } = await this.step(after, model, def.xml, checkpoint.state, { kind: 'restore' });
      return [...pre, rejected, ...events];
    });
  }

  private async user(ctx: FlowContext, account: string): Promise<FlowActor> {
    const u = await demoActor(this.pool, ctx.tenantId, account);
    if (!u) throw new AppError(400, 'flow.errors.userUnknown', { account });
    return u;
  }

  handOn(ctx: FlowContext, kind: 'delegate' | 'transfer', taskId: string, input: { userAccount: string; comment?: string | undefined; version?: number | undefined }): Promise<ActionResult> {
    return this.onTask(ctx, taskId, input.version, async (_i, task, caller) => {
      if (input.userAccount === caller.account) throw new AppError(400, 'flow.errors.selfHandOn');
      const pre = this.claimIfNeeded(task, caller);
      const to = await this.user(ctx, input.userAccount);
      const comment = input.comment || null;
      if (kind === 'delegate') return [...pre, { type: 'TaskDelegated', data: { taskId, owner: task.owner ?? caller.account, assignee: to.account, comment } }];
      return [...pre, { type: 'TaskTransferred', data: { taskId, from: task.assignee ?? caller.account, assignee: to.account, comment } }];
    });
  }

  copy(ctx: FlowContext, taskId: string, input: { userAccounts: string[]; comment?: string | undefined; version?: number | undefined }): Promise<ActionResult> {
    return this.onTask(ctx, taskId, input.version, async (_i, task, caller) => {
      checkAct(task, caller);
      const users = [];
      for (const account of [...new Set(input.userAccounts)]) users.push(await this.user(ctx, account));
      return [{ type: 'TaskCopied', data: { taskId, copies: users.map((u) => ({ copyId: randomUUID(), userId: u.account })), comment: input.comment || null } }];
    });
  }

  /** Fires one due timer (the poller calls this inside the instance's tenant). */
  async fireTimer(tenantId: string, instanceId: string, timerKey: string): Promise<boolean> {
    // the command is this timer's firing: one id per instance and timer, whichever host fires it
    const ctx: FlowContext = { tenantId, actor: FLOW_SCHEDULER, roles: [], correlationId: `timer-${timerKey}`, causationId: `timer-${instanceId}-${timerKey}` };
    try {
      const r = await this.command(ctx, instanceId, async (instance) => {
        if (!instance) throw new AppError(404, 'flow.errors.instanceNotFound', { id: instanceId });
        if (instance.state !== 'running' || !instance.timers[timerKey]) return [];
        const { def, model } = await this.definitionOf(instance);
        const { step, events } = await this.step(instance, model, def.xml, instance.engineState, { kind: 'fireTimer', key: timerKey }, timerKey);
        return [...events, ...(step.completed ? [completedEvent('approved', null, FLOW_SCHEDULER)] : [])];
      });
      return r.events.length > 0;
    } catch (e) {
      // another host (or a user) moved the instance first: the next poll looks again
      if (e instanceof AppError && e.code === 409) return false;
      throw e;
    }
  }
}
