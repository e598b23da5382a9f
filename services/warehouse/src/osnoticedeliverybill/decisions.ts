import { AppError, addQty, osnoticedeliverybill, osoutstockbill, type DocumentOf } from '@tpl/contracts';
import type { DecideMeta, DocumentDecisions } from '@tpl/documents';
import { businessDay } from '@tpl/identity';
import { actionOf, linesOf } from '../shared/lines';

export type DeliveryNotice = DocumentOf<typeof osnoticedeliverybill>;
type ShippedBill = DocumentOf<typeof osoutstockbill>;

/** What the notice's decisions read: the outbound bill it announces, by number (when it names one). */
export type NoticeFacts = {
  bill?: ShippedBill | undefined;
  /** the numbers of the other notices of the same bill still in force (not cancelled) */
  others?: readonly string[];
};

const key = (l: { materialCode: string; batchNo?: string | undefined }) => `${l.materialCode}\u0000${l.batchNo ?? ''}`;

/**
 * A notice announces what its bill shipped, no more: the bill is shipped and the owner's, every
 * line is a material and batch it shipped (any batch of a material whose bill line named none:
 * the allocation chose it), and no more of it than it shipped.
 */
export const checkAnnounced = (content: Record<string, unknown>, facts: NoticeFacts | undefined, own?: string): AppError | undefined => {
  const outBillNo = String(content.outBillNo ?? '');
  const bill = facts?.bill;
  if (!bill || bill.state !== 'Shipped' || bill.customerCode !== content.customerCode) return new AppError(409, 'warehouse.errors.noticeBillNotShipped', { outBillNo });
  // one notice in force per shipment: a correction cancels the notice before it
  const other = facts?.others?.find((n) => n !== own);
  if (other) return new AppError(409, 'warehouse.errors.noticeTwice', { outBillNo, billNo: other });
  const shipped = new Map<string, number>();
  for (const l of linesOf(bill)) shipped.set(key(l), addQty(shipped.get(key(l)) ?? 0, l.qty));
  const wanted = new Map<string, { materialCode: string; batchNo: string; qty: number }>();
  for (const l of linesOf(content)) {
    // a bill line that named no batch shipped whatever batch its allocation took: the notice may name it
    const k = shipped.has(key(l)) ? key(l) : key({ materialCode: l.materialCode });
    if (!shipped.has(k)) return new AppError(409, 'warehouse.errors.noticeNotShipped', { outBillNo, materialCode: l.materialCode, batchNo: l.batchNo ?? '' });
    const w = wanted.get(k);
    wanted.set(k, { materialCode: l.materialCode, batchNo: l.batchNo ?? '', qty: addQty(w?.qty ?? 0, l.qty) });
  }
  for (const [k, w] of wanted) {
    if (w.qty > shipped.get(k)!) return new AppError(409, 'warehouse.errors.noticeOverShipped', { materialCode: w.materialCode, shipped: shipped.get(k)!, wanted: w.qty });
  }
  return undefined;
};

/**
 * Early or on time, by the business day the receipt is recorded on (BUSINESS_TZ): before the
 * expected arrival day it is early (the spec's confirmation), from that day on a normal receipt.
 */
export const checkReceipt = (doc: DeliveryNotice, action: 'receive' | 'receiveEarly', meta: DecideMeta): AppError | undefined => {
  const today = businessDay(new Date(meta.now));
  const early = today < doc.expectedDate;
  const vars = { billNo: doc.billNo, expectedDate: doc.expectedDate };
  if (action === 'receiveEarly' && !early) return new AppError(409, 'warehouse.errors.notEarly', vars);
  if (action === 'receive' && early) return new AppError(409, 'warehouse.errors.receiveEarlyInstead', vars);
  return undefined;
};

/** The delivery notice's own decisions (the IO of `load`, the bill by number, is wired in outbound/outbound.wiring.ts). */
export const deliveryNoticeDecisions = (load: DocumentDecisions<NoticeFacts, typeof osnoticedeliverybill>['load']): DocumentDecisions<NoticeFacts, typeof osnoticedeliverybill> => ({
  load,
  compute: (content) => ({ ...content, details: linesOf(content).map((l, i) => ({ ...l, lineNumber: i + 1 })) }),
  check: (command, doc, facts, meta) => {
    // saved and issued only as what the bill shipped
    if (command.type === 'Create' || command.type === 'Change') return checkAnnounced(command.data.content, facts, doc?.billNo);
    const action = actionOf(command);
    if (!doc) return undefined;
    if (action === 'issue') return checkAnnounced(doc, facts, doc.billNo);
    if (action === 'receive' || action === 'receiveEarly') return checkReceipt(doc, action, meta);
    return undefined;
  },
});

/** Whether a command needs the notice's bill read: saving it or issuing it. */
export const readsBill = (command: { type: string; data?: unknown }): boolean =>
  command.type === 'Create' || command.type === 'Change' || (command.type === 'Act' && (command.data as { action?: string }).action === 'issue');
