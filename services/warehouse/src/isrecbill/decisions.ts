import { AppError, isrecbill, subQty, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { actionOf, linesOf } from '../shared/lines';

export type ReceiptBill = DocumentOf<typeof isrecbill>;
type Variance = 'MATCH' | 'SHORT' | 'OVER' | 'DAMAGED';

/** A counted line against what was expected: counted less expected, and that in words (short, over; as expected but some damaged; as expected). */
export const varianceOf = (expected: number, counted: number, damaged: number): { diffQty: number; variance: Variance } => {
  const diffQty = subQty(counted, expected);
  if (diffQty < 0) return { diffQty, variance: 'SHORT' };
  if (diffQty > 0) return { diffQty, variance: 'OVER' };
  return { diffQty, variance: damaged > 0 ? 'DAMAGED' : 'MATCH' };
};

/**
 * The receipt bill's decisions (docs/DOMAIN.md "Purchase apply and receipt bill"): each line's
 * difference worked out when it is saved; confirming needs something counted. It moves no stock:
 * the inbound bill made from it receives, and tells it so (recordInbound).
 */
export const receiptBillDecisions: DocumentDecisions<undefined, typeof isrecbill> = {
  compute: (content) => ({
    ...content,
    details: linesOf(content).map((l, i) => {
      const counted = Number(l.countedQty ?? 0);
      const damaged = Number(l.damagedQty ?? 0);
      return { ...l, lineNumber: i + 1, countedQty: counted, damagedQty: damaged, ...varianceOf(Number(l.qty ?? 0), counted, damaged) };
    }),
  }) as typeof content,
  check: (command, doc) => {
    // a count of nothing at all is no receipt: the truck did not come, and the bill is cancelled instead
    if (doc && actionOf(command) === 'confirm' && linesOf(doc).every((l) => Number(l.countedQty ?? 0) <= 0)) return new AppError(409, 'warehouse.errors.nothingCounted', {});
    return undefined;
  },
};
