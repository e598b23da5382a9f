import type { ConsignmentContent, ConsignmentEvent } from '@tpl/contracts';
import {
  ConsignmentNotFound,
  ForbiddenConsignmentTransition,
  ReviewNeeded,
  StaleConsignmentVersion,
  decide,
  fold,
  type ConsignmentCommand,
} from './consignment.decider';
import type { RecordedConsignmentEvent } from './consignment.events';

const actor = { userId: 'u1', account: 'dispatcher', name: 'Dora' };
const meta = { now: '2026-11-23T08:00:00.000Z', actor };
const id = '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11';

const content: ConsignmentContent = {
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road' },
  consignee: { name: 'Fresh Mart', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  lines: [{ materialCode: 'M001', name: 'Rice 10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
};

const recorded = (events: ConsignmentEvent[]): RecordedConsignmentEvent[] =>
  events.map((e, i) => ({
    ...e,
    version: i + 1,
    metadata: { tenantId: 't1', actor, occurredAt: `2026-11-23T08:0${i}:00.000Z`, correlationId: 'c' },
  }));

/** given events, when command, then events (or an error) */
const given = (...events: ConsignmentEvent[]) => ({
  when: (command: ConsignmentCommand) => ({
    then: (expected: ConsignmentEvent[]) => expect(decide(command, fold(recorded(events)), meta)).toEqual(expected),
    thenThrows: (error: new (...a: never[]) => Error) => expect(() => decide(command, fold(recorded(events)), meta)).toThrow(error),
  }),
});

const created: ConsignmentEvent = { type: 'ConsignmentCreated', data: { id, billNo: 'TY202611230001', content } };
const audited: ConsignmentEvent = { type: 'ConsignmentAudited', data: {} };
const dispatched: ConsignmentEvent = {
  type: 'ConsignmentDispatched',
  data: { plateNo: '沪A12345', driverName: 'Wang', driverMobile: '13700137000' },
};
const loaded: ConsignmentEvent = { type: 'ConsignmentLoaded', data: {} };
const arrived: ConsignmentEvent = { type: 'ConsignmentArrived', data: { arrivedAt: meta.now } };

describe('consignment decider', () => {
  it('creates a draft', () =>
    given().when({ type: 'CreateConsignment', data: { id, billNo: 'TY202611230001', content } }).then([created]));

  it('refuses any command on a document that does not exist', () =>
    given().when({ type: 'AuditConsignment', data: { id, expectedVersion: 1 } }).thenThrows(ConsignmentNotFound));

  it('changes a draft and records a field-level diff', () => {
    const changed = { ...content, consignee: { ...content.consignee, mobile: '13900139001' } };
    given(created)
      .when({ type: 'ChangeConsignment', data: { id, expectedVersion: 1, content: changed } })
      .then([{ type: 'ConsignmentChanged', data: { content: changed, changes: { 'consignee.mobile': ['13900139000', '13900139001'] } } }]);
  });

  it('records nothing when a change changes nothing', () =>
    given(created).when({ type: 'ChangeConsignment', data: { id, expectedVersion: 1, content } }).then([]));

  it('is editable only in Draft', () =>
    given(created, audited)
      .when({ type: 'ChangeConsignment', data: { id, expectedVersion: 2, content } })
      .thenThrows(ForbiddenConsignmentTransition));

  it('refuses a stale version', () =>
    given(created, audited).when({ type: 'DispatchConsignment', data: { id, expectedVersion: 1, ...dispatched.data } }).thenThrows(StaleConsignmentVersion));

  it('walks the happy path audit -> dispatch -> load -> arrive -> sign', () => {
    given(created).when({ type: 'AuditConsignment', data: { id, expectedVersion: 1 } }).then([audited]);
    given(created, audited).when({ type: 'DispatchConsignment', data: { id, expectedVersion: 2, ...dispatched.data } }).then([dispatched]);
    given(created, audited, dispatched).when({ type: 'LoadConsignment', data: { id, expectedVersion: 3 } }).then([loaded]);
    given(created, audited, dispatched, loaded).when({ type: 'ArriveConsignment', data: { id, expectedVersion: 4 } }).then([arrived]);
    given(created, audited, dispatched, loaded, arrived)
      .when({ type: 'SignConsignment', data: { id, expectedVersion: 5, signer: 'Han Mei' } })
      .then([{ type: 'ConsignmentSigned', data: { signer: 'Han Mei', signedAt: meta.now } }]);
  });

  it('cannot skip a step: load before dispatch is forbidden', () =>
    given(created, audited).when({ type: 'LoadConsignment', data: { id, expectedVersion: 2 } }).thenThrows(ForbiddenConsignmentTransition));

  it('cancels from Draft or Audited, not after dispatch', () => {
    given(created).when({ type: 'CancelConsignment', data: { id, expectedVersion: 1, reason: 'customer called' } }).then([
      { type: 'ConsignmentCancelled', data: { reason: 'customer called' } },
    ]);
    given(created, audited).when({ type: 'CancelConsignment', data: { id, expectedVersion: 2 } }).then([{ type: 'ConsignmentCancelled', data: {} }]);
    given(created, audited, dispatched).when({ type: 'CancelConsignment', data: { id, expectedVersion: 3 } }).thenThrows(ForbiddenConsignmentTransition);
  });

  it('removes only drafts or cancelled orders; a removed one is gone', () => {
    given(created).when({ type: 'RemoveConsignment', data: { id, expectedVersion: 1 } }).then([{ type: 'ConsignmentRemoved', data: {} }]);
    given(created, audited).when({ type: 'RemoveConsignment', data: { id, expectedVersion: 2 } }).thenThrows(ForbiddenConsignmentTransition);
    given(created, { type: 'ConsignmentRemoved', data: {} })
      .when({ type: 'AuditConsignment', data: { id, expectedVersion: 2 } })
      .thenThrows(ConsignmentNotFound);
  });

  it('folds the document with totals, dispatch and audit details', () => {
    const state = fold(recorded([created, audited, dispatched]));
    if (state.status !== 'existing') throw new Error('expected a document');
    expect(state.doc).toMatchObject({
      state: 'Dispatched',
      version: 3,
      totals: { qty: 10, weg: 100, volume: 0.5, packages: 10 },
      dispatch: { plateNo: '沪A12345', driverName: 'Wang' },
      auditedBy: actor,
    });
  });

  describe('review (isReview 1)', () => {
    const approver = { userId: 'u2', account: 'approver', name: 'Abel' };
    const instanceId = '0b0e0c4e-1111-4222-8333-444455556666';
    const needsReview: ConsignmentEvent = { type: 'ConsignmentCreated', data: { id, billNo: 'TY202611230002', content, isReview: 1 } };
    const submitted: ConsignmentEvent = { type: 'ConsignmentSubmittedForReview', data: { processKey: 'consignment_review' } };
    const reviewed: ConsignmentEvent = { type: 'ConsignmentReviewed', data: { instanceId, approver, comment: 'ok' } };
    const rejected: ConsignmentEvent = { type: 'ConsignmentReviewRejected', data: { instanceId, approver, comment: 'wrong phone' } };

    it('creates with the isReview the configuration decided', () =>
      given().when({ type: 'CreateConsignment', data: { id, billNo: 'TY202611230002', content, isReview: 1 } }).then([needsReview]));

    it('submits for review (with the process key) instead of auditing by hand', () => {
      given(needsReview).when({ type: 'SubmitConsignmentForReview', data: { id, expectedVersion: 1, processKey: 'consignment_review' } }).then([submitted]);
      given(needsReview).when({ type: 'AuditConsignment', data: { id, expectedVersion: 1 } }).thenThrows(ReviewNeeded);
    });

    it('an order without review cannot be submitted for it', () =>
      given(created).when({ type: 'SubmitConsignmentForReview', data: { id, expectedVersion: 1, processKey: 'k' } }).thenThrows(ForbiddenConsignmentTransition));

    it('in review it cannot be edited, audited or cancelled', () => {
      for (const command of [
        { type: 'ChangeConsignment', data: { id, expectedVersion: 2, content } },
        { type: 'AuditConsignment', data: { id, expectedVersion: 2 } },
        { type: 'CancelConsignment', data: { id, expectedVersion: 2 } },
      ] as ConsignmentCommand[]) given(needsReview, submitted).when(command).thenThrows(ForbiddenConsignmentTransition);
    });

    it('approval: Reviewed (isReview 2, audited by the approver, with the comment)', () => {
      given(needsReview, submitted).when({ type: 'ApproveConsignmentReview', data: { id, instanceId, approver, comment: 'ok' } }).then([reviewed]);
      const doc = fold(recorded([needsReview, submitted, reviewed]));
      expect(doc.status === 'existing' && doc.doc).toMatchObject({ state: 'Audited', isReview: 2, reviewedBy: approver, auditedBy: approver, reviewComment: 'ok', reviewInstanceId: instanceId });
    });

    it('rejection: back to Draft with the comment, still needing review', () => {
      given(needsReview, submitted).when({ type: 'RejectConsignmentReview', data: { id, instanceId, approver, comment: 'wrong phone' } }).then([rejected]);
      const doc = fold(recorded([needsReview, submitted, rejected]));
      expect(doc.status === 'existing' && doc.doc).toMatchObject({ state: 'Draft', isReview: 1, reviewComment: 'wrong phone' });
    });

    it('is idempotent: the same outcome of the same instance again records nothing', () => {
      given(needsReview, submitted, reviewed).when({ type: 'ApproveConsignmentReview', data: { id, instanceId, approver } }).then([]);
      given(needsReview, submitted, rejected).when({ type: 'RejectConsignmentReview', data: { id, instanceId, approver, comment: 'x' } }).then([]);
    });

    it('an outcome for an order not in review is refused', () =>
      given(needsReview).when({ type: 'ApproveConsignmentReview', data: { id, instanceId, approver } }).thenThrows(ForbiddenConsignmentTransition));
  });
});
