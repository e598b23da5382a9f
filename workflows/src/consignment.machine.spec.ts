import { consignmentStates, type ConsignmentState } from '@tpl/contracts';
import {
  allowedConsignmentEvents,
  consignmentLifecycle,
  machineEventTypes,
  nextConsignmentState,
  type ConsignmentMachineEventType,
} from './consignment.machine';

// The full table: every state x every event, allowed ones with their target.
const allowed: Record<ConsignmentState, Partial<Record<ConsignmentMachineEventType, ConsignmentState>>> = {
  Draft: { EDIT: 'Draft', AUDIT: 'Audited', CANCEL: 'Cancelled', REMOVE: 'Draft' },
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

  it('lists the allowed events per state for the console', () => {
    expect(allowedConsignmentEvents('Draft')).toEqual(['EDIT', 'AUDIT', 'CANCEL', 'REMOVE']);
    expect(allowedConsignmentEvents('Signed')).toEqual([]);
  });

  it('describes its own graph: the happy path from Draft to Signed', () => {
    const g = consignmentLifecycle();
    expect(g.initial).toBe('Draft');
    expect(g.states.map((s) => s.id)).toEqual([...consignmentStates]);
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
