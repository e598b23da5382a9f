import { orderisinstockbill } from '@tpl/contracts';
import { applyTargetDecisions, type ApplyTarget } from '../shared/apply';

/** The booked inbound: inbound bills receive against it; no line beyond what was booked. */
export const BOOKING: ApplyTarget<typeof orderisinstockbill> = {
  def: orderisinstockbill,
  doneField: 'receivedQty',
  record: 'recordReceipt',
  complete: 'completeReceipt',
  overKey: 'warehouse.errors.overReceipt',
  moved: ['Receiving', 'Received', 'Closed'],
};
export const bookingDecisions = applyTargetDecisions(BOOKING);
