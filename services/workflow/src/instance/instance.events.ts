import type { FlowActor, InstanceState, ProcessVariables } from '@tpl/contracts';
import type { EngineState } from '../engine/bpmn-runtime';

/**
 * The facts of one process instance, on stream FlowInstance-<tenant>-<instanceId>. The
 * engine's own state travels in EngineStateSaved after every step, so the instance can be
 * resumed anywhere (and rewound to the state saved when an earlier task was entered).
 */
export const INSTANCE_STREAM = 'FlowInstance';
export const instanceStream = (tenantId: string, instanceId: string) => `${INSTANCE_STREAM}-${tenantId}-${instanceId}`;

/**
 * The scope of what a process is about, as it was when it started: the cargo owner its document
 * names, who made the document and in which department (a free process: its initiator). The
 * process pages show a process to whoever may see that document (process-wall.ts).
 */
export type ProcessScope = { customerCode: string | null; createdBy: string | null; createdDept: string | null };

export type TaskAssignment = { assignee: string | null; candidateUsers: string[]; candidateRoles: string[] };

export type InstanceEvent =
  | {
      type: 'ProcessInstanceStarted';
      data: {
        instanceId: string;
        definitionId: string;
        processKey: string;
        processName: string;
        processVersion: number;
        businessKey: string | null;
        documentType: string | null;
        title: string;
        variables: ProcessVariables;
        initiator: FlowActor;
        /** absent in events recorded before processes had walls (the projection reads the variables' customerCode then) */
        scope?: ProcessScope;
      };
    }
  | { type: 'TaskCreated'; data: TaskAssignment & { taskId: string; nodeKey: string; nodeName: string; executionId: string; formKey: string | null } }
  | { type: 'TaskClaimed'; data: { taskId: string; assignee: string } }
  | { type: 'TaskCompleted'; data: { taskId: string; decision: 'approve'; comment: string | null; variables?: ProcessVariables } }
  | { type: 'TaskRejected'; data: { taskId: string; toNode: string; comment: string } }
  | { type: 'TaskDelegated'; data: { taskId: string; owner: string; assignee: string; comment: string | null } }
  | { type: 'TaskResolved'; data: { taskId: string; owner: string; comment: string | null } }
  | { type: 'TaskTransferred'; data: { taskId: string; from: string | null; assignee: string; comment: string | null } }
  | { type: 'TaskCopied'; data: { taskId: string; copies: { copyId: string; userId: string }[]; comment: string | null } }
  | { type: 'TaskEscalated'; data: { taskId: string; timerId: string } }
  | { type: 'TaskCancelled'; data: { taskId: string; reason: 'escalated' | 'rejected' | 'ended' } }
  | { type: 'TimerScheduled'; data: { timerKey: string; activityId: string; attachedTo: string | null; dueAt: string } }
  | { type: 'TimerCancelled'; data: { timerKey: string } }
  | { type: 'TimerFired'; data: { timerKey: string } }
  | { type: 'NodesPassed'; data: { nodeIds: string[]; flowIds: string[] } }
  | { type: 'EngineStateSaved'; data: { state: EngineState; waitingNodes: string[] } }
  | { type: 'ProcessInstanceCompleted'; data: { outcome: Exclude<InstanceState, 'running'>; comment: string | null; lastActor: FlowActor } };

export type InstanceEventType = InstanceEvent['type'];
export const instanceEventTypes: InstanceEventType[] = [
  'ProcessInstanceStarted',
  'TaskCreated',
  'TaskClaimed',
  'TaskCompleted',
  'TaskRejected',
  'TaskDelegated',
  'TaskResolved',
  'TaskTransferred',
  'TaskCopied',
  'TaskEscalated',
  'TaskCancelled',
  'TimerScheduled',
  'TimerCancelled',
  'TimerFired',
  'NodesPassed',
  'EngineStateSaved',
  'ProcessInstanceCompleted',
];
