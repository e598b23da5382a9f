import { monthbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { monthBillDecisions, paymentRefusal, type MonthBillFacts } from './monthbill.decisions';

// The month bill's own decisions, given/when/then: given its facts and the customer's other bills, when a command, then its facts or a refusal.
const spec = documentSpec(monthbill, monthBillDecisions(undefined), { id: 'b1', billNo: 'ZD2026110100009' });
const october = spec.created({ customerCode: 'C001', month: '2026-10' });
const confirmed = [october, spec.acted('check'), spec.acted('confirm')];
const none: MonthBillFacts = { laterIssued: [] };
const reopen = { act: 'reopen' as const, fields: { reopenReason: 'x' } };

describe('month bill: reopen', () => {
  it('given no later issued bill, when reopened, then the machine decides', () => {
    spec.given(confirmed, none).when(reopen).then({ doc: { state: 'Generated', reopenReason: 'x' } });
  });
  it("given November's bill checked, when October's is reopened, then 409 naming it and its state", () => {
    spec.given(confirmed, { laterIssued: [{ billNo: 'ZD2026120100001', month: '2026-11', state: 'Checked' }] }).when(reopen).thenRefused({
      code: 409, key: 'billing.errors.laterIssued', vars: { month: '2026-11', billNo: 'ZD2026120100001' }, keyVars: { state: 'monthbill.states.Checked' },
    });
  });
  it('other actions are not judged here', () => {
    spec.given(confirmed, { laterIssued: [{ billNo: 'x', month: '2026-11', state: 'Checked' }] }).when({ act: 'invoice', fields: { invoiceNo: 'FP1' } }).then({ doc: { state: 'Invoiced' } });
  });
});

describe('month bill: one per customer and month', () => {
  const create = { create: { customerCode: 'C001', month: '2026-10' } };
  it('given October billed already, when another October bill is made, then 409 naming the one there is (never the index refusing as a 500)', () => {
    spec.given([], { laterIssued: [], sameMonth: { billNo: 'ZD2026110100001' } }).when(create).thenRefused({
      code: 409, key: 'billing.errors.monthBillExists', vars: { customerCode: 'C001', month: '2026-10', billNo: 'ZD2026110100001' },
    });
  });
  it('given no bill of the month, when one is made, then the machine decides', () => {
    spec.given([], none).when(create).then([{ type: 'MonthBillCreated', data: { id: 'b1', billNo: 'ZD2026110100009', isReview: 0, content: { customerCode: 'C001', month: '2026-10' } } }]);
  });
  it('given a bill of the month, when a draft is changed to that month, then 409 too', () => {
    spec.given([october], { laterIssued: [], sameMonth: { billNo: 'ZD1' } }).when({ change: { customerCode: 'C001', month: '2026-09' } }).thenRefused({ code: 409, key: 'billing.errors.monthBillExists' });
  });
});

// Payments (spec 02 paydetail) against an issued bill: lines with date, amount, method, reference and who; paid and owing derived; reversal by counter-entry.
describe('month bill: payment lines (paydetail)', () => {
  const bill = spec.created({ customerCode: 'C001', month: '2026-10', totalCost: 1000.1, carriedOwing: 200, amountDue: 1200.1 });
  const invoiced = [bill, spec.acted('check'), spec.acted('confirm'), spec.acted('invoice', { invoiceNo: 'FP1' })];
  const finance = { userId: 'u9', account: 'finance', name: 'Finance' };
  const pay = (payAmount: number, payDate = '2026-11-20', payReference = 'TT-1') => ({ act: 'pay' as const, fields: { payDate, payAmount, payMethod: 'BANK' as const, payReference } });

  it('given an invoiced bill of 1200.10 due, when 700.05 is recorded by bank transfer, then a payment line naming the date, amount, method, reference and who; paid 700.05, owing 500.05', () => {
    const { doc } = spec.given(invoiced, none).when(pay(700.05), { actor: finance }).then({ doc: { state: 'Paid', paidAmount: 700.05, owingAmount: 500.05 } });
    expect(doc!.payments).toEqual([{ lineNumber: 1, payDate: '2026-11-20', amount: 700.05, payMethod: 'BANK', payReference: 'TT-1', by: finance, at: '2026-11-24T12:00:00.000Z' }]);
  });

  it('given payments of 0.1 and 0.2 (binary floating point would make 0.30000000000000004), then paid is 0.30 exactly and owing 1199.80', () => {
    const paid = [...invoiced, spec.acted('pay', pay(0.1).fields), spec.acted('pay', pay(0.2).fields)];
    expect(spec.given(paid, none).document()).toMatchObject({ paidAmount: 0.3, owingAmount: 1199.8 });
  });

  it('given 1000 paid, when 300 more is paid (200 beyond what is owing), then it is recorded and owing is -99.90: the customer\'s credit, carried when the bill closes', () => {
    spec.given([...invoiced, spec.acted('pay', pay(1000).fields)], none).when(pay(300)).then({ doc: { paidAmount: 1300, owingAmount: -99.9 } });
  });

  it('when a payment is dated after today (the business day), then 400 naming the payment date, nothing recorded', () => {
    spec.given(invoiced, none).when(pay(10, '2026-11-25')).thenRefused({ code: 400, key: 'validation.invalid' });
    const refused = paymentRefusal({ type: 'Act', data: { id: 'b1', expectedVersion: 4, action: 'pay', fields: pay(10, '2026-11-25').fields } }, spec.given(invoiced, none).document(), '2026-11-24T12:00:00.000Z');
    expect(refused).toMatchObject({ issues: [{ path: ['payDate'], message: 'validation.future' }] });
    // today itself is fine
    spec.given(invoiced, none).when(pay(10, '2026-11-24')).then({ doc: { paidAmount: 10 } });
  });

  it('when a payment is recorded before the bill is invoiced, then the machine refuses it (409)', () => {
    spec.given([bill, spec.acted('check')], none).when(pay(10)).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });

  it('given two payments, when the first is reversed, then a counter-entry of -700.05 names it, the first is marked reversed, nothing is deleted; paid and owing follow', () => {
    const paid = [...invoiced, spec.acted('pay', pay(700.05).fields), spec.acted('pay', pay(100, '2026-11-21', 'TT-2').fields)];
    const { events, doc } = spec.given(paid, none).when({ act: 'reversePayment', fields: { paymentNo: 1, reverseReason: 'cheque bounced' } }, { actor: finance }).then({ doc: { paidAmount: 100, owingAmount: 1100.1 } });
    // the server fills the amount reversed (what the bills' index subtracts), whatever the caller sent
    expect(events).toEqual([{ type: 'MonthBillPaymentReversed', data: { paymentNo: 1, reverseReason: 'cheque bounced', reversedAmount: 700.05 } }]);
    expect(doc!.payments).toHaveLength(3);
    expect(doc!.payments![0]).toMatchObject({ lineNumber: 1, amount: 700.05, reversedBy: 3 });
    expect(doc!.payments![2]).toMatchObject({ lineNumber: 3, amount: -700.05, reverses: 1, reason: 'cheque bounced', by: finance, payMethod: 'BANK' });
  });

  it('when a payment already reversed is reversed again, then 409 naming the counter-entry', () => {
    const reversed = [...invoiced, spec.acted('pay', pay(50).fields), spec.acted('reversePayment', { paymentNo: 1, reverseReason: 'x', reversedAmount: 50 })];
    spec.given(reversed, none).when({ act: 'reversePayment', fields: { paymentNo: 1, reverseReason: 'again' } }).thenRefused({ code: 409, key: 'billing.errors.paymentReversed', vars: { paymentNo: 1, counter: 2 } });
    // a counter-entry itself is not a payment to reverse: 400 naming the field
    spec.given(reversed, none).when({ act: 'reversePayment', fields: { paymentNo: 2, reverseReason: 'x' } }).thenRefused({ code: 400, key: 'billing.errors.paymentUnknown', keyVars: { label: 'monthbill.fields.paymentNo' } });
    spec.given(reversed, none).when({ act: 'reversePayment', fields: { paymentNo: 9, reverseReason: 'x' } }).thenRefused({ code: 400, key: 'billing.errors.paymentUnknown' });
  });

  it('given a bill paid before payment lines existed (the amount received in all), then its line is that amount; a later top-up adds the difference', () => {
    const old = [...invoiced, { type: 'MonthBillPaymentRecorded', data: { paidAmount: 500 } }];
    expect(spec.given(old, none).document()).toMatchObject({ paidAmount: 500, owingAmount: 700.1, payments: [{ lineNumber: 1, amount: 500, payMethod: 'BANK' }] });
    expect(spec.given([...old, { type: 'MonthBillPaymentRecorded', data: { paidAmount: 800 } }], none).document()).toMatchObject({ paidAmount: 800, payments: [{ amount: 500 }, { amount: 300 }] });
  });

  it('given payments, when the bill is closed, then they stay and what is owing stays (the carry-over takes it)', () => {
    spec.given([...invoiced, spec.acted('pay', pay(200).fields)], none).when({ act: 'close' }).then({ doc: { state: 'Closed', paidAmount: 200, owingAmount: 1000.1 } });
  });
});
