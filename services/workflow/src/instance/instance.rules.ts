import { AppError, START_NODE, type BackNode } from '@tpl/contracts';
import type { ProcessModel } from '@tpl/workflows';
import type { Instance, OpenTask } from './instance.state';

/** Who is acting: account and roles from the token. */
export type Caller = { account: string; roles: readonly string[] };

export const isCandidate = (t: OpenTask, c: Caller): boolean => t.candidateUsers.includes(c.account) || t.candidateRoles.some((r) => c.roles.includes(r));

/** The open task of an instance, or why the caller cannot have it. */
export const openTaskOf = (instance: Instance | null, taskId: string): OpenTask => {
  if (!instance) throw new AppError(404, 'flow.errors.taskNotFound', { id: taskId });
  if (instance.state !== 'running') throw new AppError(409, 'flow.errors.instanceEnded');
  const task = instance.openTasks.find((t) => t.taskId === taskId);
  if (!task) throw new AppError(409, 'flow.errors.taskClosed', { status: taskId in instance.taskNodes ? 'closed' : 'unknown' });
  return task;
};

/** Claim: only an unassigned task, only by a candidate. */
export const checkClaim = (t: OpenTask, c: Caller): void => {
  if (t.assignee === c.account) return;
  if (t.assignee) throw new AppError(409, 'flow.errors.alreadyClaimed', { assignee: t.assignee });
  if (!isCandidate(t, c)) throw new AppError(403, 'flow.errors.notCandidate');
};

/**
 * Acting (approve, reject, hand on, copy): the assignee may; a candidate of an unassigned
 * task may too (the action claims it first). A task delegated away waits for its delegate.
 */
export const checkAct = (t: OpenTask, c: Caller): { claim: boolean } => {
  if (t.assignee === c.account) return { claim: false };
  if (!t.assignee && isCandidate(t, c)) return { claim: true };
  if (t.delegationState === 'PENDING' && t.owner === c.account) throw new AppError(409, 'flow.errors.delegatePending', { assignee: t.assignee ?? '' });
  if (!t.assignee) throw new AppError(403, 'flow.errors.notCandidate');
  throw new AppError(403, 'flow.errors.notYourTask');
};

/**
 * Where a task may be sent back to: the start, and the user tasks on the path already
 * passed (a checkpoint of the engine exists for each), other than the task's own node.
 */
export const backNodesOf = (instance: Instance, task: OpenTask, model: ProcessModel): BackNode[] => {
  const passed = new Set(instance.checkpoints.flatMap((c) => c.waitingNodes));
  const done = new Set(instance.pathNodeIds);
  const nodes: BackNode[] = [{ nodeKey: START_NODE, nodeName: model.nodes.find((n) => n.type === 'StartEvent')?.name || 'Start' }];
  for (const n of model.nodes) {
    if (n.type !== 'UserTask' || n.id === task.nodeKey) continue;
    if (passed.has(n.id) && done.has(n.id)) nodes.push({ nodeKey: n.id, nodeName: n.name || n.id });
  }
  return nodes;
};
