import ExcelJS from 'exceljs';
import type { Page } from '@tpl/contracts';
import { data, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Material sync (issue 30, docs/DOMAIN.md "Material sync"): the customer's materials from an
 * uploaded .xlsx or .json (no Kafka here), filtered by the dialog's factory and sync date,
 * previewed with every row's errors in the user's language and what each row would do, written
 * on confirmation: the same owner's material of a code updated, a new code created, the factory
 * and sync date recorded on each. The Kafka source: tests/api/material-sync-kafka.int.spec.ts.
 */
describe('material sync from an upload', () => {
  let t: TestHost;
  let admin: ApiClient;
  const M = '/api/bl-basic/material';

  beforeAll(async () => {
    // the demo's master data: categories, units, owners, factories F01 and F02, materials M0001...
    t = await startTestHost('embedded', undefined, true);
    admin = await t.client().as('100001', 'admin', 'admin');
  });
  afterAll(async () => t?.stop());

  const workbook = async (rows: unknown[][]): Promise<Buffer> => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('物料');
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  type Body = { code: number; msg: string; data: Record<string, unknown> };
  const sync = async (file: Buffer | undefined, name: string, query: string, lang = 'zh-CN') => {
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${t.url}${M}/sync?${query}`, { method: 'POST', headers: admin.headers({ 'Accept-Language': lang }), body: form });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const material = async (code: string) => data(await admin.get<Page<Record<string, unknown>>>(`${M}/list?size=10&code=${code}`)).records.find((r) => r.code === code);

  it('previews an xlsx (rows, errors, create or update, rows left out), writing nothing; then writes on confirmation', async () => {
    const before = await material('M0007');
    expect(before).toMatchObject({ custCode: 'C001' });
    const file = await workbook([
      ['物料编码', '物料名称', '物料分类', '计量单位', '货主', '规格', '工厂', '同步日期'],
      // M0007 exists for C001: updated (its name and spec); SY01 is new
      ['M0007', '挂面 500g x20 新包装', 'GRAIN', 'CTN', 'C001', '500g x20', 'F01', '2026-11-10'],
      ['SY01', '荞麦面 1kg x10', 'GRAIN', 'CTN', 'C001', '1kg x10', '', ''],
      // another factory's, and one changed before the sync date: left out
      ['SY02', '蓝河苏打水', 'BEV', 'CTN', 'C002', '', 'F02', ''],
      ['SY03', '旧物料', 'GRAIN', 'CTN', 'C001', '', 'F01', '2026-10-01'],
    ]);
    const q = 'syncDate=2026-11-01&factoryCode=F01';
    const preview = await sync(file, 'materials.xlsx', `${q}&preview=1`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ preview: true, total: 2, valid: 2, errorTotal: 0, creates: 1, updates: 1, skipped: 2, source: 'FILE' });
    expect((preview.body.data.rows as { row: number; action: string; values: Record<string, unknown> }[]).map((r) => [r.row, r.action, r.values.code, r.values.factoryCode, r.values.syncDate])).toEqual([
      [2, 'UPDATE', 'M0007', 'F01', '2026-11-01'],
      [3, 'CREATE', 'SY01', 'F01', '2026-11-01'],
    ]);
    expect(await material('SY01')).toBeUndefined();

    const done = await sync(file, 'materials.xlsx', q);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ created: 1, updated: 1, skipped: 2 });
    const updated = data(await admin.get<Record<string, unknown>>(`${M}/detail?id=${before!.id as string}`));
    // the row's fields over the stored ones; what the row does not send (gross weight, brand) kept
    expect(updated).toMatchObject({ code: 'M0007', name: '挂面 500g x20 新包装', custCode: 'C001', factoryCode: 'F01', syncDate: '2026-11-01', gross: before!.gross, brand: before!.brand });
    expect(updated.version).toBe((before!.version as number) + 1);
    expect(await material('SY01')).toMatchObject({ name: '荞麦面 1kg x10', custCode: 'C001' });
    expect(await material('SY02')).toBeUndefined();
    expect(await material('SY03')).toBeUndefined();
    // its history says who synced what
    const history = data(await admin.get<{ type: string }[]>(`${M}/history?id=${before!.id as string}`));
    expect(history.map((h) => h.type)).toContain('MaterialChanged');
  });

  it('a JSON file; a bad row\'s error names the field in the user\'s language; another owner\'s code is refused; nothing half-written', async () => {
    const json = Buffer.from(
      JSON.stringify([
        { code: 'SY10', name: '燕麦片', categoryCode: 'GRAIN', unitCode: 'BAG', custCode: 'C001' },
        { code: 'SY11', categoryCode: 'GRAIN', unitCode: 'BAG', custCode: 'C001' },
        { code: 'M0009', name: '矿泉水', categoryCode: 'BEV', unitCode: 'CTN', custCode: 'C001' },
        { code: 'SY12', name: '单位不存在', categoryCode: 'GRAIN', unitCode: 'NOPE', custCode: 'C001' },
      ]),
    );
    const q = 'syncDate=2026-11-01&factoryCode=F01';
    const zh = await sync(json, 'materials.json', `${q}&preview=1`);
    expect(zh.status).toBe(200);
    const errors = zh.body.data.errors as { row: number; field: string; message: string }[];
    expect(zh.body.data).toMatchObject({ total: 4, errorRows: 3 });
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'name', message: '请输入物料名称' },
        expect.objectContaining({ row: 3, field: 'custCode', message: expect.stringContaining('C002') }),
        expect.objectContaining({ row: 4, field: 'unitCode', message: expect.stringContaining('NOPE') }),
      ]),
    );
    const en = await sync(json, 'materials.json', `${q}&preview=1`, 'en');
    expect((en.body.data.errors as { row: number; message: string }[]).find((e) => e.row === 2)!.message).toMatch(/Material name/);
    // confirming rows with errors: 400, nothing written
    const refused = await sync(json, 'materials.json', q);
    expect(refused.status).toBe(400);
    expect(await material('SY10')).toBeUndefined();
    expect(await material('M0009')).toMatchObject({ custCode: 'C002' });

    const good = await sync(Buffer.from(JSON.stringify({ materials: [{ code: 'SY10', name: '燕麦片', categoryCode: 'GRAIN', unitCode: 'BAG', custCode: 'C001' }] })), 'materials.json', q);
    expect(good.body.data).toEqual({ created: 1, updated: 0, skipped: 0 });
    expect(await material('SY10')).toMatchObject({ factoryCode: 'F01', syncDate: '2026-11-01' });
  });

  it('the dialog\'s choices are required and named; no Kafka here: the dialog offers the upload', async () => {
    const missing = await sync(Buffer.from('[]'), 'm.json', 'factoryCode=F01&preview=1');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('同步日期');
    const noFactory = await sync(Buffer.from('[]'), 'm.json', 'syncDate=2026-11-01&preview=1', 'en');
    expect(noFactory.status).toBe(400);
    expect(noFactory.body.msg).toContain('Factory');
    const unknownFactory = await sync(Buffer.from(JSON.stringify([{ code: 'SY20', name: 'x', categoryCode: 'GRAIN', unitCode: 'BAG' }])), 'm.json', 'syncDate=2026-11-01&factoryCode=NOPE&preview=1');
    expect((unknownFactory.body.data.errors as { field: string }[]).map((e) => e.field)).toEqual(['factoryCode']);
    expect((await sync(Buffer.from('{"x":'), 'm.json', 'syncDate=2026-11-01&factoryCode=F01')).status).toBe(400);
    expect(data(await admin.get<{ kafka: boolean }>(`${M}/sync-source`))).toEqual({ kafka: false, pending: 0 });
    const kafka = await sync(undefined, '', 'syncDate=2026-11-01&factoryCode=F01&source=KAFKA&preview=1');
    expect(kafka.status).toBe(400);
    // a user without the material import button may not sync
    const dispatcher = await t.client().as('100001', 'dispatcher');
    expect((await dispatcher.get(`${M}/sync-source`)).status).toBe(403);
  });
});
