import type { z } from 'zod';
import { fieldKey, hasKey, translate, type Language } from '../i18n/messages';

export type FieldError = { field: string; message: string };

const labelFor = (lang: Language, entity: string, path: readonly PropertyKey[]): string => {
  const key = fieldKey(entity, path);
  const base = hasKey(lang, key) ? translate(lang, key) : path.filter((p) => typeof p === 'string').join('.') || entity;
  // a line inside a document: "Line 3 Quantity"
  const index = path.findIndex((p) => typeof p === 'number');
  if (index >= 0 && index < path.length - 1) return translate(lang, 'lineLabel', { n: Number(path[index]) + 1, label: base });
  return base;
};

const keyFor = (issue: z.core.$ZodIssue): string => {
  if (issue.message.startsWith('validation.')) return issue.message;
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

/**
 * Turns zod issues into messages that name the field in the user's language, with the
 * spec's "please input X" / "please select X" wording for missing values.
 */
export const formatIssues = (issues: readonly z.core.$ZodIssue[], entity: string, lang: Language): FieldError[] =>
  issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys.join(', ')] : issue.path;
    let key = keyFor(issue);
    // an empty select arrives as '' rather than undefined: still "please select"
    if (key === 'validation.required' && issue.code === 'invalid_value') key = 'validation.requiredSelect';
    const max = issue.code === 'too_big' ? String(issue.maximum) : '';
    const label = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : labelFor(lang, entity, path);
    return { field: path.map(String).join('.'), message: translate(lang, key, { label, max }) };
  });
