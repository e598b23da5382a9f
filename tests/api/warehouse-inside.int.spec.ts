import { temporarypackagebill, voucherbill } from '@tpl/contracts';
import { CategoryStatusJob } from '@tpl/masterdata';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf } from './flow-support';

/**
 * Work inside the warehouse through the API on a real store: warehouse transfers (place to
 * place, only unallocated stock, targets of the same warehouse free for the owner), owner
 * transfers (out of one account into another in one transaction), stock checks (the book as
 * of the count, differences posted after the audit, a row that moved since refused and counted
 * again), inventory losses, plan bills (no stock), the approval flow before a document
 * configured for review takes effect, "a posted storage document cannot be deleted", vouchers
 * and their reversal, temporary packages (packed and opened again), allocate bills between
 * two warehouses (allocated, in transit, received in parts), and the
 * category's automatic status change acting on stock.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type StockRow = { customerCode: string; warehousePlaceCode: string; warehouseAreaCode: string | null; qty: number; djQty: number; barcode: string; batchNo: string; status: string; inboundAt: string | null };
type StreamRow = { movement: string; customerCode: string; warehousePlaceCode: string; qty: number; streamType: string; billNo: string; documentType: string; barcode: string; status?: string };
type Doc = Result & Record<string, unknown>;
const IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const MOVE = '/api/bl-warehouse/warehousetransferbill';
const OWNER = '/api/bl-warehouse/diversecustomertransferbill';
const CHECK = '/api/bl-warehouse/checkbill';
const LOSS = '/api/bl-warehouse/inventorylossbill';
const PLAN = '/api/bl-warehouse/planbill';
const VOUCHER = '/api/bl-warehouse/voucherbill';
const PACK = '/api/bl-warehouse/packagetemporarybill';
const UNPACK = '/api/bl-warehouse/temporarypackagebill';
const ALLOCATE = '/api/bl-warehouse/allocatebill';
const en = { 'Accept-Language': 'en' };

describe.each(DOMAIN_STORES)('in the warehouse on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  /** Receives lines straight into their places (no put-away), for an owner, at a time; answers the bill (barcodes `<billNo>-00n`). */
  const receive = async (at: string, details: Record<string, unknown>[], customerCode = 'C001', warehouseAreaCode = 'SH1-A') => {
    const made = data(await admin.post<Result>(`${IN}/submit`, { billDate: at.slice(0, 10), customerCode, warehouseAreaCode, stockType: 'NORMAL', details }));
    expect(data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at })).state).toBe('Stored');
    return made;
  };
  const stock = async (material: string, customerCode = 'C001') =>
    data(await admin.get<{ records: StockRow[] }>(`/api/bl-warehouse/stock/list?customerCode=${customerCode}&materialCode=${material}&size=50`)).records;
  const byPlace = (rows: StockRow[]) => Object.fromEntries(rows.map((r) => [r.warehousePlaceCode, r.qty]));
  const stream = async (q: string) => data(await admin.get<{ records: StreamRow[] }>(`/api/bl-warehouse/stockstream/list?${q}&size=50`)).records;
  const detail = async (base: string, id: string) => data(await admin.get<Doc>(`${base}/detail?id=${id}`));
  const act = async (base: string, action: string, id: string, body: Record<string, unknown> = {}) => {
    const { version } = await detail(base, id);
    return admin.post<Result>(`${base}/${action}`, { id, version, ...body }, en);
  };

  it('a warehouse transfer moves unallocated stock to locations of the same warehouse free for the owner; refusals write nothing; a moved one cannot be deleted', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'M0061', batchNo: 'T1', qty: 10, warehousePlaceCode: 'A-01-01' }]);
    const barcode = `${made.billNo}-001`;
    const row = { barcode, materialCode: 'M0061', batchNo: 'T1', warehousePlaceCode: 'A-01-01' };
    const bill = (details: Record<string, unknown>[]) => admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', details }, en);

    // to where the goods already are: refused when saved
    const same = await bill([{ ...row, qty: 1, targetWarehousePlaceCode: 'A-01-01' }]);
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('The target location is the same as the source: A-01-01');

    const moved = data(await bill([{ ...row, qty: 4, targetWarehousePlaceCode: 'A-02-01' }, { ...row, qty: 3, targetWarehousePlaceCode: 'B-01-01' }]));
    expect(moved.billNo).toMatch(/^YK/);
    const done = await act(MOVE, 'confirm', moved.id);
    expect(data(done).state).toBe('Done');
    const rows = await stock('M0061');
    expect(byPlace(rows)).toEqual({ 'A-01-01': 3, 'A-02-01': 4, 'B-01-01': 3 });
    // the moved goods keep barcode and inbound time; a zone of the same warehouse is the row's area now
    expect(rows.find((r) => r.warehousePlaceCode === 'B-01-01')).toMatchObject({ barcode, warehouseAreaCode: 'SH1-B', inboundAt: '2026-11-20T08:00:00.000Z' });
    const lines = await stream(`billNo=${moved.billNo}`);
    expect(lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.streamType]).sort()).toEqual([
      ['MOVE_IN', 'A-02-01', 4, '31'], ['MOVE_IN', 'B-01-01', 3, '31'], ['MOVE_OUT', 'A-01-01', -3, '31'], ['MOVE_OUT', 'A-01-01', -4, '31'],
    ]);

    // another owner's reserved zone, more than is there: refused with the figures, nothing moved, the bill untouched
    const reserved = data(await bill([{ ...row, qty: 1, targetWarehousePlaceCode: 'C-01-01' }]));
    const refused = await act(MOVE, 'confirm', reserved.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Location "C-01-01" is reserved for cargo owner "C006"');
    const tooMuch = data(await bill([{ ...row, qty: 2, targetWarehousePlaceCode: 'A-02-02' }, { ...row, qty: 2, targetWarehousePlaceCode: 'A-02-03' }]));
    const short = await act(MOVE, 'confirm', tooMuch.id);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe('Not enough available stock of material "M0061": 4 wanted, 3 available');
    expect(await detail(MOVE, tooMuch.id)).toMatchObject({ state: 'Draft', version: 1 });
    expect(byPlace(await stock('M0061'))).toEqual({ 'A-01-01': 3, 'A-02-01': 4, 'B-01-01': 3 });

    // allocated stock does not move: an outbound bill freezes the 3 in zone B
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: 'M0061', qty: 3 }] }));
    data(await admin.post(`${OUT}/allocate`, { id: out.id, version: out.version }));
    const frozen = data(await admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', details: [{ ...row, warehousePlaceCode: 'B-01-01', qty: 1, targetWarehousePlaceCode: 'B-01-02' }] }));
    const held = await act(MOVE, 'confirm', frozen.id);
    expect(held.status).toBe(409);
    expect(held.body.msg).toBe('Not enough available stock of material "M0061": 1 wanted, 0 available');

    const removal = await admin.post(`${MOVE}/remove?ids=${moved.id}`, {}, en);
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe('Shipped storage documents cannot be deleted.');
    expect((await admin.post(`${MOVE}/remove?ids=${reserved.id}`)).status).toBe(200);
  });

  it('an allocate bill sends stock from Shanghai to Suzhou: allocated when confirmed, in transit once shipped, into Suzhou\'s bins as received, the rest in transit after a short receipt; refusals in the user\'s language write nothing', async () => {
    const made = await receive('2026-11-19T08:00:00.000Z', [{ materialCode: 'M0072', batchNo: 'D1', qty: 10, warehousePlaceCode: 'A-04-01', expiringDate: '2027-05-31' }]);
    const barcode = `${made.billNo}-001`;
    const line = { barcode, materialCode: 'M0072', batchNo: 'D1', warehousePlaceCode: 'A-04-01' };
    const bill = (targetWarehouseAreaCode: string, qty: number, lang: Record<string, string> = en) =>
      admin.post<Result>(`${ALLOCATE}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', targetWarehouseAreaCode, details: [{ ...line, qty }] }, lang);

    // a zone of the same warehouse is a warehouse transfer: refused when saved, in the user's language
    const same = await bill('SH1-B', 1, { 'Accept-Language': 'zh-CN' });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('调入库区「SH1-B」与调出库区「SH1-A」同属仓库「SH1」：仓库内移动请用移库单');
    expect((await bill('SH1-A', 1)).body.msg).toBe('To area "SH1-A" is in the same warehouse "SH1" as from area "SH1-A": a move inside one warehouse is a warehouse transfer');

    const sent = data(await bill('SZ1-A', 6));
    expect(sent.billNo).toMatch(/^DB/);
    expect(data(await act(ALLOCATE, 'confirm', sent.id)).state).toBe('Confirmed');
    expect((await stock('M0072')).map((r) => [r.warehousePlaceCode, r.qty, r.djQty])).toEqual([['A-04-01', 10, 6]]);
    // allocated: nothing else takes it (an outbound bill finds 4 available)
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0072', qty: 5 }] }));
    const short = await admin.post(`${OUT}/allocate`, { id: out.id, version: out.version }, en);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe('Not enough available stock of material "M0072": 5 wanted, 4 available');
    // a second bill for the same pieces is refused when confirmed, and stays a draft
    const twice = data(await bill('SZ1-A', 5));
    const refused = await act(ALLOCATE, 'confirm', twice.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Not enough available stock of material "M0072": 5 wanted, 4 available');
    expect(await detail(ALLOCATE, twice.id)).toMatchObject({ state: 'Draft', version: 1 });
    // cancelled before shipping: its allocation is given back
    const cancelled = data(await bill('SZ1-A', 2));
    data(await act(ALLOCATE, 'confirm', cancelled.id));
    expect((await stock('M0072'))[0]).toMatchObject({ qty: 10, djQty: 8 });
    expect(data(await act(ALLOCATE, 'cancel', cancelled.id, { reason: 'truck full' })).state).toBe('Cancelled');
    expect((await stock('M0072'))[0]).toMatchObject({ qty: 10, djQty: 6 });

    // shipped: out of Shanghai into transit, still C001's, with its batch, expiry and inbound time
    expect(data(await act(ALLOCATE, 'ship', sent.id)).state).toBe('Shipped');
    const transit = `TRANSIT-${sent.billNo}`;
    expect(Object.fromEntries((await stock('M0072')).map((r) => [r.warehousePlaceCode, [r.qty, r.djQty, r.warehouseAreaCode]]))).toEqual({ 'A-04-01': [4, 0, 'SH1-A'], [transit]: [6, 0, 'SZ1-A'] });
    expect((await stock('M0072')).find((r) => r.warehousePlaceCode === transit)).toMatchObject({ customerCode: 'C001', barcode, batchNo: 'D1', inboundAt: '2026-11-19T08:00:00.000Z' });
    // the cargo owner's own user sees the goods on their way as its stock
    const owner = await t.client().as('100001', 'owner', 'demo123');
    const seen = data(await owner.get<{ records: StockRow[] }>('/api/bl-warehouse/stock/list?materialCode=M0072&size=50')).records;
    expect(seen.map((r) => [r.warehousePlaceCode, r.qty]).sort()).toEqual([['A-04-01', 4], [transit, 6]]);
    // once shipped it cannot be cancelled, nor removed
    expect((await act(ALLOCATE, 'cancel', sent.id)).status).toBe(409);
    const removal = await admin.post(`${ALLOCATE}/remove?ids=${sent.id}`, {}, en);
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe('Shipped storage documents cannot be deleted.');

    // the suggestion offers bins of Suzhou; a bin of Shanghai or more than is in transit is refused
    const suggested = data(await admin.get<{ placements: { lineNumber: number; targetPlaceCode: string; qty: number }[] }>(`${ALLOCATE}/receiveSuggestions?id=${sent.id}`));
    expect(suggested.placements.length).toBeGreaterThan(0);
    expect(suggested.placements.every((p) => p.targetPlaceCode.startsWith('SZ-'))).toBe(true);
    expect(suggested.placements.reduce((n, p) => n + p.qty, 0)).toBe(6);
    const wrong = await act(ALLOCATE, 'receive', sent.id, { placements: [{ lineNumber: 1, targetPlaceCode: 'A-02-01', qty: 1 }] });
    expect(wrong.status).toBe(409);
    expect(wrong.body.msg).toBe('Location "A-02-01" is not in the warehouse of the to area "SZ1-A"');
    const over = await act(ALLOCATE, 'receive', sent.id, { placements: [{ lineNumber: 1, targetPlaceCode: 'SZ-01-01', qty: 7 }] });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('Line 1 has 6 in transit; 7 cannot be received');

    // 4 arrive: the other 2 stay in transit (the owner still sees them) until the next receipt
    expect(data(await act(ALLOCATE, 'receive', sent.id, { placements: [{ lineNumber: 1, targetPlaceCode: 'SZ-01-01', qty: 4 }] })).state).toBe('Receiving');
    expect(Object.fromEntries((await stock('M0072')).map((r) => [r.warehousePlaceCode, [r.qty, r.warehouseAreaCode]]))).toEqual({ 'A-04-01': [4, 'SH1-A'], [transit]: [2, 'SZ1-A'], 'SZ-01-01': [4, 'SZ1-A'] });
    expect(data(await act(ALLOCATE, 'receive', sent.id, { placements: [{ lineNumber: 1, targetPlaceCode: 'SZ-01-02', qty: 2 }] })).state).toBe('Received');
    expect(Object.fromEntries((await stock('M0072')).map((r) => [r.warehousePlaceCode, r.qty]))).toEqual({ 'A-04-01': 4, 'SZ-01-01': 4, 'SZ-01-02': 2 });
    expect(await detail(ALLOCATE, sent.id)).toMatchObject({ state: 'Received', totals: { qty: 6, receivedQty: 6 } });
    // every step through the ledger, with the bill's type
    const lines = await stream(`billNo=${sent.billNo}`);
    expect(lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty]).sort()).toEqual([
      ['ALLOCATE', 'A-04-01', 0], ['MOVE_IN', 'SZ-01-01', 4], ['MOVE_IN', 'SZ-01-02', 2], ['MOVE_IN', transit, 6],
      ['MOVE_OUT', 'A-04-01', -6], ['MOVE_OUT', transit, -2], ['MOVE_OUT', transit, -4], ['RELEASE', 'A-04-01', 0],
    ]);
    expect(new Set(lines.map((l) => l.streamType))).toEqual(new Set(['29']));

    // a second bill: 3 of 4 arrive, the bill is closed short with its reason (required), the missing one written off the transit place
    const lost = data(await bill('SZ1-A', 4));
    for (const step of ['confirm', 'ship']) data(await act(ALLOCATE, step, lost.id));
    data(await act(ALLOCATE, 'receive', lost.id, { placements: [{ lineNumber: 1, targetPlaceCode: 'SZ-01-01', qty: 3 }] }));
    const noReason = await act(ALLOCATE, 'close-short', lost.id);
    expect(noReason.status).toBe(400);
    expect(data(await act(ALLOCATE, 'close-short', lost.id, { reason: 'one carton crushed on the way' })).state).toBe('Received');
    expect(await detail(ALLOCATE, lost.id)).toMatchObject({ shortReason: 'one carton crushed on the way', totals: { qty: 4, receivedQty: 3, shortQty: 1 } });
    expect(Object.fromEntries((await stock('M0072')).map((r) => [r.warehousePlaceCode, r.qty]))).toEqual({ 'SZ-01-01': 7, 'SZ-01-02': 2 });
    expect((await stream(`billNo=${lost.billNo}&movement=ADJUST`)).map((l) => [l.warehousePlaceCode, l.qty])).toEqual([[`TRANSIT-${lost.billNo}`, -1]]);
  });

  it('an owner transfer takes the pieces out of one owner\'s account and into the other\'s in one transaction, where they lie', async () => {
    const made = await receive('2026-11-18T08:00:00.000Z', [{ materialCode: 'M0063', batchNo: 'O1', qty: 8, warehousePlaceCode: 'A-03-01', expiringDate: '2027-06-30' }]);
    const line = { barcode: `${made.billNo}-001`, materialCode: 'M0063', batchNo: 'O1', warehousePlaceCode: 'A-03-01' };
    const bill = (details: Record<string, unknown>[], targetCustomerCode = 'C002') =>
      admin.post<Result>(`${OWNER}/submit`, { billDate: '2026-11-24', customerCode: 'C001', targetCustomerCode, warehouseAreaCode: 'SH1-A', details }, en);

    const self = await bill([{ ...line, qty: 1 }], 'C001');
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('The receiving cargo owner cannot be the giving one, "C001"');

    // the second line asks for more than is left: nothing of the first happens either
    const partly = data(await bill([{ ...line, qty: 5 }, { ...line, batchNo: 'NONE', qty: 1 }]));
    const refused = await act(OWNER, 'confirm', partly.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('No such stock: material "M0063"');
    expect((await stock('M0063')).map((r) => r.qty)).toEqual([8]);
    expect(await stock('M0063', 'C002')).toEqual([]);

    const transfer = data(await bill([{ ...line, qty: 5 }]));
    expect(transfer.billNo).toMatch(/^HZ/);
    expect(data(await act(OWNER, 'confirm', transfer.id)).state).toBe('Done');
    expect((await stock('M0063')).map((r) => r.qty)).toEqual([3]);
    expect(await stock('M0063', 'C002')).toEqual([
      expect.objectContaining({ customerCode: 'C002', barcode: line.barcode, warehousePlaceCode: 'A-03-01', batchNo: 'O1', qty: 5, inboundAt: '2026-11-18T08:00:00.000Z', status: 'AVAILABLE' }),
    ]);
    const lines = await stream(`billNo=${transfer.billNo}`);
    expect(lines.map((l) => [l.movement, l.customerCode, l.qty, l.streamType]).sort()).toEqual([['OWNER_IN', 'C002', 5, '32'], ['OWNER_OUT', 'C001', -5, '32']]);
    expect((await admin.post(`${OWNER}/remove?ids=${transfer.id}`, {}, en)).body.msg).toBe('Shipped storage documents cannot be deleted.');
  });

  it('a stock check records the book as of the count, posts gains and losses after the audit, and refuses a row that moved since until it is counted again', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'M0064', batchNo: 'K1', qty: 10, warehousePlaceCode: 'A-04-01' }]);
    const item = { barcode: `${made.billNo}-001`, materialCode: 'M0064', batchNo: 'K1', warehousePlaceCode: 'A-04-01' };
    const check = (items: Record<string, unknown>[]) =>
      admin.post<Result>(`${CHECK}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', checkType: 'SPOT', checker: '王芳', items }, en);

    const uncounted = data(await check([{ ...item }]));
    const missing = await act(CHECK, 'count', uncounted.id);
    expect(missing.status).toBe(409);
    expect(missing.body.msg).toBe('Line 1 has no counted quantity');

    // 8 where the book says 10, and 2 found in a location the book has nothing in
    const first = data(await check([{ ...item, countQty: 8 }, { barcode: 'FOUND-1', materialCode: 'M0064', batchNo: 'K1', warehousePlaceCode: 'A-04-02', countQty: 2 }]));
    expect(first.billNo).toMatch(/^PD/);
    expect(data(await act(CHECK, 'count', first.id)).state).toBe('Counted');
    const counted = await detail(CHECK, first.id);
    expect(counted.items).toEqual([expect.objectContaining({ bookQty: 10, lossQty: 2, gainQty: 0 }), expect.objectContaining({ bookQty: 0, gainQty: 2, lossQty: 0 })]);
    expect(counted.totals).toMatchObject({ gainQty: 2, lossQty: 2 });
    // counting posts nothing; posting waits for the audit
    expect(byPlace(await stock('M0064'))).toEqual({ 'A-04-01': 10 });
    expect((await act(CHECK, 'post', first.id)).status).toBe(409);
    expect(data(await act(CHECK, 'audit', first.id)).state).toBe('Audited');
    expect(data(await act(CHECK, 'post', first.id)).state).toBe('Posted');
    expect(byPlace(await stock('M0064'))).toEqual({ 'A-04-01': 8, 'A-04-02': 2 });
    expect((await stream(`billNo=${first.billNo}`)).map((l) => [l.movement, l.barcode, l.qty, l.streamType]).sort()).toEqual([
      ['ADJUST', 'FOUND-1', 2, '33'], ['ADJUST', item.barcode, -2, '33'],
    ]);
    expect((await admin.post(`${CHECK}/remove?ids=${first.id}`, {}, en)).body.msg).toBe('Shipped storage documents cannot be deleted.');

    // counted 7 of the 8, audited; then a piece moves away before the post: refused naming the figures
    const second = data(await check([{ ...item, countQty: 7 }]));
    await act(CHECK, 'count', second.id);
    await act(CHECK, 'audit', second.id);
    const move = data(await admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', details: [{ ...item, qty: 1, targetWarehousePlaceCode: 'A-04-03' }] }));
    data(await act(MOVE, 'confirm', move.id));
    const stale = await act(CHECK, 'post', second.id);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(`Line 1, material "M0064" barcode "${item.barcode}": the stock moved since the count (8 in the book then, 7 now); count it again`);
    expect(byPlace(await stock('M0064'))).toEqual({ 'A-04-01': 7, 'A-04-02': 2, 'A-04-03': 1 });
    // counted again: the book is 7 now, no difference, nothing to adjust
    expect(data(await act(CHECK, 'recount', second.id, { recountReason: '盘点后有移库' })).state).toBe('Draft');
    await act(CHECK, 'count', second.id);
    expect((await detail(CHECK, second.id)).items).toEqual([expect.objectContaining({ bookQty: 7, gainQty: 0, lossQty: 0 })]);
    await act(CHECK, 'audit', second.id);
    expect(data(await act(CHECK, 'post', second.id)).state).toBe('Posted');
    expect(await stream(`billNo=${second.billNo}`)).toEqual([]);

    // a count entered later names when it was counted: the book as of then (before the goods came in at 08:00, the row held nothing)
    const late = data(await check([{ ...item, countQty: 3 }]));
    await act(CHECK, 'count', late.id, { countedAt: '2026-11-20T07:00:00.000Z' });
    expect((await detail(CHECK, late.id)).items).toEqual([expect.objectContaining({ bookQty: 0, gainQty: 3, lossQty: 0 })]);
  });

  it('an inventory loss takes stock out once audited and posted, only what is there unallocated; a posted one cannot be deleted', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'M0065', batchNo: 'S1', qty: 6, warehousePlaceCode: 'A-05-01' }]);
    const line = { barcode: `${made.billNo}-001`, materialCode: 'M0065', batchNo: 'S1', warehousePlaceCode: 'A-05-01' };
    const bill = (qty: number) =>
      admin.post<Result>(`${LOSS}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', lossType: 'DAMAGED', lossReason: '叉车碰撞，外箱破损', liability: 'WAREHOUSE', details: [{ ...line, qty }] }, en);

    const tooMuch = data(await bill(9));
    const refused = await act(LOSS, 'audit', tooMuch.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Not enough available stock of material "M0065": 9 wanted, 6 available');

    const loss = data(await bill(2));
    expect(loss.billNo).toMatch(/^BS/);
    // nothing leaves before the audit
    expect((await act(LOSS, 'post', loss.id)).status).toBe(409);
    expect(data(await act(LOSS, 'audit', loss.id)).state).toBe('Audited');
    expect((await stock('M0065')).map((r) => r.qty)).toEqual([6]);
    expect(data(await act(LOSS, 'post', loss.id)).state).toBe('Posted');
    expect((await stock('M0065')).map((r) => r.qty)).toEqual([4]);
    expect((await stream(`billNo=${loss.billNo}`)).map((l) => [l.movement, l.qty, l.streamType, l.documentType])).toEqual([['ADJUST', -2, '34', 'inventorylossbill']]);
    const removal = await admin.post(`${LOSS}/remove?ids=${loss.id}`, {}, en);
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe('Shipped storage documents cannot be deleted.');
  });

  it('a plan bill is confirmed and closed and moves no stock; its period runs forwards', async () => {
    const plan = { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', planType: 'INBOUND', periodStart: '2026-12-01', periodEnd: '2026-12-31', details: [{ materialCode: 'M0066', qty: 1200 }] };
    const backwards = await admin.post(`${PLAN}/submit`, { ...plan, periodEnd: '2026-11-30' }, en);
    expect(backwards.status).toBe(400);
    const twice = await admin.post(`${PLAN}/submit`, { ...plan, details: [plan.details[0], plan.details[0]] }, en);
    expect(twice.status).toBe(400);
    const made = data(await admin.post<Result>(`${PLAN}/submit`, plan));
    expect(made.billNo).toMatch(/^JH/);
    expect(data(await act(PLAN, 'confirm', made.id)).state).toBe('Confirmed');
    expect(data(await act(PLAN, 'close', made.id, { closeReason: '计划期结束' })).state).toBe('Closed');
    expect(await stream(`billNo=${made.billNo}`)).toEqual([]);
    expect(await stock('M0066')).toEqual([]);
  });

  it('documents configured for review go through the approval flow before they take effect (a loss, a transfer, a stock check)', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'M0067', batchNo: 'R1', qty: 5, warehousePlaceCode: 'A-05-04' }]);
    const row = { barcode: `${made.billNo}-001`, materialCode: 'M0067', batchNo: 'R1', warehousePlaceCode: 'A-05-04' };
    const types = ['inventorylossbill', 'warehousetransferbill', 'checkbill'];
    for (const documentType of types) data(await admin.post('/api/bl-flow/review-config/submit', { documentType, processKey: 'consignment_review', enabled: true }));
    const approver = await t.client().as('100001', 'approver');
    /** Submitted for review, approved by the approver: the document is then Audited with isReview 2. */
    const approve = async (base: string, id: string) => {
      expect(data(await act(base, 'submit-review', id)).state).toBe('InReview');
      await flowOf(t).drain();
      const task = data(await approver.get<{ records: { taskId: string; businessKey: string }[] }>('/api/bl-flow/work/claim-list?size=50')).records.find((x) => x.businessKey === id);
      expect(task).toBeDefined();
      data(await approver.post('/api/bl-flow/work/claim-task', { taskId: task!.taskId }));
      data(await approver.post('/api/bl-flow/work/complete-task', { taskId: task!.taskId, comment: '同意' }));
      await flowOf(t).drain();
      expect(await detail(base, id)).toMatchObject({ state: 'Audited', isReview: 2, auditor: { account: 'approver' } });
    };
    try {
      const loss = data(await admin.post<Result>(`${LOSS}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', lossType: 'EXPIRED', lossReason: '过期', details: [{ ...row, qty: 1 }] }));
      expect(await detail(LOSS, loss.id)).toMatchObject({ isReview: 1 });
      const byHand = await act(LOSS, 'audit', loss.id);
      expect(byHand.status).toBe(409);
      expect(byHand.body.msg).toBe('This document needs review: use "Submit for review"');
      await approve(LOSS, loss.id);
      expect((await stock('M0067')).map((r) => r.qty)).toEqual([5]);
      expect(data(await act(LOSS, 'post', loss.id)).state).toBe('Posted');
      expect((await stock('M0067')).map((r) => r.qty)).toEqual([4]);

      const move = data(await admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', details: [{ ...row, qty: 1, targetWarehousePlaceCode: 'A-05-03' }] }));
      expect((await act(MOVE, 'confirm', move.id)).status).toBe(409);
      await approve(MOVE, move.id);
      expect(data(await act(MOVE, 'confirm', move.id)).state).toBe('Done');
      expect(byPlace(await stock('M0067'))).toEqual({ 'A-05-04': 3, 'A-05-03': 1 });

      // a stock check is counted first, then reviewed; counted again after the approval it needs a new one
      const check = data(await admin.post<Result>(`${CHECK}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', checkType: 'CYCLE', items: [{ ...row, countQty: 2 }] }));
      await act(CHECK, 'count', check.id);
      expect((await act(CHECK, 'audit', check.id)).status).toBe(409);
      await approve(CHECK, check.id);
      await act(CHECK, 'recount', check.id);
      await act(CHECK, 'count', check.id);
      expect(await detail(CHECK, check.id)).toMatchObject({ state: 'Counted', isReview: 1 });
      expect((await act(CHECK, 'audit', check.id)).status).toBe(409);
      await approve(CHECK, check.id);
      expect(data(await act(CHECK, 'post', check.id)).state).toBe('Posted');
      expect(byPlace(await stock('M0067'))).toEqual({ 'A-05-04': 2, 'A-05-03': 1 });
    } finally {
      for (const documentType of types) data(await admin.post('/api/bl-flow/review-config/submit', { documentType, processKey: 'consignment_review', enabled: false }));
    }
  });

  it('a voucher posts a move through the ledger; "Reverse" makes the reversing voucher, refused while the stock has moved on, then putting it back and marking the original reversed, once', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'M0068', batchNo: 'V1', qty: 10, warehousePlaceCode: 'A-04-02' }]);
    const row = { barcode: `${made.billNo}-001`, materialCode: 'M0068', batchNo: 'V1' };
    const header = { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', voucherKind: 'MOVE', reason: '货位调整', targetWarehousePlaceCode: 'A-04-03' };
    const voucher = data(await admin.post<Result>(`${VOUCHER}/submit`, { ...header, details: [{ ...row, warehousePlaceCode: 'A-04-02', qty: 4, price: 2.55, account: '1405' }] }, en));
    expect(voucher.billNo).toMatch(/^PZ/);
    expect(data(await act(VOUCHER, 'post', voucher.id)).state).toBe('Posted');
    expect(byPlace(await stock('M0068'))).toEqual({ 'A-04-02': 6, 'A-04-03': 4 });
    const original = await detail(VOUCHER, voucher.id);
    expect(original).toMatchObject({ voucherType: 'NORMAL', sourceWarehousePlaceCode: 'A-04-02', totals: { qty: 4, amount: 10.2 }, details: [{ lineNumber: 1, amount: 10.2 }] });
    expect((await stream(`billNo=${voucher.billNo}`)).map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.streamType]).sort()).toEqual([['MOVE_IN', 'A-04-03', 4, '37'], ['MOVE_OUT', 'A-04-02', -4, '37']]);

    // "Reverse": the console's copy of the original, with the reversal's note
    const reversal = data(await admin.post<Result>(`${VOUCHER}/submit`, { ...voucherbill.sources.voucherbill.copy(original), billDate: '2026-11-25', voucherOffRemark: '目标库位录错' }, en));
    expect(await detail(VOUCHER, reversal.id)).toMatchObject({ voucherType: 'REVERSAL', sourceVoucherBillNo: voucher.billNo, details: [{ sourceVoucherLineNumber: 1, qty: 4 }] });

    // 2 of the 4 moved on since (a transfer): the reversal is refused naming the line, nothing written
    const away = data(await admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-25', customerCode: 'C001', warehouseAreaCode: 'SH1-A', details: [{ ...row, warehousePlaceCode: 'A-04-03', qty: 2, targetWarehousePlaceCode: 'A-04-04' }] }));
    expect(data(await act(MOVE, 'confirm', away.id)).state).toBe('Done');
    const refused = await act(VOUCHER, 'post', reversal.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`Line 1 cannot be reversed: the stock of material "M0068", barcode "${row.barcode}" at location "A-04-03" has moved on since (4 needed, 2 available)`);
    expect(await detail(VOUCHER, voucher.id)).toMatchObject({ state: 'Posted', voucherType: 'NORMAL' });

    // back where it was: the reversal puts the 4 back and the original is reversed, with the note, time and who
    const back = data(await admin.post<Result>(`${MOVE}/submit`, { billDate: '2026-11-25', customerCode: 'C001', warehouseAreaCode: 'SH1-A', details: [{ ...row, warehousePlaceCode: 'A-04-04', qty: 2, targetWarehousePlaceCode: 'A-04-03' }] }));
    expect(data(await act(MOVE, 'confirm', back.id)).state).toBe('Done');
    expect(data(await act(VOUCHER, 'post', reversal.id)).state).toBe('Posted');
    expect(byPlace((await stock('M0068')).filter((r) => r.qty > 0))).toEqual({ 'A-04-02': 10 });
    expect((await stream(`billNo=${reversal.billNo}`)).map((l) => [l.movement, l.warehousePlaceCode, l.qty]).sort()).toEqual([['MOVE_IN', 'A-04-02', 4], ['MOVE_OUT', 'A-04-03', -4]]);
    const reversed = await detail(VOUCHER, voucher.id);
    expect(reversed).toMatchObject({ state: 'Reversed', voucherType: 'REVERSED', voucherOffRemark: '目标库位录错', reversalBillNo: reversal.billNo, voucherOffBy: { account: 'admin' } });
    expect(typeof reversed.voucherOffTime).toBe('string');

    // once: neither the original again nor the reversal can be reversed
    const again = await admin.post(`${VOUCHER}/submit`, { ...voucherbill.sources.voucherbill.copy(original), voucherOffRemark: 'x', billDate: '2026-11-26' }, en);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`Voucher "${voucher.billNo}" is Reversed: only a posted voucher that is not a reversal can be reversed`);
    const ofReversal = await admin.post(`${VOUCHER}/submit`, { ...voucherbill.sources.voucherbill.copy(await detail(VOUCHER, reversal.id)), voucherOffRemark: 'x', billDate: '2026-11-26' }, en);
    expect(ofReversal.status).toBe(409);
    expect((await admin.post(`${VOUCHER}/remove?ids=${voucher.id}`, {}, en)).body.msg).toBe('Shipped storage documents cannot be deleted.');
  });

  it('a temporary package takes unallocated pieces of two materials under its own barcode at its location; unpacking it gives them back their barcodes at the chosen location, once', async () => {
    const made = await receive('2026-11-20T08:00:00.000Z', [
      { materialCode: 'M0069', batchNo: 'P1', qty: 10, warehousePlaceCode: 'A-05-01' },
      { materialCode: 'M0070', batchNo: 'P2', qty: 6, warehousePlaceCode: 'A-05-02' },
    ]);
    const first = { barcode: `${made.billNo}-001`, materialCode: 'M0069', batchNo: 'P1', warehousePlaceCode: 'A-05-01' };
    const second = { barcode: `${made.billNo}-002`, materialCode: 'M0070', batchNo: 'P2', warehousePlaceCode: 'A-05-02' };
    const pack = data(await admin.post<Result>(`${PACK}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', warehousePlaceCode: 'A-05-02', details: [{ ...first, qty: 4 }, { ...second, qty: 6 }] }, en));
    expect(pack.billNo).toMatch(/^LB/);
    expect(data(await act(PACK, 'pack', pack.id)).state).toBe('Packed');
    // the package's barcode is its number; owner, material and batch kept
    expect((await stock('M0069')).filter((r) => r.qty > 0).map((r) => [r.barcode, r.warehousePlaceCode, r.batchNo, r.qty]).sort()).toEqual([[pack.billNo, 'A-05-02', 'P1', 4], [first.barcode, 'A-05-01', 'P1', 6]]);
    expect((await stock('M0070')).filter((r) => r.qty > 0).map((r) => [r.barcode, r.warehousePlaceCode, r.qty])).toEqual([[pack.billNo, 'A-05-02', 6]]);
    expect((await stream(`billNo=${pack.billNo}`)).map((l) => [l.movement, l.barcode, l.qty, l.streamType]).sort()).toEqual([
      ['MOVE_IN', pack.billNo, 4, '36'], ['MOVE_IN', pack.billNo, 6, '36'], ['MOVE_OUT', first.barcode, -4, '36'], ['MOVE_OUT', second.barcode, -6, '36'],
    ]);
    // what is left of the first row is more than there is: refused, nothing written
    const tooMuch = data(await admin.post<Result>(`${PACK}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', warehousePlaceCode: 'A-05-03', details: [{ ...first, qty: 7 }] }, en));
    const short = await act(PACK, 'pack', tooMuch.id);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe('Not enough available stock of material "M0069": 7 wanted, 6 available');

    // "Unpack": the package copied whole, to a chosen location
    const unpack = data(await admin.post<Result>(`${UNPACK}/submit`, { ...temporarypackagebill.sources.packagetemporarybill.copy(await detail(PACK, pack.id)), billDate: '2026-11-25', targetWarehousePlaceCode: 'A-05-03' }, en));
    expect(await detail(UNPACK, unpack.id)).toMatchObject({ packageBillNo: pack.billNo, details: [{ lineNumber: 1, barcode: first.barcode, qty: 4 }, { lineNumber: 2, barcode: second.barcode, qty: 6 }] });
    expect(data(await act(UNPACK, 'unpack', unpack.id)).state).toBe('Unpacked');
    expect((await stock('M0069')).filter((r) => r.qty > 0).map((r) => [r.barcode, r.warehousePlaceCode, r.qty]).sort()).toEqual([[first.barcode, 'A-05-01', 6], [first.barcode, 'A-05-03', 4]]);
    expect((await stock('M0070')).filter((r) => r.qty > 0).map((r) => [r.barcode, r.warehousePlaceCode, r.qty])).toEqual([[second.barcode, 'A-05-03', 6]]);
    expect(await detail(PACK, pack.id)).toMatchObject({ state: 'Unpacked', unpackBillNo: unpack.billNo, unpackedBy: { account: 'admin' } });

    // once: the package is gone
    const again = await admin.post(`${UNPACK}/submit`, { ...temporarypackagebill.sources.packagetemporarybill.copy(await detail(PACK, pack.id)), billDate: '2026-11-26' }, en);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`Temporary package "${pack.billNo}" is Unpacked: only a packed package can be unpacked`);
    expect((await admin.post(`${PACK}/remove?ids=${pack.id}`, {}, en)).body.msg).toBe('Shipped storage documents cannot be deleted.');
  });

  it('the category\'s automatic status change holds the stock of its materials that reached the age, once, as ledger facts', async () => {
    data(await admin.post('/api/bl-basic/category/submit', { code: 'QC7', name: '七天质检', type: 'FINISHED_GOODS', ifChangeStatus: 1, changeStatus: 'QUALITY_INSPECTION', interval: 7 }));
    data(await admin.post('/api/bl-basic/material/submit', { code: 'MQC01', name: '待检样品', categoryCode: 'QC7', unitCode: 'CTN' }));
    const older = await receive('2026-11-10T08:00:00.000Z', [{ materialCode: 'MQC01', batchNo: 'Q1', qty: 4, warehousePlaceCode: 'A-03-02' }]);
    await receive('2026-11-20T08:00:00.000Z', [{ materialCode: 'MQC01', batchNo: 'Q2', qty: 6, warehousePlaceCode: 'A-03-03' }]);
    const job = t.host.app.get(CategoryStatusJob);
    const statuses = async () => Object.fromEntries((await stock('MQC01')).map((r) => [r.batchNo, r.status]));

    await job.runOnce(new Date('2026-11-24T00:00:00.000Z'));
    expect(await statuses()).toEqual({ Q1: 'QUALITY_INSPECTION', Q2: 'AVAILABLE' });
    const held = await stream('materialCode=MQC01&movement=STATUS');
    expect(held).toEqual([expect.objectContaining({ barcode: `${older.billNo}-001`, documentType: 'category', billNo: 'QC7', streamType: '0', qty: 0 })]);
    // held stock is not allocated
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'MQC01', qty: 7 }] }));
    const short = await admin.post(`${OUT}/allocate`, { id: out.id, version: out.version }, en);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe('Not enough available stock of material "MQC01": 7 wanted, 6 available');

    // the same run again changes nothing; a week later the newer stock has reached the age too
    await job.runOnce(new Date('2026-11-24T00:10:00.000Z'));
    expect(await stream('materialCode=MQC01&movement=STATUS')).toHaveLength(1);
    await job.runOnce(new Date('2026-11-28T00:00:00.000Z'));
    expect(await statuses()).toEqual({ Q1: 'QUALITY_INSPECTION', Q2: 'QUALITY_INSPECTION' });
    expect(await stream('materialCode=MQC01&movement=STATUS')).toHaveLength(2);
  });
});
