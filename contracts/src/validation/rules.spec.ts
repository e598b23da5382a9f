import { z } from 'zod';
import { checkIdCard, checkMobile, checkPlate, idCardSchema, isEmpty, plateSchema } from './rules';
import { translate } from '../i18n/messages';
import { formatIssues } from '../i18n/format';
import { consignmentDocument, documentContentSchemaOf, documentSubmitSchemaOf } from '../documents';

const consignmentContentSchema = documentContentSchemaOf(consignmentDocument);
const submitConsignmentBodySchema = documentSubmitSchemaOf(consignmentDocument);

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
  it.each([
    ['沪A12345', 'ordinary'],
    ['京B1234学', 'ordinary, coach'],
    ['粤BD12345', 'new energy (small car: D after the city letter)'],
    ['沪AD12345', 'new energy'],
    ['苏E12345F', 'new energy (large vehicle: letter last)'],
    ['沪a12345', 'typed in lower case (stored upper-case)'],
  ])('accepts %s (%s)', (v) => expect(checkPlate(v).ok).toBe(true));
  it.each([
    ['', 'validation.plate.empty'],
    ['ABC', 'validation.plate.length'],
    ['沪A1234', 'validation.plate.length'],
    ['沪A1234567', 'validation.plate.length'],
    ['AA12345', 'validation.plate.format'],
    ['港A12345', 'validation.plate.format'],
    ['X沪12345', 'validation.plate.format'],
    ['沪I12345', 'validation.plate.format'],
    ['沪A1O345', 'validation.plate.format'],
    ['沪AI23456', 'validation.plate.format'],
  ])('%p -> %s', (v, key) => expect(checkPlate(v)).toEqual({ ok: false, key }));
  it('stores a plate upper-case', () => expect(plateSchema.parse(' 沪a12345 ')).toBe('沪A12345'));
});

describe('resident ID card (GB 11643)', () => {
  // the check digit worked out here from the standard, not by the code under test
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const withCheck = (first17: string) => first17 + '10X98765432'[[...first17].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11];
  const wrongCheck = (first17: string) => {
    const right = withCheck(first17).slice(-1);
    return first17 + (right === '0' ? '1' : '0');
  };
  const TODAY = '2026-11-23';

  it.each([
    ['11010519491231002X', 'the published sample (Beijing Chaoyang, 1949-12-31)'],
    [withCheck('44030819990101001'), 'Shenzhen, 1999-01-01'],
    [withCheck('31011520000229123'), 'Shanghai Pudong, born on 29 February of the leap year 2000'],
    [withCheck('65010219000101004'), 'born 1900-01-01, the earliest accepted'],
    [withCheck('81000020261123005'), 'Hong Kong resident, born today'],
  ])('accepts %s (%s)', (v) => expect(checkIdCard(v, TODAY)).toEqual({ ok: true }));

  it('reads a lower-case x as X and stores it upper-case', () => {
    expect(checkIdCard('11010519491231002x', TODAY)).toEqual({ ok: true });
    expect(idCardSchema.parse('11010519491231002x')).toBe('11010519491231002X');
  });

  it.each([
    ['', 'validation.idCard.empty', 'empty'],
    ['123', 'validation.idCard.length', 'too short'],
    ['1101051949123100', 'validation.idCard.length', 'the old 15/16-digit form'],
    [`${withCheck('11010519491231002')}1`, 'validation.idCard.length', 'too long'],
    ['1101051949123100Y2', 'validation.idCard.format', 'a letter inside'],
    ['X10105194912310021', 'validation.idCard.format', 'X not last'],
    [withCheck('99010519491231002'), 'validation.idCard.region', 'region 99'],
    [withCheck('00010519491231002'), 'validation.idCard.region', 'region 00'],
    [withCheck('11010519900230002'), 'validation.idCard.birthDate', '30 February'],
    [withCheck('11010519000229002'), 'validation.idCard.birthDate', '29 February 1900 (not a leap year)'],
    [withCheck('11010519901301002'), 'validation.idCard.birthDate', 'month 13'],
    [withCheck('11010519900100002'), 'validation.idCard.birthDate', 'day 0'],
    [withCheck('11010520261124002'), 'validation.idCard.birthDate', 'born tomorrow'],
    [withCheck('11010520990101002'), 'validation.idCard.birthDate', 'born in 2099'],
    [withCheck('11010518991231002'), 'validation.idCard.birthDate', 'born in 1899'],
    [wrongCheck('11010519491231002'), 'validation.idCard.checkDigit', 'wrong check digit'],
    [wrongCheck('44030819990101001'), 'validation.idCard.checkDigit', 'wrong check digit'],
  ])('%p -> %s (%s)', (v, key) => expect(checkIdCard(v, TODAY)).toEqual({ ok: false, key }));

  it('has a message of its own for each rule, in every language', () => {
    const keys = ['empty', 'length', 'format', 'region', 'birthDate', 'checkDigit'].map((k) => `validation.idCard.${k}`);
    for (const lang of ['zh', 'en', 'mo'] as const) {
      const texts = keys.map((k) => translate(lang, k, { label: 'ID' }));
      expect(new Set(texts).size).toBe(keys.length);
      for (const [i, text] of texts.entries()) expect(text).not.toBe(keys[i]);
    }
  });
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
    // a customer is picked (a reference): "please select"
    expect(messages({ ...valid, customerCode: undefined })).toEqual(['请选择客户编码']);
    expect(messages({ ...valid, consignee: { ...valid.consignee, name: '' } })).toEqual(['请输入收货方名称']);
    expect(messages({ ...valid, deliveryMode: '' })).toEqual(['请选择配送方式']);
    expect(messages({ ...valid, deliveryMode: undefined }, 'en')).toEqual(['Please select Delivery mode']);
  });
  it('asks for a quantity left empty instead of describing its form, when it knows the input', () => {
    const withInput = (input: unknown, lang: 'zh' | 'en') => {
      const r = consignmentContentSchema.safeParse(input);
      return r.success ? [] : formatIssues(r.error.issues, 'consignment', lang, input).map((f) => f.message);
    };
    expect(withInput({ ...valid, lines: [{ materialCode: 'M1', name: 'Rice' }] }, 'zh')).toEqual(['请输入明细第1行 数量']);
    expect(withInput({ ...valid, lines: [{ materialCode: 'M1', name: 'Rice', qty: null }] }, 'en')).toEqual(['Please input Line 1 Quantity']);
    expect(withInput({ ...valid, lines: [{ materialCode: 'M1', name: 'Rice', qty: 'lots' }] }, 'en')).toEqual(['Line 1 Quantity must be a number']);
    expect(withInput({ ...valid, lines: [{ materialCode: 'M1', name: 'Rice', qty: 0 }] }, 'en')).toEqual(['Line 1 Quantity must be greater than 0']);
  });
  it('refuses empty details', () => expect(messages({ ...valid, lines: [] })).toEqual(['明细或作业项不能为空']));
  it('names the line and field of a bad line', () =>
    expect(messages({ ...valid, lines: [valid.lines[0], { materialCode: '', name: 'x', qty: 1 }] }, 'en')).toEqual(['Please select Line 2 Material code']));
  it('refuses a planned date before the bill date', () =>
    expect(messages({ ...valid, plannedDate: '2026-11-22' }, 'mo')).toEqual(['計劃日期不能早於單據日期']));
  it('requires the version when an id is given', () =>
    expect(messages({ ...valid, id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11' }, 'en', submitConsignmentBodySchema)).toEqual(['Please input Version']));
});
