import { randomUUID } from 'node:crypto';
import { monthbill } from '@tpl/contracts';
import { MonthBillDecisions, isSecondBillOfMonth } from '@tpl/billing';
import { DocumentService } from '@tpl/documents';
import { runInTenant } from '@tpl/event-store';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf } from './flow-support';

/**
 * A month billed end to end through the real warehouse documents (issue 15): October 2026 for
 * C001 with a receipt at the dock and its put-away, a receipt straight into a place, a
 * shipment, a back-dated receipt and the fee agreement changed mid-month (the first one cut
 * at the 15th, a new one from the 16th). Expected by hand (docs/DOMAIN.md "Billing"):
 *
 *   area SH1-A, stock at the end of each day (t): 1-2: 0 | 3-4: 5 | 5-7: 6 | 8-11: 8 | 12-31: 5
 *   storage: 1-15 at 1.5/t/day (tier 1 of AG-C001-2026): 10x1.5 + 18x1.5 + 32x1.5 + 20x1.5 = 120
 *            16-31 at 2/t/day (AG-C001-2026B):          16 x 5 x 2 = 160          -> 280.00
 *   inbound handling per tonne: 5t x 30 (3rd) + 1t x 30 (5th) + 2t x 30 (8th)   -> 240.00
 *   outbound handling: 3t x 30 (12th)                                            ->  90.00
 *   total 610.00
 *
 * Then: explain equals the charge (a day's storage down to the stream line that made it, a
 * handling charge down to its receipt line), regenerating equals issued to the cent, the
 * lifecycle with its roles and reopen rules, a late receipt into the closed month becoming an
 * adjustment on November's bill (never a rewrite of October's), the unpaid rest carried over,
 * and cargo owners seeing only their own bills.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Bill = Result & Record<string, unknown> & { details: Record<string, unknown>[] };
type Item = { kind: string; line: number; day: string | null; quantity: number; price: number; amount: number; stage: number | null; agreementCode: string | null; agreementVersion: string | null; adjustment: boolean; facts: { billNo: string; movement: string; qty: number; weight: number; lineNumber: number | null }[] };
type Explain = { items: Item[]; amount: number; cutoff: string };
type Generated = { generated: { id: string; billNo: string; customerCode: string; totalCost: number; created: boolean }[]; kept: { id: string; state: string; customerCode: string }[] };

const IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const MOVE = '/api/bl-warehouse/warehousetransferbill';
const AG = '/api/bl-basic/lgagreement';
const BILL = '/api/bl-billing/monthbill';
const en = { 'Accept-Language': 'en' };

describe.each(DOMAIN_STORES)('billing a month on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let finance: ApiClient;
  let owner: ApiClient;
  let keeper: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
    [finance, owner, keeper] = await Promise.all([t.client().as('100001', 'finance'), t.client().as('100001', 'owner'), t.client().as('100001', 'keeper')]);
  }, 300_000);
  afterAll(async () => t?.stop());

  const receive = async (at: string, line: Record<string, unknown>) => {
    const made = data(await admin.post<Result>(`${IN}/submit`, { billDate: at.slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0002', qtyWeg: 500, ...line }] }));
    const done = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at }));
    return { ...made, version: done.version, state: done.state };
  };
  const detail = async (id: string, as = admin) => data(await as.get<Bill>(`${BILL}/detail?id=${id}`));
  const act = async (as: ApiClient, action: string, id: string, body: Record<string, unknown> = {}) => {
    const { version } = await detail(id);
    return as.post<Result>(`${BILL}/${action}`, { id, version, ...body }, en);
  };
  const explain = async (q: string, as = admin) => data(await as.get<Explain>(`${BILL}/explain?${q}`));

  let october: string;
  let r1: Result, r2: Result, r3: Result;
  /** the first agreement's lastVersion after its change: the version that prices October's first half */
  let agreementStamp = '';

  it('agreements: overlapping valid ones are refused; a mid-month change is a second agreement from the 16th', async () => {
    const list = data(await admin.get<{ records: Record<string, unknown>[] }>(`${AG}/list?code=AG-C001-2026`)).records;
    const current = data(await admin.get<Record<string, unknown>>(`${AG}/detail?id=${list[0]!.id}`));
    // a second valid agreement over the same days and warehouse: refused, naming the one in force
    const overlap = await admin.post(`${AG}/submit`, { ...current, id: undefined, version: undefined, code: 'AG-C001-X', name: 'overlap' }, en);
    expect(overlap.status).toBe(400);
    expect(overlap.body.msg).toContain('AG-C001-2026');
    // the first agreement now ends on the 15th; the new one (dearer) starts on the 16th
    data(await admin.post(`${AG}/submit`, { ...current, endDate: '2026-10-15' }));
    // every write stamps the version field yyyyMMddHHmmssffffff (microseconds), later than the version before
    const changed = data(await admin.get<Record<string, unknown>>(`${AG}/detail?id=${list[0]!.id}`));
    expect(changed).toMatchObject({ endDate: '2026-10-15', lastVersion: expect.stringMatching(/^\d{20}$/) });
    expect(String(changed.lastVersion) > String(current.lastVersion ?? '')).toBe(true);
    agreementStamp = String(changed.lastVersion);
    data(
      await admin.post(`${AG}/submit`, {
        code: 'AG-C001-2026B',
        name: 'C001 from 16 October',
        customerCode: 'C001',
        warehouseAreaCode: 'SH1',
        startDate: '2026-10-16',
        endDate: '2026-12-31',
        dayUnitCost: 2,
        cycleUnitCost: 40,
        tiers: [{ lowerLimit: 0, upLimit: 1000, price: 2 }],
      }),
    );
  });

  it("the month's facts through the real warehouse documents: receive and put away, receive, ship, a back-dated receipt, a transfer", async () => {
    // 10 x 500 kg = 5 t at the dock on the 3rd, put away to A-01-01
    r1 = await receive('2026-10-03T02:00:00.000Z', { batchNo: 'BL1', qty: 10 });
    expect(r1.state).toBe('Received');
    expect(data(await admin.post<Result>(`${IN}/put-away`, { id: r1.id, version: r1.version, putAwayAt: '2026-10-03T03:00:00.000Z', placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', qty: 10 }] })).state).toBe('Stored');
    // 4 x 500 kg = 2 t straight into A-01-02 on the 8th
    r2 = await receive('2026-10-08T02:00:00.000Z', { batchNo: 'BL2', qty: 4, warehousePlaceCode: 'A-01-02' });
    // 6 pieces (3 t) shipped on the 12th
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-10-12', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0002', qty: 6, batchNo: 'BL1' }] }));
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: out.id, version: out.version, allocatedAt: '2026-10-12T01:00:00.000Z' }));
    const picked = data(await admin.post<Result>(`${OUT}/pick`, { id: out.id, version: allocated.version, picker: '张三', pickedAt: '2026-10-12T01:30:00.000Z' }));
    expect(data(await admin.post<Result>(`${OUT}/ship`, { id: out.id, version: picked.version, shippedAt: '2026-10-12T02:00:00.000Z' })).state).toBe('Shipped');
    // recorded after all of that, effective on the 5th: 2 x 500 kg = 1 t
    r3 = await receive('2026-10-05T02:00:00.000Z', { batchNo: 'BL3', qty: 2, warehousePlaceCode: 'A-01-03' });
    // today: 2 pieces of the 8th's receipt to zone B (November's storage, not October's)
    const move = data(await admin.post<Result>(`${MOVE}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A',
      details: [{ barcode: `${r2.billNo}-001`, materialCode: 'M0002', batchNo: 'BL2', warehousePlaceCode: 'A-01-02', qty: 2, targetWarehousePlaceCode: 'B-01-01' }],
    }));
    expect(data(await admin.post<Result>(`${MOVE}/confirm`, { id: move.id, version: move.version })).state).toBe('Done');
  });

  it('generates October: totals reconcile to the cent, six stages, one line per area', async () => {
    // a keeper has no generate button
    expect((await keeper.post(`${BILL}/generate`, { month: '2026-10', customerCode: 'C001' }, en)).status).toBe(403);
    expect((await finance.post(`${BILL}/generate`, { month: '2026-13' }, en)).status).toBe(400);
    const made = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-10', customerCode: 'C001' }));
    expect(made.generated).toEqual([expect.objectContaining({ customerCode: 'C001', totalCost: 610, created: true })]);
    october = made.generated[0]!.id;
    const bill = await detail(october);
    expect(bill).toMatchObject({ state: 'Generated', month: '2026-10', customerCode: 'C001', billDate: '2026-10-31', type: '1', inStockCoolieCost: 240, outStockCoolieCost: 90, storageCost: 280, otherCost: 0, totalCost: 610, pricedThrough: '2026-10-31' });
    expect(bill.billNo).toMatch(/^ZD/);
    expect(bill.details).toHaveLength(1);
    expect(bill.details[0]).toMatchObject({
      lineNumber: 1, lineType: 'AREA', warehouseAreaCode: 'SH1-A', agreementCode: 'AG-C001-2026B', basis: 'WEIGHT',
      inQty: 16, inWeight: 8, outQty: 6, outWeight: 3, balanceQty: 10, balanceWeight: 5, inCost: 240, outCost: 90, storageCost: 280, amount: 610,
      // stage 1: 29 days with stock in tier 1 (13 at 1.5, 16 at 2), 160 tonne-days; the price of the version last in force
      stage1Qty: 29, stage1Weight: 160, stage1Price: 2, stage2Qty: 0,
    });
    // generating again while Generated changes nothing
    const again = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-10', customerCode: 'C001' }));
    expect(again.generated).toEqual([expect.objectContaining({ id: october, totalCost: 610, created: false })]);
    expect((await detail(october)).version).toBe(bill.version);
  });

  it('explains a day of storage down to its stream line, a handling charge down to its receipt line; explain adds up to the bill', async () => {
    const day5 = await explain(`id=${october}&line=1&kind=STORAGE&day=2026-10-05`);
    expect(day5.items).toEqual([
      expect.objectContaining({ kind: 'STORAGE', day: '2026-10-05', quantity: 6, price: 1.5, amount: 9, stage: 1, agreementCode: 'AG-C001-2026', adjustment: false }),
    ]);
    // the version a charge names is the stamp the agreement's record carries (spec 02 lastVersion)
    expect(day5.items[0]!.agreementVersion).toBe(agreementStamp);
    expect(day5.items[0]!.facts).toEqual([expect.objectContaining({ billNo: r3.billNo, movement: 'RECEIVE', qty: 2, weight: 1, lineNumber: 1 })]);
    const inbound = await explain(`id=${october}&line=1&kind=INBOUND&day=2026-10-03`);
    expect(inbound.items).toEqual([expect.objectContaining({ kind: 'INBOUND', quantity: 5, price: 30, amount: 150 })]);
    expect(inbound.items[0]!.facts).toEqual([expect.objectContaining({ billNo: r1.billNo, movement: 'RECEIVE', qty: 10, weight: 5 })]);
    const day16 = await explain(`id=${october}&kind=STORAGE&day=2026-10-16`);
    expect(day16.items).toEqual([expect.objectContaining({ price: 2, amount: 10, agreementCode: 'AG-C001-2026B' })]);
    const whole = await explain(`id=${october}`);
    expect(whole.amount).toBe(610);
    expect(whole.items.filter((i) => i.kind === 'STORAGE')).toHaveLength(29);
    expect((await admin.get(`${BILL}/explain?id=not-a-uuid`, en)).status).toBe(400);
  });

  it('lifecycle: finance checks, the cargo owner confirms, finance invoices, records payment and closes; reopen only before invoicing; roles hold their steps', async () => {
    // the owner cannot check; finance cannot confirm for the customer
    expect((await act(owner, 'check', october)).status).toBe(403);
    expect(data(await act(finance, 'check', october)).state).toBe('Checked');
    expect((await act(finance, 'confirm', october)).status).toBe(403);
    // reopened from Checked (a reason is required), checked again
    expect((await act(finance, 'reopen', october)).status).toBe(400);
    expect(data(await act(finance, 'reopen', october, { reopenReason: 'weights checked again' })).state).toBe('Generated');
    expect(data(await act(finance, 'check', october)).state).toBe('Checked');
    expect(data(await act(owner, 'confirm', october)).state).toBe('Confirmed');
    expect(data(await act(finance, 'invoice', october, { invoiceNo: 'INV-2026-10-001' })).state).toBe('Invoiced');
    // once invoiced a bill is never reopened: corrections go to the next bill
    const refused = await act(finance, 'reopen', october, { reopenReason: 'too late' });
    expect(refused.status).toBe(409);
    expect(data(await act(finance, 'pay', october, { payDate: '2026-11-05', payAmount: 500, payMethod: 'BANK', payReference: 'TT-1105' })).state).toBe('Paid');
    expect(data(await act(finance, 'close', october)).state).toBe('Closed');
    // generating the month again leaves the closed bill as issued
    const again = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-10', customerCode: 'C001' }));
    expect(again).toMatchObject({ generated: [], kept: [expect.objectContaining({ id: october, state: 'Closed' })] });
  });

  it('regenerating the closed month from zero equals the issued bill to the cent, also after a late receipt into it', async () => {
    const first = data(await admin.get<{ equal: boolean; issued: Record<string, number>; regenerated: Record<string, number> }>(`${BILL}/reproduce?id=${october}`));
    expect(first).toMatchObject({ equal: true, issued: { totalCost: 610 }, regenerated: { totalCost: 610 } });
    // recorded now, effective 20 October: 1 t more from the 20th (a late correction)
    await receive('2026-10-20T02:00:00.000Z', { batchNo: 'BL4', qty: 2, warehousePlaceCode: 'A-01-04' });
    const after = data(await admin.get<{ equal: boolean }>(`${BILL}/reproduce?id=${october}`));
    expect(after.equal).toBe(true);
    // from zero: billing's projection rebuilt from the events, the bill priced again
    const platform = await t.client().as('000000', 'admin', 'admin');
    expect(data(await platform.post<{ name: string }>('/api/bl-report/projections/rebuild?name=billing-facts')).name).toBe('billing-facts');
    await t.host.storage.projector.catchUp('billing-facts');
    const rebuilt = data(await admin.get<{ equal: boolean; regenerated: Record<string, number> }>(`${BILL}/reproduce?id=${october}`));
    expect(rebuilt).toMatchObject({ equal: true, regenerated: { totalCost: 610 } });
    expect(await detail(october)).toMatchObject({ totalCost: 610, state: 'Closed' });
  });

  it("the late receipt is an adjustment on November's open bill; what October left unpaid is carried over", async () => {
    const made = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-11', customerCode: 'C001' }));
    const november = await detail(made.generated[0]!.id);
    const adjust = november.details.find((d) => d.lineType === 'ADJUST');
    // 1 t received on the 20th at 40 (the agreement in force then) + 12 days x 1 t at 2
    expect(adjust).toMatchObject({ adjustMonth: '2026-10', inCost: 40, storageCost: 24, outCost: 0, otherCost: 0, amount: 64 });
    expect(november).toMatchObject({ carriedOwing: 110, month: '2026-11' });
    // the carry-over is a document of its own (baccount), made once
    const carried = data(await finance.get<{ records: Record<string, unknown>[] }>(`/api/bl-billing/baccount/list?customerCode=C001`)).records;
    expect(carried).toEqual([expect.objectContaining({ fromMonth: '2026-10', toMonth: '2026-11', owing: 110, state: 'Carried' })]);
    const parts = ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost'].map((k) => Math.round(Number(november[k]) * 100));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.round(Number(november.totalCost) * 100));
    expect(Math.round(Number(november.amountDue) * 100)).toBe(Math.round(Number(november.totalCost) * 100) + 11000);
    // the transfer of today: zone B has its own line
    expect(november.details.find((d) => d.warehouseAreaCode === 'SH1-B')).toMatchObject({ lineType: 'AREA', balanceQty: 2, balanceWeight: 1 });
    const why = await explain(`id=${november.id}&line=${adjust!.lineNumber}`);
    expect(why.amount).toBe(64);
    expect(why.items.every((i) => i.adjustment)).toBe(true);
    expect(why.items.find((i) => i.kind === 'INBOUND')?.facts).toEqual([expect.objectContaining({ movement: 'RECEIVE', qty: 2, weight: 1 })]);
    const whole = await explain(`id=${november.id}`);
    expect(Math.round(whole.amount * 100)).toBe(Math.round(Number(november.totalCost) * 100));
    expect(data(await admin.get<{ equal: boolean }>(`${BILL}/reproduce?id=${november.id}`)).equal).toBe(true);
    // written off: November (still Generated) carries nothing of it once generated again, and no second carry-over is made
    const [co] = carried as { id: string; version: number }[];
    expect(data(await finance.post<Result>('/api/bl-billing/baccount/cancel', { id: co!.id, version: co!.version, reason: 'waived' })).state).toBe('Cancelled');
    data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-11', customerCode: 'C001' }));
    expect(await detail(november.id)).toMatchObject({ carriedOwing: 0 });
    expect(data(await finance.get<{ total: number }>(`/api/bl-billing/baccount/list?customerCode=C001`)).total).toBe(1);
  });

  it('a month bill configured for review is checked through the approval flow (isReview)', async () => {
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'monthbill', processKey: 'consignment_review', enabled: true }));
    try {
      const made = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-10', customerCode: 'C002' }));
      const id = made.generated[0]!.id;
      expect(await detail(id)).toMatchObject({ state: 'Generated', isReview: 1, customerCode: 'C002' });
      // checked by hand: refused, it needs review
      expect((await act(finance, 'check', id)).status).toBe(409);
      expect(data(await act(finance, 'submit-review', id)).state).toBe('InReview');
      await flowOf(t).drain();
      const approver = await t.client().as('100001', 'approver');
      const task = data(await approver.get<{ records: { taskId: string; businessKey: string }[] }>('/api/bl-flow/work/claim-list?size=50')).records.find((x) => x.businessKey === id);
      expect(task).toBeDefined();
      data(await approver.post('/api/bl-flow/work/claim-task', { taskId: task!.taskId }));
      data(await approver.post('/api/bl-flow/work/complete-task', { taskId: task!.taskId, comment: '同意' }));
      await flowOf(t).drain();
      expect(await detail(id)).toMatchObject({ state: 'Checked', isReview: 2, checkedBy: { account: 'approver' } });
    } finally {
      data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'monthbill', processKey: 'consignment_review', enabled: false }));
    }
  });

  it('two generations at once make one bill per customer and month', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => finance.post<Generated>(`${BILL}/generate`, { month: '2026-09', customerCode: 'C003' })));
    expect([data(a!).generated.length + data(a!).kept.length, data(b!).generated.length + data(b!).kept.length]).toEqual([1, 1]);
    expect(data(await finance.get<{ total: number }>(`${BILL}/list?customerCode=C003&month=2026-09`)).total).toBe(1);
  });

  it("a second live bill of one customer and month, as another host would make it, is refused by the database: nothing written", async () => {
    const [first] = data(await finance.get<{ records: { id: string }[] }>(`${BILL}/list?customerCode=C003&month=2026-09`)).records;
    const { id: _id, billNo: _no, version: _v, state: _s, ...content } = await detail(first!.id);
    const docs = t.host.app.get(DocumentService);
    const ctx = { tenantId: '100001', actor: { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' }, correlationId: 'test', causationId: 'test' };
    const id = randomUUID();
    // in this host the bill's own decision refuses it first, naming the bill there is
    const checked = await runInTenant('100001', () => docs.create(monthbill, ctx, content, id)).then(() => undefined, (e: unknown) => e);
    expect(checked).toMatchObject({ code: 409, key: 'billing.errors.monthBillExists' });
    // past the generation's queue and the decision's read: what a second host, which read no bill
    // yet, would write at the same moment
    // (every attempt: a command that meets a unique index is tried again, and would read the bill then)
    const blind = jest.spyOn(t.host.app.get(MonthBillDecisions), 'load').mockResolvedValue({ laterIssued: [] });
    const refused = await runInTenant('100001', () => docs.create(monthbill, ctx, content, id))
      .then(() => undefined, (e: unknown) => e)
      .finally(() => blind.mockRestore());
    expect(isSecondBillOfMonth(refused)).toBe(true);
    expect((await finance.get(`${BILL}/detail?id=${id}`, en)).status).toBe(404);
    expect(data(await finance.get<{ total: number }>(`${BILL}/list?customerCode=C003&month=2026-09`)).total).toBe(1);
  });

  it('cargo owners see only their own bills and charges', async () => {
    // every customer with an agreement in October gets a bill (at zero when nothing was stored)
    const all = data(await finance.post<Generated>(`${BILL}/generate`, { month: '2026-10' }));
    const other = all.generated.find((g) => g.customerCode !== 'C001')!;
    expect(other).toBeDefined();
    const mine = data(await owner.get<{ records: { customerCode: string }[] }>(`${BILL}/list?size=50`)).records;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.customerCode === 'C001')).toBe(true);
    expect((await owner.get(`${BILL}/detail?id=${other.id}`, en)).status).toBe(404);
    expect((await owner.get(`${BILL}/explain?id=${other.id}`, en)).status).toBe(404);
    expect((await owner.get(`${BILL}/reproduce?id=${other.id}`, en)).status).toBe(404);
    expect((await explain(`id=${october}&line=1&kind=INBOUND&day=2026-10-03`, owner)).amount).toBe(150);
    // an owner given the generate button makes only its own customer's bill
  });
});
