import { documentContentSchemaOf, isinstockbill, isrecbill, orderisinstockbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { receiptBillDecisions } from './decisions';

// The receipt bill (the dock's count), given / when / then, and the copies that chain it (docs/DOMAIN.md "Purchase apply and receipt bill").
const rec = documentSpec(isrecbill, receiptBillDecisions, { id: 'r1', billNo: 'SH001' });
const owner = { customerCode: 'C1', warehouseAreaCode: 'A' };
const counted = (lines: Record<string, unknown>[]) => rec.created({ ...owner, billDate: '2026-11-24', applyNo: 'YR001', details: lines });
const expected = [
  { applyLineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 10 },
  { applyLineNumber: 2, materialCode: 'M2', qty: 5 },
  { applyLineNumber: 3, materialCode: 'M3', qty: 4 },
  { applyLineNumber: 4, materialCode: 'M4', qty: 2 },
];

describe('receipt bill decisions', () => {
  it('puts each line\'s difference in words: short, over, as expected but damaged, as expected', () => {
    const doc = rec.given([counted([
      { ...expected[0], countedQty: 8, remark: 'two cartons missing' },
      { ...expected[1], countedQty: 6 },
      { ...expected[2], countedQty: 4, damagedQty: 1 },
      { ...expected[3], countedQty: 2 },
    ])]).document();
    expect(doc.details.map((l) => [l.lineNumber, l.diffQty, l.variance])).toEqual([[1, -2, 'SHORT'], [2, 1, 'OVER'], [3, 0, 'DAMAGED'], [4, 0, 'MATCH']]);
    expect(doc.totals).toMatchObject({ qty: 21, countedQty: 20, damagedQty: 1 });
  });

  it('confirming records the count and moves no stock', () => {
    rec.given([counted([{ ...expected[0], countedQty: 10 }])]).when({ act: 'confirm' }).then({ state: 'Confirmed', effects: [] });
  });

  it('refuses to confirm a count of nothing at all: that truck did not come, the bill is cancelled', () => {
    rec.given([counted([{ ...expected[0], countedQty: 0 }])]).when({ act: 'confirm' }).thenRefused({ code: 409, key: 'warehouse.errors.nothingCounted' });
  });

  it('its inbound bill receiving marks it received; it cannot be received twice', () => {
    const given = [counted([{ ...expected[0], countedQty: 10 }]), rec.acted('confirm')];
    rec.given(given).when({ act: 'recordInbound', fields: { inBillNo: 'RK001' } }).then({ state: 'Received' });
    rec.given([...given, rec.acted('recordInbound', { inBillNo: 'RK001' })]).when({ act: 'recordInbound', fields: { inBillNo: 'RK002' } }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });

  it('refuses (400, on the field) more damaged than counted', () => {
    const parsed = documentContentSchemaOf(isrecbill).safeParse({ ...owner, billDate: '2026-11-24', applyNo: 'YR001', details: [{ ...expected[0], countedQty: 3, damagedQty: 4 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ['details', 0, 'damagedQty'], message: 'validation.damagedOverCounted' })]);
  });
});

describe('the inbound chain made from the document before it', () => {
  const folded = (content: Record<string, unknown>, o: Record<string, unknown>) => ({ id: 'x', version: 3, totals: {}, ...content, ...o });
  const accepted = (def: typeof isinstockbill | typeof isrecbill | typeof orderisinstockbill, copied: Record<string, unknown>) =>
    documentContentSchemaOf(def).safeParse({ billDate: '2026-11-28', ...copied }).success;

  it('a booked inbound takes what is left of its purchase apply, line by line', () => {
    const pa = folded({ ...owner, supplierCode: 'S1', planDate: '2026-11-30', details: [
      { lineNumber: 1, materialCode: 'M1', unitCode: 'CTN', qty: 10, price: 2, amount: 20, bookedQty: 4 },
      { lineNumber: 2, materialCode: 'M2', qty: 3, price: 1, amount: 3, bookedQty: 3 },
    ] }, { billNo: 'CG001', state: 'Booking' });
    const copied = orderisinstockbill.sources!.purchaseapplybill!.copy(pa);
    expect(copied).toMatchObject({ ...owner, stockType: 'NORMAL', applyNo: 'CG001', supplierCode: 'S1', planDate: '2026-11-30' });
    // the line names the apply it came from (applyCode, filled by the chain) and keeps its price
    expect(copied.details).toEqual([{ materialCode: 'M1', unitCode: 'CTN', qty: 6, price: 2, applyCode: 'CG001', applyLineNumber: 1 }]);
    expect(accepted(orderisinstockbill, copied)).toBe(true);
  });

  it('a receipt bill expects what is left of its booking; the inbound bill takes what was counted sound', () => {
    const booking = folded({ ...owner, stockType: 'NORMAL', supplierCode: 'S1', details: [
      { lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 10, receivedQty: 4, qtyWeg: 6, expiringDate: '2027-06-01' },
      { lineNumber: 2, materialCode: 'M2', qty: 5, receivedQty: 0 },
    ] }, { billNo: 'YR001', state: 'Receiving' });
    const expecting = isrecbill.sources!.orderisinstockbill!.copy(booking);
    expect(expecting).toMatchObject({ ...owner, applyNo: 'YR001', supplierCode: 'S1' });
    expect(expecting.details).toEqual([
      { applyLineNumber: 1, materialCode: 'M1', batchNo: 'L1', expiringDate: '2027-06-01', qty: 6 },
      { applyLineNumber: 2, materialCode: 'M2', qty: 5 },
    ]);
    const counts = [{ countedQty: 6, damagedQty: 1 }, { countedQty: 0 }];
    const receipt = folded({ ...expecting, details: (expecting.details as Record<string, unknown>[]).map((l, i) => ({ ...l, lineNumber: i + 1, ...counts[i] })) }, { billNo: 'SH001', state: 'Confirmed' });
    expect(accepted(isrecbill, receipt)).toBe(true);
    const inbound = isinstockbill.sources!.isrecbill!.copy(receipt);
    expect(inbound).toMatchObject({ ...owner, stockType: 'NORMAL', applyNo: 'YR001', recNo: 'SH001', supplierCode: 'S1' });
    // 6 counted, 1 of them damaged: 5 received; nothing of M2 came
    expect(inbound.details).toEqual([{ applyLineNumber: 1, materialCode: 'M1', batchNo: 'L1', expiringDate: '2027-06-01', qty: 5 }]);
    expect(accepted(isinstockbill, inbound)).toBe(true);
  });
});
