import { AppError, orderosoutstockbill, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { appliedLineFor, applyTargetDecisions, checkReport, type ApplyReport, type ApplyTarget } from '../shared/apply';
import { actionOf, linesOf } from '../shared/lines';
import { SALES_ORDER, salesOrderReport, type SalesOrder } from '../ossobill/decisions';

/** The outbound order: outbound bills ship against it; no line beyond what was ordered. */
export const ORDER: ApplyTarget<typeof orderosoutstockbill> = {
  def: orderosoutstockbill,
  doneField: 'shippedQty',
  record: 'recordShipment',
  complete: 'completeShipment',
  overKey: 'warehouse.errors.overShipment',
  moved: ['Shipping', 'Shipped', 'Closed'],
};

type OutboundOrder = DocumentOf<typeof orderosoutstockbill>;

/** What the outbound order's decisions read: the sales order it is made from (soNo), when it has one. */
export type OrderFacts = { salesOrder?: SalesOrder | undefined };

/** The commands at which an order made from a sales order takes its part (confirmed) or gives it back (cancelled). */
export const readsSalesOrder = (command: { type: string; data?: unknown }): boolean =>
  command.type === 'SubmitForReview' || command.type === 'ApproveReview' || (command.type === 'Act' && ['audit', 'cancel'].includes(String((command.data as { action?: string }).action)));

/** The sales-order lines an order takes, line by line: the one each names (applyLineNumber), else the same material and batch. */
export const claimOf = (doc: OutboundOrder, so: SalesOrder): ApplyReport | AppError => {
  const lines: ApplyReport['lines'] = [];
  for (const l of linesOf(doc)) {
    const sold = appliedLineFor(so, l);
    if (!sold) return new AppError(409, 'warehouse.errors.notOnSalesOrder', { soNo: so.billNo, materialCode: l.materialCode, batchNo: l.batchNo ?? '' });
    lines.push({ lineNumber: sold.lineNumber, qty: l.qty });
  }
  return { sourceId: doc.id, sourceBillNo: doc.billNo, lines };
};

/** Confirming an order made from a sales order: the sales order is this owner's, open, names every line and has that much left. */
export const checkClaim = (doc: OutboundOrder, facts: OrderFacts | undefined): AppError | undefined => {
  const soNo = doc.soNo ?? '';
  if (!soNo) return undefined;
  const so = facts?.salesOrder;
  if (!so) return new AppError(409, 'warehouse.errors.salesOrderNotFound', { soNo });
  if (so.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.salesOrderOtherOwner', { soNo, customerCode: so.customerCode });
  if (so.state !== 'Confirmed' && so.state !== 'Ordering') return new AppError(409, 'warehouse.errors.salesOrderNotOpen', { soNo }, { state: `ossobill.states.${so.state}` });
  const claim = claimOf(doc, so);
  if (claim instanceof AppError) return claim;
  return checkReport(SALES_ORDER, so, claim);
};

const base = applyTargetDecisions(ORDER);

/** The outbound order's own decisions; `load` (the sales order by number, in the command's transaction) is wired in outbound.wiring.ts. */
export const outboundOrderDecisions = (load: DocumentDecisions<OrderFacts, typeof orderosoutstockbill>['load']): DocumentDecisions<OrderFacts, typeof orderosoutstockbill> => ({
  compute: (content) => base.compute!(content, undefined),
  evolve: base.evolve!,
  load,
  check: (command, doc, facts, meta) => {
    const own = base.check?.(command, doc, undefined, meta);
    if (own || !doc) return own;
    if (command.type === 'SubmitForReview' || actionOf(command) === 'audit') return checkClaim(doc, facts);
    return undefined;
  },
  effects: (command, after, facts) => {
    const so = facts?.salesOrder;
    if (!so || !after.soNo) return [];
    const confirmed = command.type === 'ApproveReview' || actionOf(command) === 'audit';
    // cancelled after it was confirmed (auditDate landed): what it took is given back
    const given = actionOf(command) === 'cancel' && Boolean(after.auditDate);
    if (!confirmed && !given) return [];
    const claim = claimOf(after, so);
    if (claim instanceof AppError) throw claim;
    return [salesOrderReport(so, claim, given)];
  },
});
