import { arrivalbill, consignmentDocument as consignment, consignmentbill, deliverybill, dispatchDocument as dispatch, loadingbill, type KitDocument } from '@tpl/contracts';
import type { DocumentContext, DocumentKit } from '@tpl/documents';
import { SAMPLE_CANCEL_REASON, sampleConsignment, sampleVehicles } from './consignment.samples';

/**
 * How far each demo order has got: a working day's board, every state represented. After
 * 'accept' the order has its notes (the second note of a split order too); 'dispatch' puts
 * them on a vehicle, 'load', 'arrive', 'review' and 'sign' walk them through their loading,
 * arrival and delivery bills; the order follows its notes (the process manager).
 */
type Step = 'audit' | 'accept' | 'split' | 'dispatch' | 'load' | 'arrive' | 'review' | 'sign' | 'cancel';
const PLAN: Step[][] = [
  [],
  [],
  ['audit'],
  ['audit', 'accept'],
  ['audit', 'split'],
  ['audit', 'accept'],
  ['audit', 'accept', 'dispatch'],
  ['audit', 'accept', 'dispatch', 'load'],
  ['audit', 'accept', 'dispatch', 'load', 'arrive'],
  ['audit', 'accept', 'dispatch', 'load', 'arrive', 'review', 'sign'],
  ['cancel'],
  ['audit', 'cancel'],
];

/** How many demo orders wait in review, so the approver has work on first sign-in. */
export const IN_REVIEW_SAMPLES = 3;

const rows = <T>(doc: Record<string, unknown>, key: string) => ((doc[key] as T[] | undefined) ?? []);

/**
 * Seeds a tenant's demo orders through the document kit (so they have real events and
 * history), only when the tenant has none. With the tenant's consignment review process, a
 * few more are made as orders needing review (as if made while review was on for them: the
 * tenant's configuration stays as it is) and submitted: the review process manager starts
 * their instances, and the approver finds them to claim.
 */
export const seedDemoConsignments = async (
  docs: DocumentKit,
  context: Omit<DocumentContext, 'causationId'>,
  today: string,
  withReview: boolean,
): Promise<number> => {
  if (await docs.any(consignment, context.tenantId)) return 0;
  const t = context.tenantId;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  let k = 0;
  const ctx = (i: number): DocumentContext => ({ ...context, causationId: `demo-seed-consignment-${i}-${k++}` });
  for (const [i, steps] of PLAN.entries()) {
    const content = sampleConsignment(i, today);
    let order = await docs.create(consignment, ctx(i), content, crypto.randomUUID());
    let notes: KitDocument[] = [];
    let dispatchId = '';
    let loadingId = '';
    const vehicle = sampleVehicles[i % sampleVehicles.length]!;
    for (const step of steps) {
      if (step === 'audit') order = await docs.act(consignment, ctx(i), order.id, order.version, 'audit', {});
      else if (step === 'cancel') order = await docs.act(consignment, ctx(i), order.id, order.version, 'cancel', { reason: SAMPLE_CANCEL_REASON });
      else if (step === 'accept' || step === 'split') {
        const first = content.lines[0]!;
        const splits = step === 'split' ? [{ noteNo: 2, materialCode: first.materialCode, qty: Math.floor(Number(first.qty) / 2) }] : [];
        order = await docs.act(consignment, ctx(i), order.id, order.version, 'dispatch', { splits });
        const accepted = await docs.detail(consignment, t, order.id);
        notes = await Promise.all(rows<{ id: string }>(accepted, 'notes').map((n) => docs.detail(consignmentbill, t, n.id)));
      } else if (step === 'dispatch') {
        dispatchId = crypto.randomUUID();
        // the demo's trips ran yesterday: the fleet is free for the board today
        const made = await docs.create(dispatch, ctx(i), { billDate: today, carNo: vehicle.carNo, lineCode: vehicle.lineCode, plannedStart: `${yesterday}T08:00:00+08:00`, plannedEnd: `${yesterday}T18:00:00+08:00`, details: notes.map((n) => ({ noteId: n.id, noteBillNo: n.billNo, customerCode: n.customerCode })) }, dispatchId);
        await docs.act(dispatch, ctx(i), dispatchId, made.version, 'issue', {});
      } else if (step === 'load') {
        loadingId = crypto.randomUUID();
        const made = await docs.create(loadingbill, ctx(i), { billDate: today, dispatchId, details: notes.map((n) => ({ noteId: n.id, noteBillNo: n.billNo, packages: (n.totals as Record<string, number>).packages ?? 0 })) }, loadingId);
        await docs.act(loadingbill, ctx(i), loadingId, made.version, 'load', {});
      } else if (step === 'arrive') {
        const l = await docs.detail(loadingbill, t, loadingId);
        await docs.act(loadingbill, ctx(i), loadingId, l.version, 'arrive', {});
      } else if (step === 'review') {
        const l = await docs.detail(loadingbill, t, loadingId);
        const a = await docs.detail(arrivalbill, t, String(l.arrivalBillId));
        await docs.act(arrivalbill, ctx(i), a.id, a.version, 'review', { reviewResult: 'OK' });
      } else if (step === 'sign') {
        for (const n of notes) {
          const note = await docs.detail(consignmentbill, t, n.id);
          const d = await docs.detail(deliverybill, t, String(note.deliveryBillId));
          await docs.act(deliverybill, ctx(i), d.id, d.version, 'sign', { signer: content.consignee.linkman, signature: 'demo-signature' });
        }
      }
    }
  }
  if (!withReview) return PLAN.length;
  for (let n = 0; n < IN_REVIEW_SAMPLES; n++) {
    const i = PLAN.length + n;
    const doc = await docs.create(consignment, ctx(i), sampleConsignment(i, today), crypto.randomUUID(), { isReview: 1 });
    await docs.submitForReview(consignment, ctx(i), doc.id, doc.version);
  }
  return PLAN.length + IN_REVIEW_SAMPLES;
};
