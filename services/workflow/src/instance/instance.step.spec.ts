import type { ProcessModel } from '@tpl/workflows';
import type { EngineStep } from '../engine/bpmn-runtime';
import { eventsOfStep } from './instance.step';
import { backNodesOf, checkAct, checkClaim } from './instance.rules';
import type { Instance, OpenTask } from './instance.state';

const model: ProcessModel = {
  key: 'p',
  name: 'P',
  problems: [],
  flows: [],
  nodes: [
    { id: 'Start', name: 'Start', type: 'StartEvent' },
    { id: 'A', name: 'Review', type: 'UserTask', candidateRoles: 'approver', assignee: '${boss}' },
    { id: 'B', name: 'Sign-off', type: 'UserTask', candidateUsers: 'keeper,${initiator}' },
    { id: 'T', name: '24h', type: 'BoundaryEvent', attachedTo: 'A', cancelActivity: true, timer: { kind: 'timeDuration', value: 'PT24H' } },
  ],
};
const task = (over: Partial<OpenTask> = {}): OpenTask => ({
  taskId: 't1', nodeKey: 'A', nodeName: 'Review', executionId: 'A_1', formKey: null, assignee: null, candidateUsers: [], candidateRoles: ['approver'],
  owner: null, delegationState: null, createdAt: '2026-11-23T00:00:00Z', ...over,
});
const step = (over: Partial<EngineStep>): EngineStep => ({ state: { s: 1 }, waiting: [], timers: [], completed: false, passedNodes: [], takenFlows: [], ...over });
let n = 0;
const ctx = { model, now: new Date('2026-11-23T00:00:00Z'), newId: () => `id-${++n}`, variables: { initiator: 'dora', boss: 'abel' } };

describe('engine step -> facts', () => {
  it('a new waiting task is created with its assignment resolved; the step is saved', () => {
    const events = eventsOfStep({ openTasks: [], timers: {} }, step({ waiting: [{ executionId: 'B_1', nodeKey: 'B', nodeName: 'B' }], passedNodes: ['Start'] }), ctx);
    expect(events.map((e) => e.type)).toEqual(['TaskCreated', 'NodesPassed', 'EngineStateSaved']);
    expect(events[0]!.data).toMatchObject({ nodeKey: 'B', nodeName: 'Sign-off', assignee: null, candidateUsers: ['keeper', 'dora'] });
    expect(events[2]!.data).toEqual({ state: { s: 1 }, waitingNodes: ['B'] });
  });

  it('a timer is scheduled by the flow clock; its firing escalates and closes the interrupted task', () => {
    const scheduled = eventsOfStep({ openTasks: [], timers: {} }, step({ waiting: [{ executionId: 'A_1', nodeKey: 'A', nodeName: 'A' }], timers: [{ key: 'T:x', activityId: 'T', executionId: 'x', delayMs: 1000 }] }), ctx);
    expect(scheduled.find((e) => e.type === 'TimerScheduled')!.data).toEqual({ timerKey: 'T:x', activityId: 'T', attachedTo: 'A', dueAt: '2026-11-23T00:00:01.000Z' });
    const fired = eventsOfStep({ openTasks: [task()], timers: { 'T:x': { activityId: 'T', attachedTo: 'A', dueAt: '' } } }, step({ passedNodes: ['T'] }), ctx, 'T:x');
    expect(fired.map((e) => e.type)).toEqual(['TimerFired', 'TaskEscalated', 'TaskCancelled', 'NodesPassed', 'EngineStateSaved']);
    expect(fired[2]!.data).toEqual({ taskId: 't1', reason: 'escalated' });
  });

  it('a task no longer waiting after the step is cancelled; timers gone are cancelled', () => {
    const events = eventsOfStep({ openTasks: [task()], timers: { 'T:x': { activityId: 'T', attachedTo: 'A', dueAt: '' } } }, step({ completed: true }), ctx);
    expect(events.map((e) => e.type)).toEqual(['TaskCancelled', 'TimerCancelled', 'EngineStateSaved']);
    expect(events[0]!.data).toEqual({ taskId: 't1', reason: 'ended' });
  });
});

describe('who may act on a task', () => {
  const approver = { account: 'abel', roles: ['approver'] };
  it('a candidate claims an unassigned task; nobody claims an assigned one', () => {
    expect(() => checkClaim(task(), approver)).not.toThrow();
    expect(() => checkClaim(task(), { account: 'kai', roles: ['keeper'] })).toThrow(expect.objectContaining({ code: 403 }));
    expect(() => checkClaim(task({ assignee: 'x' }), approver)).toThrow(expect.objectContaining({ code: 409 }));
  });
  it('the assignee acts; a candidate acts on an unassigned task by claiming it; others get 403', () => {
    expect(checkAct(task({ assignee: 'abel' }), approver)).toEqual({ claim: false });
    expect(checkAct(task(), approver)).toEqual({ claim: true });
    expect(() => checkAct(task({ assignee: 'x' }), approver)).toThrow(expect.objectContaining({ code: 403 }));
    expect(() => checkAct(task({ assignee: 'x', owner: 'abel', delegationState: 'PENDING' }), approver)).toThrow(expect.objectContaining({ code: 409 }));
  });
  it('back nodes: the start and user tasks passed with a saved state, never the task itself', () => {
    const instance = { checkpoints: [{ waitingNodes: ['A'], state: {} }, { waitingNodes: ['B'], state: {} }], pathNodeIds: ['Start', 'A'] } as unknown as Instance;
    expect(backNodesOf(instance, task({ nodeKey: 'B' }), model)).toEqual([{ nodeKey: '__start__', nodeName: 'Start' }, { nodeKey: 'A', nodeName: 'Review' }]);
    expect(backNodesOf(instance, task({ nodeKey: 'A' }), model).map((x) => x.nodeKey)).toEqual(['__start__']);
  });
});
