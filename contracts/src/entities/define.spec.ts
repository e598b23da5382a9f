import { formatIssues } from '../validation/format';
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
import { actionsOf, buttonCode, holds, mayManageIn } from '../authz/access';

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
    weight: num(['重量', 'Weight', '重量'], { min: 0 }),
    ratio: num(['比例', 'Ratio', '比例'], { min: 0, max: 100 }),
    active: flag(['启用', 'Active', '啟用']),
    since: date(['日期', 'Since', '日期'], { required: true, filter: true }),
    unitCode: ref(['单位', 'Unit', '單位'], 'unit'),
    secret: password(['密码', 'Password', '密碼']),
    parts: rows(['部件', 'Parts', '部件'], { part: text(['部件', 'Part', '部件'], { required: true }) }),
  },
});

/** labels come from the registered entity of that name; unregistered fields read as their key */
const messages = (input: unknown, lang: 'zh' | 'en' = 'zh') => {
  const r = submitSchemaOf(gadget).safeParse(input);
  return r.success ? [] : formatIssues(r.error.issues, 'material', lang).map((f) => f.message);
};
const valid = { code: 'G1', name: 'Gadget', kind: 'A', since: '2026-11-23', secret: 's3cret' };

describe('entity descriptions drive the schemas', () => {
  it('accepts a valid record and coerces numbers and flags from form or sheet values', () => {
    const r = submitSchemaOf(gadget).parse({ ...valid, weight: '12.5', active: '1', parts: [{ part: 'lid' }] });
    expect(r.data).toMatchObject({ weight: 12.5, active: 1, parts: [{ part: 'lid' }] });
    expect(r.id).toBeUndefined();
  });

  it('asks to input a missing text, to select a missing choice or date, in the spec wording', () => {
    expect(messages({ ...valid, code: '' })).toEqual(['请输入物料编码']);
    expect(messages({ ...valid, kind: undefined })).toEqual(['请选择kind']);
    expect(messages({ ...valid, since: undefined }, 'en')).toEqual(['Please select since']);
  });

  it('names the broken bound, and a percentage as such', () => {
    expect(messages({ ...valid, code: 'x'.repeat(11) }, 'en')).toEqual(['Material code must be at most 10 characters']);
    expect(messages({ ...valid, weight: -1 }, 'en')).toEqual(['weight cannot be negative']);
    expect(messages({ ...valid, ratio: 101 }, 'en')).toEqual(['ratio must be between 0 and 100']);
    expect(messages({ ...valid, weight: 'heavy' }, 'en')).toEqual(['weight must be a number']);
  });

  it('checks a password against its confirmation and requires it on create only', () => {
    expect(messages({ ...valid, secret2: 'other' })).toEqual(['两次密码输入不一致']);
    expect(messages({ ...valid, secret: undefined }, 'en')).toEqual(['Please input secret']);
    expect(messages({ ...valid, secret: undefined, id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11', version: 2 })).toEqual([]);
  });

  it('drops what the server owns: tenant and common columns', () => {
    const r = submitSchemaOf(gadget).parse({ ...valid, tenantId: '999999', createUser: 'me', isDeleted: 1 });
    expect(r.data).not.toHaveProperty('tenantId');
    expect(r.data).not.toHaveProperty('createUser');
  });

  it('derives filters, date ranges, sorts and columns', () => {
    const q = listQuerySchemaOf(gadget).parse({ name: 'Ga', sinceFrom: '2026-01-01', sort: 'weight', order: 'desc' });
    expect(q).toMatchObject({ current: 1, size: 20, name: 'Ga', sinceFrom: '2026-01-01', sort: 'weight', order: 'desc' });
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
    expect(mayManageIn({ name: 'tenant' }, '100001')).toBe(false);
    expect(mayManageIn({ name: 'tenant' }, '000000')).toBe(true);
    expect(mayManageIn({ name: 'material' }, '100001')).toBe(true);
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
