import { createHash } from 'crypto';
import { decideReview, reviewInstanceId } from './review.process-manager';

const hash = (t: string) => createHash('sha1').update(t).digest('hex');
const plugs = [{ documentType: 'consignment', submittedEvent: 'ConsignmentSubmittedForReview', streamType: 'Consignment' }];
const doc = '11111111-2222-4333-8444-555555555555';
const inst = '99999999-2222-4333-8444-555555555555';

describe('review process manager (given an event, then an action)', () => {
  it('a document submitted for review starts its process, with an id derived from the event', () => {
    const e = { type: 'ConsignmentSubmittedForReview', streamName: `Consignment-100001-${doc}`, version: 3, data: { processKey: 'consignment_review' }, tenantId: '100001' };
    const a = decideReview(e, plugs, hash);
    expect(a).toEqual({ kind: 'startReview', tenantId: '100001', documentType: 'consignment', documentId: doc, processKey: 'consignment_review', instanceId: reviewInstanceId(e.streamName, 3, hash) });
    // replayed: the same decision, the same instance id (so the start is idempotent)
    expect(decideReview(e, plugs, hash)).toEqual(a);
    // submitted again later (after a rejection): a new instance
    expect(decideReview({ ...e, version: 6 }, plugs, hash)!).not.toEqual(a);
    expect(a!.kind === 'startReview' && /^[0-9a-f-]{36}$/.test(a.instanceId)).toBe(true);
  });

  it('the end of a review instance sends the document its outcome', () => {
    const e = { type: 'ProcessInstanceCompleted', streamName: `FlowInstance-100001-${inst}`, version: 9, data: {}, tenantId: '100001' };
    expect(decideReview(e, plugs, hash, { documentType: 'consignment', businessKey: doc, outcome: 'approved' })).toEqual({
      kind: 'approveDocument', tenantId: '100001', documentType: 'consignment', documentId: doc, instanceId: inst,
    });
    expect(decideReview(e, plugs, hash, { documentType: 'consignment', businessKey: doc, outcome: 'rejected' })?.kind).toBe('rejectDocument');
  });

  it('ignores everything else: other events, instances without a document, documents nobody registered', () => {
    expect(decideReview({ type: 'ConsignmentAudited', streamName: `Consignment-1-${doc}`, version: 2, data: {}, tenantId: '1' }, plugs, hash)).toBeNull();
    const end = { type: 'ProcessInstanceCompleted', streamName: `FlowInstance-1-${inst}`, version: 9, data: {}, tenantId: '1' };
    expect(decideReview(end, plugs, hash, { documentType: null, businessKey: null, outcome: 'approved' })).toBeNull();
    expect(decideReview(end, plugs, hash, { documentType: 'invoice', businessKey: doc, outcome: 'approved' })).toBeNull();
    expect(decideReview(end, plugs, hash, { documentType: 'consignment', businessKey: doc, outcome: 'cancelled' })).toBeNull();
  });
});
