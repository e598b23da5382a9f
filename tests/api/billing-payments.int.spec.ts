import { ApiClient, data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 30 item 3, through the API as finance and a cargo owner work it: payments (spec 02
 * paydetail) recorded against an issued month bill, each a line with its date, amount, method,
 * reference and who (the signed-in user); paid and owing derived to the cent and shown on the
 * bill and its list; more than owing kept as the customer's credit; a payment reversed by a
 * counter-entry, never deleted; the receivables ledger (costacct) with its running balance as
 * of any date, the carry-over and its write-off on it, within the caller's owner scope (a cargo
 * owner's user asking for another customer's ledger gets nothing of it: the control, finance,
 * does). The store does not matter here (the kit is tested on both): embedded only.
 */
const T = '100001';
const BILL = '/api/bl-billing/monthbill';
const LEDGER = '/api/bl-billing/report/costacct/list';
type Result = { id: string; billNo: string; version: number; state: string };
type Doc = Record<string, unknown> & { id: string; version: number; state: string; billNo: string };
type Payment = { lineNumber: number; payDate: string; amount: number; payMethod: string; payReference?: string; by: { account: string; name: string }; reverses?: number; reversedBy?: number };
type Row = Record<string, string | number | null>;
type Page<R> = { records: R[]; total: number; sums: Record<string, number> };

describe('month bill payments and the receivables ledger (embedded store)', () => {
  let t: TestHost;
  let admin: ApiClient;
  let finance: ApiClient;
  let owner: ApiClient;
  let september: Doc;
  let c002: Doc;

  const detail = async (id: string) => data(await finance.get<Doc>(`${BILL}/detail?id=${id}`));
  const act = async (who: ApiClient, action: string, id: string, body: Record<string, unknown> = {}) => {
    const { version } = await detail(id);
    return who.post<Result>(`${BILL}/${action}`, { id, version, ...body });
  };
  const pay = (who: ApiClient, id: string, payAmount: number, payDate: string, payReference: string, payMethod = 'BANK') => act(who, 'pay', id, { payDate, payAmount, payMethod, payReference });
  const ledger = async (who: ApiClient, query: string) => data(await who.get<Page<Row>>(`${LEDGER}?size=50&${query}`));
  /** A bill as finance would hold one issued: made (the figures a generation would give), checked, confirmed by the owner, invoiced. */
  const issued = async (customerCode: string, month: string, totalCost: number): Promise<Doc> => {
    const made = data(await admin.post<Result>(`${BILL}/submit`, { month, customerCode, billDate: `${month}-30`, type: '1', typeDesc: month, otherCost: totalCost, totalCost, carriedOwing: 0, amountDue: totalCost, details: [] }));
    expect((await act(finance, 'check', made.id)).status).toBe(200);
    const confirmer = customerCode === 'C001' ? owner : admin;
    expect((await act(confirmer, 'confirm', made.id)).status).toBe(200);
    expect(data(await act(finance, 'invoice', made.id, { invoiceNo: `FP-${customerCode}-${month}` })).state).toBe('Invoiced');
    return detail(made.id);
  };

  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    finance = await t.client().as(T, 'finance');
    owner = await t.client().as(T, 'owner');
    september = await issued('C001', '2026-09', 1000.1);
    c002 = await issued('C002', '2026-09', 500);
  }, 300_000);
  afterAll(async () => t?.stop());

  it('a payment is a line on the bill with its date, amount, method, reference and who; paid and owing follow to the cent, on the bill and its list', async () => {
    expect(september).toMatchObject({ amountDue: 1000.1, paidAmount: 0, owingAmount: 1000.1 });
    expect(data(await pay(finance, september.id, 600.05, '2026-10-15', 'TT-20261015')).state).toBe('Paid');
    expect(data(await pay(finance, september.id, 0.02, '2026-10-16', 'TT-20261016', 'CASH')).state).toBe('Paid');
    const bill = await detail(september.id);
    expect(bill).toMatchObject({ paidAmount: 600.07, owingAmount: 400.03 });
    expect(bill.payments as Payment[]).toEqual([
      expect.objectContaining({ lineNumber: 1, payDate: '2026-10-15', amount: 600.05, payMethod: 'BANK', payReference: 'TT-20261015', by: expect.objectContaining({ account: 'finance' }) }),
      expect.objectContaining({ lineNumber: 2, payDate: '2026-10-16', amount: 0.02, payMethod: 'CASH' }),
    ]);
    const list = data(await finance.get<Page<Row>>(`${BILL}/list?billNo=${september.billNo}`));
    expect(list.records[0]).toMatchObject({ paidAmount: 600.07, owingAmount: 400.03 });
  });

  it('refuses a payment dated after today (400 naming the field in the user\'s language), one the owner records (403) and one before the bill is invoiced (409)', async () => {
    finance.lang = 'zh';
    const future = await pay(finance, september.id, 1, '2099-01-01', 'X');
    finance.lang = 'en';
    expect(future.status).toBe(400);
    expect(future.body.msg).toContain('收款日期');
    expect((await pay(owner, september.id, 1, '2026-10-20', 'X')).status).toBe(403);
    const draft = data(await admin.post<Result>(`${BILL}/submit`, { month: '2026-08', customerCode: 'C001', billDate: '2026-08-31', type: '1', totalCost: 10, amountDue: 10, details: [] }));
    expect((await pay(finance, draft.id, 1, '2026-10-20', 'X')).status).toBe(409);
    expect((await detail(september.id)).paidAmount).toBe(600.07);
  });

  it('a payment is reversed by a counter-entry naming it, never deleted; reversing it again is refused (409); more than owing is kept as credit', async () => {
    const reversed = await act(finance, 'reverse-payment', september.id, { paymentNo: 1, reverseReason: '退票', reversedAmount: 1 });
    expect(reversed.status).toBe(200);
    const bill = await detail(september.id);
    // the server's amount, whatever the caller sent
    expect(bill).toMatchObject({ paidAmount: 0.02, owingAmount: 1000.08 });
    const lines = bill.payments as Payment[];
    expect(lines.map((p) => [p.lineNumber, p.amount, p.reverses ?? null, p.reversedBy ?? null])).toEqual([[1, 600.05, null, 3], [2, 0.02, null, null], [3, -600.05, 1, null]]);
    expect((await act(finance, 'reverse-payment', september.id, { paymentNo: 1, reverseReason: 'again' })).status).toBe(409);
    expect((await act(finance, 'reverse-payment', september.id, { paymentNo: 3, reverseReason: 'a counter-entry' })).status).toBe(400);
    expect((await act(owner, 'reverse-payment', september.id, { paymentNo: 2, reverseReason: 'x' })).status).toBe(403);
    // paid beyond what is owing: recorded, the rest is the customer's credit
    expect((await pay(finance, september.id, 1100, '2026-10-20', 'TT-20261020')).status).toBe(200);
    expect(await detail(september.id)).toMatchObject({ paidAmount: 1100.02, owingAmount: -99.92 });
    // the month bills' report reads the same paid figure
    const costbill = data(await finance.get<Page<Row>>(`/api/bl-billing/report/costbill/list?customerCode=C001&from=2026-09-01&to=2026-09-30`));
    expect(costbill.records.find((r) => r.billNo === september.billNo)).toMatchObject({ paidAmount: 1100.02 });
  });

  it('the receivables ledger: the bill issued (+), payments (−), the reversal (+), the running balance, and the balance as of any date', async () => {
    const all = await ledger(finance, 'customerCode=C001');
    const mine = all.records.filter((r) => r.billNo === september.billNo);
    expect(mine.map((r) => [r.day, r.entry, r.debit, r.credit, r.reference])).toEqual([
      ['2026-09-30', 'BILL', 1000.1, 0, null],
      ['2026-10-15', 'PAYMENT', 0, 600.05, 'TT-20261015'],
      ['2026-10-16', 'PAYMENT', 0, 0.02, 'TT-20261016'],
      ['2026-10-20', 'PAYMENT', 0, 1100, 'TT-20261020'],
      // the counter-entry is dated the day it was recorded (today), with the reversed payment's reference
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'REVERSAL', 600.05, 0, 'TT-20261015'],
    ]);
    // the last entry's balance is what the bill says is owing (here a credit)
    expect(all.records[all.records.length - 1]!.balance).toBe(-99.92);
    expect(all.sums.debit - all.sums.credit).toBeCloseTo(-99.92, 2);
    // as of 16 October: the bill less the first two payments
    const asOf = await ledger(finance, 'customerCode=C001&to=2026-10-16');
    expect(asOf.records[asOf.records.length - 1]).toMatchObject({ entry: 'PAYMENT', balance: 400.03 });
    // from 16 October on: the balance before it as the opening row
    const from = await ledger(finance, 'customerCode=C001&from=2026-10-16&to=2026-10-16');
    expect(from.records.map((r) => [r.entry, r.balance])).toEqual([['OPENING', 400.05], ['PAYMENT', 400.03]]);
  });

  it('a closed bill\'s unpaid rest carried into the next month shows on the ledger, moving nothing; its write-off takes it off; the next bill\'s charges by bill (costdetail)', async () => {
    expect((await pay(finance, c002.id, 100, '2026-10-10', 'C002-1')).status).toBe(200);
    expect(data(await act(finance, 'close', c002.id)).state).toBe('Closed');
    // an other charge of October, audited: the one charge October's bill is issued with
    const vas = data(await finance.post<Result>('/api/bl-billing/valueaddservicebill/submit', { billDate: '2026-10-15', customerCode: 'C002', details: [{ costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.5, qty: 100 }] }));
    expect((await finance.post<Result>('/api/bl-billing/valueaddservicebill/audit', { id: vas.id, version: vas.version })).status).toBe(200);
    const made = data(await finance.post<{ generated: { id: string; billNo: string }[] }>(`${BILL}/generate`, { month: '2026-10', customerCode: 'C002' }));
    expect(made.generated).toHaveLength(1);
    expect(await detail(made.generated[0]!.id)).toMatchObject({ totalCost: 50, carriedOwing: 400, amountDue: 450 });
    // costdetail: the charges the bill was issued with, read from its own pricing (the one explain reads)
    const charges = data(await finance.get<Page<Row>>(`/api/bl-billing/report/costdetail/list?billNo=${made.generated[0]!.billNo}`));
    expect(charges.records).toEqual([expect.objectContaining({ billNo: made.generated[0]!.billNo, customerCode: 'C002', kind: 'OTHER', amount: 50, documentBillNo: vas.billNo, adjustment: 0 })]);
    expect(charges.sums.amount).toBe(50);
    // the owner of C001 reads none of C002's charges
    expect(data(await owner.get<Page<Row>>(`/api/bl-billing/report/costdetail/list?billNo=${made.generated[0]!.billNo}`)).total).toBe(0);
    const carried = await ledger(finance, 'customerCode=C002');
    expect(carried.records.map((r) => [r.entry, r.debit, r.credit, r.carried, r.balance])).toEqual([
      ['BILL', 500, 0, null, 500],
      // dated the first day of the month it is carried into
      ['CARRY', 0, 0, 400, 500],
      ['PAYMENT', 0, 100, null, 400],
    ]);
    const listed = data(await finance.get<Page<Doc>>(`/api/bl-billing/baccount/list?customerCode=C002`)).records[0]!;
    const carryOver = data(await finance.get<Doc>(`/api/bl-billing/baccount/detail?id=${listed.id}`));
    expect(carryOver).toMatchObject({ owing: 400, fromBillNo: c002.billNo, toMonth: '2026-10', state: 'Carried' });
    expect((await finance.post<Result>('/api/bl-billing/baccount/cancel', { id: carryOver.id, version: carryOver.version, reason: '客户破产' })).status).toBe(200);
    const written = await ledger(finance, 'customerCode=C002');
    expect(written.records[written.records.length - 1]).toMatchObject({ entry: 'WRITEOFF', credit: 400, balance: 0 });
  });

  it('a cargo owner sees its own ledger only: asking for another customer gives nothing of it (the control, finance, sees it)', async () => {
    // the control: the rows are there for one who may see them
    expect((await ledger(finance, 'customerCode=C002')).total).toBeGreaterThan(0);
    // the attack: the owner (bound to C001) names C002
    const attack = await ledger(owner, 'customerCode=C002');
    expect(attack.total).toBe(0);
    // unfiltered, the owner reads C001's rows and nobody else's
    const own = await ledger(owner, '');
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.records.map((r) => r.customerCode))).toEqual(new Set(['C001']));
    // nor the bill of another customer
    expect((await owner.get(`${BILL}/detail?id=${c002.id}`)).status).toBe(404);
  });
});
