import type { z } from 'zod';
import { fieldKey, hasKey, translate, type Language, type MessageOverrides } from './messages';

export type FieldError = { field: string; message: string };

/** The field's label in the user's language; undefined when it has none (never the internal key). */
const labelFor = (lang: Language, entity: string, path: readonly PropertyKey[]): string | undefined => {
  const key = fieldKey(entity, path);
  if (!hasKey(lang, key)) return undefined;
  const base = translate(lang, key);
  // a line inside a document: "Line 3 Quantity"
  const index = path.findIndex((p) => typeof p === 'number');
  if (index >= 0 && index < path.length - 1) return translate(lang, 'lineLabel', { n: Number(path[index]) + 1, label: base });
  return base;
};

const keyFor = (issue: z.core.$ZodIssue): string => {
  if (issue.message.startsWith('validation.') || issue.message.startsWith('errors.ref')) return issue.message;
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined || input === null ? 'validation.required' : 'validation.invalid';
    case 'invalid_value':
      return input === undefined || input === null || input === '' ? 'validation.requiredSelect' : 'validation.invalid';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
};

/** The value at a path of the input, or undefined. */
const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown => {
  let node: unknown = input;
  for (const part of path) {
    if (node === undefined || node === null) return undefined;
    // the schema transformed the input on the way (a comma list split into ids): something was given there
    if (typeof node !== 'object') return node;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
};

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Messages about a value's form, which a missing value should not be told. Rules with wording of
 * their own for an empty value (mobile, plate, ID card: validation.<rule>.empty) keep theirs.
 */
const FORM_KEYS = new Set([
  'validation.invalid',
  'validation.number',
  'validation.integer',
  'validation.positive',
  'validation.nonNegative',
  'validation.date',
  'validation.datetime',
  'validation.range',
  'validation.percent',
]);

/**
 * Turns zod issues into messages that name the field in the user's language, with the
 * spec's "please input X" / "please select X" wording for missing values. With the `input`
 * that was parsed, a field left empty is asked for even where its schema's own message would
 * describe a form (a coerced number left empty says 请输入数量, not 数量必须是数字). `overrides`:
 * the caller's tenant's own wording of the messages (its errormsginfo records).
 */
export const formatIssues = (issues: readonly z.core.$ZodIssue[], entity: string, lang: Language, input?: unknown, overrides?: MessageOverrides): FieldError[] =>
  issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys.join(', ')] : issue.path;
    let key = keyFor(issue);
    if (input !== undefined && issue.path.length > 0 && FORM_KEYS.has(key) && issue.code !== 'custom' && isMissing(valueAt(input, issue.path))) {
      key = issue.code === 'invalid_value' ? 'validation.requiredSelect' : 'validation.required';
    }
    // "please input / select" only for a value that is missing: one given but of the wrong type (an object
    // where text belongs) or too long (a schema's own message applies to all its checks) says what is wrong
    if ((key === 'validation.required' || key === 'validation.requiredSelect') && input !== undefined && issue.path.length > 0 && !isMissing(valueAt(input, issue.path))) {
      key = issue.code === 'too_big' ? (issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooMany') : 'validation.invalid';
    }
    // an empty select arrives as '' rather than undefined: still "please select"
    if (key === 'validation.required' && issue.code === 'invalid_value') key = 'validation.requiredSelect';
    const max = issue.code === 'too_big' ? String(issue.maximum) : '';
    const params = issue.code === 'custom' ? ((issue.params ?? {}) as Record<string, string | number>) : {};
    const field = path.map(String).join('.');
    // the body itself is of the wrong shape (an array, a string, nothing): say so, never name the entity's key
    if (key === 'validation.malformedBody' || (issue.path.length === 0 && issue.code !== 'custom' && issue.code !== 'unrecognized_keys')) {
      return { field, message: translate(lang, 'validation.malformedBody', {}, overrides) };
    }
    const label = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : labelFor(lang, entity, path);
    // a field without a label of its own: the request does not fit its form
    if (label === undefined && translate(lang, key, { label: '\u0000' }).includes('\u0000')) {
      return { field, message: translate(lang, key === 'validation.unicode' ? 'validation.unicodeBody' : 'validation.malformedBody', {}, overrides) };
    }
    return { field, message: translate(lang, key, { max, ...params, label: label ?? '' }, overrides) };
  });
