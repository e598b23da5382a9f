import ExcelJS from 'exceljs';
import type { Page } from '@tpl/contracts';
import { data, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Issue 11: a spreadsheet import is previewed first (rows found, their errors, nothing
 * written) and written on confirmation; the import template's example is never imported.
 */
describe('spreadsheet import preview', () => {
  let t: TestHost;
  let admin: ApiClient;
  const C = '/api/bl-basic/customer';

  beforeAll(async () => {
    t = await startTestHost('embedded');
    admin = await t.client().as('100001', 'admin', 'admin');
  });
  afterAll(async () => t?.stop());

  const workbook = async (rows: unknown[][]): Promise<Buffer> => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('客户');
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (file: Buffer, query = '') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'customers.xlsx');
    const res = await fetch(`${t.url}${C}/import${query}`, { method: 'POST', headers: admin.headers({ 'Accept-Language': 'zh-CN' }), body: form });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> } };
  };
  const codes = async (prefix: string) => data(await admin.get<Page<{ code: string }>>(`${C}/list?size=50&code=${prefix}`)).records.map((r) => r.code).sort();

  it('previews the rows and their errors, writing nothing, then imports on confirmation', async () => {
    const good = await workbook([['客户编码', '客户简称', '手机号'], ['P01', '华东粮油', '13800138001'], ['P02', '江南饮品', '13800138002']]);
    const preview = await upload(good, '?preview=1');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ preview: true, total: 2, valid: 2, errorTotal: 0, errors: [] });
    expect(preview.body.data.rows).toEqual([
      { row: 2, values: { code: 'P01', name: '华东粮油', mobile: '13800138001' } },
      { row: 3, values: { code: 'P02', name: '江南饮品', mobile: '13800138002' } },
    ]);
    expect(await codes('P0')).toEqual([]);

    const done = await upload(good);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ imported: 2 });
    expect(await codes('P0')).toEqual(['P01', 'P02']);
  });

  it('lists every failing row in the preview, asks for a field left empty, and offers the report', async () => {
    const bad = await workbook([['客户编码', '客户简称', '手机号'], ['P03', '北方日化', '13800138003'], ['P04', '', '123'], ['P01', '重复', '13800138004']]);
    const preview = await upload(bad, '?preview=1');
    expect(preview.status).toBe(200);
    const d = preview.body.data as { total: number; valid: number; errorRows: number; errors: { row: number; field: string; message: string }[]; reportId?: string };
    expect(d).toMatchObject({ total: 3, valid: 1, errorRows: 2 });
    expect(d.errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'name', message: '请输入客户简称' },
        expect.objectContaining({ row: 3, field: 'mobile' }),
        expect.objectContaining({ row: 4, field: 'code' }),
      ]),
    );
    expect(d.reportId).toMatch(/^[0-9a-f-]{36}$/);
    const report = await fetch(`${t.url}${C}/import-report?id=${d.reportId}`, { headers: admin.headers() });
    expect(report.status).toBe(200);
    expect(await codes('P03')).toEqual([]);
  });

  it('never imports the template: sent back unchanged it has no rows', async () => {
    const template = Buffer.from(await (await fetch(`${t.url}${C}/template`, { headers: admin.headers({ 'Accept-Language': 'zh-CN' }) })).arrayBuffer());
    for (const query of ['?preview=1', '']) {
      const answer = await upload(template, query);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('文件中没有数据行');
    }
    expect(await codes('EX')).toEqual([]);
  });

  it('refuses a preview flag it does not know', async () => {
    const good = await workbook([['客户编码', '客户简称'], ['P09', '测试']]);
    expect((await upload(good, '?preview=maybe')).status).toBe(400);
    expect(await codes('P09')).toEqual([]);
  });
});
