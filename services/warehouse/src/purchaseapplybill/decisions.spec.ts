import { orderisinstockbill, purchaseapplybill } from '@tpl/contracts';
import { documentSpec, folded } from '@tpl/documents/test';
import { bookedInboundDecisions, purchaseApplyDecisions, type BookingFacts } from './decisions';

// The purchase apply and the booked inbounds made from it, given / when / then (docs/DOMAIN.md "Purchase apply and receipt bill").
const apply = documentSpec(purchaseapplybill, purchaseApplyDecisions, { id: 'p1', billNo: 'CG001' });
const owner = { customerCode: 'C1', warehouseAreaCode: 'A' };
const applied = () =>
  apply.created({ ...owner, billDate: '2026-11-24', supplierCode: 'S1', planDate: '2026-11-26', details: [{ materialCode: 'M1', qty: 10, price: 12.35 }, { materialCode: 'M2', qty: 3, price: 0.1 }] });
const report = (lines: { lineNumber: number; qty: number }[]) => ({ sourceId: 'b1', sourceBillNo: 'YR001', lines });

/** The purchase apply CG001 (10 of M1 at 12.35, 3 of M2 at 0.10), approved, and what bookings took of it so far. */
const approvedApply = (taken: { lineNumber: number; qty: number }[] = []) =>
  folded(purchaseapplybill, purchaseApplyDecisions, [applied(), apply.acted('audit'), ...(taken.length ? [apply.acted('recordBooking', report(taken))] : [])], { id: 'p1', billNo: 'CG001' });

describe('purchase apply decisions', () => {
  it('prices each line exactly: amount = price x qty, half up to the cent, in decimals (0.1 x 3 is 0.30)', () => {
    const doc = apply.given([applied()]).document();
    expect(doc.details.map((l) => [l.lineNumber, l.amount, l.bookedQty])).toEqual([[1, 123.5, 0], [2, 0.3, 0]]);
    expect(doc.totals).toMatchObject({ qty: 13, amount: 123.8 });
  });

  it('approved, a booking taking part of it leaves it partly booked, the lines showing how much', () => {
    const { doc } = apply.given([applied(), apply.acted('audit')]).when({ act: 'recordBooking', fields: report([{ lineNumber: 1, qty: 4 }]) }).outcome();
    expect(doc).toMatchObject({ state: 'Booking' });
    expect(doc!.details.map((l) => l.bookedQty)).toEqual([4, 0]);
  });

  it('refuses a booking beyond what is left of a line, naming the figures', () => {
    apply
      .given([applied(), apply.acted('audit'), apply.acted('recordBooking', report([{ lineNumber: 1, qty: 8 }]))])
      .when({ act: 'recordBooking', fields: report([{ lineNumber: 1, qty: 3 }]) })
      .thenRefused({ code: 409, key: 'warehouse.errors.overBooking', vars: { materialCode: 'M1', ordered: 10, done: 8, wanted: 3 } });
  });

  it('is booked when all is; a booking given back opens it again', () => {
    const given = [applied(), apply.acted('audit'), apply.acted('recordBooking', report([{ lineNumber: 1, qty: 8 }]))];
    const { doc } = apply.given(given).when({ act: 'completeBooking', fields: report([{ lineNumber: 1, qty: 2 }, { lineNumber: 2, qty: 3 }]) }).outcome();
    expect(doc).toMatchObject({ state: 'Booked', bookedAt: expect.any(String) });
    const back = apply
      .given([...given, apply.acted('completeBooking', report([{ lineNumber: 1, qty: 2 }, { lineNumber: 2, qty: 3 }]))])
      .when({ act: 'returnBooking', fields: report([{ lineNumber: 2, qty: 3 }]) })
      .outcome();
    expect(back.doc).toMatchObject({ state: 'Booking' });
    expect(back.doc!.details.map((l) => l.bookedQty)).toEqual([10, 0]);
  });

  it('refuses to take back more than was booked, in the booking\'s words', () => {
    apply
      .given([applied(), apply.acted('audit'), apply.acted('recordBooking', report([{ lineNumber: 1, qty: 2 }]))])
      .when({ act: 'returnBooking', fields: report([{ lineNumber: 1, qty: 3 }]) })
      .thenRefused({ code: 409, key: 'warehouse.errors.overBookingReturn', vars: { materialCode: 'M1', done: 2, wanted: 3 } });
  });

  it('a draft takes no booking: only an approved apply is open', () => {
    apply.given([applied()]).when({ act: 'recordBooking', fields: report([{ lineNumber: 1, qty: 1 }]) }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });
});

describe('booked inbound made from a purchase apply', () => {
  const booking = documentSpec(orderisinstockbill, bookedInboundDecisions(undefined), { id: 'b1', billNo: 'YR001' });
  const made = (lines: Record<string, unknown>[] = [{ materialCode: 'M1', qty: 6, applyLineNumber: 1 }]) =>
    booking.created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', planDate: '2026-11-26', applyNo: 'CG001', details: lines });
  const facts = (taken: { lineNumber: number; qty: number }[] = []): BookingFacts => ({ upstream: approvedApply(taken) });

  it('confirming it takes all that is left of the apply: the apply is fully booked', () => {
    const rest = made([{ materialCode: 'M1', qty: 6, applyLineNumber: 1 }, { materialCode: 'M2', qty: 3, applyLineNumber: 2 }]);
    booking.given([rest], facts([{ lineNumber: 1, qty: 4 }])).when({ act: 'audit' }).then({
      effects: [{ document: 'purchaseapplybill', id: 'p1', action: 'completeBooking', fields: { sourceBillNo: 'YR001', lines: [{ lineNumber: 1, qty: 6 }, { lineNumber: 2, qty: 3 }] } }],
    });
  });

  it('a part of it: the apply records it, not yet fully booked', () => {
    booking.given([made([{ materialCode: 'M1', qty: 2, applyLineNumber: 1 }])], facts()).when({ act: 'audit' }).then({
      effects: [{ document: 'purchaseapplybill', action: 'recordBooking', fields: { lines: [{ lineNumber: 1, qty: 2 }] } }],
    });
  });

  it('refuses to book more than is left of the apply (the remainder rule), naming the figures', () => {
    booking.given([made([{ materialCode: 'M1', qty: 7, applyLineNumber: 1 }])], facts([{ lineNumber: 1, qty: 4 }])).when({ act: 'audit' })
      .thenRefused({ code: 409, key: 'warehouse.errors.overBooking', vars: { materialCode: 'M1', ordered: 10, done: 4, wanted: 7 } });
  });

  it('refuses a line the apply does not have, another owner\'s apply, and an apply no longer open', () => {
    booking.given([made([{ materialCode: 'M9', qty: 1 }])], facts()).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.notOnPurchaseApply', vars: { applyNo: 'CG001', materialCode: 'M9' } });
    booking.given([made()], { upstream: { ...approvedApply(), customerCode: 'C2' } }).when({ act: 'audit' })
      .thenRefused({ code: 409, key: 'warehouse.errors.purchaseApplyOtherOwner', vars: { applyNo: 'CG001', customerCode: 'C2' } });
    booking.given([made()], { upstream: { ...approvedApply(), state: 'Closed' } }).when({ act: 'audit' })
      .thenRefused({ code: 409, key: 'warehouse.errors.purchaseApplyNotOpen', keyVars: { state: 'purchaseapplybill.states.Closed' } });
    booking.given([made()], {}).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.purchaseApplyNotFound', vars: { applyNo: 'CG001' } });
  });

  it('cancelled after it was confirmed, it gives its part back; a draft cancelled gives nothing', () => {
    booking.given([made(), booking.acted('audit')], facts([{ lineNumber: 1, qty: 6 }])).when({ act: 'cancel' }).then({
      effects: [{ document: 'purchaseapplybill', action: 'reopen', fields: { lines: [{ lineNumber: 1, qty: 6 }] } }],
    });
    booking.given([made()], facts()).when({ act: 'cancel' }).then({ effects: [] });
  });

  it('a booking of its own (no purchase apply) is confirmed as before, and still takes its receipts', () => {
    const own = booking.created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', planDate: '2026-11-26', details: [{ materialCode: 'M1', qty: 6 }] });
    booking.given([own], {}).when({ act: 'audit' }).then({ effects: [] });
    booking.given([own, booking.acted('audit')], {}).when({ act: 'recordReceipt', fields: { sourceId: 'r1', sourceBillNo: 'RK001', lines: [{ lineNumber: 1, qty: 7 }] } })
      .thenRefused({ code: 409, key: 'warehouse.errors.overReceipt' });
  });
});
