import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 28 items 4, 5 and 9 through the API, on both stores:
 * - defaults from master data: lines keyed with a material and a quantity only get the
 *   material's unit, weight, pack, pallet size and volume on the server, an expiry from a
 *   production date; the month bill prices them (never 0), and a line no figure can be found for
 *   refuses the bill naming it until the material has one;
 * - areas that hold places: the root of the area tree is not offered and is refused; goods stuck
 *   at its dock (the demo case) are put away to the bins of its zones;
 * - bad input never answers 500: put-away without placements, null, a line of the wrong type, an
 *   unknown bin, each a 400 naming the field.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Line = Record<string, unknown>;
type Doc = Result & { details: Line[]; totals: Record<string, number> };
type Page<T> = { records: T[]; total: number };
const IN = '/api/bl-warehouse/isinstockbill';
const BOOK = '/api/bl-warehouse/orderisinstockbill';
const en = { 'Accept-Language': 'en' };

describe.each(DOMAIN_STORES)('defaults, areas and input on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let finance: ApiClient;
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const justNow = () => new Date(Date.now() - 60_000).toISOString();

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
    finance = await t.client().as('100001', 'finance');
  }, 300_000);
  afterAll(async () => t?.stop());

  const inbound = (customerCode: string, area: string, details: Line[]) =>
    admin.post<Result>(`${IN}/submit`, { billDate: today, customerCode, warehouseAreaCode: area, stockType: 'NORMAL', details });
  const generate = async (customerCode: string) => finance.post<{ generated: { id: string }[] }>('/api/bl-billing/monthbill/generate', { month, customerCode }, en);
  const material = async (code: string) => data(await admin.get<Page<Record<string, unknown> & { id: string; version: number }>>(`/api/bl-basic/material/list?code=${code}`)).records.find((r) => r.code === code)!;

  it('a receipt keyed with material and quantity only: unit, weight, pack, pallets and volume from the material; the bill prices its tonnes', async () => {
    // the case: 170 cartons of M0007 (unit CTN, gross 6 kg), of owner C004 (handling 36 a tonne)
    const made = data(await inbound('C004', 'SH1-A', [{ materialCode: 'M0007', qty: 170 }]));
    const doc = data(await admin.get<Doc>(`${IN}/detail?id=${made.id}`));
    expect(doc.details[0]).toMatchObject({ unitCode: 'CTN', qtyWeg: 6, packspecCode: 'PS-CTN24', boardQty: 40, volume: 4.046, weg: 1.02, board: 5 });
    expect(doc.totals).toMatchObject({ weg: 1.02, volume: 4.046 });
    // what the keeper gives is kept (a weighed carton)
    const weighed = data(await inbound('C004', 'SH1-A', [{ materialCode: 'M0008', qty: 10, qtyWeg: 5.5, volume: 0.3 }]));
    expect(data(await admin.get<Doc>(`${IN}/detail?id=${weighed.id}`)).details[0]).toMatchObject({ qtyWeg: 5.5, volume: 0.3, unitCode: 'CTN' });

    const received = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: justNow() }));
    data(await admin.post<Result>(`${IN}/put-away`, { id: made.id, version: received.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'A-05-01', qty: 170 }] }));
    // the bin board weighs the place by the cartons' m³: no longer 0 % full
    const board = data(await admin.get<{ places: { warehousePlaceCode: string; used: number; fillRatio: number | null }[] }>('/api/bl-report/stockpageshow2/board?warehouseAreaCode=SH1-A'));
    expect(board.places.find((p) => p.warehousePlaceCode === 'A-05-01')).toMatchObject({ used: 4.046 });
    expect(board.places.find((p) => p.warehousePlaceCode === 'A-05-01')!.fillRatio).toBeGreaterThan(0);

    const bill = data(await generate('C004')).generated[0]!;
    expect(data(await finance.get<Record<string, unknown>>(`/api/bl-billing/monthbill/detail?id=${bill.id}`))).toMatchObject({ inStockCoolieCost: 36.72 });
  });

  it('expiry from a production date and the shelf life of a batch-managed material; a given expiry is kept', async () => {
    // M0020 (速冻水饺, cold, batch-managed, 180 days)
    const made = data(await inbound('C006', 'SH1-C', [
      { materialCode: 'M0020', batchNo: 'P1', qty: 5, productionDate: '2026-11-20' },
      { materialCode: 'M0020', batchNo: 'P2', qty: 5, productionDate: '2026-11-20', expiringDate: '2027-01-31' },
    ]));
    expect(data(await admin.get<Doc>(`${IN}/detail?id=${made.id}`)).details.map((l) => l.expiringDate)).toEqual(['2027-05-19', '2027-01-31']);
  });

  it('a line no weight can be found for refuses the bill, naming it, until its material has one; then the material\'s figure prices it', async () => {
    data(await admin.post('/api/bl-basic/material/submit', { code: 'MNW01', name: '散装件', categoryCode: 'CLEAN', unitCode: 'PCS', custCode: 'C005' }));
    const made = data(await inbound('C005', 'SH1-B', [{ materialCode: 'MNW01', qty: 10, warehousePlaceCode: 'B-05-01' }]));
    expect(data(await admin.get<Doc>(`${IN}/detail?id=${made.id}`)).details[0]).toMatchObject({ unitCode: 'PCS', qtyWeg: 0, weg: 0 });
    data(await admin.post(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: justNow() }));

    const refused = await generate('C005');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      `The ${month} bill of customer "C005" is priced by weight (gross), but line 1 of Inbound bill "${made.billNo}" (material "MNW01") has no weight (gross) and neither has the material: add the weight (gross) to material "MNW01" and generate again`,
    );
    expect(data(await finance.get<Page<unknown>>(`/api/bl-billing/monthbill/list?customerCode=C005`)).total).toBe(0);

    const m = await material('MNW01');
    data(await admin.post('/api/bl-basic/material/submit', { id: m.id, version: m.version, code: 'MNW01', name: '散装件', categoryCode: 'CLEAN', unitCode: 'PCS', custCode: 'C005', gross: 20 }));
    const bill = data(await generate('C005')).generated[0]!;
    // 10 x 20 kg = 0.2 t at 38 a tonne (C005's agreement)
    expect(data(await finance.get<Record<string, unknown>>(`/api/bl-billing/monthbill/detail?id=${bill.id}`))).toMatchObject({ inStockCoolieCost: 7.6 });
  });

  it('only areas that hold places are offered, and the others are refused with a clear message', async () => {
    const codes = async (q: string) => data(await admin.get<Page<{ code: string }>>(`/api/bl-basic/warehousearea/list?size=50&${q}`)).records.map((r) => r.code).sort();
    expect(await codes('holdsPlaces=1')).toEqual(['SH1-A', 'SH1-B', 'SH1-C', 'SZ1-A']);
    expect(await codes('holdsPlaces=0')).toEqual(['SH1', 'SZ1']);
    expect((await admin.get('/api/bl-basic/warehousearea/list?holdsPlaces=2', en)).status).toBe(400);

    const refused = await inbound('C001', 'SH1', [{ materialCode: 'M0007', qty: 1 }]);
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({
      status: 400, msg: 'Warehouse area "SH1" holds no storage locations, so goods have nowhere to go: choose an area that holds them',
    });
    const booking = await admin.post(`${BOOK}/submit`, { billDate: today, customerCode: 'C001', warehouseAreaCode: 'SH1', stockType: 'NORMAL', planDate: today, details: [{ materialCode: 'M0007', qty: 1 }] }, en);
    expect(booking.status).toBe(400);
  });

  it('the demo case: goods received at the warehouse root sit at its dock; put-away takes them to its zones\' bins', async () => {
    // as before the fix: SH1 held a place when the receipt was made, and holds none now
    data(await admin.post('/api/bl-basic/warehouseplace/submit', { code: 'SH1-OLD', warehouseAreaCode: 'SH1' }));
    const made = data(await inbound('C001', 'SH1', [{ materialCode: 'M0016', batchNo: 'STUCK', qty: 12 }]));
    const received = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: justNow() }));
    const placed = data(await admin.get<Page<{ id: string; version: number }>>('/api/bl-basic/warehouseplace/list?code=SH1-OLD')).records[0]!;
    data(await admin.post('/api/bl-basic/warehouseplace/submit', { id: placed.id, version: placed.version, code: 'SH1-OLD', warehouseAreaCode: 'SH1', invalid: 1 }));
    const stock = async () =>
      data(await admin.get<Page<{ warehousePlaceCode: string; warehouseAreaCode: string; qty: number }>>('/api/bl-warehouse/stock/list?customerCode=C001&materialCode=M0016&batchNo=STUCK')).records;
    expect(await stock()).toEqual([expect.objectContaining({ warehousePlaceCode: 'RECV-SH1', qty: 12 })]);

    // the suggestions reach the zones' bins (never another owner's reserved zone C)
    const plan = data(await admin.get<{ placements: { warehousePlaceCode: string; qty: number }[]; unplaced: unknown[] }>(`${IN}/putawaySuggestions?id=${made.id}`));
    expect(plan.placements.length).toBeGreaterThan(0);
    expect(plan.placements.every((p) => /^[AB]-/.test(p.warehousePlaceCode))).toBe(true);
    // a bin of zone A: put away, the goods now in zone A, the dock empty, the bill stored
    const stored = data(await admin.post<Result>(`${IN}/put-away`, { id: made.id, version: received.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'A-05-02', qty: 12 }] }));
    expect(stored.state).toBe('Stored');
    expect(await stock()).toEqual([expect.objectContaining({ warehousePlaceCode: 'A-05-02', warehouseAreaCode: 'SH1-A', qty: 12 })]);
    // and the draft of another receipt into SH1 can no longer be made
    expect((await inbound('C001', 'SH1', [{ materialCode: 'M0016', qty: 1 }])).status).toBe(400);
  });

  it('put-away input of the wrong shape answers 400 naming the field, never 500, and writes nothing', async () => {
    const made = data(await inbound('C001', 'SH1-A', [{ materialCode: 'M0018', batchNo: 'IN9', qty: 4 }]));
    const received = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: justNow() }));
    const target = { id: made.id, version: received.version };
    const said = async (body: Record<string, unknown>) => {
      const r = await admin.post(`${IN}/put-away`, body, en);
      return [r.status, r.body.msg];
    };
    expect(await said(target)).toEqual([400, 'Please input Placements']);
    expect(await said({ ...target, placements: null })).toEqual([400, 'Please input Placements']);
    expect(await said({ ...target, placements: [] })).toEqual([400, 'Details or work items cannot be empty']);
    expect(await said({ ...target, placements: [{ lineNumber: 'x', warehousePlaceCode: 'A-05-03', qty: 1 }] })).toEqual([400, 'Line 1 Line must be a number']);
    expect(await said({ ...target, placements: [{ lineNumber: 1, warehousePlaceCode: 'NOPE', qty: 1 }] })).toEqual([400, 'Line 1 Location "NOPE" does not exist']);
    expect(await said({ ...target, version: 'v', placements: [{ lineNumber: 1, warehousePlaceCode: 'A-05-03', qty: 1 }] })).toEqual([400, 'Version must be a number']);
    expect(data(await admin.get<Result>(`${IN}/detail?id=${made.id}`))).toMatchObject({ state: 'Received', version: received.version });
  });
});
