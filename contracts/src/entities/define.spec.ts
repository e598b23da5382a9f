import { z } from 'zod';
import { formatIssues } from '../i18n/format';
import { consignmentDocument, documentContentSchemaOf, documentContentShapeOf } from '../documents';
import { INVALID_FIELD, referenceEntityOf } from './references';
import { resources } from '../i18n/messages';
import {
  dataSchemaOf,
  defineEntity,
  flag,
  listColumns,
  listQuerySchemaOf,
  num,
  oneOf,
  password,
  ref,
  rows,
  sortableFields,
  submitSchemaOf,
  text,
  date,
} from './define';
import { entities } from './registry';
import { actionsOf, buttonCode, holds, mayManageIn } from '../api/access';

const gadget = defineEntity({
  name: 'material',
  service: 'bl-basic',
  title: ['物料', 'Material', '物料'],
  codeField: 'code',
  nameField: 'name',
  passwordOnCreate: ['secret'],
  fields: {
    code: text(['物料编码', 'Material code', '物料編碼'], { required: true, max: 10 }),
    name: text(['物料名称', 'Material name', '物料名稱'], { required: true, filter: true }),
    kind: oneOf(['类型', 'Kind', '類型'], { A: ['甲', 'A', '甲'], B: ['乙', 'B', '乙'] }, { required: true }),
    gross: num(['毛重(kg)', 'Gross weight (kg)', '毛重(kg)'], 'weight'),
    ratio: num(['比例', 'Ratio', '比例'], 'percent'),
    active: flag(['启用', 'Active', '啟用']),
    since: date(['日期', 'Since', '日期'], { required: true, filter: true }),
    unitCode: ref(['单位', 'Unit', '單位'], 'unit'),
    secret: password(['密码', 'Password', '密碼']),
    parts: rows(['部件', 'Parts', '部件'], { part: text(['部件', 'Part', '部件'], { required: true }) }),
  },
});

/** labels come from the registered entity of that name; a field it does not label is never named by its key */
const messages = (input: unknown, lang: 'zh' | 'en' = 'zh') => {
  const r = submitSchemaOf(gadget).safeParse(input);
  return r.success ? [] : formatIssues(r.error.issues, 'material', lang).map((f) => f.message);
};
const valid = { code: 'G1', name: 'Gadget', kind: 'A', since: '2026-11-23', secret: 's3cret' };

describe('entity descriptions drive the schemas', () => {
  it('accepts a valid record and coerces numbers and flags from form or sheet values', () => {
    const r = submitSchemaOf(gadget).parse({ ...valid, gross: '12.5', active: '1', parts: [{ part: 'lid' }] });
    expect(r.data).toMatchObject({ gross: 12.5, active: 1, parts: [{ part: 'lid' }] });
    expect(r.id).toBeUndefined();
  });

  it('asks to input a missing text, to select a missing choice or date, in the spec wording', () => {
    expect(messages({ ...valid, code: '' })).toEqual(['请输入物料编码']);
    expect(messages({ ...valid, unitCode: '' , kind: 'A' })).toEqual([]);
    // kind and since are not fields of the registered material: no label, so no internal key either
    expect(messages({ ...valid, kind: undefined })).toEqual(['请求体格式不正确']);
    expect(messages({ ...valid, since: undefined }, 'en')).toEqual(['The request body is not in the expected format']);
  });

  it('names the broken bound, and a percentage as such', () => {
    expect(messages({ ...valid, code: 'x'.repeat(11) }, 'en')).toEqual(['Material code must be at most 10 characters']);
    expect(messages({ ...valid, gross: -1 }, 'en')).toEqual(['Gross weight (kg) cannot be negative']);
    expect(messages({ ...valid, gross: 1e12 }, 'en')).toEqual(['Gross weight (kg) cannot be greater than 999999999.999']);
    expect(messages({ ...valid, gross: 0.0001 }, 'zh')).toEqual(['毛重(kg)最多保留3位小数']);
    expect(messages({ ...valid, gross: 'heavy' }, 'en')).toEqual(['Gross weight (kg) must be a number']);
    expect(submitSchemaOf(gadget).safeParse({ ...valid, ratio: 101 }).error?.issues[0]?.message).toBe('validation.percent');
  });

  it('checks a password against its confirmation and requires it on create only', () => {
    expect(messages({ ...valid, secret2: 'other' })).toEqual(['两次密码输入不一致']);
    expect(messages({ ...valid, secret: undefined }, 'en')).toEqual(['The request body is not in the expected format']);
    expect(messages({ ...valid, secret: undefined, id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11', version: 2 })).toEqual([]);
  });

  it('drops what the server owns: tenant and common columns', () => {
    const r = submitSchemaOf(gadget).parse({ ...valid, tenantId: '999999', createUser: 'me', isDeleted: 1 });
    expect(r.data).not.toHaveProperty('tenantId');
    expect(r.data).not.toHaveProperty('createUser');
  });

  it('derives filters, date ranges, sorts and columns', () => {
    const q = listQuerySchemaOf(gadget).parse({ name: 'Ga', sinceFrom: '2026-01-01', sort: 'gross', order: 'desc' });
    expect(q).toMatchObject({ current: 1, size: 20, name: 'Ga', sinceFrom: '2026-01-01', sort: 'gross', order: 'desc' });
    expect(listQuerySchemaOf(gadget).safeParse({ sort: 'secret' }).success).toBe(false);
    expect(listQuerySchemaOf(gadget).parse({ parent: '' }).parent).toBe('');
    expect(sortableFields(gadget)).not.toContain('secret');
    expect(listColumns(gadget)).not.toContain('parts');
    expect(dataSchemaOf(gadget).safeParse({ ...valid }).success).toBe(true);
  });

  it('gives every registered entity labels in zh, en and mo, and a button code per command', () => {
    for (const def of entities) {
      for (const lang of ['zh', 'en', 'mo'] as const) {
        const tree = resources[lang] as Record<string, { title?: string }>;
        expect(tree[def.name]?.title).toBeTruthy();
      }
      expect(actionsOf(def).map((a) => buttonCode(def, a))).toEqual(expect.arrayContaining([`${def.name}_add`, `${def.name}_edit`, `${def.name}_delete`, `${def.name}_import`, `${def.name}_export`]));
    }
    expect(actionsOf({ passwordOnCreate: ['password'] })).toContain('reset_password');
    expect(actionsOf({})).not.toContain('reset_password');
    // domain login only where records may opt in to it (the user's domainLogin flag)
    expect(actionsOf({ domainLogin: 'domainLogin' })).toContain('domain_login');
    expect(actionsOf({ passwordOnCreate: ['password'] })).not.toContain('domain_login');
    expect(mayManageIn(entities.find((d) => d.name === 'tenant')!, '100001')).toBe(false);
    expect(mayManageIn(entities.find((d) => d.name === 'tenant')!, '000000')).toBe(true);
    expect(mayManageIn(entities.find((d) => d.name === 'material')!, '100001')).toBe(true);
    // the tenant registry is the only entity managed from the platform tenant alone
    expect(entities.filter((d) => d.platformOnly).map((d) => d.name)).toEqual(['tenant']);
    expect(holds(new Set(['material_add']), 'material_add')).toBe(true);
    expect(holds(new Set(['material_add']), 'material_edit')).toBe(false);
    expect(holds(new Set(['*']), 'material_edit')).toBe(true);
    expect(holds({ '*': true }, 'user_add')).toBe(true);
    expect(holds({}, 'user_add')).toBe(false);
  });

  it('validates data scopes: a known resource, a column that fits the type, custom values', () => {
    const ds = entities.find((d) => d.name === 'datascope')!;
    const ok = (d: Record<string, unknown>) => dataSchemaOf(ds).safeParse({ scopeCode: 'S', scopeName: 'S', ...d });
    expect(ok({ resourceCode: 'material', scopeType: '2' }).success).toBe(true);
    expect(ok({ resourceCode: '*', scopeType: '4' }).success).toBe(true);
    expect(ok({ resourceCode: 'consignment', scopeType: '3', scopeColumn: 'createDept' }).success).toBe(true);
    expect(ok({ resourceCode: 'nothing', scopeType: '1' }).error?.issues[0]).toMatchObject({ path: ['resourceCode'], message: 'validation.unknownResource' });
    expect(ok({ resourceCode: 'material', scopeType: '2', scopeColumn: 'createDept' }).error?.issues[0]).toMatchObject({ path: ['scopeColumn'] });
    expect(ok({ resourceCode: 'material', scopeType: '4', scopeColumn: 'createUser' }).success).toBe(false);
    expect(ok({ resourceCode: 'material', scopeType: '5' }).error?.issues[0]).toMatchObject({ path: ['scopeDepts'], message: 'validation.requiredSelect' });
    expect(ok({ resourceCode: 'material', scopeType: '5', scopeColumn: 'createUser' }).error?.issues[0]).toMatchObject({ path: ['scopeUsers'] });
    expect(ok({ resourceCode: 'material', scopeType: '5', scopeDepts: ['D1'] }).success).toBe(true);
    expect(ok({ resourceCode: 'material', scopeType: '6' }).success).toBe(false);
  });
});

describe('spec rules where the records say they are (issue 11)', () => {
  const submit = (name: string, input: Record<string, unknown>, lang: 'zh' | 'en' | 'mo' = 'en') => {
    const def = entities.find((d) => d.name === name)!;
    const r = submitSchemaOf(def).safeParse(input);
    return r.success ? { data: r.data.data, messages: [] } : { data: undefined, messages: formatIssues(r.error.issues, name, lang).map((f) => f.message) };
  };
  const car = { carType: 'VAN' };
  const driver = { code: 'D9', name: 'Zhao Lei', mobile: '13700137000' };

  it("checks the vehicle's plate (kind plate) and stores it upper-case", () => {
    expect(entities.find((d) => d.name === 'basiccar')!.fields.carNo!.kind).toBe('plate');
    expect(submit('basiccar', { ...car, carNo: 'ABC' }).messages).toEqual(['Plate number must be 7 characters (ordinary) or 8 (new energy)']);
    expect(submit('basiccar', { ...car, carNo: '沪I12345' }, 'zh').messages).toEqual(['车牌号格式不正确']);
    expect(submit('basiccar', { ...car, carNo: '' }, 'mo').messages).toEqual(['請輸入車牌號碼']);
    expect(submit('basiccar', { ...car, carNo: '沪bd12345' }).data).toMatchObject({ carNo: '沪BD12345' });
  });

  it("checks the driver's ID card (kind idCard): each rule with its own message; empty is allowed", () => {
    expect(entities.find((d) => d.name === 'basicdriver')!.fields.idCard!.kind).toBe('idCard');
    expect(submit('basicdriver', { ...driver, idCard: '123' }).messages).toEqual(['ID card number must be 18 characters']);
    expect(submit('basicdriver', { ...driver, idCard: '990105194912310021' }, 'zh').messages).toEqual(['身份证号地区码不正确']);
    expect(submit('basicdriver', { ...driver, idCard: '110105199002300021' }).messages).toEqual([
      'ID card number has an impossible birth date (a real day, not in the future, not before 1900)',
    ]);
    expect(submit('basicdriver', { ...driver, idCard: '110105194912310021' }, 'mo').messages).toEqual(['身份證號碼校驗位不正確']);
    expect(submit('basicdriver', { ...driver, idCard: '11010519491231002x' }).data).toMatchObject({ idCard: '11010519491231002X' });
    expect(submit('basicdriver', { ...driver, idCard: '' }).data?.idCard).toBeUndefined();
    expect(submit('basicdriver', { ...driver, idCard: '' }).messages).toEqual([]);
  });

  it('gives the records documents refer to an invalid flag (spec: 0 valid, 1 invalid)', () => {
    for (const name of ['customer', 'material', 'unit', 'basiccar', 'basicdriver', 'basiccarrier', 'basicline', 'warehousearea', 'warehouseplace']) {
      expect(entities.find((d) => d.name === name)!.fields[INVALID_FIELD]).toMatchObject({ kind: 'flag', filter: true });
    }
  });

  it("describes the consignment order's codes as references the console can read", () => {
    const shape = documentContentShapeOf(consignmentDocument);
    expect(referenceEntityOf(shape.customerCode!)).toBe('customer');
    expect(referenceEntityOf(shape.remark!)).toBeUndefined();
    const json = JSON.stringify(z.toJSONSchema(documentContentSchemaOf(consignmentDocument), { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }));
    expect(json).toContain('"x-reference":"customer"');
    expect(json).toContain('"x-reference":"material"');
  });
});
