import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { monthbill } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The billing reports of /acct (issue 15 item 5) through the API: October 2026 with a receipt
 * of each of two cargo owners through the real inbound bill, an audited handling bill and a
 * value-added service bill, the month's bills generated; then each report's page (rows, sums,
 * filters, sorts), its spreadsheet read back, and a cargo owner seeing only its own rows. Then
 * November (kept apart from October's figures): a packing and an imported material received, a
 * shipment, an in-warehouse handling job, transport and handling services, the porters' and
 * employees' piece work; the incidental fees by kind, the in/out beside the board, the material
 * balances and the piece-work reports over it. The reports read billing's own read models (the
 * store does not matter: embedded only).
 */
const T = '100001';
const IN = '/api/bl-warehouse/isinstockbill';
const R = (api: string, what: 'list' | 'export', q = '') => `/api/bl-billing/report/${api}/${what}?from=2026-10-01&to=2026-10-31${q}`;
/** November up to the 20th (the shipment's pick, moved today, lies after it) */
const NOV = (api: string, what: 'list' | 'export', q = '') => `/api/bl-billing/report/${api}/${what}?from=2026-11-01&to=2026-11-20${q}`;
const OUT = '/api/bl-warehouse/osoutstockbill';
type Result = { id: string; billNo: string; version: number; state: string };
const READER = path.join(__dirname, 'warehouse-print.pdf-text.mjs');
const pdfText = (pdf: Buffer): string[] =>
  (JSON.parse(execFileSync(process.execPath, [READER], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).toString('utf8')) as string[]).map((p) => p.replace(/\s+/g, ''));
type Page = { records: Record<string, string | number | null>[]; total: number; sums: Record<string, number> };

describe('billing reports (embedded store)', () => {
  let t: TestHost;
  let admin: ApiClient;
  let finance: ApiClient;
  let owner: ApiClient;

  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    [finance, owner] = await Promise.all([t.client().as(T, 'finance'), t.client().as(T, 'owner')]);
    const received: Record<string, Result> = {};
    // a receipt of each owner: C001 10 pieces of 500 kg (5 t) on the 3rd, C002 4 of 500 kg (2 t) on the 4th
    for (const [customerCode, at, qty] of [['C001', '2026-10-03T02:00:00.000Z', 10], ['C002', '2026-10-04T02:00:00.000Z', 4]] as const) {
      const made = data(await admin.post<Result>(`${IN}/submit`, { billDate: at.slice(0, 10), customerCode, warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0002', qtyWeg: 500, qty }] }));
      received[customerCode] = data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at }));
    }
    // incidental fees: a handling job for C001, value-added services for C002, both audited; a draft that does not count
    const charge = async (name: string, content: Record<string, unknown>, audit = true) => {
      const made = data(await finance.post<Result>(`/api/bl-billing/${name}/submit`, content));
      if (audit) data(await finance.post<Result>(`/api/bl-billing/${name}/audit`, { id: made.id, version: made.version }));
    };
    await charge('handlingbill', { billDate: '2026-10-20', customerCode: 'C001', handlingType: 'UNLOADING', direction: 'IN', unitCode: 'T', qty: 5, price: 18 });
    await charge('valueaddservicebill', { billDate: '2026-10-21', customerCode: 'C002', details: [{ costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.35, qty: 100 }] });
    await charge('handlingbill', { billDate: '2026-10-22', customerCode: 'C002', handlingType: 'LOADING', direction: 'OUT', unitCode: 'T', qty: 1, price: 10 }, false);
    // the month's bills (generating catches billing's projection up with the store)
    data(await finance.post('/api/bl-billing/monthbill/generate', { month: '2026-10' }));
    // November: a packing material (type 包材) of C001 and an imported one (IMPORT) of C002, received on the 2nd and 3rd
    for (const [code, name, type, custCode] of [['MPK01', '纸箱', '包材', 'C001'], ['MIM01', '进口奶粉', 'IMPORT', 'C002']] as const) {
      data(await admin.post('/api/bl-basic/material/submit', { code, name, type, custCode, categoryCode: 'PAPER', unitCode: 'CTN' }));
    }
    for (const [customerCode, at, materialCode, qty, qtyWeg, boardQty] of [['C001', '2026-11-02T02:00:00.000Z', 'MPK01', 100, 2, 50], ['C002', '2026-11-03T02:00:00.000Z', 'MIM01', 20, 250, 10]] as const) {
      const made = data(await admin.post<Result>(`${IN}/submit`, { billDate: at.slice(0, 10), customerCode, warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode, qtyWeg, boardQty, qty }] }));
      data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at }));
    }
    // 3 pieces of C001's rice (1.5 t) shipped on the 5th (put away first, right after the receipt in October: a step never before
    // the goods were there, and no move in November's reports)
    const c001 = received.C001!;
    data(await admin.post<Result>(`${IN}/put-away`, { id: c001.id, version: c001.version, putAwayAt: '2026-10-03T03:00:00.000Z', placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', qty: 10 }] }));
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-05', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0002', qty: 3 }] }));
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: out.id, version: out.version, allocatedAt: '2026-11-05T01:00:00.000Z' }));
    const picked = data(await admin.post<Result>(`${OUT}/pick`, { id: out.id, version: allocated.version, picker: '张三', pickedAt: '2026-11-05T01:30:00.000Z' }));
    data(await admin.post<Result>(`${OUT}/ship`, { id: out.id, version: picked.version, shippedAt: '2026-11-05T02:00:00.000Z' }));
    // restacking inside the warehouse for C001 (2 t x 15 = 30); for C002 transport (2 t x 45 = 90), handling (1 t x 18) and labels (10 x 0.35)
    await charge('handlingbill', { billDate: '2026-11-03', customerCode: 'C001', handlingType: 'RESTACK', direction: 'INSIDE', unitCode: 'T', qty: 2, price: 15 });
    await charge('valueaddservicebill', { billDate: '2026-11-04', customerCode: 'C002', details: [
      { costtypeCode: 'TRANSPORT', unitCode: 'T', price: 45, qty: 2 }, { costtypeCode: 'HANDLING', unitCode: 'T', price: 18, qty: 1 }, { costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.35, qty: 10 },
    ] });
    // piece work: porter P001 unloads 12.5 t at 8 (100), employee E001 loads 3 t at 8.5 (25.5), both audited; a draft of E001 that does not count
    await charge('costlading', { billDate: '2026-11-03', workDate: '2026-11-03', workerType: 'PORTER', porterCode: 'P001', employeeName: '赵刚', ladingType: 'HANDLING', workType: 'IN', costUnit: 'T', costQty: 12.5, price: 8 });
    await charge('costlading', { billDate: '2026-11-04', workDate: '2026-11-04', workerType: 'EMPLOYEE', employeeCode: 'E001', employeeName: '张伟', ladingType: 'HANDLING', workType: 'OUT', costUnit: 'T', costQty: 3, price: 8.5 });
    await charge('costlading', { billDate: '2026-11-05', workDate: '2026-11-05', workerType: 'EMPLOYEE', employeeCode: 'E001', employeeName: '张伟', ladingType: 'HANDLING', workType: 'OTHER', costUnit: 'T', costQty: 1, price: 5 }, false);
  }, 300_000);
  afterAll(async () => t?.stop());

  const page = async (api: string, q = '', as = finance) => data(await as.get<Page>(R(api, 'list', q)));
  const november = async (api: string, q = '', as = finance) => data(await as.get<Page>(NOV(api, 'list', q)));
  const rows = (p: Page, keys: string[]) => p.records.map((r) => keys.map((k) => r[k]));

  it('inbound billed lines: one per counted receipt line, with its bill, owner, material and tonnes; outbound none', async () => {
    const lines = await page('costbilldeatilin', '&sort=customerCode');
    expect(lines.records.map((r) => [r.day, r.customerCode, r.materialCode, r.qty, r.weight, r.documentType])).toEqual([
      ['2026-10-03', 'C001', 'M0002', 10, 5, 'isinstockbill'],
      ['2026-10-04', 'C002', 'M0002', 4, 2, 'isinstockbill'],
    ]);
    expect(String(lines.records[0]!.billNo)).toMatch(/^RK/);
    expect(lines.sums).toMatchObject({ qty: 14, weight: 7 });
    expect((await page('costbilldeatilout')).total).toBe(0);
    expect((await page('costbilldeatilin', '&customerCode=C002')).records.map((r) => r.customerCode)).toEqual(['C002']);
  });

  it('daily and monthly sums of what counts toward the handling fee', async () => {
    const days = await page('costbilldayacctsum');
    expect(days.records.map((r) => [r.day, r.customerCode, r.inWeight, r.outWeight, r.lineCount])).toEqual([
      ['2026-10-03', 'C001', 5, 0, 1],
      ['2026-10-04', 'C002', 2, 0, 1],
    ]);
    const months = await page('costbilldeatilsum', '&sort=customerCode&order=desc');
    expect(months.records.map((r) => [r.month, r.customerCode, r.inQty, r.inWeight])).toEqual([
      ['2026-10', 'C002', 4, 2],
      ['2026-10', 'C001', 10, 5],
    ]);
    expect(months.sums.inWeight).toBe(7);
  });

  it('incidental fees: every other-charge document of the period, whether it counts', async () => {
    const fees = await page('costbillzafe', '&sort=billDate');
    expect(fees.records.map((r) => [r.billDate, r.documentType, r.customerCode, r.amount, r.counted])).toEqual([
      ['2026-10-20', 'handlingbill', 'C001', 90, 1],
      ['2026-10-21', 'valueaddservicebill', 'C002', 35, 1],
      ['2026-10-22', 'handlingbill', 'C002', 10, 0],
    ]);
    expect((await page('costbillzafe', '&documentType=valueaddservicebill')).total).toBe(1);
  });

  it('cost bills: the month bills of the period with their totals', async () => {
    const bills = await page('costbill', '&sort=customerCode');
    const c001 = bills.records.find((r) => r.customerCode === 'C001')!;
    expect(c001).toMatchObject({ month: '2026-10', state: 'Generated' });
    expect(Number(c001.totalCost)).toBeGreaterThanOrEqual(90);
    expect(bills.sums.totalCost).toBe(bills.records.reduce((s, r) => s + Number(r.totalCost), 0));
  });

  it('a cargo owner sees only its own rows, whatever the filters ask', async () => {
    for (const api of ['costbilldeatilin', 'costbilldayacctsum', 'costbilldeatilsum', 'costbillzafe', 'costbill']) {
      const mine = await page(api, '', owner);
      expect([api, [...new Set(mine.records.map((r) => r.customerCode))]]).toEqual([api, ['C001']]);
      expect([api, (await page(api, '&customerCode=C002', owner)).total]).toEqual([api, 0]);
    }
  });

  it('the month-opening stock (monthbegininv): November opens with what October received, per owner and material; a cargo owner reads its own', async () => {
    const opening = async (who: ApiClient, q = '') => data(await who.get<Page>(`/api/bl-billing/report/monthbegininv/list?from=2026-10-01&to=2026-11-20&sort=customerCode${q}`)).records.filter((r) => r.materialCode === 'M0002');
    expect((await opening(finance)).map((r) => [r.month, r.customerCode, r.openQty, r.openWeight])).toEqual([['2026-11', 'C001', 10, 5], ['2026-11', 'C002', 4, 2]]);
    expect((await opening(owner)).map((r) => r.customerCode)).toEqual(['C001']);
    expect(await opening(owner, '&customerCode=C002')).toEqual([]);
  });

  it('exports a report as xlsx: headers in the caller\'s language, numbers as numbers; refuses a bad query in words', async () => {
    const res = await fetch(t.url + R('costbilldeatilin', 'export', '&sort=customerCode'), { headers: finance.headers({ 'Accept-Language': 'zh-CN' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('x-total-rows')).toBe('2');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['日期', '单号', '单据类型', '货主']);
    expect((sheet.getRow(2).values as unknown[]).slice(4)).toEqual(['C001', 'M0002', 'SH1-A', 10, 5]);
    const bad = await finance.get('/api/bl-billing/report/costbilldeatilin/list?from=2026-10-31&to=2026-10-01');
    expect(bad.status).toBe(400);
    expect((await finance.get('/api/bl-billing/report/nosuchreport/list')).status).toBe(404);
  });

  it('incidental fees by kind: receiving and shipping handling (IN, OUT), transport and in-warehouse handling lines, each its own part', async () => {
    const cols = ['billDate', 'documentType', 'customerCode', 'feeItem', 'amount', 'counted'];
    expect(rows(await page('costbillzafein'), cols)).toEqual([['2026-10-20', 'handlingbill', 'C001', 'UNLOADING', 90, 1]]);
    expect(rows(await page('costbillzafeout'), cols)).toEqual([['2026-10-22', 'handlingbill', 'C002', 'LOADING', 10, 0]]);
    // the value-added bill's transport line alone (90), not its handling or label lines
    expect(rows(await november('costbillzafeyunshu'), cols)).toEqual([['2026-11-04', 'valueaddservicebill', 'C002', 'TRANSPORT', 90, 1]]);
    const handling = await november('costbillzafezhuangxie', '&sort=amount&order=desc');
    expect(rows(handling, cols)).toEqual([
      ['2026-11-03', 'handlingbill', 'C001', 'RESTACK', 30, 1],
      ['2026-11-04', 'valueaddservicebill', 'C002', 'HANDLING', 18, 1],
    ]);
    expect(handling.sums.amount).toBe(48);
    expect((await page('costbillzafezhuangxie')).total).toBe(0);
    expect(rows(await november('costbillzafezhuangxie', '', owner), ['customerCode', 'amount'])).toEqual([['C001', 30]]);
    expect((await november('costbillzafeyunshu', '', owner)).total).toBe(0);
  });

  it('in and out beside the board: every receipt and shipment per owner and day, pieces, tonnes and pallets', async () => {
    const days = await november('inoutsideboarddetail');
    expect(rows(days, ['day', 'customerCode', 'inQty', 'inWeight', 'inPallets', 'outQty', 'outWeight', 'lineCount'])).toEqual([
      ['2026-11-02', 'C001', 100, 0.2, 2, 0, 0, 1],
      ['2026-11-03', 'C002', 20, 5, 2, 0, 0, 1],
      ['2026-11-05', 'C001', 0, 0, 0, 3, 1.5, 1],
    ]);
    expect(days.sums).toMatchObject({ inQty: 120, inWeight: 5.2, outQty: 3, outWeight: 1.5 });
    expect(rows(await november('inoutsideboarddetail', '', owner), ['day', 'customerCode'])).toEqual([['2026-11-02', 'C001'], ['2026-11-05', 'C001']]);
  });

  it('material balances: raw materials (the imported ones too), packing and imported materials apart; by day and area; by month', async () => {
    const cols = ['customerCode', 'materialCode', 'materialType', 'openQty', 'openWeight', 'inQty', 'inWeight', 'outQty', 'outWeight', 'closeQty', 'closeWeight'];
    const raw = await november('ylmatreportdetail', '&sort=customerCode');
    expect(rows(raw, cols)).toEqual([
      ['C001', 'M0002', null, 10, 5, 0, 0, 3, 1.5, 7, 3.5],
      ['C002', 'M0002', null, 4, 2, 0, 0, 0, 0, 4, 2],
      ['C002', 'MIM01', 'IMPORT', 0, 0, 20, 5, 0, 0, 20, 5],
    ]);
    expect(raw.sums).toMatchObject({ openQty: 14, inQty: 20, outQty: 3, closeQty: 31, closeWeight: 10.5 });
    expect(rows(await november('packmatreport'), cols)).toEqual([['C001', 'MPK01', '包材', 0, 0, 100, 0.2, 0, 0, 100, 0.2]]);
    expect(rows(await november('importmatreport'), cols)).toEqual([['C002', 'MIM01', 'IMPORT', 0, 0, 20, 5, 0, 0, 20, 5]]);
    // paged on the server: a page past the last is empty, the total and the sums still over every row
    const past = await november('ylmatreportdetail', '&size=10&current=2');
    expect([past.total, past.records.length, past.sums.closeQty]).toEqual([3, 0, 31]);
    // per day and area: what came, went and what was left at the day's end
    expect(rows(await november('ylmatreportdayware'), ['day', 'warehouseAreaCode', 'customerCode', 'materialCode', 'inQty', 'outQty', 'closeQty', 'closeWeight'])).toEqual([
      ['2026-11-03', 'SH1-A', 'C002', 'MIM01', 20, 0, 20, 5],
      ['2026-11-05', 'SH1-A', 'C001', 'M0002', 0, 3, 7, 3.5],
    ]);
    // per month over October and November: each month opens where the last closed
    const months = data(await finance.get<Page>('/api/bl-billing/report/ylmatreportbillsum/list?from=2026-10-01&to=2026-11-20&sort=month'));
    expect(rows(months, ['month', 'customerCode', 'materialCode', 'openQty', 'inQty', 'outQty', 'closeQty'])).toEqual([
      ['2026-10', 'C001', 'M0002', 0, 10, 0, 10],
      ['2026-10', 'C002', 'M0002', 0, 4, 0, 4],
      ['2026-11', 'C001', 'M0002', 10, 0, 3, 7],
      ['2026-11', 'C002', 'MIM01', 0, 20, 0, 20],
    ]);
    expect(months.sums).toMatchObject({ inQty: 34, outQty: 3 });
    expect(months.sums.closeQty).toBeUndefined();
    // the owner: its own materials only, whatever it asks
    expect(rows(await november('ylmatreportdetail', '', owner), ['customerCode', 'materialCode'])).toEqual([['C001', 'M0002']]);
    expect((await november('packmatreport', '&customerCode=C002', owner)).total).toBe(0);
  });

  it('piece work: the cost ladings of the period, paged, and per worker and month the audited ones; none for a cargo owner', async () => {
    const all = await november('costlading', '&size=10');
    expect([all.total, all.records.length, all.sums.amount, all.sums.costQty, all.sums.price]).toEqual([3, 3, 130.5, 16.5, undefined]);
    expect(rows(all, ['workDate', 'workerType', 'workerCode', 'employeeName', 'workType', 'costQty', 'price', 'amount', 'counted'])).toEqual([
      ['2026-11-03', 'PORTER', 'P001', '赵刚', 'IN', 12.5, 8, 100, 1],
      ['2026-11-04', 'EMPLOYEE', 'E001', '张伟', 'OUT', 3, 8.5, 25.5, 1],
      ['2026-11-05', 'EMPLOYEE', 'E001', '张伟', 'OTHER', 1, 5, 5, 0],
    ]);
    expect((await november('costlading', '&size=10&current=2&sort=amount&order=desc')).records).toEqual([]);
    expect(String(all.records[0]!.billNo)).toMatch(/^GZ/);
    const months = await november('empcostmonthdetail', '&sort=amount&order=desc');
    expect(rows(months, ['month', 'workerType', 'workerCode', 'employeeName', 'workType', 'costUnit', 'costQty', 'amount', 'ladingCount'])).toEqual([
      ['2026-11', 'PORTER', 'P001', '赵刚', 'IN', 'T', 12.5, 100, 1],
      ['2026-11', 'EMPLOYEE', 'E001', '张伟', 'OUT', 'T', 3, 25.5, 1],
    ]);
    expect(months.sums.amount).toBe(125.5);
    expect(rows(await november('empcostmonthdetail', '&workerCode=E001'), ['workerCode', 'amount'])).toEqual([['E001', 25.5]]);
    expect((await page('costlading')).total).toBe(0);
    for (const api of ['costlading', 'empcostmonthdetail']) expect([api, (await november(api, '', owner)).total]).toEqual([api, 0]);
  });

  it('exports the new reports too: the piece work in English, numbers as numbers, every row', async () => {
    const res = await fetch(t.url + NOV('costlading', 'export'), { headers: finance.headers({ 'Accept-Language': 'en' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-rows')).toBe('3');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Work date', 'Bill number', 'Worker']);
    expect((sheet.getRow(2).values as unknown[]).slice(10, 13)).toEqual([12.5, 8, 100]);
    expect(sheet.getRow(4).getCell(1).value).toBe('2026-11-05');
    const packing = await fetch(t.url + NOV('packmatreport', 'export'), { headers: owner.headers({ 'Accept-Language': 'zh-CN' }) });
    expect(packing.headers.get('x-total-rows')).toBe('1');
  });

  it("prints the customer's month bill as a PDF in CJK fonts (its text read back), and only to those who may see it", async () => {
    const bills = data(await finance.get<{ records: { id: string; billNo: string; customerCode: string }[] }>('/api/bl-billing/monthbill/list?month=2026-10&customerCode=C001'));
    const bill = bills.records[0]!;
    const detail = data(await finance.get<Record<string, unknown>>(`/api/bl-billing/monthbill/detail?id=${bill.id}`));
    const res = await fetch(`${t.url}/api/bl-billing/monthbill/pdf?id=${bill.id}`, { headers: finance.headers({ 'Accept-Language': 'zh-CN' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const [page] = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(page).toContain(`月账单${bill.billNo}`);
    for (const word of ['入库装卸费', '仓储费', '其他费用', '费用合计', '应收合计', '2026-10', 'C001', '账单明细', '库区费用']) expect([word, page!.includes(word)]).toEqual([word, true]);
    // who owes: the customer's name, full name, address and tax number; who bills: the company of the bill's warehouse
    for (const piece of ['客户C001安可食品', '客户全称上海安可食品有限公司', '地址上海市工业园区01号', '税号91310115MA1H7C0018', '开票方上海港湾物流有限公司', '地址上海市浦东新区港城路1号', '税号91310115MA1K9H0012']) {
      expect([piece, page!.includes(piece)]).toEqual([piece, true]);
    }
    // the state row says 状态 and the bill's state, in the business time zone's print time
    const stateLabel = monthbill.lifecycle.states[String(detail.state) as keyof typeof monthbill.lifecycle.states].label[0];
    expect(page).toContain(`状态${stateLabel}`);
    expect(page).not.toContain(`月账单${stateLabel}`);
    expect(page).toContain('Asia/Shanghai');
    const en = pdfText(Buffer.from(await (await fetch(`${t.url}/api/bl-billing/monthbill/pdf?id=${bill.id}`, { headers: finance.headers({ 'Accept-Language': 'en' }) })).arrayBuffer()))[0]!;
    for (const piece of ['CustomerC001安可食品', 'Taxnumber91310115MA1H7C0018', 'Issuedby上海港湾物流有限公司', `State${monthbill.lifecycle.states[String(detail.state) as keyof typeof monthbill.lifecycle.states].label[1]}`]) {
      expect([piece, en.includes(piece)]).toEqual([piece, true]);
    }
    const total = Number(detail.totalCost).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(page).toContain(total.replace(/\s+/g, ''));
    // the owner prints its own bill; another owner's is not there for it (404)
    expect((await fetch(`${t.url}/api/bl-billing/monthbill/pdf?id=${bill.id}`, { headers: owner.headers() })).status).toBe(200);
    const c002 = data(await finance.get<{ records: { id: string }[] }>('/api/bl-billing/monthbill/list?month=2026-10&customerCode=C002')).records[0]!;
    expect((await owner.get(`/api/bl-billing/monthbill/pdf?id=${c002.id}`)).status).toBe(404);
  });
});
