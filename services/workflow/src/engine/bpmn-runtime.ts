import { EventEmitter } from 'node:events';
import { AppError } from '@tpl/contracts';
import { ConditionError, evaluateCondition, isConditionLanguage, tplModdleDescriptor } from '@tpl/workflows';

/**
 * bpmn-engine driven one step at a time. Nothing lives in memory between steps: every
 * step recovers the engine from the last saved state, applies one signal, lets the engine
 * settle and returns the new state with what happened, for the caller to save as events.
 *
 * Timers never run on the host's clock: the engine's timer calls are captured, their due
 * times are stored by the caller, and a poller fires them (restart-safe, testable clock).
 */
export type EngineState = Record<string, unknown>;
export type WaitingTask = { executionId: string; nodeKey: string; nodeName: string };
export type PendingTimer = { key: string; activityId: string; executionId: string; delayMs: number };
export type EngineStep = {
  state: EngineState;
  waiting: WaitingTask[];
  timers: PendingTimer[];
  completed: boolean;
  /** element ids of nodes that ended during the step, in order */
  passedNodes: string[];
  takenFlows: string[];
};
export type EngineAction =
  | { kind: 'start'; variables: Record<string, unknown> }
  | { kind: 'signal'; executionId: string; variables?: Record<string, unknown> }
  | { kind: 'fireTimer'; key: string }
  | { kind: 'restore' };

type Captured = { owner: { id?: string; executionId?: string } | null; cb: (...args: unknown[]) => unknown; delay: number; args: unknown[] };

class CapturedTimers {
  readonly list: Captured[] = [];
  register(owner: Captured['owner']) {
    return { setTimeout: (cb: Captured['cb'], delay: number, ...args: unknown[]) => this.add(owner, cb, delay, args), clearTimeout: (ref: Captured) => this.clearTimeout(ref) };
  }
  setTimeout(cb: Captured['cb'], delay: number, ...args: unknown[]) {
    return this.add(null, cb, delay, args);
  }
  clearTimeout(ref: Captured) {
    const i = this.list.indexOf(ref);
    if (i >= 0) this.list.splice(i, 1);
  }
  get executing() {
    return [...this.list];
  }
  private add(owner: Captured['owner'], cb: Captured['cb'], delay: number, args: unknown[]) {
    const ref: Captured = { owner, cb, delay, args };
    this.list.push(ref);
    return ref;
  }
}

export const timerKey = (activityId: string, executionId: string) => `${activityId}:${executionId}`;

type FlowElement = { type: string; behaviour: { conditionExpression?: { body?: string } } };
type ScriptContext = { environment: { variables: Record<string, unknown> } };

/** Conditions are jexl (workflows/src/bpmn/condition.ts), never JavaScript. */
const scripts = {
  register() {},
  getScript(language: string | undefined, element: FlowElement) {
    if (element.type !== 'bpmn:SequenceFlow' || !isConditionLanguage(language)) return undefined;
    const body = element.behaviour.conditionExpression?.body ?? '';
    return {
      execute(ctx: ScriptContext, callback: (err: Error | null, result?: boolean) => void) {
        try {
          callback(null, evaluateCondition(body, ctx.environment.variables));
        } catch (e) {
          callback(e as Error);
        }
      },
    };
  },
};

type EngineLike = EventEmitter & {
  execute(options: unknown): Promise<unknown>;
  recover(state: unknown): EngineLike;
  resume(options: unknown): Promise<unknown>;
  getState(): Promise<unknown>;
  stop(): void;
};
// bpmn-engine is an ES module with a CommonJS build (lib/index.cjs); its types describe only
// the ESM entry, so the few calls used here are typed locally.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Engine } = require('bpmn-engine') as { Engine: new (options: unknown) => EngineLike };

type Api = { id: string; type: string; name?: string; executionId: string; content: Record<string, unknown>; signal(payload?: unknown): void };
type Execution = { getPostponed(): Api[]; environment: { variables: Record<string, unknown> } };

/** Runs one step. `state` is the last saved engine state (absent for a start). */
export const runEngineStep = async (xml: string, state: EngineState | undefined, action: EngineAction): Promise<EngineStep> => {
  const timers = new CapturedTimers();
  const listener = new EventEmitter();
  const passedNodes: string[] = [];
  const takenFlows: string[] = [];
  let completed = false;
  let failure: Error | undefined;
  listener.on('activity.end', (api: Api) => passedNodes.push(api.id));
  listener.on('flow.take', (flow: { id: string }) => takenFlows.push(flow.id));
  const options = { name: 'flow', source: xml, moddleOptions: { tpl: tplModdleDescriptor }, scripts, timers, settings: { enableDummyService: false } };
  const engine = new Engine(options);
  engine.once('end', () => (completed = true));
  engine.once('error', (err: Error) => (failure = err));
  let execution: Execution;
  if (action.kind === 'start') {
    execution = (await engine.execute({ listener, variables: action.variables })) as unknown as Execution;
  } else {
    if (!state) throw new Error('resume without a saved engine state');
    engine.recover(structuredClone(state));
    execution = (await engine.resume({ listener })) as unknown as Execution;
  }
  if (!completed && !failure) {
    if (action.kind === 'signal') {
      const task = execution.getPostponed().find((a) => a.executionId === action.executionId);
      if (!task) throw new Error(`no waiting task ${action.executionId}`);
      if (action.variables) Object.assign(execution.environment.variables, action.variables);
      task.signal({ ...(action.variables ?? {}) });
    } else if (action.kind === 'fireTimer') {
      const timer = timers.list.find((t) => t.owner?.id && t.owner.executionId && timerKey(t.owner.id, t.owner.executionId) === action.key);
      if (timer) {
        timers.clearTimeout(timer);
        timer.cb(...timer.args);
      }
    }
    // the broker is synchronous; one turn of the loop lets any deferred work settle
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (failure) {
    // a condition that cannot be evaluated on this instance's data: nothing is saved, the user is told why
    const cause = failure as Error & { source?: { error?: Error } };
    const message = failure instanceof ConditionError ? failure.message : String(cause.message ?? failure);
    if (failure instanceof ConditionError || /Condition ".*" cannot be evaluated/.test(message)) throw new AppError(409, 'flow.errors.conditionFailed', { error: message });
    throw failure;
  }
  const waiting = completed
    ? []
    : execution
        .getPostponed()
        .filter((a) => a.type === 'bpmn:UserTask')
        .map((a) => ({ executionId: a.executionId, nodeKey: a.id, nodeName: a.name ?? (a.content.name as string | undefined) ?? a.id }));
  const pending = completed
    ? []
    : timers.list
        .filter((t) => t.owner?.id && t.owner.executionId)
        .map((t) => ({ key: timerKey(t.owner!.id!, t.owner!.executionId!), activityId: t.owner!.id!, executionId: t.owner!.executionId!, delayMs: Math.max(0, t.delay) }));
  const saved = (await engine.getState()) as unknown as EngineState;
  engine.stop();
  return { state: saved, waiting, timers: pending, completed, passedNodes, takenFlows };
};
