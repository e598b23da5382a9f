import { z } from 'zod';
import { NUMBER_KINDS, checkNumber, decimalPlaces, numberRule, numberSchema, numberKinds, outOfRange, sumDecimal } from './numbers';

const issueOf = (schema: z.ZodType, v: unknown) => {
  const r = z.object({ a: schema }).safeParse({ a: v });
  return r.success ? undefined : (r.error.issues[0] as { message: string; params?: Record<string, number> });
};

describe('number kinds', () => {
  it('every kind is exact: its bounds lie within 2^53 and its scale is fixed', () => {
    for (const k of numberKinds) {
      const { min, max, scale } = NUMBER_KINDS[k];
      expect(Math.abs(max) * 10 ** scale).toBeLessThan(Number.MAX_SAFE_INTEGER);
      expect(Math.abs(min) * 10 ** scale).toBeLessThan(Number.MAX_SAFE_INTEGER);
      expect(Number.isInteger(scale)).toBe(true);
    }
  });

  it('given a money field, accepts two decimals, as numbers or as numeric strings', () => {
    const s = numberSchema(numberRule('money'));
    expect(z.object({ a: s }).parse({ a: 12.34 })).toEqual({ a: 12.34 });
    expect(z.object({ a: s }).parse({ a: ' 12.5 ' })).toEqual({ a: 12.5 });
    expect(z.object({ a: s }).parse({ a: '1.10' })).toEqual({ a: 1.1 });
    expect(z.object({ a: s }).parse({ a: 0 })).toEqual({ a: 0 });
  });

  it.each([
    ['an integer beyond 2^53', 9007199254740993, 'validation.max'],
    ['1e308', 1e308, 'validation.max'],
    ['Infinity (1e400 parsed)', Infinity, 'validation.max'],
    ['"1e400" as text', '1e400', 'validation.max'],
    ['"9007199254740993" as text', '9007199254740993', 'validation.max'],
    ['1e-30', 1e-30, 'validation.scale'],
    ['three decimals', 1.234, 'validation.scale'],
    ['"0.001" as text', '0.001', 'validation.scale'],
    ['a negative amount', -1, 'validation.nonNegative'],
    ['text', 'abc', 'validation.number'],
    ['an array', [1], 'validation.number'],
    ['a boolean', true, 'validation.number'],
    ['NaN', NaN, 'validation.number'],
    ['null', null, 'validation.required'],
    ['empty text', '', 'validation.required'],
  ])('given a money field, refuses %s', (_name, v, key) => {
    expect(issueOf(numberSchema(numberRule('money')), v)?.message).toBe(key);
  });

  it('reads a number computed in binary floating point at 15 significant digits', () => {
    const s = z.object({ a: numberSchema(numberRule('volume')) });
    expect(s.parse({ a: 0.1 + 0.2 })).toEqual({ a: 0.3 });
    expect(s.parse({ a: 1.1 * 3 })).toEqual({ a: 3.3 });
    expect(s.safeParse({ a: 0.12345 }).success).toBe(false);
  });

  it('names the bounds and the scale in the issue', () => {
    expect(issueOf(numberSchema(numberRule('money')), 1e12)?.params).toEqual({ min: 0, max: 9_999_999_999.99 });
    expect(issueOf(numberSchema(numberRule('unitPrice')), 0.00001)?.params).toEqual({ scale: 4 });
    expect(issueOf(numberSchema(numberRule('integer')), 3e9)).toMatchObject({ message: 'validation.between', params: { min: -2_147_483_648, max: 2_147_483_647 } });
  });

  it('whole-number kinds refuse decimals as "must be a whole number"', () => {
    expect(issueOf(numberSchema(numberRule('count')), 1.5)?.message).toBe('validation.integer');
    expect(issueOf(numberSchema(numberRule('count')), 2)).toBeUndefined();
    expect(issueOf(numberSchema(numberRule('integer')), -7)).toBeUndefined();
  });

  it('a percentage says "between 0 and 100"', () => {
    expect(issueOf(numberSchema(numberRule('percent')), 101)?.message).toBe('validation.percent');
    expect(issueOf(numberSchema(numberRule('percent')), -1)?.message).toBe('validation.percent');
    expect(issueOf(numberSchema(numberRule('percent')), 99.5)).toBeUndefined();
  });

  it('a field narrows its kind but never widens it', () => {
    expect(numberRule('integer', { min: -1 })).toMatchObject({ min: -1, max: 2_147_483_647 });
    expect(numberRule('quantity', { min: -5, max: 1e20 })).toMatchObject({ min: 0, max: 999_999_999.999 });
    expect(issueOf(numberSchema(numberRule('quantity', { positive: true })), 0)?.message).toBe('validation.positive');
  });

  it('counts decimal places as written', () => {
    expect(decimalPlaces(1e-30)).toBe(30);
    expect(decimalPlaces('1.500')).toBe(1);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    expect(decimalPlaces('x')).toBeUndefined();
    expect(checkNumber(numberRule('volume'), 0.12345)).toEqual({ key: 'validation.scale', params: { scale: 4 } });
  });

  it('sums decimals exactly, never in binary floating point', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimal([0.1, 0.2], 2)).toBe(0.3);
    expect(sumDecimal([1.005, 2.005], 2)).toBe(3.01);
    expect(sumDecimal([999_999_999.99, 0.01], 2)).toBe(1_000_000_000);
  });

  it('sums whole numbers as they are, and falls back to exact decimals past the safe integers or at the first fraction', () => {
    expect(sumDecimal([], 3)).toBe(0);
    expect(sumDecimal([10, 20, -5], 0)).toBe(25);
    expect(sumDecimal([3, 0.1, 0.2], 2)).toBe(3.3);
    expect(sumDecimal([0.1, 0.2, 3], 2)).toBe(3.3);
    // 2^53 - 1 plus 2 is past the safe integers: added in binary, the sum would come out one short
    expect(sumDecimal([Number.MAX_SAFE_INTEGER, 2, -2], 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(sumDecimal([Number.MAX_SAFE_INTEGER - 1, 1], 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('the repair tells out-of-range values', () => {
    const r = numberRule('money');
    expect(outOfRange(r, 9007199254740992)).toBe(true);
    expect(outOfRange(r, -0.5)).toBe(true);
    expect(outOfRange(r, 12.5)).toBe(false);
    expect(outOfRange(r, undefined)).toBe(false);
  });

  it('documents the bounds in OpenAPI', () => {
    const doc = z.toJSONSchema(z.object({ a: numberSchema(numberRule('money')) }), { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as { properties: { a: Record<string, unknown> } };
    expect(doc.properties.a).toMatchObject({ type: 'number', minimum: 0, maximum: 9_999_999_999.99, multipleOf: 0.01 });
  });
});
