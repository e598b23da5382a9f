import type { Page } from '@tpl/contracts';
import { data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/** What a new user finds after `npm start`: a working warehouse, ready to use. */
describe('the demo tenant as seeded', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true, { demoMonth: true, fresh: true });
  });
  afterAll(async () => t?.stop());

  it('has master data, menus, users per role and a consignment board', async () => {
    const admin = await t.client().as('100001', 'admin', 'admin');
    const total = async (path: string) => data(await admin.get<Page<unknown>>(`${path}?size=10`)).total;
    expect(await total('/api/bl-basic/material/list')).toBe(203);
    expect(await total('/api/bl-basic/warehouseplace/list')).toBe(60); // SH1's 52 and Suzhou's 8 (SZ1-A)
    expect(await total('/api/bl-basic/customer/list')).toBeGreaterThanOrEqual(6);
    expect(await total('/api/bl-basic/lgagreement/list')).toBeGreaterThanOrEqual(6);
    // the fee agreements and freight prices run to the end of next year: a demo started in any year bills its last month
    const nextYearEnd = `${Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 4)) + 1}-12-31`;
    const agreements = data(await admin.get<Page<{ code: string; startDate: string; endDate: string }>>('/api/bl-basic/lgagreement/list?size=50')).records;
    expect(agreements.filter((a) => a.code.startsWith('AG-C')).map((a) => [a.startDate, a.endDate])).toEqual(agreements.filter((a) => a.code.startsWith('AG-C')).map(() => ['2026-01-01', nextYearEnd]));
    const prices = data(await admin.get<Page<{ endDate: string }>>('/api/bl-transport/basicpay/list?size=10')).records;
    expect(prices.map((p) => p.endDate)).toEqual(prices.map(() => nextYearEnd));
    expect(await total('/api/bl-transport/basiccar/list')).toBe(4);
    expect(await total('/api/bl-transport/basicpay/list')).toBe(3);
    // admin and one per headline role, the gate's guard (issue 31), and the cargo owner's user (C001)
    expect(await total('/api/bl-system/user/list')).toBe(8);
    // a day's board (every state) and three orders already waiting in review, so the approver has work
    expect(await total('/api/bl-transport/consignment/list')).toBe(15);
    expect(data(await admin.get<Page<unknown>>('/api/bl-transport/consignment/list?size=10&state=InReview')).total).toBe(3);
    // the dispatcher's board is alive: notes awaiting dispatch (one order split in two) and notes further along (issue 14)
    expect(data(await admin.get<Page<unknown>>('/api/bl-transport/consignmentbill/list?size=10&state=Open')).total).toBe(4);
    expect(await total('/api/bl-transport/dispatch/list')).toBe(4);
    expect(data(await admin.get<Page<unknown>>('/api/bl-transport/deliverybill/list?size=10&state=Signed')).total).toBe(1);
    for (const role of ['dispatcher', 'approver', 'auditor', 'keeper', 'finance', 'guard']) await t.client().as('100001', role);
    // the gate's day: appointments expected in the coming hours, the gates, inspection locations, docks and both notices
    expect(await total('/api/bl-gate/appointment/list')).toBe(5);
    expect(await total('/api/bl-gate/dock/list')).toBe(3);
    expect(await total('/api/bl-gate/visitornotice/list')).toBe(2);
    // a restart seeds nothing twice
    const { seedDemoMasterData, RecordsService } = await import('@tpl/masterdata');
    const { runInTenant } = await import('@tpl/event-store');
    const again = await runInTenant('100001', () =>
      seedDemoMasterData(t.host.app.get(RecordsService), t.host.storage.db.pool, {
        tenantId: '100001',
        actor: { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' },
        correlationId: 'test',
        causationId: 'test-seed-again',
      }),
    );
    expect(again).toBe(0);
  });

  it('gives the second operator its own administrator and master data, which a new user works with; neither tenant sees the other\'s', async () => {
    const admin2 = await t.client().as('100002', 'admin', 'admin');
    const dispatcher2 = await t.client().as('100002', 'dispatcher');
    const admin1 = await t.client().as('100001', 'admin', 'admin');
    const codes = async (c: typeof admin1, path: string, key = 'code') =>
      data(await c.get<Page<Record<string, unknown>>>(`${path}?size=50`)).records.map((r) => String(r[key])).sort();
    // its own: two customers with their materials, a warehouse with a zone of eight bins, a company, a carrier with a driver and a vehicle
    expect(await codes(admin2, '/api/bl-basic/customer/list')).toEqual(expect.arrayContaining(['DF-C01', 'DF-C02']));
    expect((await codes(admin2, '/api/bl-basic/material/list')).filter((c) => c.startsWith('DF-'))).toEqual(['DF-M01', 'DF-M02', 'DF-M03', 'DF-M04', 'DF-M05', 'DF-M06']);
    expect(await codes(admin2, '/api/bl-basic/warehousearea/list')).toEqual(['WH-WH1', 'WH-WH1-A']);
    expect(await codes(admin2, '/api/bl-basic/warehouseplace/list')).toHaveLength(8);
    expect(await codes(admin2, '/api/bl-basic/company/list')).toEqual(['DF']);
    expect(await codes(admin2, '/api/bl-transport/basicdriver/list')).toEqual(['DF-D01']);
    expect(await codes(admin2, '/api/bl-transport/basiccar/list', 'carNo')).toEqual(['鄂A5K721']);
    expect(await codes(admin2, '/api/bl-basic/lgagreement/list')).toEqual(['AG-DF-C01-2026', 'AG-DF-C02-2026']);
    // its administrator administers it: its users are its admin and its dispatcher
    expect(await codes(admin2, '/api/bl-system/user/list', 'account')).toEqual(['admin', 'dispatcher']);

    // its dispatcher creates an order from its own master data
    const order = { billDate: '2026-11-23', customerCode: 'DF-C01', consignor: { name: '武汉楚天电器销售有限公司', linkman: '罗斌', mobile: '13871230001', address: '武汉市东西湖区金银湖路16号' }, consignee: { name: '汉口门店', linkman: '王', mobile: '13871230009', address: '武汉市江汉区解放大道1号' }, deliveryMode: 'HOME_DELIVERY', plannedDate: '2026-11-24', lines: [{ materialCode: 'DF-M01', name: '电饭煲 3L', qty: 20, weg: 90, packages: 20 }] };
    const made = await dispatcher2.post<{ id: string; billNo: string }>('/api/bl-transport/consignment/submit', order);
    expect(made.body).toMatchObject({ code: 200 });

    // nothing of one operator is seen or usable in the other
    for (const [path, key, mine, theirs] of [
      ['/api/bl-basic/customer/list', 'code', 'C002', 'DF-C01'],
      ['/api/bl-basic/material/list', 'code', 'M0001', 'DF-M01'],
      ['/api/bl-basic/warehousearea/list', 'code', 'SH1', 'WH-WH1'],
      ['/api/bl-basic/company/list', 'code', 'HB01', 'DF'],
      ['/api/bl-transport/basiccar/list', 'carNo', '沪A12345', '鄂A5K721'],
    ] as const) {
      expect([path, (await codes(admin1, path, key)).includes(theirs)]).toEqual([path, false]);
      expect([path, (await codes(admin2, path, key)).includes(mine)]).toEqual([path, false]);
    }
    // (bill numbers count per tenant: the same number may be one of 100001's own; the order itself is not there)
    expect((await admin1.get(`/api/bl-transport/consignment/detail?id=${data(made).id}`)).status).toBe(404);
    expect(data(await admin2.get<Record<string, unknown>>(`/api/bl-transport/consignment/detail?id=${data(made).id}`))).toMatchObject({ customerCode: 'DF-C01' });
    const across = await admin1.post('/api/bl-transport/consignment/submit', { ...order, customerCode: 'DF-C01' }, { 'Accept-Language': 'en' });
    expect(across.body).toMatchObject({ code: 400, msg: expect.stringContaining('DF-C01') });
    const back = await dispatcher2.post('/api/bl-transport/consignment/submit', { ...order, customerCode: 'C002', lines: [{ materialCode: 'M0001', name: '东北大米', qty: 1 }] }, { 'Accept-Language': 'en' });
    expect(back.body).toMatchObject({ code: 400, msg: expect.stringContaining('C002') });
  });

  it('has a month for finance to bill: last month of the demo owners priced from real receipts, shipments and days of storage', async () => {
    const finance = await t.client().as('100001', 'finance');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const { previousMonth, seedDemoMonth } = await import('@tpl/warehouse');
    const month = previousMonth(today);
    type Made = { generated: { id: string; customerCode: string; totalCost: number }[] };
    const made = data(await finance.post<Made>('/api/bl-billing/monthbill/generate', { month }));
    const c001 = made.generated.find((g) => g.customerCode === 'C001')!;
    const c002 = made.generated.find((g) => g.customerCode === 'C002')!;
    const bill = data(await finance.get<Record<string, number>>(`/api/bl-billing/monthbill/detail?id=${c001.id}`));
    // C001 (AG-C001-2026, SH1-A): 5.2 t in on the 3rd, 1.8 t on the 12th, 1.5 t out on the 18th, at 30 per tonne;
    // storage at tier 1 (1.5 per tonne-day): 5.2 t for days 3-11, 7 t for 12-17, 5.5 t from the 18th to the month's end
    const days = Number(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
    const storage = Math.round((9 * 5.2 + 6 * 7 + (days - 17) * 5.5) * 1.5 * 100) / 100;
    // packing materials of the 18th's shipment: 25 cartons PK001 at 3.5 and 1 film PK003 at 12 (the agreement's package-material prices)
    expect(bill).toMatchObject({ inStockCoolieCost: 210, outStockCoolieCost: 45, storageCost: storage, otherCost: 0, packageCost: 99.5 });
    expect(bill.totalCost).toBeCloseTo(255 + storage + 99.5, 2);
    expect(c002.totalCost).toBeGreaterThan(0);
    // every charge explained by the facts behind it
    type Explain = { amount: number; items: { kind: string; facts: { billNo: string }[] }[] };
    const storageExplained = data(await finance.get<Explain>(`/api/bl-billing/monthbill/explain?id=${c001.id}&line=1&kind=STORAGE`));
    expect(storageExplained.amount).toBeCloseTo(storage, 2);
    expect(storageExplained.items).toHaveLength(days - 2);
    const inbound = data(await finance.get<Explain>(`/api/bl-billing/monthbill/explain?id=${c001.id}&line=1&kind=INBOUND`));
    expect(inbound.items.flatMap((i) => i.facts.map((f) => f.billNo))).toHaveLength(3);
    // the package materials on their own line (2), each material of the shipment with the agreement's price
    type PackExplain = { amount: number; items: { kind: string; materialCode: string; qty: number; price: number; amount: number; facts: { billNo: string; documentType: string }[] }[] };
    const packs = data(await finance.get<PackExplain>(`/api/bl-billing/monthbill/explain?id=${c001.id}&line=2&kind=PACKAGE`));
    expect(packs.amount).toBe(99.5);
    expect(packs.items.map((i) => [i.materialCode, i.qty, i.price, i.amount])).toEqual([['PK001', 25, 3.5, 87.5], ['PK003', 1, 12, 12]]);
    expect(packs.items[0]!.facts[0]).toMatchObject({ documentType: 'osoutstockbill' });
    // costbilldetailpack: the package material records of the bill (bill number, source shipment, material, qty, unit price, amount)
    type PackRow = { billNo: string; documentBillNo: string; materialCode: string; qty: number; price: number; amount: number };
    const c001No = data(await finance.get<{ billNo: string }>(`/api/bl-billing/monthbill/detail?id=${c001.id}`)).billNo;
    const records = data(await finance.get<Page<PackRow>>(`/api/bl-billing/report/costbilldetailpack/list?billNo=${c001No}&from=${month}-01&to=${month}-28`));
    expect(records.records.map((r) => [r.billNo, r.materialCode, Number(r.qty), Number(r.price), Number(r.amount)]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [c001No, 'PK001', 25, 3.5, 87.5],
      [c001No, 'PK003', 1, 12, 12],
    ]);
    expect(records.records[0]!.documentBillNo).toMatch(/^CK/);
    // the same ship event delivered to billing a second time (a replay, a redelivery): kept once, charged once
    const { billingStatements } = await import('@tpl/billing');
    const { runAsSystem: asSystem } = await import('@tpl/event-store');
    const shipped = await asSystem(() => t.host.storage.store.readAll('0', 10_000, { types: ['OutboundBillShipped'] }));
    expect(shipped.filter((e) => Array.isArray((e.data as { packMaterials?: unknown }).packMaterials)).length).toBe(2);
    await asSystem(async () => {
      for (const st of billingStatements(shipped)) await t.host.storage.db.pool.query(st.text, st.values);
    });
    const again = data(await finance.post<Made>('/api/bl-billing/monthbill/generate', { month }));
    const billAgain = data(await finance.get<Record<string, number>>(`/api/bl-billing/monthbill/detail?id=${again.generated.find((g) => g.customerCode === 'C001')!.id}`));
    expect(billAgain.packageCost).toBe(99.5);
    expect(billAgain.totalCost).toBe(bill.totalCost);
    // once only
    const { DocumentService } = await import('@tpl/documents');
    const { runInTenant } = await import('@tpl/event-store');
    const seededAgain = await runInTenant('100001', () =>
      seedDemoMonth(t.host.app.get(DocumentService), { tenantId: '100001', actor: { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' }, correlationId: 'test' }, today),
    );
    expect(seededAgain).toBe(0);
  });
});
