import ExcelJS from 'exceljs';
import type { DocumentImportPreview, DocumentImportResult, Page } from '@tpl/contracts';
import { data, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 30: every document list exports to .xlsx (its filters, sort and the caller's scope: a
 * cargo owner gets only its own documents), and the booked inbound and the outbound order import
 * from .xlsx: a template, a preview (each row with its errors, nothing written), drafts written on
 * confirmation (one per customer bill number, each whole or not at all).
 */
const T = '100001';
const BOOKED = '/api/bl-warehouse/orderisinstockbill';
const ORDER = '/api/bl-warehouse/orderosoutstockbill';
type Row = { id: string; billNo: string; customerCode: string; sourceBillNo?: string; state: string };

describe('document spreadsheets', () => {
  let t: TestHost;
  let admin: ApiClient;
  let keeper: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;
  /** two materials of C001, one of C002 */
  let m1: string;
  let m2: string;
  let theirs: string;

  const sheet = async (buffer: ArrayBuffer, index: number) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer);
    const ws = wb.worksheets[index]!;
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return { names: wb.worksheets.map((w) => w.name), rows };
  };
  const exportOf = async (c: ApiClient, query: string, base = BOOKED) => {
    const res = await fetch(`${t.url}${base}/export?${query}`, { headers: c.headers({ 'Accept-Language': 'zh-CN' }) });
    const body = await res.arrayBuffer();
    return { status: res.status, total: res.headers.get('x-total-rows'), name: decodeURIComponent(res.headers.get('download-filename') ?? ''), body };
  };
  /** A file as a customer sends it: the Chinese headers of the template, one row per line. */
  const file = async (rows: Record<string, string | number>[], headers = ['货主', '库区', '出入库类型', '来源单号', '预计到货日期', '物料', '批次号', '数量']) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('预约入库单');
    ws.addRow(headers);
    for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? null));
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (c: ApiClient, body: Buffer, query = '', name = 'booking.xlsx', base = BOOKED) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)]), name);
    const res = await fetch(`${t.url}${base}/import${query}`, { method: 'POST', headers: c.headers({ 'Accept-Language': 'zh-CN' }), body: form });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  };
  const line = (source: string, material: string, qty: number | string, over: Record<string, string | number> = {}) => ({
    货主: 'C001', 库区: 'SH1-A', 出入库类型: '正常', 来源单号: source, 预计到货日期: '2026-12-20', 物料: material, 批次号: `B-${material}`, 数量: qty, ...over,
  });
  const listed = async (c: ApiClient, query: string) => data(await c.get<Page<Row>>(`${BOOKED}/list?size=50&${query}`)).records;

  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    keeper = await t.client().as(T, 'keeper', 'demo123');
    owner = await t.client().as(T, 'owner', 'demo123');
    data(await admin.post('/api/bl-system/user/submit', { account: 'owner2x', name: 'Owner Two', roleId: ['owner'], customerCode: 'C002', password: 'Pa55word!' }));
    other = await t.client().as(T, 'owner2x', 'Pa55word!');
    const materialsOf = async (owner: string) => data(await admin.get<Page<{ code: string }>>(`/api/bl-basic/material/list?size=50&custCode=${owner}`)).records.map((m) => m.code);
    [m1, m2] = (await materialsOf('C001')) as [string, string];
    theirs = (await materialsOf('C002'))[0]!;
    // one booking of each owner, made by the operator
    for (const [customerCode, source, codes] of [['C001', 'EXP-1', [m1, m2]], ['C002', 'EXP-2', [theirs]]] as const) {
      data(await admin.post(`${BOOKED}/submit`, {
        billDate: '2026-11-28', customerCode, warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', sourceBillNo: source, planDate: '2026-12-01',
        details: codes.map((materialCode, i) => ({ materialCode, batchNo: `E${i}`, qty: 5 + i })),
      }));
    }
  }, 300_000);
  afterAll(async () => t?.stop());

  it('exports the list as filtered: a sheet of headers and a sheet of lines keyed by bill number', async () => {
    const both = await exportOf(admin, 'sourceBillNo=EXP-');
    expect([both.status, both.total]).toEqual([200, '2']);
    expect(both.name).toMatch(/^预约入库单-导出-\d{8}\.xlsx$/);
    const headers = await sheet(both.body, 0);
    expect(headers.names).toEqual(['预约入库单', '明细']);
    expect(headers.rows[0]!.slice(0, 3)).toEqual(['预约入库单号', '状态', '单据日期']);
    expect(headers.rows).toHaveLength(3);
    const lines = await sheet(both.body, 1);
    // 2 + 1 lines, each under its document's bill number
    expect(lines.rows).toHaveLength(4);
    const billNos = new Set(headers.rows.slice(1).map((r) => r[0]));
    expect(lines.rows.slice(1).every((r) => billNos.has(r[0]))).toBe(true);
    const one = await exportOf(admin, 'sourceBillNo=EXP-&customerCode=C001');
    expect(one.total).toBe('1');
  });

  it("gives a cargo owner only its own documents, whatever the filters ask (the operator's export is the control)", async () => {
    const mine = await exportOf(owner, 'sourceBillNo=EXP-');
    expect([mine.status, mine.total]).toEqual([200, '1']);
    const rows = (await sheet(mine.body, 0)).rows.slice(1);
    expect(rows.map((r) => r.includes('EXP-1'))).toEqual([true]);
    expect(rows.some((r) => r.includes('EXP-2'))).toBe(false);
    // asking for the other owner's documents by name finds none
    expect((await exportOf(owner, 'customerCode=C002')).total).toBe('0');
    expect((await exportOf(other, 'sourceBillNo=EXP-')).total).toBe('1');
    expect((await exportOf(admin, 'customerCode=C002&sourceBillNo=EXP-')).total).toBe('1');
    // without the button (an owner has no consignment export) the export is refused before anything is read
    expect((await exportOf(owner, '', '/api/bl-transport/consignment')).status).toBe(403);
  });

  it('offers a template with the columns, the notes and the owners and materials by code with their names', async () => {
    const res = await fetch(`${t.url}${BOOKED}/template`, { headers: keeper.headers({ 'Accept-Language': 'zh-CN' }) });
    expect(res.status).toBe(200);
    const body = await res.arrayBuffer();
    const first = await sheet(body, 0);
    expect(first.names).toEqual(['预约入库单', '说明', '货主', '物料']);
    expect(first.rows[0]).toEqual(expect.arrayContaining(['货主', '来源单号', '物料', '数量']));
    expect(first.rows).toHaveLength(1);
    expect((await sheet(body, 2)).rows).toContainEqual(['C001', '安可食品']);
    expect((await sheet(body, 3)).rows).toContainEqual(expect.arrayContaining(['C001', m1]));
  });

  it("previews each row with its errors in the user's language, writing nothing", async () => {
    const bad = await file([
      line('IMP-1', m1, 10),
      line('IMP-1', m2, 4),
      // another owner's material under C001
      line('IMP-2', theirs, 3),
      // a quantity below zero
      line('IMP-3', m1, -1),
      // no customer bill number
      { 货主: 'C001', 物料: m1, 数量: 1 },
      // a header that differs from its document's first row
      line('IMP-1', m1, 2, { 货主: 'C002', 批次号: 'X' }),
    ]);
    const answer = await upload(keeper, bad, '?preview=1');
    expect(answer.status).toBe(200);
    const p = answer.body.data as DocumentImportPreview;
    expect(p.total).toBe(6);
    expect(p.bills.map((b) => [b.key, b.rows, b.ok])).toEqual([
      ['IMP-1', [2, 3, 7], false],
      ['IMP-2', [4], false],
      ['IMP-3', [5], false],
    ]);
    const at = (row: number) => p.errors.filter((e) => e.row === row).map((e) => `${e.field}: ${e.message}`);
    expect(at(4)).toEqual([expect.stringMatching(new RegExp(`^details\\.materialCode: 物料「${theirs}」不属于货主「C001」`))]);
    expect(at(5)).toEqual([expect.stringMatching(/^details\.qty: .*数量/)]);
    expect(at(6)).toEqual([expect.stringMatching(/^sourceBillNo: .*来源单号/)]);
    expect(at(7)).toEqual(['customerCode: 货主与同一单据第 2 行不一致']);
    expect(at(2)).toEqual([]);
    expect(p.errorRows).toBe(4);
    // codes shown with their names
    expect(p.names.customer?.C001).toBe('安可食品');
    expect(p.names.material?.[m1]).toBeTruthy();
    expect(await listed(admin, 'sourceBillNo=IMP-')).toEqual([]);
  });

  it('writes one draft per customer bill number on confirmation, with the defaults of master data; the same file again is refused', async () => {
    const good = await file([line('IMW-1', m1, 10), line('IMW-1', m2, 4), line('IMW-2', m1, 6)]);
    const checked = (await upload(keeper, good, '?preview=1')).body.data as DocumentImportPreview;
    expect([checked.errorTotal, checked.bills.length]).toEqual([0, 2]);
    expect(await listed(admin, 'sourceBillNo=IMW-')).toEqual([]);

    const done = await upload(keeper, good);
    expect(done.status).toBe(200);
    const result = done.body.data as DocumentImportResult;
    expect([result.imported, result.lines]).toEqual([2, 3]);
    const rows = await listed(admin, 'sourceBillNo=IMW-');
    expect(rows.map((r) => [r.sourceBillNo, r.state, r.customerCode]).sort()).toEqual([['IMW-1', 'Draft', 'C001'], ['IMW-2', 'Draft', 'C001']]);
    const doc = data(await admin.get<{ details: { materialCode: string; qty: number; unitCode?: string; lineNumber: number }[] }>(`${BOOKED}/detail?id=${result.documents.find((d) => d.key === 'IMW-1')!.id}`));
    expect(doc.details.map((d) => [d.lineNumber, d.materialCode, d.qty])).toEqual([[1, m1, 10], [2, m2, 4]]);
    // the unit came from the material (the kit's complete hook), as for a document typed in
    expect(doc.details.every((d) => typeof d.unitCode === 'string' && d.unitCode !== '')).toBe(true);

    const again = (await upload(keeper, good, '?preview=1')).body.data as DocumentImportPreview;
    expect(again.errors.map((e) => e.row)).toEqual([2, 4]);
    expect(again.errors[0]!.message).toMatch(/^来源单号「IMW-1」的预约入库单已存在（YR/);
  });

  it('answers a file it cannot write with a 400 naming the field, and writes none of it', async () => {
    const bad = await file([line('IMB-1', m1, 3), line('IMB-2', m1, 'many')]);
    const answer = await upload(keeper, bad);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/数量/);
    expect((answer.body.data as { errors: { row: number; field: string }[] }).errors).toEqual([expect.objectContaining({ row: 3, field: 'details.qty' })]);
    expect(await listed(admin, 'sourceBillNo=IMB-')).toEqual([]);
    const text = await upload(keeper, Buffer.from('not a workbook'), '', 'booking.txt');
    expect([text.status, text.body.msg]).toEqual([400, '只能上传 .xls 或 .xlsx 文件']);
    const form = new FormData();
    const none = await fetch(`${t.url}${BOOKED}/import`, { method: 'POST', headers: keeper.headers({ 'Accept-Language': 'zh-CN' }), body: form });
    expect(none.status).toBe(400);
  });

  it('imports outbound orders the same way, and only for those given the import button', async () => {
    const headers = ['货主', '库区', '出入库类型', '来源单号', '计划发货日期', '物料', '数量'];
    const order = await file([{ 货主: 'C001', 库区: 'SH1-A', 出入库类型: '正常', 来源单号: 'SO-1', 计划发货日期: '2026-12-20', 物料: m1, 数量: 2 }], headers);
    expect((await upload(owner, order, '?preview=1', 'order.xlsx', ORDER)).status).toBe(403);
    const done = await upload(keeper, order, '', 'order.xlsx', ORDER);
    expect(done.status).toBe(200);
    expect((done.body.data as DocumentImportResult).imported).toBe(1);
    // a type not described with `import` has no such route
    expect((await upload(keeper, order, '?preview=1', 'x.xlsx', '/api/bl-warehouse/isinstockbill')).status).toBe(404);
  });
});
