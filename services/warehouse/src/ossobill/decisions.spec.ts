import { orderosoutstockbill, ossobill } from '@tpl/contracts';
import { documentSpec, folded } from '@tpl/documents/test';
import { outboundOrderDecisions, type OrderFacts } from '../outbound/order.decisions';
import { salesOrderDecisions } from './decisions';

// The sales order and the outbound orders made from it, given / when / then (docs/DOMAIN.md "Sales orders and delivery notices (issue 30)").
const so = documentSpec(ossobill, salesOrderDecisions, { id: 's1', billNo: 'XS001' });
const owner = { customerCode: 'C1', warehouseAreaCode: 'B' };
const header = { ...owner, billDate: '2026-11-24', consigneeName: 'Harbour Mart', receiverAddress: '12 Harbour Road', planDate: '2026-11-26' };
const soCreated = () =>
  so.created({ ...header, details: [{ materialCode: 'M1', qty: 10, price: 12.35 }, { materialCode: 'M2', qty: 3, price: 0.1 }] });
const report = (lines: { lineNumber: number; qty: number }[]) => ({ sourceId: 'y1', sourceBillNo: 'YC001', lines });

/** The sales order XS001 (10 of M1 at 12.35, 3 of M2 at 0.10), confirmed, and what outbound orders took of it so far. */
const salesOrder = (taken: { lineNumber: number; qty: number }[] = []) =>
  folded(ossobill, salesOrderDecisions, [soCreated(), so.acted('audit'), ...(taken.length ? [so.acted('recordOrder', report(taken))] : [])], { id: 's1', billNo: 'XS001' });

describe('sales order decisions', () => {
  it('prices each line exactly: amount = price x qty, half up to the cent, in decimals (0.1 x 3 is 0.30)', () => {
    const doc = so.given([soCreated()]).document();
    expect(doc.details.map((l) => [l.lineNumber, l.amount, l.orderedQty])).toEqual([[1, 123.5, 0], [2, 0.3, 0]]);
    expect(doc.totals).toMatchObject({ qty: 13, amount: 123.8 });
  });

  it('an outbound order taking part of it leaves it partly ordered out, the lines showing how much', () => {
    const { doc } = so.given([soCreated(), so.acted('audit')]).when({ act: 'recordOrder', fields: report([{ lineNumber: 1, qty: 4 }]) }).outcome();
    expect(doc).toMatchObject({ state: 'Ordering' });
    expect(doc!.details.map((l) => l.orderedQty)).toEqual([4, 0]);
  });

  it('refuses an order beyond what is left of a line, naming the figures', () => {
    so.given([soCreated(), so.acted('audit'), so.acted('recordOrder', report([{ lineNumber: 1, qty: 8 }]))])
      .when({ act: 'recordOrder', fields: report([{ lineNumber: 1, qty: 3 }]) })
      .thenRefused({ code: 409, key: 'warehouse.errors.overOrder', vars: { materialCode: 'M1', ordered: 10, done: 8, wanted: 3 } });
  });

  it('completes when all is ordered out', () => {
    const { doc } = so
      .given([soCreated(), so.acted('audit'), so.acted('recordOrder', report([{ lineNumber: 1, qty: 8 }]))])
      .when({ act: 'completeOrder', fields: report([{ lineNumber: 1, qty: 2 }, { lineNumber: 2, qty: 3 }]) })
      .outcome();
    expect(doc).toMatchObject({ state: 'Completed', completedAt: expect.any(String) });
  });

  it('a part given back lowers the lines; all of it given back opens the order again as confirmed', () => {
    const given = [soCreated(), so.acted('audit'), so.acted('recordOrder', report([{ lineNumber: 1, qty: 4 }])), so.acted('recordOrder', report([{ lineNumber: 1, qty: 1 }]))];
    const part = so.given(given).when({ act: 'returnOrder', fields: report([{ lineNumber: 1, qty: 1 }]) }).outcome();
    expect(part.doc!.details[0]!.orderedQty).toBe(4);
    const all = so.given([...given, so.acted('returnOrder', report([{ lineNumber: 1, qty: 1 }]))]).when({ act: 'reopen', fields: report([{ lineNumber: 1, qty: 4 }]) }).outcome();
    expect(all.doc).toMatchObject({ state: 'Confirmed' });
    expect(all.doc!.details[0]!.orderedQty).toBe(0);
  });

  it('refuses to take back more than was ordered out', () => {
    so.given([soCreated(), so.acted('audit'), so.acted('recordOrder', report([{ lineNumber: 1, qty: 2 }]))])
      .when({ act: 'returnOrder', fields: report([{ lineNumber: 1, qty: 3 }]) })
      .thenRefused({ code: 409, key: 'warehouse.errors.overReturn', vars: { materialCode: 'M1', done: 2, wanted: 3 } });
  });
});

describe('outbound order made from a sales order', () => {
  const order = documentSpec(orderosoutstockbill, outboundOrderDecisions(undefined), { id: 'y1', billNo: 'YC001' });
  const made = (lines: Record<string, unknown>[] = [{ materialCode: 'M1', qty: 6, applyLineNumber: 1 }]) =>
    order.created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', planDate: '2026-11-26', soNo: 'XS001', details: lines });
  const facts = (taken: { lineNumber: number; qty: number }[] = []): OrderFacts => ({ upstream: salesOrder(taken) });

  it('confirming it takes its part of the sales order: all that is left completes it', () => {
    const rest = made([{ materialCode: 'M1', qty: 6, applyLineNumber: 1 }, { materialCode: 'M2', qty: 3, applyLineNumber: 2 }]);
    order.given([rest], facts([{ lineNumber: 1, qty: 4 }])).when({ act: 'audit' }).then({
      effects: [{ document: 'ossobill', id: 's1', action: 'completeOrder', fields: { sourceBillNo: 'YC001', lines: [{ lineNumber: 1, qty: 6 }, { lineNumber: 2, qty: 3 }] } }],
    });
  });

  it('a part of it: the sales order records it, not yet complete', () => {
    order.given([made([{ materialCode: 'M1', qty: 2, applyLineNumber: 1 }])], facts()).when({ act: 'audit' }).then({
      effects: [{ document: 'ossobill', action: 'recordOrder', fields: { lines: [{ lineNumber: 1, qty: 2 }] } }],
    });
  });

  it('refuses to confirm more than is left, naming the figures', () => {
    order.given([made()], facts([{ lineNumber: 1, qty: 5 }])).when({ act: 'audit' }).thenRefused({
      code: 409, key: 'warehouse.errors.overOrder', vars: { materialCode: 'M1', ordered: 10, done: 5, wanted: 6 },
    });
  });

  it('refuses a line the sales order does not have, and another owner\'s sales order', () => {
    order.given([made([{ materialCode: 'M9', qty: 1 }])], facts()).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.notOnSalesOrder', vars: { soNo: 'XS001', materialCode: 'M9' } });
    const other = { upstream: { ...salesOrder(), customerCode: 'C2' } };
    order.given([made()], other).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.salesOrderOtherOwner', vars: { soNo: 'XS001', customerCode: 'C2' } });
  });

  it('refuses when the sales order is no longer open', () => {
    const closed = { upstream: { ...salesOrder([{ lineNumber: 1, qty: 1 }]), state: 'Closed' } };
    order.given([made()], closed).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.salesOrderNotOpen', keyVars: { state: 'ossobill.states.Closed' } });
  });

  it('cancelled after it was confirmed, it gives its part back; a draft cancelled gives nothing', () => {
    order.given([made(), order.acted('audit')], facts([{ lineNumber: 1, qty: 6 }])).when({ act: 'cancel' }).then({
      effects: [{ document: 'ossobill', action: 'reopen', fields: { lines: [{ lineNumber: 1, qty: 6 }] } }],
    });
    order.given([made()], facts()).when({ act: 'cancel' }).then({ effects: [] });
  });

  it('through review: checked when submitted, taken when approved, given back when cancelled after', () => {
    const approver = { userId: 'u2', account: 'approver', name: 'Abel' };
    const instanceId = '0b0e0c4e-1111-4222-8333-444455556666';
    const needsReview = order.created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', planDate: '2026-11-26', soNo: 'XS001', details: [{ materialCode: 'M1', qty: 6, applyLineNumber: 1 }] }, { isReview: 1 });
    order.given([needsReview], facts([{ lineNumber: 1, qty: 5 }])).when({ command: { type: 'SubmitForReview', data: { id: 'y1', expectedVersion: 1, processKey: 'k' } } }).thenRefused({ code: 409, key: 'warehouse.errors.overOrder' });
    const submitted = order.kitFact('SubmittedForReview', { processKey: 'k' });
    order.given([needsReview, submitted], facts()).when({ command: { type: 'ApproveReview', data: { id: 'y1', instanceId, approver, comment: 'ok' } } }).then({
      effects: [{ document: 'ossobill', action: 'recordOrder', fields: { lines: [{ lineNumber: 1, qty: 6 }] } }],
    });
    const approved = order.kitFact('Reviewed', { instanceId, approver, comment: 'ok' });
    order.given([needsReview, submitted, approved], facts([{ lineNumber: 1, qty: 6 }])).when({ act: 'cancel' }).then({ effects: [{ document: 'ossobill', action: 'reopen' }] });
  });

  it('an order of its own (no sales order) is confirmed as before', () => {
    order.given([order.created({ ...owner, stockType: 'NORMAL', billDate: '2026-11-24', planDate: '2026-11-26', details: [{ materialCode: 'M1', qty: 6 }] })], {}).when({ act: 'audit' }).then({ effects: [] });
  });
});
