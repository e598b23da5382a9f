import { orderosoutstockbill } from '@tpl/contracts';
import { applyTargetDecisions, type ApplyTarget } from '../shared/apply';

/** The outbound order: outbound bills ship against it; no line beyond what was ordered. */
export const ORDER: ApplyTarget<typeof orderosoutstockbill> = {
  def: orderosoutstockbill,
  doneField: 'shippedQty',
  record: 'recordShipment',
  complete: 'completeShipment',
  overKey: 'warehouse.errors.overShipment',
  moved: ['Shipping', 'Shipped', 'Closed'],
};
export const orderDecisions = applyTargetDecisions(ORDER);
