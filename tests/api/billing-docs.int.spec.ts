import { ApiClient, data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The billing documents besides the month bill (issue 15), through the API as finance works
 * them: each made from its description's example with its amounts computed by the server
 * (whatever the caller sent), audited, cancelled (isCancel 1); the month bill's interface
 * (customerCode, billDate, amount in the Created/Changed content; <Type>Audited,
 * <Type>Cancelled) read back from the events; the spec's messages in the user's language; the
 * roles (finance writes, the keeper does not); a cargo owner sees only its own charges and none
 * of the piece-work. The store does not matter here (the kit is tested on both): embedded only.
 */
const T = '100001';
const B = (name: string) => `/api/bl-billing/${name}`;
type Result = { id: string; billNo: string; version: number; state: string };
type Doc = Record<string, unknown> & { id: string; version: number; state: string };
type Page<R> = { records: R[]; total: number };

/** One of each charge to a cargo owner (the month bill counts them in otherCost), with the amount the server must compute. */
const OTHER_CHARGE_TYPES_FOR_TEST: [name: string, content: Record<string, unknown>, amount: number][] = [
  ['valueaddservicebill', { billDate: '2026-11-24', customerCode: 'C001', details: [{ costtypeCode: 'VAS-REPACK', unitCode: 'CTN', price: 2.5, qty: 41 }] }, 102.5],
  ['handlingbill', { billDate: '2026-11-24', customerCode: 'C001', handlingType: 'UNLOADING', direction: 'IN', unitCode: 'T', qty: 12.5, price: 18, amount: 1 }, 225],
  ['adjustpricebill', { billDate: '2026-11-24', customerCode: 'C001', adjustReason: '补差', details: [{ costtypeCode: 'STORAGE', adjustType: 'INCREASE', adjustAmount: 10.01 }] }, 10.01],
  ['packagewarehousebill', { billDate: '2026-11-01', customerCode: 'C001', periodStart: '2026-11-01', periodEnd: '2026-11-30', details: [{ warehouseAreaCode: 'SH1-B', area: 200, qty: 1, price: 12000 }] }, 12000],
  ['rentwarehousebill', { billDate: '2026-11-30', customerCode: 'C001', warehouseAreaCode: 'SH1-B', periodStart: '2026-11-01', periodEnd: '2026-11-30', rentArea: 150, price: 1.2 }, 5400],
];

describe('billing documents through the API (embedded store)', () => {
  let t: TestHost;
  let finance: ApiClient;
  let keeper: ApiClient;
  let owner: ApiClient;

  const make = async (name: string, content: Record<string, unknown>) => data(await finance.post<Result>(`${B(name)}/submit`, content));
  const detail = async (name: string, id: string) => data(await finance.get<Doc>(`${B(name)}/detail?id=${id}`));
  const act = async (name: string, action: string, id: string, version: number, body: Record<string, unknown> = {}) =>
    data(await finance.post<Result>(`${B(name)}/${action}`, { id, version, ...body }));

  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
    finance = await t.client().as(T, 'finance');
    keeper = await t.client().as(T, 'keeper');
    owner = await t.client().as(T, 'owner');
  }, 300_000);
  afterAll(async () => t?.stop());

  it('a value-added service bill: amounts from its lines (not the caller), version stamped, audited, cancelled and invalid', async () => {
    const made = await make('valueaddservicebill', {
      billDate: '2026-11-24',
      customerCode: 'C001',
      agreementCode: 'AG-C001-2026',
      amount: 1,
      totalQty: 1,
      details: [
        { costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.35, qty: 1201, amount: 999 },
        { costtypeCode: 'VAS-WRAP', unitCode: 'PLT', price: '15.3333', qty: 3 },
      ],
    });
    expect(made).toMatchObject({ state: 'Draft', version: 1 });
    expect(made.billNo).toMatch(/^ZZ\d{13}$/);
    const doc = await detail('valueaddservicebill', made.id);
    expect(doc).toMatchObject({ amount: 466.35, totalQty: 1204, isCancel: 0, invalid: 0, billType: 42, totals: { qty: 1204, amount: 466.35 } });
    expect((doc.details as Doc[]).map((l) => [l.lineNumber, l.amount])).toEqual([[1, 420.35], [2, 46]]);
    expect(doc.versionStamp).toMatch(/^\d{20}$/);

    // the form sends everything back, computed fields included: the change is judged, the amount recomputed
    const changed = await make('valueaddservicebill', { ...doc, id: made.id, version: 1, details: [{ costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.35, qty: 100 }] });
    const after = await detail('valueaddservicebill', made.id);
    expect(after).toMatchObject({ amount: 35, totalQty: 100 });
    expect(String(after.versionStamp) >= String(doc.versionStamp)).toBe(true);

    const audited = await act('valueaddservicebill', 'audit', made.id, changed.version);
    expect(audited.state).toBe('Audited');
    // audited, it cannot be edited any more (409 names the state)
    const refused = await finance.post(`${B('valueaddservicebill')}/submit`, { ...after, id: made.id, version: audited.version });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('Audited');
    const cancelled = await act('valueaddservicebill', 'cancel', made.id, audited.version, { reason: '重复开单' });
    expect(cancelled.state).toBe('Cancelled');
    expect(await detail('valueaddservicebill', made.id)).toMatchObject({ isCancel: 1, invalid: 1, cancelReason: '重复开单' });
    const list = data(await finance.get<Page<Doc>>(`${B('valueaddservicebill')}/list?billNo=${made.billNo}`));
    expect(list.records[0]).toMatchObject({ amount: 35, totalQty: 100, isCancel: 1, state: 'Cancelled', customerCode: 'C001' });
  });

  it('the five charges keep the month bill interface: customerCode, billDate and amount in the content, Audited and Cancelled facts', async () => {
    const ids: Record<string, string> = {};
    for (const [name, content, amount] of OTHER_CHARGE_TYPES_FOR_TEST) {
      const made = await make(name, content);
      ids[name] = made.id;
      const doc = await detail(name, made.id);
      expect([name, doc.amount]).toEqual([name, amount]);
      await act(name, 'audit', made.id, made.version);
    }
    const rentDoc = await detail('rentwarehousebill', ids.rentwarehousebill!);
    expect(rentDoc.days).toBe(30);
    for (const [name] of OTHER_CHARGE_TYPES_FOR_TEST) {
      const history = data(await finance.get<{ type: string; data: { content?: Record<string, unknown> } }[]>(`${B(name)}/history?id=${ids[name]}`));
      const created = history.find((e) => e.type.endsWith('Created'))!;
      expect(Object.keys(created.data.content!)).toEqual(expect.arrayContaining(['customerCode', 'billDate', 'amount']));
      expect(history.map((e) => e.type)).toContain(`${created.type.slice(0, -'Created'.length)}Audited`);
    }
  });

  it('an adjust-price bill may credit the customer: a negative amount, taken back when the form resubmits it', async () => {
    const made = await make('adjustpricebill', {
      billDate: '2026-11-24', customerCode: 'C001', sourceMonth: '2026-10', adjustReason: '10月装卸费多收退回',
      details: [{ costtypeCode: 'HANDLING', adjustType: 'DECREASE', adjustAmount: 150 }, { costtypeCode: 'STORAGE', adjustType: 'INCREASE', adjustAmount: 20.5 }],
    });
    const doc = await detail('adjustpricebill', made.id);
    expect(doc.amount).toBe(-129.5);
    const again = await make('adjustpricebill', { ...doc, id: made.id, version: made.version, adjustReason: '10月装卸费多收退回（复核）' });
    expect(again.version).toBe(2);
    expect((await detail('adjustpricebill', made.id)).amount).toBe(-129.5);
  });

  it('piece-work: a lading bill of rates per employee and a cost lading priced costQty x price, filled from the porter', async () => {
    const lading = await make('ladingbill', {
      name: '11月计件单价', billDate: '2026-11-01', effectiveDate: '2026-11-01',
      items: [{ employeeCode: 'E001', costUnit: 'T', ladingType: 'HANDLING', inPrice: 8, outPrice: 8.5 }],
    });
    const doc = await detail('ladingbill', lading.id);
    expect((doc.items as Doc[])[0]).toMatchObject({ lineNumber: 1, inPrice: 8, outPrice: 8.5, transferPrice: 0 });
    expect((await act('ladingbill', 'audit', lading.id, lading.version)).state).toBe('Audited');

    const work = await make('costlading', {
      billDate: '2026-11-24', workDate: '2026-11-23', workerType: 'PORTER', porterCode: 'P001', employeeName: '赵刚',
      ladingType: 'HANDLING', workType: 'IN', costUnit: 'T', costQty: 12.345, price: 8,
    });
    expect((await detail('costlading', work.id)).amount).toBe(98.76);
    // a porter's work naming an employee as well is refused, the field named in the user's language
    finance.lang = 'zh';
    const bad = await finance.post(`${B('costlading')}/submit`, {
      billDate: '2026-11-24', workDate: '2026-11-25', workerType: 'PORTER', porterCode: 'P001', employeeCode: 'E001', employeeName: '赵刚',
      ladingType: 'HANDLING', workType: 'IN', costUnit: 'T', costQty: 1, price: 8,
    });
    finance.lang = 'en';
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('员工');
    expect(bad.body.msg).toContain('作业日期');
  });

  it('refuses what the description refuses: unknown cost types, missing lines, negative money where it cannot be', async () => {
    const unknown = await finance.post(`${B('valueaddservicebill')}/submit`, { billDate: '2026-11-24', customerCode: 'C001', details: [{ costtypeCode: 'NOPE', price: 1, qty: 1 }] });
    expect(unknown.status).toBe(400);
    const empty = await finance.post(`${B('packagewarehousebill')}/submit`, { billDate: '2026-11-24', customerCode: 'C001', periodStart: '2026-11-01', periodEnd: '2026-11-30', details: [] });
    expect(empty.status).toBe(400);
    const negative = await finance.post(`${B('handlingbill')}/submit`, { billDate: '2026-11-24', customerCode: 'C001', handlingType: 'LOADING', direction: 'OUT', unitCode: 'T', qty: 1, price: -1 });
    expect(negative.status).toBe(400);
  });

  it('finance writes them; the keeper may not; a cargo owner sees only its own charges and no piece-work', async () => {
    const c2 = await make('handlingbill', { billDate: '2026-11-24', customerCode: 'C002', handlingType: 'LOADING', direction: 'OUT', unitCode: 'T', qty: 2, price: 10 });
    expect((await keeper.post(`${B('handlingbill')}/submit`, { billDate: '2026-11-24', customerCode: 'C002', handlingType: 'LOADING', direction: 'OUT', unitCode: 'T', qty: 2, price: 10 })).status).toBe(403);
    const mine = data(await owner.get<Page<Doc>>(`${B('handlingbill')}/list?size=50`));
    expect(mine.records.length).toBeGreaterThan(0);
    expect([...new Set(mine.records.map((r) => r.customerCode))]).toEqual(['C001']);
    expect((await owner.get(`${B('handlingbill')}/detail?id=${c2.id}`)).status).toBe(404);
    for (const name of ['ladingbill', 'costlading']) expect(data(await owner.get<Page<Doc>>(`${B(name)}/list`)).total).toBe(0);
    // the owner reads; it does not write, even its own
    expect((await owner.post(`${B('handlingbill')}/submit`, { billDate: '2026-11-24', customerCode: 'C001', handlingType: 'LOADING', direction: 'OUT', unitCode: 'T', qty: 2, price: 10 })).status).toBe(403);
  });
});
