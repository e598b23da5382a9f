import { orderisinstockbill, purchaseapplybill, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { bookingDecisions } from '../inbound/booking.decisions';
import { claimingDecisions, upstreamDecisions, type Claim, type UpstreamFacts, type UpstreamTarget } from '../shared/upstream';

export type PurchaseApply = DocumentOf<typeof purchaseapplybill>;

/**
 * The purchase apply: booked inbounds are made from it and, once confirmed, take their part of its
 * lines (bookedQty); no line is booked beyond what was applied for. It is fully booked when all is
 * (docs/DOMAIN.md "Purchase apply and receipt bill").
 */
export const PURCHASE_APPLY: UpstreamTarget<typeof purchaseapplybill> = {
  def: purchaseapplybill,
  doneField: 'bookedQty',
  record: 'recordBooking',
  complete: 'completeBooking',
  giveBack: 'returnBooking',
  reopen: 'reopen',
  overKey: 'warehouse.errors.overBooking',
  overReturnKey: 'warehouse.errors.overBookingReturn',
  // nothing physical moves on a purchase apply: removal is the machine's (a draft or a cancelled apply)
  moved: [],
};

/** The purchase apply's own decisions: amounts, the "not beyond what was applied for" wall, what bookings take and give back. */
export const purchaseApplyDecisions = upstreamDecisions(PURCHASE_APPLY);

/** A booked inbound made from a purchase apply (applyNo) takes its part of it. */
export const FROM_PURCHASE_APPLY: Claim<typeof purchaseapplybill> = {
  upstream: PURCHASE_APPLY,
  field: 'applyNo',
  open: ['Approved', 'Booking'],
  keys: {
    notFound: 'warehouse.errors.purchaseApplyNotFound',
    otherOwner: 'warehouse.errors.purchaseApplyOtherOwner',
    notOpen: 'warehouse.errors.purchaseApplyNotOpen',
    notOn: 'warehouse.errors.notOnPurchaseApply',
  },
};

export type BookingFacts = UpstreamFacts<typeof purchaseapplybill>;

/** The booked inbound's decisions with its purchase apply; `load` (the apply by number, in the command's transaction) is wired in inbound.wiring.ts. */
export const bookedInboundDecisions = (load: DocumentDecisions<BookingFacts, typeof orderisinstockbill>['load']): DocumentDecisions<BookingFacts, typeof orderisinstockbill> =>
  claimingDecisions(bookingDecisions, FROM_PURCHASE_APPLY, load);
