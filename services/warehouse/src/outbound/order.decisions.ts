import { orderosoutstockbill, type ossobill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { applyTargetDecisions, type ApplyTarget } from '../shared/apply';
import { claimingDecisions, readsUpstream, type Claim, type UpstreamFacts } from '../shared/upstream';
import { SALES_ORDER } from '../ossobill/decisions';

/** The outbound order: outbound bills ship against it; no line beyond what was ordered. */
export const ORDER: ApplyTarget<typeof orderosoutstockbill> = {
  def: orderosoutstockbill,
  doneField: 'shippedQty',
  record: 'recordShipment',
  complete: 'completeShipment',
  overKey: 'warehouse.errors.overShipment',
  moved: ['Shipping', 'Shipped', 'Closed'],
};

/** What the outbound order's decisions read: the sales order it is made from (soNo), when it has one. */
export type OrderFacts = UpstreamFacts<typeof ossobill>;

/** The commands at which an order made from a sales order takes its part (confirmed) or gives it back (cancelled). */
export const readsSalesOrder = readsUpstream;

/** An outbound order made from a sales order (soNo) takes its part of it. */
export const FROM_SALES_ORDER: Claim<typeof ossobill> = {
  upstream: SALES_ORDER,
  field: 'soNo',
  open: ['Confirmed', 'Ordering'],
  keys: { notFound: 'warehouse.errors.salesOrderNotFound', otherOwner: 'warehouse.errors.salesOrderOtherOwner', notOpen: 'warehouse.errors.salesOrderNotOpen', notOn: 'warehouse.errors.notOnSalesOrder' },
};

/** The outbound order's own decisions; `load` (the sales order by number, in the command's transaction) is wired in outbound.wiring.ts. */
export const outboundOrderDecisions = (load: DocumentDecisions<OrderFacts, typeof orderosoutstockbill>['load']): DocumentDecisions<OrderFacts, typeof orderosoutstockbill> =>
  claimingDecisions(applyTargetDecisions(ORDER), FROM_SALES_ORDER, load);
