import { STEP_TIME_TOLERANCE_MS, ValidationError, consignmentDocument as def, formatIssues, isinstockbill } from '@tpl/contracts';
import type { NewEvent, StoredEvent } from '@tpl/event-store';
import { DocumentNotFound, ForbiddenTransition, ReviewNeeded, StaleDocumentVersion, decideDocument, stepTime, type DocumentCommand } from './document.decider';
import { documentFold, type DocState } from './document.fold';

// The kit's decider and fold, given/when/then, on the consignment order's description.
const actor = { userId: 'u1', account: 'dispatcher', name: 'Dora' };
const meta = { now: '2026-11-23T08:00:00.000Z', actor };
const id = '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11';

const content = {
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road' },
  consignee: { name: 'Fresh Mart', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  lines: [
    { materialCode: 'M001', name: 'Rice 10kg', qty: 10.1, weg: 100.2, volume: 0.1, packages: 10 },
    { materialCode: 'M002', name: 'Oil', qty: 0.2, weg: 0.1, volume: 0.2, packages: 1 },
  ],
};

const fold = documentFold(def);
const recorded = (events: NewEvent[]): StoredEvent[] =>
  events.map((e, i) => ({ ...e, streamName: `Consignment-t1-${id}`, globalPosition: String(i + 1), version: i + 1, metadata: { tenantId: 't1', actor, occurredAt: `2026-11-23T08:0${i}:00.000Z`, correlationId: 'c' } }));
const stateOf = (events: NewEvent[]): DocState => recorded(events).reduce(fold.evolve, fold.initial());
const docOf = (events: NewEvent[]) => {
  const s = stateOf(events);
  if (s.status !== 'existing') throw new Error('expected a document');
  return s.doc;
};

/** given events, when command, then events (or an error) */
const given = (...events: NewEvent[]) => ({
  when: (command: DocumentCommand) => ({
    then: (expected: NewEvent[]) => expect(decideDocument(def, command, stateOf(events), meta)).toEqual(expected),
    thenThrows: (error: new (...a: never[]) => Error) => expect(() => decideDocument(def, command, stateOf(events), meta)).toThrow(error),
  }),
});
const act = (action: string, expectedVersion: number, fields: Record<string, unknown> = {}): DocumentCommand => ({ type: 'Act', data: { id, expectedVersion, action, fields } });

const created: NewEvent = { type: 'ConsignmentCreated', data: { id, billNo: 'TY202611230001', content, isReview: 0 } };
const audited: NewEvent = { type: 'ConsignmentAudited', data: {} };
const dispatchFields = { splits: [{ noteNo: 2, materialCode: 'M001', qty: 4 }] };
const accepted: NewEvent = { type: 'ConsignmentAccepted', data: dispatchFields };
/** before issue 14 the order's dispatch carried the vehicle as free text; such an event still folds (now the order following its notes) */
const oldDispatchFields = { plateNo: '沪A12345', driverName: 'Wang', driverMobile: '13700137000' };
const dispatched: NewEvent = { type: 'ConsignmentDispatched', data: oldDispatchFields };
const loaded: NewEvent = { type: 'ConsignmentLoaded', data: {} };
const arrived: NewEvent = { type: 'ConsignmentArrived', data: { arrivedAt: meta.now } };

describe('document kit decider (consignment order)', () => {
  it('creates a draft', () => given().when({ type: 'Create', data: { id, billNo: 'TY202611230001', content, isReview: 0 } }).then([created]));

  it('refuses any command on a document that does not exist', () => given().when(act('audit', 1)).thenThrows(DocumentNotFound));

  it('changes a draft and records a field-level diff', () => {
    const changed = { ...content, consignee: { ...content.consignee, mobile: '13900139001' } };
    given(created)
      .when({ type: 'Change', data: { id, expectedVersion: 1, content: changed } })
      .then([{ type: 'ConsignmentChanged', data: { content: changed, changes: { 'consignee.mobile': ['13900139000', '13900139001'] } } }]);
  });

  it('records nothing when a change changes nothing', () => given(created).when({ type: 'Change', data: { id, expectedVersion: 1, content } }).then([]));

  it('is editable only where the lifecycle allows it', () =>
    given(created, audited).when({ type: 'Change', data: { id, expectedVersion: 2, content } }).thenThrows(ForbiddenTransition));

  it('refuses a stale version', () => given(created, audited).when(act('dispatch', 1, dispatchFields)).thenThrows(StaleDocumentVersion));

  it('walks the happy path audit -> dispatch (accepted into notes) -> the steps that follow its notes', () => {
    given(created).when(act('audit', 1)).then([audited]);
    given(created, audited).when(act('dispatch', 2, dispatchFields)).then([accepted]);
    given(created, audited, accepted).when(act('followDispatched', 3)).then([{ type: 'ConsignmentDispatched', data: {} }]);
    given(created, audited, accepted, dispatched).when(act('followLoaded', 4)).then([loaded]);
    given(created, audited, accepted, dispatched, loaded).when(act('followArrived', 5, { arrivedAt: meta.now })).then([arrived]);
    given(created, audited, accepted, dispatched, loaded, arrived).when(act('followSigned', 6, { signer: 'Han Mei', signedAt: meta.now })).then([{ type: 'ConsignmentSigned', data: { signer: 'Han Mei', signedAt: meta.now } }]);
  });

  it('cannot skip a step: load before dispatch is forbidden, naming state and action', () => {
    given(created, audited).when(act('followLoaded', 2)).thenThrows(ForbiddenTransition);
    try {
      decideDocument(def, act('followLoaded', 2), stateOf([created, audited]), meta);
    } catch (e) {
      expect((e as ForbiddenTransition).keyVars).toEqual({ state: 'consignment.states.Audited', action: 'consignment.actions.followLoaded' });
    }
  });

  it('cancels from Draft or Audited, not after dispatch', () => {
    given(created).when(act('cancel', 1, { reason: 'customer called' })).then([{ type: 'ConsignmentCancelled', data: { reason: 'customer called' } }]);
    given(created, audited).when(act('cancel', 2)).then([{ type: 'ConsignmentCancelled', data: {} }]);
    given(created, audited, accepted).when(act('cancel', 3)).thenThrows(ForbiddenTransition);
  });

  it('removes only what the lifecycle allows; a removed document is gone', () => {
    given(created).when({ type: 'Remove', data: { id, expectedVersion: 1 } }).then([{ type: 'ConsignmentRemoved', data: {} }]);
    given(created, audited).when({ type: 'Remove', data: { id, expectedVersion: 2 } }).thenThrows(ForbiddenTransition);
    given(created, { type: 'ConsignmentRemoved', data: {} }).when(act('audit', 2)).thenThrows(DocumentNotFound);
  });

  it('folds the document: totals summed without float drift, facts landed where the description says', () => {
    expect(docOf([created, audited, accepted])).toMatchObject({ state: 'Accepted', splits: dispatchFields.splits, acceptedBy: actor });
    expect(docOf([created, audited, accepted, dispatched])).toMatchObject({
      state: 'Dispatched',
      version: 4,
      billType: 1,
      totals: { qty: 10.3, weg: 100.3, volume: 0.3, packages: 11 },
      dispatch: { ...oldDispatchFields, dispatchedAt: '2026-11-23T08:03:00.000Z' },
      auditedBy: actor,
      auditedAt: '2026-11-23T08:01:00.000Z',
    });
    expect(docOf([created, { type: 'ConsignmentCancelled', data: { reason: 'x' } }])).toMatchObject({ state: 'Cancelled', cancelReason: 'x', cancelledAt: '2026-11-23T08:01:00.000Z' });
  });

  it('a change replaces the content: a remark left out is gone', () => {
    const withRemark = { type: 'ConsignmentCreated', data: { id, billNo: 'B', content: { ...content, remark: 'keep dry' }, isReview: 0 } };
    const changed = { type: 'ConsignmentChanged', data: { content, changes: { remark: ['keep dry', null] } } };
    expect(docOf([withRemark, changed]).remark).toBeUndefined();
  });

  it('reads an event written before review existed (no isReview) as isReview 0', () => {
    const old = { type: 'ConsignmentCreated', data: { id, billNo: 'B', content } };
    expect(docOf([old]).isReview).toBe(0);
  });

  describe('review (isReview 1)', () => {
    const approver = { userId: 'u2', account: 'approver', name: 'Abel' };
    const instanceId = '0b0e0c4e-1111-4222-8333-444455556666';
    const needsReview: NewEvent = { type: 'ConsignmentCreated', data: { id, billNo: 'TY202611230002', content, isReview: 1 } };
    const submitted: NewEvent = { type: 'ConsignmentSubmittedForReview', data: { processKey: 'consignment_review' } };
    const reviewed: NewEvent = { type: 'ConsignmentReviewed', data: { instanceId, approver, comment: 'ok' } };
    const rejected: NewEvent = { type: 'ConsignmentReviewRejected', data: { instanceId, approver, comment: 'wrong phone' } };

    it('submits for review (with the process key) instead of auditing by hand', () => {
      given(needsReview).when({ type: 'SubmitForReview', data: { id, expectedVersion: 1, processKey: 'consignment_review' } }).then([submitted]);
      given(needsReview).when(act('audit', 1)).thenThrows(ReviewNeeded);
    });

    it('a document without review cannot be submitted for it', () =>
      given(created).when({ type: 'SubmitForReview', data: { id, expectedVersion: 1, processKey: 'k' } }).thenThrows(ForbiddenTransition));

    it('in review it cannot be edited, audited or cancelled', () => {
      for (const command of [{ type: 'Change', data: { id, expectedVersion: 2, content } } as DocumentCommand, act('audit', 2), act('cancel', 2)])
        given(needsReview, submitted).when(command).thenThrows(ForbiddenTransition);
    });

    it('approval: Reviewed (isReview 2, audited by the approver, with the comment)', () => {
      given(needsReview, submitted).when({ type: 'ApproveReview', data: { id, instanceId, approver, comment: 'ok' } }).then([reviewed]);
      expect(docOf([needsReview, submitted, reviewed])).toMatchObject({ state: 'Audited', isReview: 2, reviewedBy: approver, auditedBy: approver, reviewComment: 'ok', reviewInstanceId: instanceId });
    });

    it('rejection: back to Draft with the comment, still needing review', () => {
      given(needsReview, submitted).when({ type: 'RejectReview', data: { id, instanceId, approver, comment: 'wrong phone' } }).then([rejected]);
      expect(docOf([needsReview, submitted, rejected])).toMatchObject({ state: 'Draft', isReview: 1, reviewComment: 'wrong phone' });
    });

    it('a new round forgets the outcome of the last one', () => {
      expect(docOf([needsReview, submitted, rejected, submitted]).reviewComment).toBeUndefined();
    });

    it('is idempotent: the same outcome of the same instance again records nothing', () => {
      given(needsReview, submitted, reviewed).when({ type: 'ApproveReview', data: { id, instanceId, approver } }).then([]);
      given(needsReview, submitted, rejected).when({ type: 'RejectReview', data: { id, instanceId, approver, comment: 'x' } }).then([]);
    });

    it('an outcome for a document not in review is refused', () =>
      given(needsReview).when({ type: 'ApproveReview', data: { id, instanceId, approver } }).thenThrows(ForbiddenTransition));
  });
});

describe("a step's time (nowFields) is when it happened: never in the future", () => {
  const receiptOf = (fields: Record<string, unknown>): DocumentCommand => ({ type: 'Act', data: { id, expectedVersion: 1, action: 'receive', fields } });
  const inbound = documentFold(isinstockbill);
  const draft = [{ type: 'InboundBillCreated', data: { id, billNo: 'RK1', content: { billDate: '2026-11-23', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [] }, isReview: 0 } }];
  const state = recorded(draft).reduce(inbound.evolve, inbound.initial());
  const decide = (fields: Record<string, unknown>) => decideDocument(isinstockbill, receiptOf(fields), state, meta);
  const ahead = (ms: number) => new Date(Date.parse(meta.now) + ms).toISOString();

  it('a time in the past is recorded as given; none given is now', () => {
    expect(decide({ receivedAt: '2026-11-23T06:00:00.000Z' })[0]!.data).toEqual({ receivedAt: '2026-11-23T06:00:00.000Z' });
    expect(decide({})[0]!.data).toEqual({ receivedAt: meta.now });
  });

  it('a time within the clock tolerance ahead is recorded as now (a fast clock), never as the future', () => {
    expect(decide({ receivedAt: ahead(STEP_TIME_TOLERANCE_MS) })[0]!.data).toEqual({ receivedAt: meta.now });
    expect(decide({ receivedAt: '2026-11-23T16:03:00+08:00' })[0]!.data).toEqual({ receivedAt: meta.now });
  });

  it('further ahead is refused, naming the field', () => {
    expect(() => decide({ receivedAt: ahead(STEP_TIME_TOLERANCE_MS + 1000) })).toThrow(ValidationError);
    try {
      decide({ receivedAt: ahead(2 * 24 * 3600 * 1000) });
    } catch (err) {
      expect((err as ValidationError).issues.map((i) => [i.path, i.message])).toEqual([[['receivedAt'], 'validation.future']]);
      expect(formatIssues((err as ValidationError).issues, isinstockbill.name, 'en')).toEqual([{ field: 'receivedAt', message: 'Received at cannot be later than now' }]);
    }
    expect(() => stepTime(isinstockbill, 'receivedAt', ahead(3600_000), meta.now)).toThrow(ValidationError);
  });
});
