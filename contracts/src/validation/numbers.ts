import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * The kinds of number a 3PL record holds, each with a fixed scale (decimal places) and a
 * range. Every number field of every schema is one of these: nothing the API accepts can
 * lie beyond 2^53 (where JavaScript numbers stop being exact) or carry more decimals than
 * a bill can show. Money is a decimal of fixed scale: sums are computed with decimal.js,
 * never with binary floating point.
 */
export const NUMBER_KINDS = {
  /** pieces, units of a material, stock levels */
  quantity: { scale: 3, min: 0, max: 999_999_999.999 },
  /** kilograms, grams or tonnes */
  weight: { scale: 3, min: 0, max: 999_999_999.999 },
  /** cubic metres or capacities */
  volume: { scale: 4, min: 0, max: 99_999_999.9999 },
  /** lengths and distances (cm, m, km), areas (m²) */
  measure: { scale: 2, min: 0, max: 999_999_999.99 },
  /** an amount of money (owed, billed) */
  money: { scale: 2, min: 0, max: 9_999_999_999.99 },
  /** a price per unit, per day, per tonne: money with four decimals */
  unitPrice: { scale: 4, min: 0, max: 99_999_999.9999 },
  /** an amount of money that may be negative (an adjustment that credits the customer) */
  signedMoney: { scale: 2, min: -9_999_999_999.99, max: 9_999_999_999.99 },
  /** a conversion rate between units */
  rate: { scale: 6, min: 0, max: 999_999.999999 },
  /** a percentage */
  percent: { scale: 2, min: 0, max: 100 },
  /** a whole number of things (packages, pallets, days, bytes) */
  count: { scale: 0, min: 0, max: 2_147_483_647 },
  /** a whole number that may be negative (sort orders, coordinates, -1 meaning "no limit") */
  integer: { scale: 0, min: -2_147_483_648, max: 2_147_483_647 },
  /** hours of transit time */
  hours: { scale: 2, min: 0, max: 99_999.99 },
} as const;

export type NumberKind = keyof typeof NUMBER_KINDS;
export const numberKinds = Object.keys(NUMBER_KINDS) as NumberKind[];

export type NumberRule = { kind: NumberKind; min: number; max: number; scale: number; positive?: boolean };

/** A kind's rule, narrowed by a field's own bounds (a field can never widen its kind). */
export const numberRule = (kind: NumberKind, o: { min?: number; max?: number; positive?: boolean } = {}): NumberRule => {
  const k = NUMBER_KINDS[kind];
  return {
    kind,
    scale: k.scale,
    min: o.min !== undefined ? Math.max(o.min, k.min) : k.min,
    max: o.max !== undefined ? Math.min(o.max, k.max) : k.max,
    ...(o.positive ? { positive: true } : {}),
  };
};

/** Decimal places of a number or a numeric string, as written (1e-30 has 30); undefined when not a number. */
export const decimalPlaces = (v: number | string): number | undefined => {
  try {
    const d = new Decimal(typeof v === 'number' ? v : v.trim());
    return d.isFinite() ? d.decimalPlaces() : undefined;
  } catch {
    return undefined;
  }
};

/** Sums decimals exactly and rounds to a scale (half up): totals of quantities, weights, money. */
export const sumDecimal = (values: readonly number[], scale: number): number => {
  // whole numbers (counts, packages) add exactly in binary while every partial sum stays a safe integer
  let whole = 0;
  for (const v of values) {
    whole += v;
    if (!Number.isSafeInteger(v) || !Number.isSafeInteger(whole)) return sumExactly(values, scale);
  }
  return whole;
};
const sumExactly = (values: readonly number[], scale: number): number =>
  values.reduce((acc, v) => acc.plus(new Decimal(v)), new Decimal(0)).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toNumber();

/** A product of two decimals, exactly, rounded to a scale (half up): a line's volume from its quantity. */
export const mulDecimal = (a: number, b: number, scale: number): number => new Decimal(a).times(new Decimal(b)).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toNumber();

/** What a rule says of a value: undefined when it holds, else the message key and its variables. */
export const checkNumber = (rule: NumberRule, n: number, written?: string): { key: string; params: Record<string, number> } | undefined => {
  const percent = rule.kind === 'percent';
  const range = { min: rule.min, max: rule.max };
  if (Number.isNaN(n)) return { key: 'validation.number', params: {} };
  if (rule.positive && !(n > 0)) return { key: 'validation.positive', params: {} };
  if (n < rule.min) return { key: percent ? 'validation.percent' : rule.min === 0 ? 'validation.nonNegative' : 'validation.between', params: range };
  // beyond the maximum, Infinity (1e400) included
  if (n > rule.max) return { key: percent ? 'validation.percent' : rule.min === 0 ? 'validation.max' : 'validation.between', params: range };
  const places = decimalPlaces(written ?? n);
  if (places === undefined) return { key: 'validation.number', params: {} };
  if (places > rule.scale) return rule.scale === 0 ? { key: 'validation.integer', params: {} } : { key: 'validation.scale', params: { scale: rule.scale } };
  return undefined;
};

/** What OpenAPI says of a number field. */
const numberDoc = (rule: NumberRule) => ({
  type: 'number' as const,
  ...(rule.positive ? { exclusiveMinimum: 0 } : { minimum: rule.min }),
  maximum: rule.max,
  multipleOf: Number(`1e-${rule.scale}`),
  description: `${rule.kind}: at most ${rule.scale} decimal places`,
});

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/**
 * A number field's schema: a JSON number or a numeric string (forms, spreadsheets), within
 * the rule's range and scale. Empty ('' or null) reads as missing: "please input X".
 */
export const numberSchema = (rule: NumberRule): z.ZodType<number> =>
  z.custom<unknown>().meta(numberDoc(rule)).transform((v: unknown, ctx): number => {
    const issue = (key: string, params: Record<string, number> = {}) => {
      ctx.addIssue({ code: 'custom', message: key, params, input: v });
      return z.NEVER;
    };
    if (v === undefined || v === null || v === '') return issue('validation.required');
    let n: number;
    let written: string | undefined;
    // a number a client computed in binary floating point (0.1 + 0.2, a spreadsheet's 1.1 * 3)
    // is read at 15 significant digits, what a double holds exactly: 0.30000000000000004 is 0.3
    if (typeof v === 'number') n = Number.isFinite(v) ? Number(v.toPrecision(15)) : v;
    else if (typeof v === 'string' && NUMERIC.test(v)) {
      written = v.trim();
      n = Number(written);
    } else return issue('validation.number');
    const broken = checkNumber(rule, n, written);
    return broken ? issue(broken.key, broken.params) : n;
  });

/** Where a value breaks its rule in a record's data (the repair's test): out of range or not a finite number. */
export const outOfRange = (rule: NumberRule, v: unknown): boolean => typeof v === 'number' && (!Number.isFinite(v) || v < rule.min || v > rule.max);
