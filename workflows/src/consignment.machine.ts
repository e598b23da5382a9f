import { setup, transition, type SnapshotFrom } from 'xstate';
import type { ConsignmentAction, ConsignmentState } from '@tpl/contracts';
import { lifecycleGraph } from './machine-graph';

/**
 * The consignment order lifecycle: the one place that says which change is allowed
 * in which state. The decider asks it before every command and the console asks it
 * which buttons to show. Pure: no actor is ever started.
 */
export type ConsignmentMachineEvent =
  | { type: 'EDIT' }
  | { type: 'AUDIT' }
  | { type: 'DISPATCH' }
  | { type: 'LOAD' }
  | { type: 'ARRIVE' }
  | { type: 'SIGN' }
  | { type: 'CANCEL' }
  | { type: 'REMOVE' };
export type ConsignmentMachineEventType = ConsignmentMachineEvent['type'];

export const consignmentMachine = setup({
  types: { events: {} as ConsignmentMachineEvent },
}).createMachine({
  id: 'consignment',
  initial: 'Draft',
  states: {
    // editable only in Draft; removal is a soft delete allowed in Draft and Cancelled
    Draft: { on: { EDIT: { target: 'Draft' }, AUDIT: { target: 'Audited' }, CANCEL: { target: 'Cancelled' }, REMOVE: { target: 'Draft' } } },
    Audited: { on: { DISPATCH: { target: 'Dispatched' }, CANCEL: { target: 'Cancelled' } } },
    Dispatched: { on: { LOAD: { target: 'Loaded' } } },
    Loaded: { on: { ARRIVE: { target: 'Arrived' } } },
    Arrived: { on: { SIGN: { target: 'Signed' } } },
    Signed: { type: 'final' },
    Cancelled: { on: { REMOVE: { target: 'Cancelled' } } },
  },
});

const snapshotOf = (state: ConsignmentState): SnapshotFrom<typeof consignmentMachine> =>
  consignmentMachine.resolveState({ value: state, context: {} });

export const machineEventTypes: readonly ConsignmentMachineEventType[] = ['EDIT', 'AUDIT', 'DISPATCH', 'LOAD', 'ARRIVE', 'SIGN', 'CANCEL', 'REMOVE'];

export const actionToEvent: Record<ConsignmentAction | 'edit' | 'remove', ConsignmentMachineEventType> = {
  edit: 'EDIT',
  audit: 'AUDIT',
  dispatch: 'DISPATCH',
  load: 'LOAD',
  arrive: 'ARRIVE',
  sign: 'SIGN',
  cancel: 'CANCEL',
  remove: 'REMOVE',
};

export const canConsignment = (state: ConsignmentState, event: ConsignmentMachineEventType): boolean =>
  snapshotOf(state).can({ type: event });

/** The state after the event, or undefined when the machine forbids it from here. */
export const nextConsignmentState = (state: ConsignmentState, event: ConsignmentMachineEventType): ConsignmentState | undefined => {
  if (!canConsignment(state, event)) return undefined;
  const [next] = transition(consignmentMachine, snapshotOf(state), { type: event });
  return next.value as ConsignmentState;
};

/** Which of the user's actions the machine allows now (drives the console's buttons). */
export const allowedConsignmentEvents = (state: ConsignmentState): ConsignmentMachineEventType[] =>
  machineEventTypes.filter((e) => canConsignment(state, e));

export const consignmentLifecycle = () => lifecycleGraph(consignmentMachine);
