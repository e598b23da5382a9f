import { consignmentDocument as consignment } from '@tpl/contracts';
import type { DocumentContext, DocumentService } from '@tpl/documents';
import { SAMPLE_CANCEL_REASON, sampleConsignment, sampleDrivers } from './consignment.samples';

type Step = 'audit' | 'dispatch' | 'load' | 'arrive' | 'sign' | 'cancel';

/** How far each demo order has got: a working day's board, every state represented. */
const PLAN: Step[][] = [
  [],
  [],
  ['audit'],
  ['audit'],
  ['audit', 'dispatch'],
  ['audit', 'dispatch', 'load'],
  ['audit', 'dispatch', 'load', 'arrive'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['cancel'],
  ['audit', 'cancel'],
];

/** How many demo orders wait in review, so the approver has work on first sign-in. */
export const IN_REVIEW_SAMPLES = 3;

/**
 * Seeds a tenant's demo orders through the document kit (so they have real events and
 * history), only when the tenant has none. With the tenant's consignment review process, a
 * few more are made as orders needing review (as if made while review was on for them: the
 * tenant's configuration stays as it is) and submitted: the review process manager starts
 * their instances, and the approver finds them to claim.
 */
export const seedDemoConsignments = async (
  docs: DocumentService,
  context: Omit<DocumentContext, 'causationId'>,
  today: string,
  withReview: boolean,
): Promise<number> => {
  if (await docs.any(consignment, context.tenantId)) return 0;
  const ctx = (i: number, n: number): DocumentContext => ({ ...context, causationId: `demo-seed-consignment-${i}-${n}` });
  for (const [i, steps] of PLAN.entries()) {
    const content = sampleConsignment(i, today);
    let doc = await docs.create(consignment, ctx(i, 0), content, crypto.randomUUID());
    for (const [n, step] of steps.entries()) {
      const fields: Record<string, unknown> =
        step === 'dispatch' ? { ...sampleDrivers[i % sampleDrivers.length]! }
        : step === 'sign' ? { signer: content.consignee.linkman }
        : step === 'cancel' ? { reason: SAMPLE_CANCEL_REASON }
        : {};
      doc = await docs.act(consignment, ctx(i, n + 1), doc.id, doc.version, step, fields);
    }
  }
  if (!withReview) return PLAN.length;
  for (let k = 0; k < IN_REVIEW_SAMPLES; k++) {
    const i = PLAN.length + k;
    const doc = await docs.create(consignment, ctx(i, 0), sampleConsignment(i, today), crypto.randomUUID(), { isReview: 1 });
    await docs.submitForReview(consignment, ctx(i, 1), doc.id, doc.version);
  }
  return PLAN.length + IN_REVIEW_SAMPLES;
};
