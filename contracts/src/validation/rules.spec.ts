import { z } from 'zod';
import { checkIdCard, checkMobile, checkPlate, isEmpty } from './rules';
import { formatIssues } from './format';
import { consignmentContentSchema, submitConsignmentBodySchema } from '../transport/consignment';

describe('emptiness (spec 01 section 5)', () => {
  it.each([[[]], [{}], [''], [null], [undefined], ['null'], ['undefined']])('%p is empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([[0], [false], [true], [' '], [[0]], [{ a: 1 }], ['x']])('%p is not empty', (v) => expect(isEmpty(v)).toBe(false));
});

describe('mobile', () => {
  it.each([
    ['', 'validation.mobile.empty'],
    ['1380013800', 'validation.mobile.length'],
    ['138001380001', 'validation.mobile.length'],
    ['12800138000', 'validation.mobile.format'],
    ['1380013800a', 'validation.mobile.format'],
  ])('%p -> %s', (v, key) => expect(checkMobile(v)).toEqual({ ok: false, key }));
  it('accepts 13800138000', () => expect(checkMobile('13800138000')).toEqual({ ok: true }));
});

describe('car plate: 7 ordinary, 8 new energy', () => {
  it.each(['沪A12345', '京B1234学', '粤BD12345', '沪AD12345'])('accepts %s', (v) => expect(checkPlate(v).ok).toBe(true));
  it.each([
    ['', 'validation.plate.empty'],
    ['沪A1234', 'validation.plate.length'],
    ['沪A1234567', 'validation.plate.length'],
    ['AA12345', 'validation.plate.format'],
    ['沪I12345', 'validation.plate.format'],
  ])('%p -> %s', (v, key) => expect(checkPlate(v)).toEqual({ ok: false, key }));
});

describe('resident ID card', () => {
  it('accepts a card with the right check digit', () => expect(checkIdCard('11010519491231002X')).toEqual({ ok: true }));
  it.each([
    ['', 'validation.idCard.empty'],
    ['1101051949123100', 'validation.idCard.length'],
    ['1101051949123100Y2', 'validation.idCard.format'],
    ['99010519491231002X', 'validation.idCard.region'],
    ['110105194912310021', 'validation.idCard.checkDigit'],
  ])('%p -> %s', (v, key) => expect(checkIdCard(v)).toEqual({ ok: false, key }));
});

describe('consignment content messages', () => {
  const valid = {
    billDate: '2026-11-23',
    customerCode: 'C001',
    consignor: { name: 'A', linkman: 'B', mobile: '13800138000', address: 'C' },
    consignee: { name: 'D', linkman: 'E', mobile: '13900139000', address: 'F' },
    deliveryMode: 'HOME_DELIVERY',
    plannedDate: '2026-11-24',
    lines: [{ materialCode: 'M1', name: 'Rice', qty: 1 }],
  };
  const messages = (input: unknown, lang: 'zh' | 'en' | 'mo' = 'zh', schema: z.ZodType = consignmentContentSchema) => {
    const r = schema.safeParse(input);
    return r.success ? [] : formatIssues(r.error.issues, 'consignment', lang).map((f) => f.message);
  };

  it('accepts a valid order', () => expect(messages(valid)).toEqual([]));
  it('asks to input a missing text and to select a missing choice', () => {
    expect(messages({ ...valid, customerCode: undefined })).toEqual(['请输入客户编码']);
    expect(messages({ ...valid, deliveryMode: '' })).toEqual(['请选择配送方式']);
    expect(messages({ ...valid, deliveryMode: undefined }, 'en')).toEqual(['Please select Delivery mode']);
  });
  it('refuses empty details', () => expect(messages({ ...valid, lines: [] })).toEqual(['明细不能为空']));
  it('names the line and field of a bad line', () =>
    expect(messages({ ...valid, lines: [valid.lines[0], { materialCode: '', name: 'x', qty: 1 }] }, 'en')).toEqual(['Please input Line 2 Material code']));
  it('refuses a planned date before the bill date', () =>
    expect(messages({ ...valid, plannedDate: '2026-11-22' }, 'mo')).toEqual(['計劃日期不能早於單據日期']));
  it('requires the version when an id is given', () =>
    expect(messages({ ...valid, id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11' }, 'en', submitConsignmentBodySchema)).toEqual(['Please input Version']));
});
