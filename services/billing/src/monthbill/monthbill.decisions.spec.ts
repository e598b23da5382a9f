import { AppError, type KitDocument } from '@tpl/contracts';
import type { DocumentCommand } from '@tpl/documents';
import { monthBillDecisions } from './monthbill.decisions';

const doc = { id: 'b1', customerCode: 'C001', month: '2026-10', state: 'Confirmed' } as unknown as KitDocument;
const reopen: DocumentCommand = { type: 'Act', data: { id: 'b1', expectedVersion: 3, action: 'reopen', fields: { reopenReason: 'x' } } };
const meta = { now: '2026-11-26T00:00:00.000Z', actor: { userId: 'u', account: 'finance', name: 'F' } };
const { check } = monthBillDecisions(undefined);

describe('month bill: reopen', () => {
  it('given no later issued bill, when reopened, then the machine decides', () => {
    expect(check!(reopen, doc, { laterIssued: [] }, meta)).toBeUndefined();
  });
  it("given November's bill checked, when October's is reopened, then 409 naming it and its state", () => {
    const refused = check!(reopen, doc, { laterIssued: [{ billNo: 'ZD2026120100001', month: '2026-11', state: 'Checked' }] }, meta);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 409, key: 'billing.errors.laterIssued', vars: { month: '2026-11', billNo: 'ZD2026120100001' }, keyVars: { state: 'monthbill.states.Checked' } });
  });
  it('other actions are not judged here', () => {
    const check2 = { ...reopen, data: { ...reopen.data, action: 'check' } } as DocumentCommand;
    expect(check!(check2, doc, { laterIssued: [{ billNo: 'x', month: '2026-11', state: 'Checked' }] }, meta)).toBeUndefined();
  });
});

describe('month bill: one per customer and month', () => {
  const create: DocumentCommand = { type: 'Create', data: { id: 'b2', billNo: 'ZD2', content: { customerCode: 'C001', month: '2026-10' }, isReview: 0 } };
  it('given October billed already, when another October bill is made, then 409 naming the one there is (never the index refusing as a 500)', () => {
    const refused = check!(create, undefined, { laterIssued: [], sameMonth: { billNo: 'ZD2026110100001' } }, meta);
    expect(refused).toMatchObject({ code: 409, key: 'billing.errors.monthBillExists', vars: { customerCode: 'C001', month: '2026-10', billNo: 'ZD2026110100001' } });
  });
  it('given no bill of the month, when one is made, then the machine decides', () => {
    expect(check!(create, undefined, { laterIssued: [] }, meta)).toBeUndefined();
  });
  it('given a bill of the month, when a draft is changed to that month, then 409 too', () => {
    const change: DocumentCommand = { type: 'Change', data: { id: 'b1', expectedVersion: 1, content: { customerCode: 'C001', month: '2026-09' } } };
    expect(check!(change, doc, { laterIssued: [], sameMonth: { billNo: 'ZD1' } }, meta)).toMatchObject({ code: 409 });
  });
});
