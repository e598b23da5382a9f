import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Secondary processing through the API on a real store: a BOM refused without both kinds of line
 * (the spec's words, naming the lines) and confirmed; a production task made from it (needs and
 * finished goods = runs x the BOM), released, its raw lots issued in parts and its finished lots
 * received in parts through the warehouse's ledger (stock before and after, the stream's lines), a
 * forbidden transition and over-issue refused with nothing written, completion; the lot genealogy
 * both ways, a cargo owner's user seeing its own lots only.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Doc = Result & Record<string, unknown>;
type StockRow = { warehousePlaceCode: string; batchNo: string; qty: number; barcode: string };
type StreamRow = { movement: string; qty: number; streamType: string; billNo: string; documentType: string; barcode: string };
type Link = { taskBillNo: string; productMaterialCode: string; productBatchNo: string; productQty: number; rawMaterialCode: string; rawBatchNo: string; rawQty: number };
const IN = '/api/bl-warehouse/isinstockbill';
const BOM = '/api/bl-production/secbombill';
const TASK = '/api/bl-production/secproductive';
const en = { 'Accept-Language': 'en' };

describe.each(DOMAIN_STORES)('secondary processing on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
    data(await admin.post('/api/bl-system/user/submit', { account: 'owner2p', name: 'Owner Two', roleId: ['owner'], customerCode: 'C002', password: 'Pa55word!' }));
    owner = await t.client().as('100001', 'owner', 'demo123');
    other = await t.client().as('100001', 'owner2p', 'Pa55word!');
  }, 300_000);
  afterAll(async () => t?.stop());

  const stock = async (material: string) =>
    Object.fromEntries(data(await admin.get<{ records: StockRow[] }>(`/api/bl-warehouse/stock/list?customerCode=C001&materialCode=${material}&size=50`)).records.map((r) => [`${r.warehousePlaceCode}/${r.batchNo}`, r.qty]));
  const detail = async (base: string, id: string) => data(await admin.get<Doc>(`${base}/detail?id=${id}`));
  const act = async (base: string, action: string, id: string, body: Record<string, unknown> = {}) => {
    const { version } = await detail(base, id);
    return admin.post<Result>(`${base}/${action}`, { id, version, ...body }, en);
  };

  it('runs a kitting job from a confirmed BOM: raw lots out and finished lots in through the ledger, in parts, with pending quantities, to completion; its genealogy both ways', async () => {
    // raw materials in stock: soda crackers (M0016) lot R1 and noodles (M0007) lot N1
    const inbound = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL',
      details: [{ materialCode: 'M0016', batchNo: 'R1', qty: 10, warehousePlaceCode: 'A-01-01' }, { materialCode: 'M0007', batchNo: 'N1', qty: 5, warehousePlaceCode: 'A-01-02' }],
    }));
    data(await admin.post(`${IN}/receive`, { id: inbound.id, version: inbound.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    expect(await stock('M0016')).toEqual({ 'A-01-01/R1': 10 });

    // the spec's rule: both kinds of line, or a 400 naming the lines in the user's language
    const bom = { billDate: '2026-11-24', customerCode: 'C001', bomName: '坚果礼盒组套', details: [{ materialCode: 'M0016', qty: 2 }, { materialCode: 'M0007', qty: 1 }], products: [{ materialCode: 'M0018', qty: 1 }] };
    const noGoods = await admin.post(`${BOM}/submit`, { ...bom, products: [] }, en);
    expect(noGoods.status).toBe(400);
    expect(noGoods.body.msg).toContain('A processing BOM needs at least one raw-material line and at least one finished-goods line');
    const noRaw = await admin.post(`${BOM}/submit`, { ...bom, details: [] }, { 'Accept-Language': 'zh' });
    expect(noRaw.status).toBe(400);
    expect(noRaw.body.msg).toContain('加工BOM至少需要一行原料明细和一行成品明细');
    const madeBom = data(await admin.post<Result>(`${BOM}/submit`, bom));
    expect(madeBom.billNo).toMatch(/^BM/);

    // a task needs a confirmed BOM
    const task = { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', bomNo: madeBom.billNo, runs: 3,
      details: [
        { barcode: `${inbound.billNo}-001`, materialCode: 'M0016', batchNo: 'R1', warehousePlaceCode: 'A-01-01', qty: 6 },
        { barcode: `${inbound.billNo}-002`, materialCode: 'M0007', batchNo: 'N1', warehousePlaceCode: 'A-01-02', qty: 3 },
      ] };
    const early = await admin.post(`${TASK}/submit`, task, en);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(`There is no confirmed processing BOM "${madeBom.billNo}"`);
    expect(data(await act(BOM, 'audit', madeBom.id)).state).toBe('Audited');

    // bad input names the field
    const zero = await admin.post(`${TASK}/submit`, { ...task, runs: 0 }, en);
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toContain('Runs');

    // made: needs and finished goods are runs x the BOM, named
    const made = data(await admin.post<Result>(`${TASK}/submit`, task));
    const fresh = await detail(TASK, made.id);
    expect((fresh.needs as Record<string, unknown>[]).map((n) => [n.materialCode, n.qty, n.pendingQty])).toEqual([['M0016', 6, 6], ['M0007', 3, 3]]);
    expect(fresh.products).toEqual([expect.objectContaining({ lineNumber: 1, materialCode: 'M0018', qty: 3, receivedQty: 0, pendingQty: 3, materialName: expect.stringContaining('坚果礼盒') })]);
    expect(data(await act(TASK, 'audit', made.id)).state).toBe('Audited');

    // issue part of lot 1: out of its row through the ledger (ADJUST, the task's bill type and number)
    expect(data(await act(TASK, 'issue', made.id, { issues: [{ lineNumber: 1, qty: 4 }] })).state).toBe('InProduction');
    expect(await stock('M0016')).toEqual({ 'A-01-01/R1': 6 });
    const lines = data(await admin.get<{ records: StreamRow[] }>(`/api/bl-warehouse/stockstream/list?billNo=${made.billNo}&size=50`)).records;
    expect(lines.map((l) => [l.movement, l.qty, l.streamType, l.documentType])).toEqual([['ADJUST', -4, '63', 'secproductive']]);
    const part = await detail(TASK, made.id);
    expect((part.details as Record<string, unknown>[]).map((l) => [l.issuedQty, l.pendingQty])).toEqual([[4, 2], [0, 3]]);

    // no cancel once stock has moved (the machine: 409), no issue beyond what is pending; nothing written
    const cancel = await act(TASK, 'cancel', made.id, { reason: 'x' });
    expect(cancel.status).toBe(409);
    const over = await act(TASK, 'issue', made.id, { issues: [{ lineNumber: 1, qty: 3 }] });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('Line 1 has 2 pending issue; 3 cannot be issued');
    expect((await detail(TASK, made.id)).version).toBe(part.version);
    expect(await stock('M0016')).toEqual({ 'A-01-01/R1': 6 });

    // receive one finished lot into a bin; then the rest of the lots out and the rest of the goods in
    expect(data(await act(TASK, 'receive', made.id, { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-02-01', qty: 1 }] })).state).toBe('InProduction');
    expect(await stock('M0018')).toEqual({ 'A-02-01/K1': 1 });
    data(await act(TASK, 'issue', made.id, { issues: [{ lineNumber: 1, qty: 2 }, { lineNumber: 2, qty: 3 }] }));
    expect(await stock('M0016')).toEqual({ 'A-01-01/R1': 4 });
    expect(await stock('M0007')).toEqual({ 'A-01-02/N1': 2 });
    const tooMany = await act(TASK, 'receive', made.id, { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-02-01', qty: 3 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.msg).toBe('Finished good 1 has 2 pending receipt; 3 cannot be received');
    expect(data(await act(TASK, 'receive', made.id, { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-02-01', qty: 2 }] })).state).toBe('Completed');
    expect(await stock('M0018')).toEqual({ 'A-02-01/K1': 3 });

    // genealogy: the finished lot was made from both raw lots; the raw lot went into it
    const made1 = data(await admin.get<{ madeFrom: Link[]; wentInto: Link[] }>('/api/bl-production/genealogy/detail?customerCode=C001&materialCode=M0018&batchNo=K1'));
    expect(made1.madeFrom.map((l) => [l.taskBillNo, l.productQty, l.rawMaterialCode, l.rawBatchNo, l.rawQty]).sort()).toEqual([
      [made.billNo, 3, 'M0007', 'N1', 3],
      [made.billNo, 3, 'M0016', 'R1', 6],
    ]);
    expect(made1.wentInto).toEqual([]);
    const raw = data(await admin.get<{ madeFrom: Link[]; wentInto: Link[] }>('/api/bl-production/genealogy/detail?customerCode=C001&materialCode=M0016&batchNo=R1'));
    expect(raw.madeFrom).toEqual([]);
    expect(raw.wentInto.map((l) => [l.productMaterialCode, l.productBatchNo, l.productQty, l.rawQty])).toEqual([['M0018', 'K1', 3, 6]]);
    const lots = data(await admin.get<{ materialCode: string; batchNo: string; kind: string }[]>('/api/bl-production/genealogy/lots?customerCode=C001'));
    expect(lots.map((l) => `${l.materialCode}/${l.batchNo}/${l.kind}`)).toEqual(expect.arrayContaining(['M0018/K1/product', 'M0016/R1/raw', 'M0007/N1/raw']));

    // the owner sees its own lot's genealogy; another owner nothing of it
    expect(data(await owner.get<{ madeFrom: Link[] }>('/api/bl-production/genealogy/detail?customerCode=C001&materialCode=M0018&batchNo=K1')).madeFrom).toHaveLength(2);
    expect(data(await other.get<{ madeFrom: Link[]; wentInto: Link[] }>('/api/bl-production/genealogy/detail?customerCode=C001&materialCode=M0018&batchNo=K1'))).toEqual({ madeFrom: [], wentInto: [] });
    expect(data(await other.get<unknown[]>('/api/bl-production/genealogy/lots'))).toEqual([]);
    expect((await other.get(`${TASK}/detail?id=${made.id}`)).status).toBe(404);

    // bad input to the genealogy names the field
    const missing = await admin.get('/api/bl-production/genealogy/detail?customerCode=C001&batchNo=K1', en);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('Material');
  });

  it('suggests the lots nobody picked; cancels a released task before anything is issued, and nothing moves', async () => {
    const bom = data(await admin.post<Result>(`${BOM}/submit`, { billDate: '2026-11-24', customerCode: 'C001', bomName: '饼干分装', details: [{ materialCode: 'M0017', qty: 1 }], products: [{ materialCode: 'M0019', qty: 2 }] }));
    data(await act(BOM, 'audit', bom.id));
    const inbound = data(await admin.post<Result>(`${IN}/submit`, { billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0017', batchNo: 'S1', qty: 2, warehousePlaceCode: 'A-03-01' }] }));
    data(await admin.post(`${IN}/receive`, { id: inbound.id, version: inbound.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    // no lots picked: the server suggests them from the owner's stock in the area (first expiring first)
    const made = data(await admin.post<Result>(`${TASK}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', bomNo: bom.billNo, runs: 2, details: [] }));
    expect(((await detail(TASK, made.id)).details as Record<string, unknown>[]).map((l) => [l.barcode, l.materialCode, l.batchNo, l.warehousePlaceCode, l.qty, l.pendingQty])).toEqual([
      [`${inbound.billNo}-001`, 'M0017', 'S1', 'A-03-01', 2, 2],
    ]);
    data(await act(TASK, 'audit', made.id));
    expect(data(await act(TASK, 'cancel', made.id, { reason: '客户取消' })).state).toBe('Cancelled');
    expect(await stock('M0017')).toEqual({ 'A-03-01/S1': 2 });
  });
});
