import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Effective times never contradict the ledger (issue 28 item 10), on both stores: every step of
 * a receipt, its put-away, an outbound bill's allocation, pick and shipment, and a load bill is
 * tried at a time in the future and before the step it depends on (each refused with a 400
 * naming the field, nothing written), then done at consistent times (a load bill's loading times
 * corrected too); afterwards the stock as of
 * every instant between the times involved is never negative (qty, frozen, frozen <= qty), in the
 * stock list and in the stock-by-details report alike.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type StockRow = { barcode: string; warehousePlaceCode: string; qty: number; djQty: number };
const IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const SORT = '/api/bl-warehouse/stocksortingbill';
const LOAD = '/api/bl-warehouse/loadbill';
const H = 3600_000;

describe.each(DOMAIN_STORES)('effective times on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  /** The whole hour before now: every step of the test lies in it (and the receipt three hours before). */
  const base = Date.now() - 3 * H;
  const at = (ms: number) => new Date(base + ms).toISOString();
  const refusedWith = async (path: string, body: Record<string, unknown>, msg: string) => {
    const r = await admin.post(path, body, { 'Accept-Language': 'en' });
    expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg });
  };

  it('refuses every step in the future or before the step it depends on; the stock as of any instant since is never negative', async () => {
    const material = 'M0033';
    const made = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: at(0).slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: material, batchNo: 'T1', qty: 24, qtyWeg: 6 }],
    }));

    // a receipt two days ahead: refused, the bill still a draft
    await refusedWith(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: new Date(Date.now() + 48 * H).toISOString() }, 'Received at cannot be later than now');
    expect(data(await admin.get<Result>(`${IN}/detail?id=${made.id}`))).toMatchObject({ state: 'Draft', version: made.version });
    const received = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at(0) }));

    // a put-away two hours before its receipt (the dock would be at -24 then), and one in the future
    const placements = [{ lineNumber: 1, warehousePlaceCode: 'A-04-04', qty: 24 }];
    await refusedWith(`${IN}/put-away`, { id: made.id, version: received.version, putAwayAt: at(-2 * H), placements }, 'Put away at cannot be before Received at');
    await refusedWith(`${IN}/put-away`, { id: made.id, version: received.version, putAwayAt: new Date(Date.now() + H).toISOString(), placements }, 'Put away at cannot be later than now');
    const stored = data(await admin.post<Result>(`${IN}/put-away`, { id: made.id, version: received.version, putAwayAt: at(H), placements }));
    expect(stored.state).toBe('Stored');

    // an outbound bill of the 24 pieces: allocated while they were still at the dock is refused by the ledger
    const bill = data(await admin.post<Result>(`${OUT}/submit`, {
      billDate: at(0).slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: material, qty: 24 }],
    }));
    await refusedWith(
      `${OUT}/allocate`,
      { id: bill.id, version: bill.version, allocatedAt: at(H / 2) },
      `Allocated at lies before material "${material}" (barcode "${made.billNo}-001") was at location "A-04-04" or allocated: a step cannot come before its goods`,
    );
    await refusedWith(`${OUT}/allocate`, { id: bill.id, version: bill.version, allocatedAt: new Date(Date.now() + 24 * H).toISOString() }, 'Allocated at cannot be later than now');
    expect(data(await admin.get<Result>(`${OUT}/detail?id=${bill.id}`))).toMatchObject({ state: 'Draft', version: bill.version });
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: bill.version, allocatedAt: at(1.25 * H) }));

    // picked before it was allocated, through a picking list (naming the bill) and on the bill itself
    const list = data(await admin.post<Result>(`${SORT}/submit`, { billDate: at(0).slice(0, 10), warehouseAreaCode: 'SH1-A', picker: '张三', details: [{ osBillNo: bill.billNo }] }));
    const issued = data(await admin.post<Result>(`${SORT}/issue`, { id: list.id, version: list.version }));
    await refusedWith(`${SORT}/complete`, { id: list.id, version: issued.version, pickedAt: at(1.2 * H) }, `Picked at cannot be before Allocated at of outbound bill "${bill.billNo}"`);
    await refusedWith(`${OUT}/pick`, { id: bill.id, version: allocated.version, pickedAt: at(1.2 * H) }, 'Picked at cannot be before Allocated at');
    const done = data(await admin.post<Result>(`${SORT}/complete`, { id: list.id, version: issued.version, pickedAt: at(1.5 * H) }));
    expect(done.state).toBe('Done');
    const picked = data(await admin.get<Result>(`${OUT}/detail?id=${bill.id}`));
    expect(picked.state).toBe('Picked');

    // the issue's case: shipped an hour before the goods' receipt (stock would be -24 then); and before the pick
    await refusedWith(`${OUT}/ship`, { id: bill.id, version: picked.version, shippedAt: at(-H) }, 'Shipped at cannot be before Picked at');
    await refusedWith(`${OUT}/ship`, { id: bill.id, version: picked.version, shippedAt: at(1.4 * H) }, 'Shipped at cannot be before Picked at');

    // a load bill: loading before the bill was picked, finished before it started, shipped before it was loaded
    const load = data(await admin.post<Result>(`${LOAD}/submit`, { billDate: at(0).slice(0, 10), warehouseAreaCode: 'SH1-A', carNo: '沪A12345', details: [{ osBillNo: bill.billNo, packages: 1 }] }));
    await refusedWith(`${LOAD}/start-loading`, { id: load.id, version: load.version, loadingStartTime: at(1.45 * H) }, `Loading started cannot be before Picked at of outbound bill "${bill.billNo}"`);
    const started = data(await admin.post<Result>(`${LOAD}/start-loading`, { id: load.id, version: load.version, loadingStartTime: at(1.6 * H) }));
    await refusedWith(`${LOAD}/finish-loading`, { id: load.id, version: started.version, loadingEndTime: at(1.55 * H) }, 'Loading ended cannot be before Loading started');
    const finished = data(await admin.post<Result>(`${LOAD}/finish-loading`, { id: load.id, version: started.version, loadingEndTime: at(1.75 * H) }));

    // the loading's times corrected (/loadHandle/loadbillTimeEdit): an end before the start, one in the future, a start before a bill was picked: each refused naming the field, nothing written
    const times = (loadingStartTime: string, loadingEndTime: string) => ({ id: load.id, version: finished.version, loadingStartTime, loadingEndTime });
    await refusedWith(`${LOAD}/edit-times`, times(at(1.65 * H), at(1.62 * H)), 'Loading ended cannot be before Loading started');
    await refusedWith(`${LOAD}/edit-times`, times(at(1.65 * H), new Date(Date.now() + 2 * H).toISOString()), 'Loading ended cannot be later than now');
    await refusedWith(`${LOAD}/edit-times`, times(at(1.45 * H), at(1.7 * H)), `Loading started cannot be before Picked at of outbound bill "${bill.billNo}"`);
    expect(data(await admin.get<Result>(`${LOAD}/detail?id=${load.id}`))).toMatchObject({ state: 'Loaded', version: finished.version, loadingStartTime: at(1.6 * H), loadingEndTime: at(1.75 * H) });
    const loaded = data(await admin.post<Result>(`${LOAD}/edit-times`, times(at(1.65 * H), at(1.72 * H))));
    expect(data(await admin.get<Result>(`${LOAD}/detail?id=${load.id}`))).toMatchObject({ state: 'Loaded', version: loaded.version, loadingStartTime: at(1.65 * H), loadingEndTime: at(1.72 * H) });
    // the correction is a fact of its own in the load's history, by whom and with both times
    const history = data(await admin.get<{ type: string; actor: { account: string }; data: unknown }[]>(`${LOAD}/history?id=${load.id}`));
    expect(history.at(-1)).toMatchObject({ type: 'LoadBillLoadingTimesCorrected', actor: { account: 'admin' }, data: { loadingStartTime: at(1.65 * H), loadingEndTime: at(1.72 * H) } });

    await refusedWith(`${LOAD}/ship`, { id: load.id, version: loaded.version, shippedAt: at(1.7 * H) }, 'Shipped at cannot be before Loading ended');
    await refusedWith(`${LOAD}/ship`, { id: load.id, version: loaded.version, shippedAt: new Date(Date.now() + 3 * H).toISOString() }, 'Shipped at cannot be later than now');
    expect(data(await admin.get<Result>(`${OUT}/detail?id=${bill.id}`))).toMatchObject({ state: 'Picked', version: picked.version });
    expect(data(await admin.post<Result>(`${LOAD}/ship`, { id: load.id, version: loaded.version, shippedAt: at(2 * H) })).state).toBe('Shipped');
    // once shipped, the times are history: a correction is refused (409)
    const shipped = data(await admin.get<Result>(`${LOAD}/detail?id=${load.id}`));
    const late = await admin.post(`${LOAD}/edit-times`, { ...times(at(1.65 * H), at(1.7 * H)), version: shipped.version }, { 'Accept-Language': 'en' });
    expect({ status: late.status, msg: late.body.msg }).toMatchObject({ status: 409, msg: expect.stringContaining('Shipped') });

    // a count is no later than now either
    const check = data(await admin.post<Result>('/api/bl-warehouse/checkbill/submit', {
      billDate: at(0).slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-A', checkType: 'SPOT', items: [{ barcode: 'FOUND-1', warehousePlaceCode: 'A-04-03', materialCode: material, batchNo: 'T1', countQty: 1 }],
    }));
    await refusedWith('/api/bl-warehouse/checkbill/count', { id: check.id, version: check.version, countedAt: new Date(Date.now() + H).toISOString() }, 'Counted at cannot be later than now');

    // every instant between the times involved, each side of every step: nothing negative anywhere
    const steps = [-2 * H, -H, 0, 0.5 * H, H, 1.2 * H, 1.25 * H, 1.4 * H, 1.5 * H, 1.6 * H, 1.65 * H, 1.72 * H, 1.75 * H, 2 * H].map((ms) => base + ms);
    const instants = [...new Set(steps.flatMap((ms) => [ms - 1, ms, ms + 1]).concat(steps.slice(1).map((ms, i) => (ms + steps[i]!) / 2)))].sort((a, b) => a - b);
    instants.push(Date.now());
    const seen = new Map<string, number>();
    for (const ms of instants) {
      const asOf = new Date(ms).toISOString();
      const rows = data(await admin.get<{ records: StockRow[] }>(`/api/bl-warehouse/stock/list?customerCode=C001&materialCode=${material}&withEmpty=true&size=50&asOf=${encodeURIComponent(asOf)}`)).records;
      const report = data(await admin.get<{ records: StockRow[] }>(`/api/bl-report/stockbydetails/list?customerCode=C001&materialCode=${material}&withEmpty=true&size=50&asOf=${encodeURIComponent(asOf)}`)).records;
      for (const r of [...rows, ...report]) {
        expect({ asOf, ...r, short: r.qty < 0 || r.djQty < 0 || r.djQty > r.qty }).toMatchObject({ short: false });
      }
      seen.set(asOf, rows.reduce((s, r) => s + r.qty, 0));
    }
    // and the story the ledger tells: none before the receipt, 24 from it until the shipment, none after
    expect(seen.get(at(-1))).toBe(0);
    expect(seen.get(at(0))).toBe(24);
    expect(seen.get(at(2 * H - 1))).toBe(24);
    expect(seen.get(at(2 * H))).toBe(0);
  }, 120_000);
});
