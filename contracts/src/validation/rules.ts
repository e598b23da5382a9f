import { z } from 'zod';

/**
 * Spec 01 section 5 emptiness test: empty arrays, empty objects, empty strings,
 * null, undefined and the strings 'null' and 'undefined' are empty; numbers and
 * booleans never are.
 */
export const isEmpty = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number' || typeof value === 'boolean') return false;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
};

export type RuleResult = { ok: true } | { ok: false; key: string };
const pass: RuleResult = { ok: true };

/** Mobile: required, 11 characters, mainland mobile format. */
export const checkMobile = (value: unknown): RuleResult => {
  if (isEmpty(value)) return { ok: false, key: 'validation.mobile.empty' };
  const s = String(value);
  if (s.length !== 11) return { ok: false, key: 'validation.mobile.length' };
  if (!/^1[3-9]\d{9}$/.test(s)) return { ok: false, key: 'validation.mobile.format' };
  return pass;
};

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
const ORDINARY_PLATE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]$`);
const NEW_ENERGY_PLATE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{6}$`);

/** Car plate: 7 characters (ordinary) or 8 (new-energy). */
export const checkPlate = (value: unknown): RuleResult => {
  if (isEmpty(value)) return { ok: false, key: 'validation.plate.empty' };
  const s = String(value).toUpperCase();
  const len = [...s].length;
  if (len !== 7 && len !== 8) return { ok: false, key: 'validation.plate.length' };
  if (!(len === 7 ? ORDINARY_PLATE : NEW_ENERGY_PLATE).test(s)) return { ok: false, key: 'validation.plate.format' };
  return pass;
};

const REGION_CODES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44',
  '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65', '71', '81', '82', '91',
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The earliest birth year an ID card may carry: nobody living was born before it. */
export const ID_CARD_MIN_BIRTH_YEAR = 1900;

/**
 * The birth date an ID card carries (digits 7 to 14, yyyyMMdd) is a real calendar day,
 * not after `today` (yyyy-MM-dd) and not before ID_CARD_MIN_BIRTH_YEAR.
 */
export const idCardBirthDateOk = (digits: string, today: string = new Date().toISOString().slice(0, 10)): boolean => {
  const y = Number(digits.slice(0, 4));
  const m = Number(digits.slice(4, 6));
  const d = Number(digits.slice(6, 8));
  if (!/^\d{8}$/.test(digits) || y < ID_CARD_MIN_BIRTH_YEAR || m < 1 || m > 12 || d < 1) return false;
  // day 0 of the next month is the last day of this one (leap years included)
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return false;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}` <= today;
};

/** The check digit of an ID card's first 17 digits (GB 11643: weights mod 11). */
export const idCardCheckDigit = (first17: string): string => ID_CHECK[ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0) % 11]!;

/**
 * Resident ID card: 18 characters, 17 digits then a digit or X (x is read as X), a known
 * region code, a real birth date that is not in the future, and a matching check digit;
 * each with its own message.
 */
export const checkIdCard = (value: unknown, today?: string): RuleResult => {
  if (isEmpty(value)) return { ok: false, key: 'validation.idCard.empty' };
  const s = String(value).toUpperCase();
  if (s.length !== 18) return { ok: false, key: 'validation.idCard.length' };
  if (!/^\d{17}[\dX]$/.test(s)) return { ok: false, key: 'validation.idCard.format' };
  if (!REGION_CODES.has(s.slice(0, 2))) return { ok: false, key: 'validation.idCard.region' };
  if (!idCardBirthDateOk(s.slice(6, 14), today)) return { ok: false, key: 'validation.idCard.birthDate' };
  if (idCardCheckDigit(s) !== s[17]) return { ok: false, key: 'validation.idCard.checkDigit' };
  return pass;
};

const fromRule = (rule: (v: unknown) => RuleResult) => (value: string, ctx: z.RefinementCtx) => {
  const r = rule(value);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key });
};

/** A required string: empty is reported as "please input X". */
export const requiredText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional();

export const mobileSchema = z.string({ error: 'validation.mobile.empty' }).trim().superRefine(fromRule(checkMobile));
export const plateSchema = z
  .string({ error: 'validation.plate.empty' })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine(fromRule(checkPlate));
/** Stored upper-case: a typed lower-case x is the same card. */
export const idCardSchema = z
  .string({ error: 'validation.idCard.empty' })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine(fromRule((v) => checkIdCard(v)));

/** Calendar date as yyyy-MM-dd. */
export const dateSchema = z.iso.date({ error: 'validation.date' });
/** Instant as ISO 8601 with offset. */
export const instantSchema = z.iso.datetime({ offset: true, error: 'validation.datetime' });
