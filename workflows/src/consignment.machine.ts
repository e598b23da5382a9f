import { setup, transition, type SnapshotFrom } from 'xstate';
import type { ConsignmentAction, ConsignmentState, IsReview } from '@tpl/contracts';
import { lifecycleGraph } from './machine-graph';

/**
 * The consignment order lifecycle: the one place that says which change is allowed
 * in which state. The decider asks it before every command and the console asks it
 * which buttons to show. Pure: no actor is ever started.
 */
export type ConsignmentMachineEvent =
  | { type: 'EDIT' }
  | { type: 'SUBMIT_REVIEW' }
  | { type: 'REVIEW_APPROVED' }
  | { type: 'REVIEW_REJECTED' }
  | { type: 'AUDIT' }
  | { type: 'DISPATCH' }
  | { type: 'LOAD' }
  | { type: 'ARRIVE' }
  | { type: 'SIGN' }
  | { type: 'CANCEL' }
  | { type: 'REMOVE' };
export type ConsignmentMachineEventType = ConsignmentMachineEvent['type'];

/** The machine's context: whether the order needs review (spec 02 isReview 0 / 1 / 2). */
export type ConsignmentMachineContext = { isReview: IsReview };

export const consignmentMachine = setup({
  types: { events: {} as ConsignmentMachineEvent, context: {} as ConsignmentMachineContext },
  guards: {
    // an order that needs review is audited by its review process, never by hand
    reviewNeeded: ({ context }) => context.isReview === 1,
    noReviewNeeded: ({ context }) => context.isReview !== 1,
  },
}).createMachine({
  id: 'consignment',
  initial: 'Draft',
  context: { isReview: 0 },
  states: {
    // editable only in Draft; removal is a soft delete allowed in Draft and Cancelled
    Draft: {
      on: {
        EDIT: { target: 'Draft' },
        SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' },
        AUDIT: { target: 'Audited', guard: 'noReviewNeeded' },
        CANCEL: { target: 'Cancelled' },
        REMOVE: { target: 'Draft' },
      },
    },
    // the review process decides: approval audits the order, rejection returns it to Draft
    InReview: { on: { REVIEW_APPROVED: { target: 'Audited' }, REVIEW_REJECTED: { target: 'Draft' } } },
    Audited: { on: { DISPATCH: { target: 'Dispatched' }, CANCEL: { target: 'Cancelled' } } },
    Dispatched: { on: { LOAD: { target: 'Loaded' } } },
    Loaded: { on: { ARRIVE: { target: 'Arrived' } } },
    Arrived: { on: { SIGN: { target: 'Signed' } } },
    Signed: { type: 'final' },
    Cancelled: { on: { REMOVE: { target: 'Cancelled' } } },
  },
});

const snapshotOf = (state: ConsignmentState, isReview: IsReview): SnapshotFrom<typeof consignmentMachine> =>
  consignmentMachine.resolveState({ value: state, context: { isReview } });

export const machineEventTypes: readonly ConsignmentMachineEventType[] = ['EDIT', 'SUBMIT_REVIEW', 'REVIEW_APPROVED', 'REVIEW_REJECTED', 'AUDIT', 'DISPATCH', 'LOAD', 'ARRIVE', 'SIGN', 'CANCEL', 'REMOVE'];

export const actionToEvent: Record<ConsignmentAction | 'edit' | 'remove', ConsignmentMachineEventType> = {
  edit: 'EDIT',
  submitReview: 'SUBMIT_REVIEW',
  audit: 'AUDIT',
  dispatch: 'DISPATCH',
  load: 'LOAD',
  arrive: 'ARRIVE',
  sign: 'SIGN',
  cancel: 'CANCEL',
  remove: 'REMOVE',
};

export const canConsignment = (state: ConsignmentState, event: ConsignmentMachineEventType, isReview: IsReview = 0): boolean =>
  snapshotOf(state, isReview).can({ type: event });

/** The state after the event, or undefined when the machine forbids it from here. */
export const nextConsignmentState = (state: ConsignmentState, event: ConsignmentMachineEventType, isReview: IsReview = 0): ConsignmentState | undefined => {
  if (!canConsignment(state, event, isReview)) return undefined;
  const [next] = transition(consignmentMachine, snapshotOf(state, isReview), { type: event });
  return next.value as ConsignmentState;
};

/** Which of the user's actions the machine allows now (drives the console's buttons). */
export const allowedConsignmentEvents = (state: ConsignmentState, isReview: IsReview = 0): ConsignmentMachineEventType[] =>
  machineEventTypes.filter((e) => canConsignment(state, e, isReview));

/** Events only a process (the review's end), never a user's button, may send. */
export const systemConsignmentEvents: readonly ConsignmentMachineEventType[] = ['REVIEW_APPROVED', 'REVIEW_REJECTED'];

export const consignmentLifecycle = () => lifecycleGraph(consignmentMachine);
