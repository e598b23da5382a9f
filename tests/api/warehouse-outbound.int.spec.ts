import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Outbound end to end through the API on a real store: stock received straight into places,
 * an outbound order, outbound bills allocating by the picking rule (FIFO by inbound time;
 * expired stock never), releasing, picking and shipping (the order following, over-shipment
 * refused), removal refused once shipped, and 50 bills allocating the same stock at once
 * allocating exactly what exists.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Stock = { records: { warehousePlaceCode: string; qty: number; djQty: number; availableQty: number; barcode: string; batchNo: string }[] };
const BILL_IN = '/api/bl-warehouse/isinstockbill';
const ORDER = '/api/bl-warehouse/orderosoutstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';

describe.each(DOMAIN_STORES)('outbound on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  const stock = async (material: string) => data(await admin.get<Stock>(`/api/bl-warehouse/stock/list?customerCode=C001&materialCode=${material}&size=50`)).records;
  /** Receives lines straight into places (no put-away needed), at a given time. */
  const receive = async (at: string, details: Record<string, unknown>[]) => {
    const made = data(await admin.post<Result>(`${BILL_IN}/submit`, { billDate: at.slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details }));
    const done = data(await admin.post<Result>(`${BILL_IN}/receive`, { id: made.id, version: made.version, receivedAt: at }));
    expect(done.state).toBe('Stored');
    return made;
  };
  const outbound = (material: string, qty: number, extra: Record<string, unknown> = {}) =>
    admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: material, qty }], ...extra });

  it('allocates FIFO outside the expired, picks and ships against an order; the order follows; over-shipment and removal refused', async () => {
    const older = await receive('2026-11-01T08:00:00.000Z', [{ materialCode: 'M0022', batchNo: 'OLD', qty: 4, warehousePlaceCode: 'B-01-01' }]);
    await receive('2026-11-02T08:00:00.000Z', [{ materialCode: 'M0022', batchNo: 'EXP', qty: 50, warehousePlaceCode: 'B-01-02', expiringDate: '2020-01-01' }]);
    await receive('2026-11-03T08:00:00.000Z', [{ materialCode: 'M0022', batchNo: 'NEW', qty: 10, warehousePlaceCode: 'B-01-03' }]);

    const order = data(await admin.post<Result>(`${ORDER}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', planDate: '2026-11-25', details: [{ materialCode: 'M0022', qty: 8 }] }));
    await admin.post(`${ORDER}/audit`, { id: order.id, version: order.version });

    const bill = data(await outbound('M0022', 6, { applyNo: order.billNo }));
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: bill.version }));
    expect(allocated.state).toBe('Allocated');
    const frozen = Object.fromEntries((await stock('M0022')).map((r) => [r.batchNo, r.djQty]));
    // FIFO: the 4 oldest, then 2 of the newer; the expired 50 never
    expect(frozen).toEqual({ OLD: 4, EXP: 0, NEW: 2 });

    // release gives it back and the bill is a draft again; allocate again
    const released = data(await admin.post<Result>(`${OUT}/release`, { id: bill.id, version: allocated.version }));
    expect(released.state).toBe('Draft');
    expect((await stock('M0022')).every((r) => r.djQty === 0)).toBe(true);
    // allocated again, picked and shipped now (the first allocation held these pieces until its release: no step may be dated into that window)
    const again = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: released.version }));
    const picked = data(await admin.post<Result>(`${OUT}/pick`, { id: bill.id, version: again.version, picker: '张三' }));
    expect(picked.state).toBe('Picked');
    const shipped = data(await admin.post<Result>(`${OUT}/ship`, { id: bill.id, version: picked.version }));
    expect(shipped.state).toBe('Shipped');
    const after = Object.fromEntries((await stock('M0022')).map((r) => [r.batchNo, [r.qty, r.djQty]]));
    // an emptied row is not listed (it stays in the ledger for "as of")
    expect(after).toEqual({ EXP: [50, 0], NEW: [8, 0] });
    expect(data(await admin.get<Record<string, unknown>>(`${ORDER}/detail?id=${order.id}`))).toMatchObject({ state: 'Shipping', totals: { shippedQty: 6 } });
    const stream = data(await admin.get<{ records: { movement: string; outstockStatus: number; isCost: number }[] }>(`/api/bl-warehouse/stockstream/list?billNo=${bill.billNo}&size=50`));
    expect(stream.records.filter((r) => r.movement === 'SHIP').every((r) => r.outstockStatus === 1 && r.isCost === 1)).toBe(true);

    // 3 more would be 9 of 8 ordered
    const over = data(await outbound('M0022', 3, { applyNo: order.billNo }));
    const refused = await admin.post(`${OUT}/allocate`, { id: over.id, version: over.version }, { 'Accept-Language': 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Over-shipment of material "M0022": 8 ordered, 6 shipped, 3 now');
    expect((await stock('M0022')).every((r) => r.djQty === 0)).toBe(true);

    // more than is available (expired excluded): refused naming the figures, nothing frozen
    const tooMuch = data(await outbound('M0022', 9));
    const short = await admin.post(`${OUT}/allocate`, { id: tooMuch.id, version: tooMuch.version }, { 'Accept-Language': 'en' });
    expect(short.status).toBe(409);
    expect(short.body.msg).toContain('8 available');

    const removal = await admin.post(`${OUT}/remove?ids=${bill.id}`, {}, { 'Accept-Language': 'en' });
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe('Shipped storage documents cannot be deleted.');
    expect(older.billNo).toMatch(/^RK/);
  });

  it('picks by the owner’s customer strategy before the material’s: FEFO for a material whose own picking is FIFO', async () => {
    await receive('2026-11-04T08:00:00.000Z', [{ materialCode: 'M0001', batchNo: 'FIRST', qty: 3, warehousePlaceCode: 'B-02-01', expiringDate: '2027-12-31' }]);
    await receive('2026-11-05T08:00:00.000Z', [{ materialCode: 'M0001', batchNo: 'SOON', qty: 3, warehousePlaceCode: 'B-02-02', expiringDate: '2027-01-31' }]);
    const frozen = async () => Object.fromEntries((await stock('M0001')).filter((r) => r.djQty > 0).map((r) => [r.batchNo, r.djQty]));
    const bill = data(await outbound('M0001', 2));
    // the material's own picking strategy (PICK-NEAR: not FEFO) allocates the first received
    const first = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: bill.version }));
    expect(await frozen()).toEqual({ FIRST: 2 });
    const released = data(await admin.post<Result>(`${OUT}/release`, { id: bill.id, version: first.version }));
    const rule = data(await admin.post<{ id: string }>('/api/bl-basic/customstrategy/submit', { code: 'CS-FEFO', name: 'Nearest expiry first', customerCode: 'C001', downshelfStrategyCode: 'PICK-FEFO', mixBatchFlag: 1, mixMaterialFlag: 1 }));
    try {
      const again = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: released.version }));
      expect(await frozen()).toEqual({ SOON: 2 });
      await admin.post(`${OUT}/release`, { id: bill.id, version: again.version });
    } finally {
      await admin.post(`/api/bl-basic/customstrategy/remove?ids=${rule.id}`);
    }
  });

  it('a picking list confirms its bills\' picking; a load bill ships them; bills not ready are refused naming their state', async () => {
    await receive('2026-11-06T08:00:00.000Z', [{ materialCode: 'M0042', batchNo: 'S', qty: 20, warehousePlaceCode: 'B-03-01' }]);
    const bills = await Promise.all([5, 7].map(async (q) => data(await outbound('M0042', q))));
    const unallocated = data(await outbound('M0042', 1));
    for (const b of bills) await admin.post(`${OUT}/allocate`, { id: b.id, version: b.version, allocatedAt: '2026-11-24T10:00:00.000Z' });
    const SORT = '/api/bl-warehouse/stocksortingbill';
    const LOAD = '/api/bl-warehouse/loadbill';

    const wrong = data(await admin.post<Result>(`${SORT}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', picker: '张三', details: [{ osBillNo: unallocated.billNo }] }));
    const notReady = await admin.post(`${SORT}/issue`, { id: wrong.id, version: wrong.version }, { 'Accept-Language': 'en' });
    expect(notReady.status).toBe(409);
    expect(notReady.body.msg).toBe(`Outbound bill "${unallocated.billNo}" is Draft: this step cannot take it`);

    const list = data(await admin.post<Result>(`${SORT}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', picker: '张三', details: bills.map((b) => ({ osBillNo: b.billNo })) }));
    const issued = data(await admin.post<Result>(`${SORT}/issue`, { id: list.id, version: list.version }));
    const printed = data(await admin.post<Result>(`${SORT}/record-print`, { id: list.id, version: issued.version, kind: 'SORT' }));
    expect(data(await admin.get<Record<string, unknown>>(`${SORT}/detail?id=${list.id}`))).toMatchObject({ state: 'Picking', printSortStatus: 1, printBillBoardStatus: 0 });
    const done = data(await admin.post<Result>(`${SORT}/complete`, { id: list.id, version: printed.version, pickedAt: '2026-11-24T11:00:00.000Z' }));
    expect(done.state).toBe('Done');
    for (const b of bills) expect(data(await admin.get<Record<string, unknown>>(`${OUT}/detail?id=${b.id}`))).toMatchObject({ state: 'Picked', picker: '张三' });

    const load = data(await admin.post<Result>(`${LOAD}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', carNo: '沪A12345', details: bills.map((b) => ({ osBillNo: b.billNo, packages: 3 })) }));
    const started = data(await admin.post<Result>(`${LOAD}/start-loading`, { id: load.id, version: load.version, loadingStartTime: '2026-11-24T12:00:00.000Z' }));
    const loaded = data(await admin.post<Result>(`${LOAD}/finish-loading`, { id: load.id, version: started.version, loadingEndTime: '2026-11-24T13:00:00.000Z' }));
    const shipped = data(await admin.post<Result>(`${LOAD}/ship`, { id: load.id, version: loaded.version, shippedAt: '2026-11-24T15:00:00.000Z' }));
    expect(shipped.state).toBe('Shipped');
    for (const b of bills) expect(data(await admin.get<Record<string, unknown>>(`${OUT}/detail?id=${b.id}`))).toMatchObject({ state: 'Shipped', shippedAt: '2026-11-24T15:00:00.000Z' });
    expect((await stock('M0042')).map((r) => [r.qty, r.djQty])).toEqual([[8, 0]]);
  });

  it('outbound orders made from a sales order take only what is left of it; one cancelled gives its part back; the last completes it', async () => {
    const SO = '/api/bl-warehouse/ossobill';
    const so = data(await admin.post<Result>(`${SO}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', consigneeName: '华联超市', receiverAddress: '上海市静安区南京西路88号', planDate: '2026-11-26',
      details: [{ materialCode: 'M0022', qty: 10, price: 12.35 }, { materialCode: 'M0042', qty: 3, price: 0.1 }],
    }));
    const confirmed = data(await admin.post<Result>(`${SO}/audit`, { id: so.id, version: so.version }));
    expect(confirmed.state).toBe('Confirmed');
    // amounts exact to the cent (0.1 x 3 is 0.30, never 0.30000000000000004)
    expect(data(await admin.get<Record<string, unknown>>(`${SO}/detail?id=${so.id}`))).toMatchObject({ totals: { qty: 13, amount: 123.8 }, details: [{ amount: 123.5 }, { amount: 0.3 }] });
    const order = (lines: { materialCode: string; qty: number; applyLineNumber: number }[]) =>
      admin.post<Result>(`${ORDER}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', planDate: '2026-11-26', soNo: so.billNo, details: lines });
    const detail = async () => data(await admin.get<{ state: string; details: { orderedQty: number }[] }>(`${SO}/detail?id=${so.id}`));

    const first = data(await order([{ materialCode: 'M0022', qty: 6, applyLineNumber: 1 }]));
    const firstAudited = data(await admin.post<Result>(`${ORDER}/audit`, { id: first.id, version: first.version }));
    expect(await detail()).toMatchObject({ state: 'Ordering', details: [{ orderedQty: 6 }, { orderedQty: 0 }] });

    // 5 more of line 1 would be 11 of 10 sold: refused naming the figures, nothing taken
    const second = data(await order([{ materialCode: 'M0022', qty: 5, applyLineNumber: 1 }]));
    const over = await admin.post(`${ORDER}/audit`, { id: second.id, version: second.version }, { 'Accept-Language': 'en' });
    expect([over.status, over.body.msg]).toEqual([409, 'Material "M0022" beyond its sales order: 10 sold, 6 ordered out, 5 now']);
    expect((await detail()).details[0]!.orderedQty).toBe(6);

    // the first cancelled before shipping: its 6 come back, the sales order is open as confirmed; now the 5 fit
    data(await admin.post<Result>(`${ORDER}/cancel`, { id: first.id, version: firstAudited.version, reason: '客户改单' }));
    expect(await detail()).toMatchObject({ state: 'Confirmed', details: [{ orderedQty: 0 }, { orderedQty: 0 }] });
    data(await admin.post<Result>(`${ORDER}/audit`, { id: second.id, version: second.version }));
    // the rest, all of both lines, completes it
    const rest = data(await order([{ materialCode: 'M0022', qty: 5, applyLineNumber: 1 }, { materialCode: 'M0042', qty: 3, applyLineNumber: 2 }]));
    data(await admin.post<Result>(`${ORDER}/audit`, { id: rest.id, version: rest.version }));
    expect(await detail()).toMatchObject({ state: 'Completed', details: [{ orderedQty: 10 }, { orderedQty: 3 }] });
    // nothing more can be ordered out of a completed sales order
    const late = data(await order([{ materialCode: 'M0042', qty: 1, applyLineNumber: 2 }]));
    const closed = await admin.post(`${ORDER}/audit`, { id: late.id, version: late.version }, { 'Accept-Language': 'en' });
    expect([closed.status, closed.body.msg]).toEqual([409, `Sales order "${so.billNo}" is Completed: nothing more can be ordered out of it`]);
  });

  it('50 bills allocating the same stock at once allocate exactly what exists, no more', async () => {
    await receive('2026-11-05T08:00:00.000Z', [{ materialCode: 'M0032', batchNo: 'P', qty: 30, warehousePlaceCode: 'B-02-01' }]);
    const bills = await Promise.all(Array.from({ length: 50 }, async () => data(await outbound('M0032', 1))));
    let conflicts = 0;
    const outcomes = await Promise.all(
      bills.map(async (b) => {
        // a stale account (another allocator appended first) is retried, as the console does
        for (let attempt = 0; attempt < 200; attempt++) {
          const r = await admin.post(`${OUT}/allocate`, { id: b.id, version: b.version }, { 'Accept-Language': 'en' });
          if (r.status === 200) return 'allocated';
          if (r.status === 409 && String(r.body.msg).includes('available')) return 'short';
          if (r.status !== 409) throw new Error(`unexpected ${r.status} ${JSON.stringify(r.body)}`);
          conflicts++;
        }
        return 'gave up';
      }),
    );
    expect(outcomes.filter((o) => o === 'allocated')).toHaveLength(30);
    expect(outcomes.filter((o) => o === 'short')).toHaveLength(20);
    const rows = await stock('M0032');
    expect(rows).toEqual([expect.objectContaining({ qty: 30, djQty: 30, availableQty: 0 })]);
    console.log(`${kind}: 50 parallel allocations, ${conflicts} stale-version retries`);
  }, 300_000);
});
