import type { DecisionEntry, FlowActor, InstanceState } from '@tpl/contracts';
import type { EngineState } from '../engine/bpmn-runtime';
import type { InstanceEvent, TaskAssignment } from './instance.events';

export type RecordedInstanceEvent = InstanceEvent & { version: number; metadata: { actor: FlowActor; occurredAt: string; tenantId: string } };

export type OpenTask = TaskAssignment & {
  taskId: string;
  nodeKey: string;
  nodeName: string;
  executionId: string;
  formKey: string | null;
  owner: string | null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  createdAt: string;
};

type Started = Extract<InstanceEvent, { type: 'ProcessInstanceStarted' }>['data'];

export type Instance = Started & {
  tenantId: string;
  state: InstanceState;
  version: number;
  openTasks: OpenTask[];
  /** every task ever created: id -> node (for history lines) */
  taskNodes: Record<string, { nodeKey: string; nodeName: string }>;
  timers: Record<string, { activityId: string; attachedTo: string | null; dueAt: string }>;
  engineState: EngineState | null;
  /** engine states saved when user tasks were waiting, newest last: where a rejection can rewind to */
  checkpoints: { waitingNodes: string[]; state: EngineState }[];
  pathNodeIds: string[];
  takenFlowIds: string[];
  history: DecisionEntry[];
  startTime: string;
  endTime: string | null;
};

const entry = (e: RecordedInstanceEvent, fields: Partial<DecisionEntry> & Pick<DecisionEntry, 'type'>): DecisionEntry => ({
  taskId: null,
  nodeKey: null,
  nodeName: null,
  actor: e.metadata.actor,
  time: e.metadata.occurredAt,
  comment: null,
  toNode: null,
  toUsers: [],
  outcome: null,
  ...fields,
});

const withTask = (i: Instance, taskId: string, f: (t: OpenTask) => OpenTask | null): OpenTask[] =>
  i.openTasks.flatMap((t) => {
    if (t.taskId !== taskId) return [t];
    const next = f(t);
    return next ? [next] : [];
  });

/** evolve: the instance after one more fact. Pure; the decision history is derived here too. */
export const evolveInstance = (i: Instance | null, e: RecordedInstanceEvent): Instance | null => {
  if (e.type === 'ProcessInstanceStarted') {
    const d = e.data;
    return {
      ...d,
      tenantId: e.metadata.tenantId,
      state: 'running',
      version: e.version,
      openTasks: [],
      taskNodes: {},
      timers: {},
      engineState: null,
      checkpoints: [],
      pathNodeIds: [],
      takenFlowIds: [],
      history: [entry(e, { type: 'started', actor: d.initiator })],
      startTime: e.metadata.occurredAt,
      endTime: null,
    };
  }
  if (!i) return i;
  const next: Instance = { ...i, version: e.version };
  const node = (taskId: string) => i.taskNodes[taskId] ?? { nodeKey: null, nodeName: null };
  switch (e.type) {
    case 'TaskCreated': {
      const d = e.data;
      next.openTasks = [...i.openTasks, { ...d, owner: null, delegationState: null, createdAt: e.metadata.occurredAt }];
      next.taskNodes = { ...i.taskNodes, [d.taskId]: { nodeKey: d.nodeKey, nodeName: d.nodeName } };
      return next;
    }
    case 'TaskClaimed':
      next.openTasks = withTask(i, e.data.taskId, (t) => ({ ...t, assignee: e.data.assignee }));
      next.history = [...i.history, entry(e, { type: 'claimed', taskId: e.data.taskId, ...node(e.data.taskId) })];
      return next;
    case 'TaskCompleted':
      next.openTasks = withTask(i, e.data.taskId, () => null);
      if (e.data.variables) next.variables = { ...i.variables, ...e.data.variables };
      next.history = [...i.history, entry(e, { type: 'approved', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment })];
      return next;
    case 'TaskRejected':
      next.openTasks = withTask(i, e.data.taskId, () => null);
      next.history = [...i.history, entry(e, { type: 'rejected', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment, toNode: e.data.toNode })];
      return next;
    case 'TaskDelegated':
      next.openTasks = withTask(i, e.data.taskId, (t) => ({ ...t, owner: e.data.owner, assignee: e.data.assignee, delegationState: 'PENDING' }));
      next.history = [...i.history, entry(e, { type: 'delegated', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment, toUsers: [e.data.assignee] })];
      return next;
    case 'TaskResolved':
      next.openTasks = withTask(i, e.data.taskId, (t) => ({ ...t, assignee: e.data.owner, delegationState: 'RESOLVED' }));
      next.history = [...i.history, entry(e, { type: 'resolved', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment, toUsers: [e.data.owner] })];
      return next;
    case 'TaskTransferred':
      next.openTasks = withTask(i, e.data.taskId, (t) => ({ ...t, assignee: e.data.assignee, owner: null, delegationState: null }));
      next.history = [...i.history, entry(e, { type: 'transferred', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment, toUsers: [e.data.assignee] })];
      return next;
    case 'TaskCopied':
      next.history = [
        ...i.history,
        entry(e, { type: 'copied', taskId: e.data.taskId, ...node(e.data.taskId), comment: e.data.comment, toUsers: e.data.copies.map((c) => c.userId) }),
      ];
      return next;
    case 'TaskEscalated':
      next.history = [...i.history, entry(e, { type: 'escalated', taskId: e.data.taskId, ...node(e.data.taskId) })];
      return next;
    case 'TaskCancelled':
      next.openTasks = withTask(i, e.data.taskId, () => null);
      return next;
    case 'TimerScheduled':
      next.timers = { ...i.timers, [e.data.timerKey]: { activityId: e.data.activityId, attachedTo: e.data.attachedTo, dueAt: e.data.dueAt } };
      return next;
    case 'TimerCancelled':
    case 'TimerFired': {
      const { [e.data.timerKey]: _gone, ...rest } = i.timers;
      next.timers = rest;
      return next;
    }
    case 'NodesPassed':
      next.pathNodeIds = [...i.pathNodeIds, ...e.data.nodeIds];
      next.takenFlowIds = [...i.takenFlowIds, ...e.data.flowIds];
      return next;
    case 'EngineStateSaved':
      next.engineState = e.data.state;
      if (e.data.waitingNodes.length) next.checkpoints = [...i.checkpoints, { waitingNodes: e.data.waitingNodes, state: e.data.state }];
      return next;
    case 'ProcessInstanceCompleted':
      next.state = e.data.outcome;
      next.endTime = e.metadata.occurredAt;
      next.openTasks = [];
      next.timers = {};
      next.history = [...i.history, entry(e, { type: 'completed', outcome: e.data.outcome, comment: e.data.comment, actor: e.data.lastActor })];
      return next;
  }
};

export const foldInstance = (events: RecordedInstanceEvent[]): Instance | null => events.reduce<Instance | null>(evolveInstance, null);
