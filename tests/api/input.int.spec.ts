import { randomUUID } from 'node:crypto';
import { entityByName, type Consignment, type ConsignmentListRow, type HistoryEntry, type Page } from '@tpl/contracts';
import { runInTenant } from '@tpl/event-store';
import { ApiClient, data, type Answer } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { base, sampleRecord } from '../support/records';

/**
 * Issue 11 items 1 and 2, reproduced as they were found and shown fixed, on both stores:
 * no input makes a record unreadable, no input answers 500, records already written with
 * numbers beyond their kind read and are repaired through an event.
 */
const C = '/api/bl-transport/consignment';
const BEYOND = '9007199254740993'; // 2^53 + 1: JSON-valid, not exact as a JavaScript number
const SYSTEM = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };

describe.each(DOMAIN_STORES)('numbers, text and malformed input on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let zh: ApiClient;
  let mo: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind);
    admin = await t.client().as('100001', 'admin', 'admin');
    zh = await t.client().as('100001', 'admin', 'admin');
    zh.lang = 'zh-CN';
    mo = await t.client().as('100001', 'admin', 'admin');
    mo.lang = 'zh-TW';
  }, 300_000);
  afterAll(async () => t?.stop());

  /** A body sent as written (JSON text), so numbers JavaScript cannot hold travel as the attacker typed them. */
  const raw = (client: ApiClient, path: string, body: string, contentType = 'application/json'): Promise<Answer> =>
    fetch(`${t.url}${path}`, { method: 'POST', headers: client.headers({ 'Content-Type': contentType }), body }).then(async (r) => ({ status: r.status, body: await r.json() }));

  const withBig = (rec: Record<string, unknown>, field: string) => JSON.stringify({ ...rec, [field]: 0 }).replace(`"${field}":0`, `"${field}":${BEYOND}`);

  describe('item 1: every number has a kind', () => {
    it.each([
      ['material', 'price', 'Unit price cannot be greater than 99999999.9999', '单价不能大于99999999.9999', '單價不能大於99999999.9999'],
      ['lgagreement', 'dayUnitCost', 'Daily unit cost cannot be greater than 99999999.9999', '日单价不能大于99999999.9999', '日單價不能大於99999999.9999'],
      ['warehouseplace', 'area', 'Area (m²) cannot be greater than 999999999.99', '面积(m²)不能大于999999999.99', '面積(m²)不能大於999999999.99'],
    ])('%s.%s beyond 2^53 is a 400 naming the field (it was a 200, then 500 for good)', async (entity, field, en, zhMsg, moMsg) => {
      const def = entityByName(entity)!;
      const rec = await sampleRecord(admin, def);
      for (const [client, words] of [[admin, en], [zh, zhMsg], [mo, moMsg]] as const) {
        const a = await raw(client, `${base(def)}/submit`, withBig(rec, field));
        expect(a.status).toBe(400);
        expect(a.body).toMatchObject({ code: 400, success: false, data: null });
        expect(a.body.msg).toContain(words);
      }
    });

    it('a consignment line quantity beyond 2^53 is a 400 naming the line and field', async () => {
      const body = JSON.stringify(consignmentInput()).replace('"qty":10', `"qty":${BEYOND}`);
      const a = await raw(admin, `${C}/submit`, body);
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('Line 1 Quantity cannot be greater than 999999999.999');
      expect((await raw(zh, `${C}/submit`, body)).body.msg).toBe('明细第1行 数量不能大于999999999.999');
    });

    it.each([
      ['1e308', '1e308', 'Line 1 Weight (kg) cannot be greater than 999999999.999'],
      ['"1e400" as text', '"1e400"', 'Line 1 Weight (kg) cannot be greater than 999999999.999'],
      ['1e-30', '1e-30', 'Line 1 Weight (kg) allows at most 3 decimal places'],
      ['too many decimals', '1.23456', 'Line 1 Weight (kg) allows at most 3 decimal places'],
      ['a negative weight', '-1', 'Line 1 Weight (kg) cannot be negative'],
    ])('a line weight of %s is refused with the field named', async (_n, value, msg) => {
      const a = await raw(admin, `${C}/submit`, JSON.stringify(consignmentInput()).replace('"weg":100', `"weg":${value}`));
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe(msg);
    });

    it('packages are a whole number; money keeps two decimals; a percentage 0 to 100', async () => {
      expect((await raw(admin, `${C}/submit`, JSON.stringify(consignmentInput()).replace('"packages":10', '"packages":1.5'))).body.msg).toBe('Line 1 Packages must be a whole number');
      const agreement = await sampleRecord(admin, entityByName('lgagreement')!);
      expect((await admin.post(`/api/bl-basic/lgagreement/submit`, { ...agreement, owing: 10.005 })).body.msg).toContain('Amount owing allows at most 2 decimal places');
      const place = await sampleRecord(admin, entityByName('warehouseplace')!);
      expect((await admin.post(`/api/bl-basic/warehouseplace/submit`, { ...place, capacityRatio: 100.5 })).body.msg).toContain('Capacity ratio (%) must be between 0 and 100');
    });

    it('totals are decimal sums: 0.1 + 0.2 m³ is 0.3 m³', async () => {
      const lines = [
        { materialCode: 'M0007', name: 'a', qty: 0.1, weg: 0.1, volume: 0.1, packages: 1 },
        { materialCode: 'M0008', name: 'b', qty: 0.2, weg: 0.2, volume: 0.2, packages: 1 },
      ];
      const { id } = data(await admin.post<{ id: string }>(`${C}/submit`, consignmentInput({ lines })));
      expect(data(await admin.get<Consignment>(`${C}/detail?id=${id}`)).totals).toEqual({ qty: 0.3, weg: 0.3, volume: 0.3, packages: 2 });
    });

    it('a long run of digits in a text field reads back as the same text (Emmett read it as a BigInt)', async () => {
      const rec = await sampleRecord(admin, entityByName('customer')!);
      const { id } = data(await admin.post<{ id: string }>('/api/bl-basic/customer/submit', { ...rec, name: '1234567890123456789' }));
      expect(data(await admin.get<{ name: string }>(`/api/bl-basic/customer/detail?id=${id}`)).name).toBe('1234567890123456789');
      expect((await admin.get(`/api/bl-basic/customer/history?id=${id}`)).status).toBe(200);
    });
  });

  describe('item 1: records already written that way read, and are repaired through an event', () => {
    // 2^53 + 2 is what JSON.stringify can write exactly: beyond 2^53, so the old read path made it a BigInt
    const STORED = 9007199254740994;
    const material = { id: randomUUID(), code: `BIG${kind.slice(0, 3)}` };
    const order = { id: randomUUID(), billNo: `TYBAD${kind.slice(0, 3)}` };

    beforeAll(async () => {
      const store = t.host.storage.store;
      const rec = await sampleRecord(admin, entityByName('material')!);
      const meta = { tenantId: '100001', actor: { ...SYSTEM, name: 'Old import' }, occurredAt: new Date().toISOString(), correlationId: 'legacy', causationId: 'legacy-import' };
      await runInTenant('100001', async () => {
        await store.append(`Material-100001-${material.id}`, [{ type: 'MaterialCreated', data: { id: material.id, data: { ...rec, code: material.code, price: STORED, gross: 12.5 } } }], {
          expectedVersion: 0,
          metadata: meta,
          streamType: 'Material',
        });
        const content = consignmentInput({ lines: [{ materialCode: 'M0002', name: 'Rice', qty: STORED, weg: 1, volume: 0.1, packages: 1 }] });
        await store.append(`Consignment-100001-${order.id}`, [{ type: 'ConsignmentCreated', data: { id: order.id, billNo: order.billNo, content, isReview: 0 } }], {
          expectedVersion: 0,
          metadata: meta,
          streamType: 'Consignment',
        });
      });
    });

    it('reads: detail, history and list answer 200 (they answered 500 for good)', async () => {
      expect((await admin.get(`/api/bl-basic/material/detail?id=${material.id}`)).status).toBe(200);
      expect((await admin.get(`/api/bl-basic/material/history?id=${material.id}`)).status).toBe(200);
      expect((await admin.get(`/api/bl-basic/material/list?code=${material.code}`)).status).toBe(200);
      expect((await admin.get(`${C}/detail?id=${order.id}`)).status).toBe(200);
      expect((await admin.get(`${C}/history?id=${order.id}`)).status).toBe(200);
      expect((await admin.get(`${C}/list?billNo=${order.billNo}`)).status).toBe(200);
      expect((await admin.get('/api/bl-report/dashboard')).status).toBe(200);
    });

    it('the repair brings the numbers back into range by a Changed event of System keeping the original as text; a second run repairs nothing', async () => {
      const report = data(await admin.post<{ records: { entity: string; id: string; fields: string[] }[]; documents: { documentType: string; id: string; fields: string[] }[] }>('/api/bl-system/data-repair/run'));
      expect(report.records).toContainEqual({ entity: 'material', id: material.id, fields: ['price'] });
      expect(report.documents).toContainEqual({ documentType: 'consignment', id: order.id, fields: ['lines.0.qty'] });

      const m = data(await admin.get<Record<string, unknown>>(`/api/bl-basic/material/detail?id=${material.id}`));
      expect(m.price).toBeUndefined();
      expect(m.gross).toBe(12.5);
      expect(m.version).toBe(2);
      const mh = data(await admin.get<HistoryEntry[]>(`/api/bl-basic/material/history?id=${material.id}`));
      expect(mh.map((e) => e.type)).toEqual(['MaterialCreated', 'MaterialChanged']);
      expect(mh[1]).toMatchObject({ actor: { name: 'System' }, correlationId: 'data-repair', data: { changes: { price: [String(STORED), null] } } });

      const o = data(await admin.get<Consignment>(`${C}/detail?id=${order.id}`));
      expect(o.lines[0]!.qty).toBe(0);
      expect(o.totals.qty).toBe(0);
      const oh = data(await admin.get<HistoryEntry[]>(`${C}/history?id=${order.id}`));
      expect(oh[1]).toMatchObject({ type: 'ConsignmentChanged', actor: { name: 'System' }, correlationId: 'data-repair', data: { changes: { 'lines.0.qty': [String(STORED), 0] } } });
      const row = data(await admin.get<Page<ConsignmentListRow>>(`${C}/list?billNo=${order.billNo}`)).records[0]!;
      expect(row.totalQty).toBe(0);

      // commands work again: the order is edited with a real quantity
      const edited = await admin.post<{ version: number }>(`${C}/submit`, { id: order.id, version: o.version, ...consignmentInput() });
      expect(edited.status).toBe(200);

      const again = data(await admin.post<{ records: unknown[]; documents: unknown[] }>('/api/bl-system/data-repair/run'));
      expect(again).toEqual({ records: [], documents: [] });
    });

    it('only administrators run it', async () => {
      const dispatcher = await t.client().as('100001', 'dispatcher');
      expect((await dispatcher.post('/api/bl-system/data-repair/run')).status).toBe(403);
    });
  });

  describe('item 2: no input answers 500', () => {
    const lone = (field: string, rec: Record<string, unknown>) => JSON.stringify({ ...rec, [field]: 'LONE' }).replace('"LONE"', '"a\\ud800b"');

    it.each([
      ['customer', 'remark', 'Remark'],
      ['material', 'name', 'Material name'],
      ['dept', 'deptName', 'Department name'],
      ['basiccar', 'remark', 'Remark'],
    ])('a lone surrogate in %s.%s is a 400 naming the field (it was a 500 at the append)', async (entity, field, label) => {
      const def = entityByName(entity)!;
      const a = await raw(admin, `${base(def)}/submit`, lone(field, await sampleRecord(admin, def)));
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe(`${label} contains an unreadable character (a broken Unicode sequence)`);
    });

    it('on a consignment, the profile and the error log upload too, in the user\'s language', async () => {
      const c = await raw(zh, `${C}/submit`, lone('remark', consignmentInput()));
      expect(c).toMatchObject({ status: 400, body: { msg: '备注含有无法识别的字符（不完整的Unicode编码）' } });
      const line = await raw(admin, `${C}/submit`, JSON.stringify(consignmentInput()).replace('"Noodles 500g x20"', '"Rice\\udc00"'));
      expect(line.body.msg).toBe('Line 1 Material name contains an unreadable character (a broken Unicode sequence)');
      const info = await raw(mo, '/api/bl-system/user/update-info', '{"realName":"\\ud800"}');
      expect(info.status).toBe(400);
      expect(info.body.msg).toContain('含有無法識別的字元');
      const log = await raw(admin, '/api/bl-system/error-log/upload', '[{"message":"x\\ud800"}]');
      expect(log).toMatchObject({ status: 400, body: { msg: 'Line 1 Message contains an unreadable character (a broken Unicode sequence)' } });
      // in a query as well
      const q = await fetch(`${t.url}/api/bl-basic/customer/list?name=${encodeURIComponent('\u00e9')}%ED%A0%80`, { headers: admin.headers() });
      expect(q.status).toBeLessThan(500);
    });

    it('a paired surrogate (an emoji) is fine', async () => {
      const rec = await sampleRecord(admin, entityByName('customer')!);
      const a = await admin.post<{ id: string }>('/api/bl-basic/customer/submit', { ...rec, remark: 'ok 🚚' });
      expect(a.status).toBe(200);
      expect(data(await admin.get<{ remark: string }>(`/api/bl-basic/customer/detail?id=${a.body.data.id}`)).remark).toBe('ok 🚚');
    });

    it.each([
      ['/api/bl-system/error-log/upload', '{"a":1}'],
      ['/api/bl-basic/lgagreement/submit', '"x"'],
      ['/api/bl-basic/lgagreement/submit', '[1,2]'],
      [`${C}/submit`, '[]'],
      [`${C}/submit`, '42'],
      [`${C}/submit`, 'null'],
    ])('a body of the wrong type on %s (%s) says the body is malformed, never an internal key', async (path, body) => {
      for (const [client, msg] of [[admin, 'The request body is not in the expected format'], [zh, '请求体格式不正确'], [mo, '請求內容格式不正確']] as const) {
        const a = await raw(client, path, body);
        expect(a).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg } });
      }
    });

    it('answers that were not the envelope are envelopes: 431, malformed JSON, wrong content type, body too large', async () => {
      const long = await fetch(`${t.url}/api/bl-basic/customer/list?code=${'x'.repeat(20_000)}`, { headers: zh.headers() });
      expect(long.status).toBe(431);
      expect(await long.json()).toEqual({ code: 431, success: false, data: null, msg: '请求地址或请求头过长' });

      expect(await raw(admin, `${C}/submit`, '{"billDate": ')).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg: 'The request body is not valid JSON' } });
      expect(await raw(admin, `${C}/submit`, '<a/>', 'application/xml')).toEqual({
        status: 415,
        body: { code: 415, success: false, data: null, msg: 'Unsupported content type: application/xml' },
      });
      expect(await raw(admin, `${C}/submit`, 'billDate=x', 'text/plain')).toMatchObject({ status: 400, body: { msg: 'The request body is not in the expected format' } });
      expect(await raw(zh, `${C}/submit`, JSON.stringify({ remark: 'x'.repeat(2 * 1024 * 1024) }))).toEqual({
        status: 413,
        body: { code: 413, success: false, data: null, msg: '请求体过大（不能超过1 MB）' },
      });
    });
  });
});
