import { resolveList, type ProcessModel } from '@tpl/workflows';
import type { FlowActor, ProcessVariables } from '@tpl/contracts';
import type { EngineStep } from '../engine/bpmn-runtime';
import type { InstanceEvent } from './instance.events';
import type { Instance } from './instance.state';

export type StepContext = { model: ProcessModel; now: Date; newId: () => string; variables: ProcessVariables };

/** A user task's assignee and candidates, resolved against the variables. */
export const assignmentOf = (model: ProcessModel, nodeKey: string, variables: ProcessVariables) => {
  const node = model.nodes.find((n) => n.id === nodeKey);
  const [assignee] = resolveList(node?.assignee, variables);
  return {
    assignee: assignee ?? null,
    candidateUsers: resolveList(node?.candidateUsers, variables),
    candidateRoles: resolveList(node?.candidateRoles, variables),
    formKey: node?.formKey ?? null,
  };
};

/**
 * What one engine step means as facts: tasks that appeared or went away, timers scheduled
 * or gone, escalations, the path taken and the engine state. Pure: the same instance and
 * step always give the same events (ids and time come in through the context).
 * `instance` is the instance after the caller's own facts of this step (the task completed).
 */
export const eventsOfStep = (instance: Pick<Instance, 'openTasks' | 'timers'>, step: EngineStep, ctx: StepContext, fired?: string): InstanceEvent[] => {
  const events: InstanceEvent[] = [];
  const waitingIds = new Set(step.waiting.map((w) => w.executionId));
  const passed = new Set(step.passedNodes);
  // boundary timers that ended in this step escalate the task they are attached to
  const escalatedNodes = new Map<string, string>();
  for (const n of ctx.model.nodes) if (n.attachedTo && n.timer && passed.has(n.id)) escalatedNodes.set(n.attachedTo, n.id);
  if (fired) events.push({ type: 'TimerFired', data: { timerKey: fired } });
  for (const t of instance.openTasks) {
    const timerId = escalatedNodes.get(t.nodeKey);
    if (timerId) events.push({ type: 'TaskEscalated', data: { taskId: t.taskId, timerId } });
    if (!waitingIds.has(t.executionId)) events.push({ type: 'TaskCancelled', data: { taskId: t.taskId, reason: timerId ? 'escalated' : step.completed ? 'ended' : 'rejected' } });
  }
  const open = new Set(instance.openTasks.map((t) => t.executionId));
  for (const w of step.waiting) {
    if (open.has(w.executionId)) continue;
    const node = ctx.model.nodes.find((n) => n.id === w.nodeKey);
    events.push({
      type: 'TaskCreated',
      data: { taskId: ctx.newId(), nodeKey: w.nodeKey, nodeName: node?.name || w.nodeName, executionId: w.executionId, ...assignmentOf(ctx.model, w.nodeKey, ctx.variables) },
    });
  }
  const pending = new Set(step.timers.map((t) => t.key));
  for (const key of Object.keys(instance.timers)) if (key !== fired && !pending.has(key)) events.push({ type: 'TimerCancelled', data: { timerKey: key } });
  for (const t of step.timers) {
    if (instance.timers[t.key]) continue;
    const attachedTo = ctx.model.nodes.find((n) => n.id === t.activityId)?.attachedTo ?? null;
    events.push({ type: 'TimerScheduled', data: { timerKey: t.key, activityId: t.activityId, attachedTo, dueAt: new Date(ctx.now.getTime() + t.delayMs).toISOString() } });
  }
  if (step.passedNodes.length || step.takenFlows.length) events.push({ type: 'NodesPassed', data: { nodeIds: step.passedNodes, flowIds: step.takenFlows } });
  events.push({ type: 'EngineStateSaved', data: { state: step.state, waitingNodes: step.waiting.map((w) => w.nodeKey) } });
  return events;
};

export const completedEvent = (outcome: 'approved' | 'rejected', comment: string | null, lastActor: FlowActor): InstanceEvent => ({
  type: 'ProcessInstanceCompleted',
  data: { outcome, comment, lastActor },
});
