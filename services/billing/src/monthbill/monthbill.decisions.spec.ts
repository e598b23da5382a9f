import { monthbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { monthBillDecisions, type MonthBillFacts } from './monthbill.decisions';

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
