import { Workbook } from 'exceljs';
import { runInTenant, type EventStorePort } from '@tpl/event-store';
import { STOCK_EVENT_TYPES, type StockLine } from '@tpl/contracts';
import { StockLedger, allocate, factOf, receive, ship, type AccountState } from '@tpl/warehouse';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The stock reports (/api/bl-report) on a real store, from ledger facts with chosen business
 * times: each report now and as of an instant, its sums, every quantity equal to the sum of the
 * stream lines explain lists for the row at the same instant, the period report and its lines,
 * the bin board's fill ratios from the places' capacity, the spreadsheet, and a late,
 * back-dated movement changing the answers for later instants and not for earlier ones.
 */
const T = '100001';
const actor = { userId: 'u-keeper', account: 'keeper', name: 'Keeper' };
const src = (billNo: string) => ({ documentType: 'test', documentId: billNo, billNo });
const D = (day: string, time = '00:00:00') => `2026-10-${day}T${time}.000Z`;

type Page<R> = { records: R[]; total: number; asOf: string | null; sums: Record<string, number> };
type AreaRow = { warehouseAreaCode: string | null; customerCode: string; materialCode: string; qty: number; djQty: number; availableQty: number; weg: number; board: number; volume: number; placeCount: number; rowCount: number };
type PeriodRow = { customerCode: string; materialCode: string; openingQty: number; inQty: number; outQty: number; closingQty: number; djQty: number; availableQty: number };
type Explain = { records: { billNo: string; qty: number; djQty: number; movement: string }[]; sums: { qty: number; djQty: number; lines: number }; asOf: string | null };

describe.each(DOMAIN_STORES)('stock reports on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let ledger: StockLedger;
  let store: EventStorePort;
  const meta = (n: string) => ({ tenantId: T, actor, occurredAt: new Date().toISOString(), correlationId: n, causationId: n });

  /** One decision on an owner's material, in a transaction, as a document's decisions would make it. */
  const record = (customer: string, type: string, decide: (a: AccountState) => StockLine[], effectiveAt: string, flags: Parameters<typeof factOf>[3] = {}) =>
    runInTenant(T, () =>
      store.withTransaction(async (uow) => {
        const account = await ledger.account(uow, T, customer, 'RPT-M1');
        await ledger.record(uow, T, [{ account, type, fact: factOf(decide(account), effectiveAt, 'test', flags) }], meta(type));
      }),
    );
  const get = async <R>(path: string) => data(await admin.get<R>(path));
  const area = (q = '') => get<Page<AreaRow>>(`/api/bl-report/stockbywarehousearea/list?materialCode=RPT-M1${q}`);
  const explain = (q: string) => get<Explain>(`/api/bl-warehouse/stockstream/explain?materialCode=RPT-M1&size=50${q}`);

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    ledger = t.host.app.get(StockLedger);
    store = t.host.storage.store;
    // C002: 10 into A-01-01 on the 1st, 4 allocated on the 10th and shipped on the 12th; C003: 5 into A-01-02 on the 2nd
    await record('C002', STOCK_EVENT_TYPES.received, (a) => receive(a, [{ barcode: 'RB1', warehousePlaceCode: 'A-01-01', warehouseAreaCode: 'SH1-A', batchNo: 'L1', qty: 10, qtyWeg: 20, boardQty: 4, unitVolume: 0.1 }], src('RK-R1'), D('01')), D('01'), { instockStatus: 1, isCost: 1 });
    await record('C003', STOCK_EVENT_TYPES.received, (a) => receive(a, [{ barcode: 'RB2', warehousePlaceCode: 'A-01-02', warehouseAreaCode: 'SH1-A', batchNo: 'L2', qty: 5, unitVolume: 0.05 }], src('RK-R2'), D('02')), D('02'));
    await record('C002', STOCK_EVENT_TYPES.allocated, (a) => allocate(a, [{ qty: 4, rule: 'FIFO', today: '2026-10-10' }], src('CK-R1')), D('10'));
    await record('C002', STOCK_EVENT_TYPES.shipped, (a) => ship(a, [{ key: { barcode: 'RB1', warehousePlaceCode: 'A-01-01', batchNo: 'L1' }, qty: 4 }], src('CK-R1')), D('12'), { outstockStatus: 1, isCost: 1 });
  }, 300_000);
  afterAll(async () => t?.stop());

  it('answers stock by area now and as of an instant, with sums, every quantity explained by its stream lines at that instant', async () => {
    const now = await area();
    expect(now.records.map((r) => [r.warehouseAreaCode, r.customerCode, r.qty, r.djQty, r.availableQty])).toEqual([
      ['SH1-A', 'C002', 6, 0, 6],
      ['SH1-A', 'C003', 5, 0, 5],
    ]);
    const c002 = now.records[0]!;
    // tonnes = 6 x 20 kg / 1000, pallets = ceil(6 / 4), m³ = 6 x 0.1
    expect(c002).toMatchObject({ weg: 0.12, board: 2, volume: 0.6, placeCount: 1, rowCount: 1 });
    expect(now.sums).toMatchObject({ qty: 11, djQty: 0, availableQty: 11 });
    expect(now.asOf).toBeNull();

    const then = await area(`&asOf=${D('11')}`);
    expect(then.asOf).toBe(D('11'));
    expect(then.records.map((r) => [r.customerCode, r.qty, r.djQty, r.availableQty])).toEqual([
      ['C002', 10, 4, 6],
      ['C003', 5, 0, 5],
    ]);
    // explain: the lines of the row's keys up to the same instant add up to its quantities
    for (const row of then.records) {
      const e = await explain(`&warehouseAreaCode=${row.warehouseAreaCode}&customerCode=${row.customerCode}&asOf=${D('11')}`);
      expect(e.sums).toMatchObject({ qty: row.qty, djQty: row.djQty });
      expect(e.records.reduce((s, l) => s + l.qty, 0)).toBe(row.qty);
    }
    const lines = await explain(`&customerCode=C002&asOf=${D('11')}`);
    expect(lines.records.map((l) => [l.movement, l.billNo, l.qty, l.djQty])).toEqual([
      ['RECEIVE', 'RK-R1', 10, 0],
      ['ALLOCATE', 'CK-R1', 0, 4],
    ]);
    // before anything arrived, nothing; at the receipt's own instant, the receipt
    expect((await area('&asOf=2026-09-30T23:59:59.999Z')).records.map((r) => r.customerCode)).toEqual([]);
    expect((await area(`&asOf=${D('01')}`)).records.map((r) => r.customerCode)).toEqual(['C002']);
  });

  it('answers by owner and batch and by details (with m³), filtered and paged on the server', async () => {
    const batches = await get<Page<{ customerCode: string; batchNo: string; qty: number; firstInboundAt: string }>>(
      '/api/bl-report/stockbycustomerbatchno/list?materialCode=RPT-M1&sort=qty&order=desc',
    );
    expect(batches.records.map((r) => [r.customerCode, r.batchNo, r.qty])).toEqual([
      ['C002', 'L1', 6],
      ['C003', 'L2', 5],
    ]);
    expect(batches.records[0]!.firstInboundAt).toBe(D('01'));
    const one = await get<Page<{ barcode: string; warehousePlaceCode: string; volume: number; qty: number }>>('/api/bl-report/stockbydetails/list?materialCode=RPT-M1&size=10&current=2');
    expect(one).toMatchObject({ total: 2, records: [], sums: { qty: 11 } });
    const details = await get<Page<{ barcode: string; warehousePlaceCode: string; volume: number; qty: number }>>('/api/bl-report/stockbydetails/list?materialCode=RPT-M1&customerCode=C003');
    expect(details.records).toEqual([expect.objectContaining({ barcode: 'RB2', warehousePlaceCode: 'A-01-02', qty: 5, volume: 0.25 })]);
    const bad = await admin.get('/api/bl-report/stockbydetails/list?asOf=yesterday');
    expect(bad.status).toBe(400);
  });

  it('answers a period: opening, in, out and closing per owner and material, explained, and the period line by line', async () => {
    const q = `&from=${D('05')}&asOf=${D('31')}`;
    const period = await get<Page<PeriodRow> & { from: string }>(`/api/bl-report/stockdetail/list?materialCode=RPT-M1${q}`);
    expect(period.records.map((r) => [r.customerCode, r.openingQty, r.inQty, r.outQty, r.closingQty])).toEqual([
      ['C002', 10, 0, 4, 6],
      ['C003', 5, 0, 0, 5],
    ]);
    expect(period.sums).toMatchObject({ openingQty: 15, outQty: 4, closingQty: 11 });
    const opening = await explain(`&customerCode=C002&asOf=${D('05')}`);
    expect(opening.sums.qty).toBe(10);
    const out = await explain(`&customerCode=C002${q}&direction=out`);
    expect(out.sums.qty).toBe(-4);
    const show = await get<{ openingQty: number; closingQty: number; records: { movement: string; qty: number; balance: number }[] }>(
      `/api/bl-report/stockdetail/show?customerCode=C002&materialCode=RPT-M1${q}`,
    );
    expect(show).toMatchObject({ openingQty: 10, closingQty: 6 });
    expect(show.records.map((r) => [r.movement, r.qty, r.balance])).toEqual([
      ['ALLOCATE', 0, 10],
      ['SHIP', -4, 6],
    ]);
    const stream = await get<Page<{ billNo: string }>>(`/api/bl-report/stockstreamdetail/list?materialCode=RPT-M1&customerCode=C002&order=asc`);
    expect(stream.records.map((r) => r.billNo)).toEqual(['RK-R1', 'CK-R1', 'CK-R1']);
    expect(stream.sums).toMatchObject({ qty: 6, djQty: 0 });
  });

  it("lays out the bin board: the area's places with their fill ratio against capacity, now and as of an instant", async () => {
    type Board = { places: { warehousePlaceCode: string; capacity: number | null; used: number; fillRatio: number | null; qty: number; customers: string[]; coordinateX: number | null }[]; columns: number; rows: number };
    const board = await get<Board>('/api/bl-report/stockpageshow2/board?warehouseAreaCode=SH1-A');
    const place = (b: Board, code: string) => b.places.find((p) => p.warehousePlaceCode === code)!;
    // A-01-01: maxVolume 2 x capacityRatio 24 % = 0.48 m³ usable, 0.6 held
    expect(place(board, 'A-01-01')).toMatchObject({ capacity: 0.48, used: 0.6, fillRatio: 1.25, qty: 6, customers: ['C002'], coordinateX: 1 });
    // A-01-02: 2 x 31 % = 0.62, 0.25 held
    expect(place(board, 'A-01-02')).toMatchObject({ capacity: 0.62, used: 0.25, fillRatio: 0.4032, qty: 5, customers: ['C003'] });
    expect(place(board, 'A-02-01')).toMatchObject({ qty: 0, used: 0 });
    expect(board.columns).toBeGreaterThanOrEqual(5);
    const before = await get<Board>(`/api/bl-report/stockpageshow2/board?warehouseAreaCode=SH1-A&asOf=${D('01', '12:00:00')}`);
    expect(place(before, 'A-01-01')).toMatchObject({ qty: 10, used: 1 });
    expect(place(before, 'A-01-02')).toMatchObject({ qty: 0 });
    expect((await admin.get('/api/bl-report/stockpageshow2/board?warehouseAreaCode=NOPE')).status).toBe(404);
  });

  it('exports a report as a spreadsheet of every matching row, headed in the caller\'s language', async () => {
    const res = await fetch(`${t.url}/api/bl-report/stockbywarehousearea/export?materialCode=RPT-M1&asOf=${D('11')}`, { headers: admin.headers({ 'Accept-Language': 'en' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('x-total-rows')).toBe('2');
    const book = new Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Warehouse area');
    expect(sheet.getRow(1).getCell(4).value).toBe('Quantity');
    expect([sheet.getRow(2).getCell(3).value, sheet.getRow(2).getCell(4).value, sheet.getRow(2).getCell(5).value]).toEqual(['RPT-M1', 10, 4]);
    const stream = await fetch(`${t.url}/api/bl-warehouse/stockstream/export?materialCode=RPT-M1`, { headers: admin.headers() });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-total-rows')).toBe('4');
  });

  it('changes the answers for instants after a late, back-dated movement and not for instants before it', async () => {
    const instants = [D('01', '12:00:00'), D('04'), D('06'), D('11'), D('20')];
    const snapshot = async () =>
      Promise.all(
        instants.map(async (asOf) => ({
          area: (await area(`&asOf=${asOf}&customerCode=C002`)).records.map((r) => r.qty),
          period: (await get<Page<PeriodRow>>(`/api/bl-report/stockdetail/list?materialCode=RPT-M1&customerCode=C002&from=${D('01')}&asOf=${asOf}`)).records.map((r) => [r.inQty, r.closingQty]),
        })),
      );
    const before = await snapshot();
    // recorded now, effective on the 5th: 3 more into A-01-01
    await record('C002', STOCK_EVENT_TYPES.received, (a) => receive(a, [{ barcode: 'RB3', warehousePlaceCode: 'A-01-01', warehouseAreaCode: 'SH1-A', batchNo: 'L3', qty: 3, unitVolume: 0.1 }], src('RK-LATE'), D('05')), D('05'));
    const after = await snapshot();
    // the 1st and the 4th: unchanged
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    // the 6th, the 11th and the 20th: 3 more, received in the period
    expect(before.slice(2).map((s) => s.area)).toEqual([[10], [10], [6]]);
    expect(after.slice(2).map((s) => s.area)).toEqual([[13], [13], [9]]);
    expect(after.slice(2).map((s) => s.period)).toEqual([[[3, 13]], [[3, 13]], [[3, 9]]]);
    // and the explain of the 6th names the late receipt
    expect((await explain(`&customerCode=C002&asOf=${D('06')}`)).records.map((l) => l.billNo)).toEqual(['RK-R1', 'RK-LATE']);
  });
});
