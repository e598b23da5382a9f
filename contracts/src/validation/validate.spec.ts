import { z } from 'zod';
import { formatIssues } from '../i18n/format';
import { ValidationError, badText, badTextPath, parseOrThrow, queryAndBody } from './validate';

const wording = (fn: () => unknown, entity = 'consignment', lang: 'zh' | 'en' | 'mo' = 'en') => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return formatIssues(e.issues, entity, lang).map((f) => f.message);
    throw e;
  }
  return [];
};

describe('text PostgreSQL can store', () => {
  it.each([
    ['a lone high surrogate', '\ud800', 'validation.unicode'],
    ['a lone low surrogate inside text', 'a\udc00b', 'validation.unicode'],
    ['a low then a high surrogate (not a pair)', '\udc00\ud800', 'validation.unicode'],
    ['a NUL', 'a\u0000b', 'validation.invalid'],
  ])('refuses %s', (_n, s, key) => {
    expect(badText(s)).toBe(key);
  });

  it.each([['plain text', 'Keep dry'], ['Chinese', '送货上门'], ['an emoji (a surrogate pair)', 'ok 🚚'], ['empty', '']])('accepts %s', (_n, s) => {
    expect(badText(s)).toBeUndefined();
  });

  it('finds the first bad string with its path, in nested objects, arrays and keys', () => {
    expect(badTextPath({ a: 'x', lines: [{ name: 'ok' }, { name: 'b\ud800' }] })).toEqual({ path: ['lines', 1, 'name'], key: 'validation.unicode' });
    expect(badTextPath({ ['k\udfff']: 1 })).toEqual({ path: [], key: 'validation.malformedBody' });
    expect(badTextPath(['\ud800'])).toEqual({ path: [0], key: 'validation.unicode' });
    expect(badTextPath({ a: 1, b: null, c: true })).toBeUndefined();
  });

  it('parseOrThrow names the field in the user language before the schema runs', () => {
    const schema = z.object({ remark: z.string() });
    expect(wording(() => parseOrThrow(schema, { remark: 'x\ud800' }, 'consignment'))).toEqual(['Remark contains an unreadable character (a broken Unicode sequence)']);
    expect(wording(() => parseOrThrow(schema, { remark: 'x\ud800' }, 'consignment'), 'consignment', 'zh')).toEqual(['备注含有无法识别的字符（不完整的Unicode编码）']);
    expect(wording(() => parseOrThrow(schema, { lines: [{ qty: 1, name: '\udc00' }] }, 'consignment'))).toEqual([
      'Line 1 Material name contains an unreadable character (a broken Unicode sequence)',
    ]);
    // a field without a label: the request is said to be unreadable, its key is never shown
    expect(wording(() => parseOrThrow(schema, { zzz: '\ud800' }, 'consignment'))).toEqual(['The request contains an unreadable character (a broken Unicode sequence)']);
  });
});

describe('bodies of the wrong shape', () => {
  const schema = z.object({ billDate: z.string({ error: 'validation.required' }) });
  it.each([
    ['an array', []],
    ['a string', 'x'],
    ['a number', 7],
    ['null', null],
  ])('%s where an object is expected says the body is malformed, never the entity key', (_n, body) => {
    expect(wording(() => parseOrThrow(schema, body, 'consignment'))).toEqual(['The request body is not in the expected format']);
    expect(wording(() => parseOrThrow(schema, body, 'lgagreement'), 'lgagreement', 'zh')).toEqual(['请求体格式不正确']);
    expect(wording(() => parseOrThrow(schema, body, 'errorLog'), 'errorLog', 'mo')).toEqual(['請求內容格式不正確']);
  });

  it('a field that is missing is still asked for by its label', () => {
    expect(wording(() => parseOrThrow(schema, {}, 'consignment'), 'consignment', 'zh')).toEqual(['请输入单据日期']);
  });

  it('query-or-body calls merge the two, and refuse a body that is not an object', () => {
    expect(queryAndBody({ id: 'a' }, { version: 2 }, 'consignment')).toEqual({ id: 'a', version: 2 });
    expect(queryAndBody({ id: 'a' }, undefined, 'consignment')).toEqual({ id: 'a' });
    for (const body of [[], 'x', 7, null]) expect(wording(() => queryAndBody({}, body, 'consignment'))).toEqual(['The request body is not in the expected format']);
  });
});
