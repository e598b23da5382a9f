import { consignmentStates, type ConsignmentState } from '@tpl/contracts';
import {
  allowedConsignmentEvents,
  consignmentLifecycle,
  machineEventTypes,
  nextConsignmentState,
  type ConsignmentMachineEventType,
} from './consignment.machine';

// The full table: every state x every event, allowed ones with their target (isReview 0).
const allowed: Record<ConsignmentState, Partial<Record<ConsignmentMachineEventType, ConsignmentState>>> = {
  Draft: { EDIT: 'Draft', AUDIT: 'Audited', CANCEL: 'Cancelled', REMOVE: 'Draft' },
  InReview: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' },
  Audited: { DISPATCH: 'Dispatched', CANCEL: 'Cancelled' },
  Dispatched: { LOAD: 'Loaded' },
  Loaded: { ARRIVE: 'Arrived' },
  Arrived: { SIGN: 'Signed' },
  Signed: {},
  Cancelled: { REMOVE: 'Cancelled' },
};

describe('consignment machine', () => {
  for (const state of consignmentStates) {
    for (const event of machineEventTypes) {
      const target = allowed[state][event];
      it(`${state} --${event}--> ${target ?? 'forbidden'}`, () => {
        expect(nextConsignmentState(state, event)).toBe(target);
      });
    }
  }

  // an order that needs review (isReview 1) differs only in Draft: review instead of audit
  const needsReview: Partial<Record<ConsignmentState, Partial<Record<ConsignmentMachineEventType, ConsignmentState>>>> = {
    Draft: { EDIT: 'Draft', SUBMIT_REVIEW: 'InReview', CANCEL: 'Cancelled', REMOVE: 'Draft' },
  };
  for (const state of consignmentStates) {
    for (const event of machineEventTypes) {
      const target = (needsReview[state] ?? allowed[state])[event];
      it(`isReview 1: ${state} --${event}--> ${target ?? 'forbidden'}`, () => {
        expect(nextConsignmentState(state, event, 1)).toBe(target);
      });
    }
  }

  it('a reviewed order (isReview 2) behaves as one without review', () => {
    expect(allowedConsignmentEvents('Draft', 2)).toEqual(allowedConsignmentEvents('Draft', 0));
    expect(allowedConsignmentEvents('Audited', 2)).toEqual(['DISPATCH', 'CANCEL']);
  });

  it('lists the allowed events per state for the console', () => {
    expect(allowedConsignmentEvents('Draft', 1)).toEqual(['EDIT', 'SUBMIT_REVIEW', 'CANCEL', 'REMOVE']);
    expect(allowedConsignmentEvents('InReview', 1)).toEqual(['REVIEW_APPROVED', 'REVIEW_REJECTED']);
    expect(allowedConsignmentEvents('Draft')).toEqual(['EDIT', 'AUDIT', 'CANCEL', 'REMOVE']);
    expect(allowedConsignmentEvents('Signed')).toEqual([]);
  });

  it('describes its own graph: the happy path from Draft to Signed', () => {
    const g = consignmentLifecycle();
    expect(g.initial).toBe('Draft');
    expect(g.states.map((s) => s.id)).toEqual([...consignmentStates]);
    expect(g.edges).toEqual(expect.arrayContaining([{ from: 'Draft', to: 'InReview', event: 'SUBMIT_REVIEW' }, { from: 'InReview', to: 'Audited', event: 'REVIEW_APPROVED' }, { from: 'InReview', to: 'Draft', event: 'REVIEW_REJECTED' }]));
    const path = ['AUDIT', 'DISPATCH', 'LOAD', 'ARRIVE', 'SIGN'];
    let at = 'Draft';
    for (const e of path) {
      const edge = g.edges.find((x) => x.from === at && x.event === e);
      expect(edge).toBeDefined();
      at = edge!.to;
    }
    expect(at).toBe('Signed');
    expect(g.states.find((s) => s.id === 'Signed')?.final).toBe(true);
  });
});
