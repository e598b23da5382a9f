import ExcelJS from 'exceljs';
import type { ConsignmentListRow, Page } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

type Written = { id: string; version: number };
type ImportErrors = { errors: { row: number; field: string; message: string }[]; total: number; reportId: string };
const C = '/api/bl-transport/consignment';
const MATERIAL = '/api/bl-basic/material';
const CUSTOMER = '/api/bl-basic/customer';

/** An .xlsx whose first row holds the field keys (headers match by key or by label). */
const xlsx = async (rows: Record<string, unknown>[]): Promise<Blob> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('data');
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  sheet.addRow(keys);
  for (const r of rows) sheet.addRow(keys.map((k) => r[k] ?? null));
  for (let i = 1; i <= keys.length; i++) sheet.getColumn(i).numFmt = '@';
  return new Blob([await wb.xlsx.writeBuffer()]);
};

/**
 * Issue 11 items 3 and 4: every code that names a record must name a live, valid record of
 * the tenant (entity records, consignment orders, imports), and the vehicle's plate and the
 * driver's ID card follow the spec's rules; on both stores.
 */
describe.each(DOMAIN_STORES)('references and record rules on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let dispatcher: ApiClient;

  const importFile = async (path: string, rows: Record<string, unknown>[], lang = 'en') => {
    const form = new FormData();
    form.append('file', await xlsx(rows), 'rows.xlsx');
    const res = await fetch(`${t.url}${path}/import`, { method: 'POST', headers: admin.headers({ 'Accept-Language': lang }), body: form });
    return { status: res.status, body: (await res.json()) as { msg: string; data: unknown } };
  };

  beforeAll(async () => {
    t = await startTestHost(kind);
    admin = await t.client().as('100001', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
    // a unit and a customer that are retired: marked invalid (they stay, documents may still name them)
    data(await admin.post('/api/bl-basic/unit/submit', { code: 'OLDU', name: 'Retired unit', type: 'QUANTITY', rate: 1, invalid: 1 }));
    data(await admin.post(CUSTOMER + '/submit', { code: 'C-GONE', name: 'Former customer', invalid: 1 }));
    data(await admin.post(CUSTOMER + '/submit', { code: 'C-OK', name: 'Current customer', invalid: 0 }));
  }, 300_000);
  afterAll(async () => t?.stop());

  describe('entity records', () => {
    const material = (code: string, unitCode: string) => ({ code, name: `Material ${code}`, categoryCode: 'FOOD', unitCode });

    it('refuses an unknown code with a 400 naming the field and the code, in the caller language', async () => {
      const en = await admin.post(MATERIAL + '/submit', material('MX1', 'NOPE'));
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe('Unit "NOPE" does not exist');
      const zh = await admin.post(MATERIAL + '/submit', material('MX1', 'NOPE'), { 'Accept-Language': 'zh-CN' });
      expect(zh.body.msg).toBe('计量单位「NOPE」不存在');
      const mo = await admin.post(MATERIAL + '/submit', material('MX1', 'NOPE'), { 'Accept-Language': 'zh-TW' });
      expect(mo.body.msg).toBe('計量單位「NOPE」不存在');
      // nothing written
      expect(data(await admin.get<Page<unknown>>(`${MATERIAL}/list?code=MX1`)).total).toBe(0);
    });

    it('refuses a code naming a record marked invalid (invalid = 1)', async () => {
      const en = await admin.post(MATERIAL + '/submit', material('MX2', 'OLDU'));
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe('Unit "OLDU" is marked invalid and cannot be chosen');
      const zh = await admin.post(MATERIAL + '/submit', material('MX2', 'OLDU'), { 'Accept-Language': 'zh-CN' });
      expect(zh.body.msg).toBe('计量单位「OLDU」已作废，不能选用');
      const mo = await admin.post(MATERIAL + '/submit', material('MX2', 'OLDU'), { 'Accept-Language': 'zh-TW' });
      expect(mo.body.msg).toBe('計量單位「OLDU」已作廢，不能選用');
      // the warehouse place's reserved owner is a reference too
      const place = await admin.post('/api/bl-basic/warehouseplace/submit', { code: 'P-X', warehouseAreaCode: 'NO-AREA', customerCode: 'C-GONE' });
      expect(place.status).toBe(400);
      expect(place.body.msg).toBe('Warehouse area "NO-AREA" does not exist; Reserved for owner "C-GONE" is marked invalid and cannot be chosen');
    });

    it('accepts valid references; an edit may keep a reference retired since, not choose one', async () => {
      const made = await admin.post<Written>(MATERIAL + '/submit', material('MX3', 'PCS'));
      expect(made.status).toBe(200);
      data(await admin.post('/api/bl-basic/unit/submit', { code: 'LATER', name: 'Retired later', type: 'QUANTITY', rate: 1 }));
      const withLater = data(await admin.post<Written>(MATERIAL + '/submit', { ...material('MX3', 'LATER'), id: made.body.data.id, version: made.body.data.version }));
      const unit = data(await admin.get<Page<{ id: string; version: number }>>('/api/bl-basic/unit/list?code=LATER')).records[0]!;
      data(await admin.post('/api/bl-basic/unit/submit', { code: 'LATER', name: 'Retired later', type: 'QUANTITY', rate: 1, invalid: 1, id: unit.id, version: unit.version }));
      // the price changes; the unit it already had stays although it was retired since
      const kept = await admin.post<Written>(MATERIAL + '/submit', { ...material('MX3', 'LATER'), price: 9.5, id: withLater.id, version: withLater.version });
      expect(kept.status).toBe(200);
      const chosen = await admin.post(MATERIAL + '/submit', { ...material('MX3', 'OLDU'), id: withLater.id, version: kept.body.data.version });
      expect(chosen.status).toBe(400);
      expect(chosen.body.msg).toBe('Unit "OLDU" is marked invalid and cannot be chosen');
    });

    it('lists the records that may be chosen with invalid=0 (a flag never set counts as 0)', async () => {
      const codes = (q: string) => admin.get<Page<{ code: string }>>(`/api/bl-basic/unit/list?size=50&${q}`).then((a) => data(a).records.map((r) => r.code));
      expect(await codes('invalid=0')).toEqual(expect.arrayContaining(['PCS']));
      expect(await codes('invalid=0')).not.toContain('OLDU');
      expect(await codes('invalid=1')).toEqual(expect.arrayContaining(['OLDU']));
    });

    it('checks the same on import and reports each failing row, writing nothing', async () => {
      const res = await importFile(MATERIAL, [
        material('MI1', 'PCS'),
        material('MI2', 'NOPE'),
        material('MI3', 'OLDU'),
        { ...material('MI4', 'PCS'), categoryCode: 'NO-CAT' },
      ]);
      expect(res.status).toBe(400);
      const report = res.body.data as ImportErrors;
      expect(report.errors).toEqual([
        { row: 3, field: 'unitCode', message: 'Unit "NOPE" does not exist' },
        { row: 4, field: 'unitCode', message: 'Unit "OLDU" is marked invalid and cannot be chosen' },
        { row: 5, field: 'categoryCode', message: 'Category "NO-CAT" does not exist' },
      ]);
      expect(data(await admin.get<Page<unknown>>(`${MATERIAL}/list?code=MI`)).total).toBe(0);
      const zh = await importFile(MATERIAL, [material('MI2', 'OLDU')], 'zh-CN');
      expect((zh.body.data as ImportErrors).errors[0]).toMatchObject({ row: 2, message: '计量单位「OLDU」已作废，不能选用' });
      const good = await importFile(MATERIAL, [material('MI1', 'PCS'), material('MI2', 'PCS')]);
      expect(good.status).toBe(200);
      expect(good.body.data).toEqual({ imported: 2 });
    });
  });

  describe('consignment orders', () => {
    const count = async () => data(await dispatcher.get<Page<ConsignmentListRow>>(`${C}/list?size=10`)).total;

    it('refuses an unknown customer (C999) with a 400 naming the field and the code, and writes nothing', async () => {
      const before = await count();
      const en = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C999' }));
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe('Customer code "C999" does not exist');
      const zh = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C999' }), { 'Accept-Language': 'zh-CN' });
      expect(zh.body.msg).toBe('客户编码「C999」不存在');
      const mo = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C999' }), { 'Accept-Language': 'zh-TW' });
      expect(mo.body.msg).toBe('客戶編碼「C999」不存在');
      expect(await count()).toBe(before);
    });

    it("refuses a line's unknown material, naming the line", async () => {
      const lines = [consignmentInput().lines[0], { materialCode: 'M999', name: 'Free text', qty: 1 }];
      const en = await dispatcher.post(`${C}/submit`, consignmentInput({ lines }));
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe('Line 2 Material code "M999" does not exist');
      const zh = await dispatcher.post(`${C}/submit`, consignmentInput({ lines }), { 'Accept-Language': 'zh-CN' });
      expect(zh.body.msg).toBe('明细第2行 物料编码「M999」不存在');
    });

    it('refuses a customer marked invalid; accepts a valid one', async () => {
      const gone = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-GONE' }));
      expect(gone.status).toBe(400);
      expect(gone.body.msg).toBe('Customer code "C-GONE" is marked invalid and cannot be chosen');
      const ok = await dispatcher.post<{ id: string; state: string }>(`${C}/submit`, consignmentInput({ customerCode: 'C-OK' }));
      expect(ok.status).toBe(200);
      expect(ok.body.data.state).toBe('Draft');
    });

    it('lets a draft keep a customer retired since, but not change to one; a stale edit is a 409 first', async () => {
      data(await admin.post(CUSTOMER + '/submit', { code: 'C-SOON', name: 'Retiring customer' }));
      const draft = data(await dispatcher.post<Written>(`${C}/submit`, consignmentInput({ customerCode: 'C-SOON' })));
      const row = data(await admin.get<Page<{ id: string; version: number }>>(`${CUSTOMER}/list?code=C-SOON`)).records[0]!;
      data(await admin.post(CUSTOMER + '/submit', { code: 'C-SOON', name: 'Retiring customer', invalid: 1, id: row.id, version: row.version }));
      const kept = await dispatcher.post<Written>(`${C}/submit`, consignmentInput({ customerCode: 'C-SOON', remark: 'Changed remark', id: draft.id, version: draft.version }));
      expect(kept.status).toBe(200);
      const changed = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-GONE', id: draft.id, version: kept.body.data.version }));
      expect(changed.status).toBe(400);
      expect(changed.body.msg).toBe('Customer code "C-GONE" is marked invalid and cannot be chosen');
      // the version check is the first wall: a stale edit is told so, whatever it names
      const stale = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C999', id: draft.id, version: draft.version }));
      expect(stale.status).toBe(409);
    });

    it('refuses at once a customer marked invalid after a draft named it (what the check kept is forgotten), and accepts it again once valid', async () => {
      data(await admin.post(CUSTOMER + '/submit', { code: 'C-FLIP', name: 'Flipping customer' }));
      // named twice: the second check answers from what the first found
      data(await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-FLIP' })));
      data(await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-FLIP' })));
      const row = data(await admin.get<Page<{ id: string; version: number }>>(`${CUSTOMER}/list?code=C-FLIP`)).records[0]!;
      const retired = data(await admin.post<Written>(CUSTOMER + '/submit', { code: 'C-FLIP', name: 'Flipping customer', invalid: 1, id: row.id, version: row.version }));
      const refused = await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-FLIP' }));
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('Customer code "C-FLIP" is marked invalid and cannot be chosen');
      data(await admin.post(CUSTOMER + '/submit', { code: 'C-FLIP', name: 'Flipping customer', invalid: 0, id: row.id, version: retired.version }));
      expect((await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C-FLIP' }))).status).toBe(200);
    });

    it("does not see another tenant's customers", async () => {
      const other = await t.client().as('100002', 'dispatcher');
      const r = await other.post(`${C}/submit`, consignmentInput({ customerCode: 'C-OK' }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Customer code "C-OK" does not exist');
    });
  });

  describe("the vehicle's plate and the driver's ID card", () => {
    const CAR = '/api/bl-transport/basiccar';
    const DRIVER = '/api/bl-transport/basicdriver';
    const driver = { code: 'DX1', name: 'Zhao Lei', mobile: '13700137000' };

    it('refuses plate ABC and a misformed plate, accepts 7 and 8 characters (stored upper-case)', async () => {
      const abc = await admin.post(`${CAR}/submit`, { carNo: 'ABC', carType: 'VAN' });
      expect(abc.status).toBe(400);
      expect(abc.body.msg).toBe('Plate number must be 7 characters (ordinary) or 8 (new energy)');
      const io = await admin.post(`${CAR}/submit`, { carNo: '沪AO1234', carType: 'VAN' }, { 'Accept-Language': 'zh-CN' });
      expect(io.body.msg).toBe('车牌号格式不正确');
      expect((await admin.post(`${CAR}/submit`, { carNo: '沪a77777', carType: 'VAN' })).status).toBe(200);
      expect((await admin.post(`${CAR}/submit`, { carNo: '沪AD77777', carType: 'VAN' })).status).toBe(200);
      const plates = data(await admin.get<Page<{ carNo: string }>>(`${CAR}/list?carNo=${encodeURIComponent('沪A')}`)).records.map((r) => r.carNo);
      expect(plates).toEqual(expect.arrayContaining(['沪A77777', '沪AD77777']));
    });

    it('refuses ID card 123 and a card with an impossible birth date, accepts a real one', async () => {
      const short = await admin.post(`${DRIVER}/submit`, { ...driver, idCard: '123' });
      expect(short.status).toBe(400);
      expect(short.body.msg).toBe('ID card number must be 18 characters');
      const feb30 = await admin.post(`${DRIVER}/submit`, { ...driver, idCard: '110105199002300021' }, { 'Accept-Language': 'zh-CN' });
      expect(feb30.body.msg).toBe('身份证号中的出生日期不正确（须是真实日期，不晚于今天，不早于1900年）');
      const check = await admin.post(`${DRIVER}/submit`, { ...driver, idCard: '110105194912310021' }, { 'Accept-Language': 'zh-TW' });
      expect(check.body.msg).toBe('身份證號碼校驗位不正確');
      const made = await admin.post<Written>(`${DRIVER}/submit`, { ...driver, idCard: '11010519491231002x' });
      expect(made.status).toBe(200);
      expect(data(await admin.get<{ idCard: string }>(`${DRIVER}/detail?id=${made.body.data.id}`)).idCard).toBe('11010519491231002X');
    });

    it('reads an all-digit ID card back as the text it is (detail, list, history)', async () => {
      const made = data(await admin.post<Written>(`${DRIVER}/submit`, { ...driver, code: 'DX2', idCard: '310115198503150027' }));
      expect(data(await admin.get<{ idCard: string }>(`${DRIVER}/detail?id=${made.id}`)).idCard).toBe('310115198503150027');
      expect(data(await admin.get<Page<{ idCard: string }>>(`${DRIVER}/list?code=DX2`)).records[0]!.idCard).toBe('310115198503150027');
      const history = data(await admin.get<{ data: { data: { idCard: string } } }[]>(`${DRIVER}/history?id=${made.id}`));
      expect(history[0]!.data.data.idCard).toBe('310115198503150027');
    });

    it('checks the same on import, reporting the rows', async () => {
      const res = await importFile(DRIVER, [
        { code: 'DI1', name: 'Good', mobile: '13700137001', idCard: '11010519491231002X' },
        { code: 'DI2', name: 'Short', mobile: '13700137002', idCard: '123' },
        { code: 'DI3', name: 'Future', mobile: '13700137003', idCard: '110105209901010021' },
      ]);
      expect(res.status).toBe(400);
      expect((res.body.data as ImportErrors).errors).toEqual([
        { row: 3, field: 'idCard', message: 'ID card number must be 18 characters' },
        { row: 4, field: 'idCard', message: 'ID card number has an impossible birth date (a real day, not in the future, not before 1900)' },
      ]);
      const cars = await importFile(CAR, [
        { carNo: '沪A66666', carType: 'VAN' },
        { carNo: 'ABC', carType: 'VAN' },
      ]);
      expect((cars.body.data as ImportErrors).errors).toEqual([{ row: 3, field: 'carNo', message: 'Plate number must be 7 characters (ordinary) or 8 (new energy)' }]);
    });
  });
});
