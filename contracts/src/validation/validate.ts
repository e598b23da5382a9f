import type { z } from 'zod';
import { AppError } from '../api/app-error';

/** Bad input: carries zod's issues; the host words them in the caller's language. */
export class ValidationError extends AppError {
  constructor(
    readonly entity: string,
    readonly issues: readonly z.core.$ZodIssue[],
    /** what was parsed: a field left empty is then asked for (formatIssues) */
    readonly input?: unknown,
  ) {
    super(400, 'validation.invalid');
    this.name = 'ValidationError';
  }
}

/** Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (not well-formed Unicode). */
/** In a u-mode class a surrogate pair is one code point outside D800-DFFF: only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
export const badText = (s: string): 'validation.invalid' | 'validation.unicode' | undefined =>
  s.includes('\u0000') ? 'validation.invalid' : LONE_SURROGATE.test(s) ? 'validation.unicode' : undefined;

/**
 * The first string in a body or query that PostgreSQL could not store, with its path and
 * the message key saying why. Keys are checked too (a key is text in the stored JSON).
 */
export const badTextPath = (v: unknown, path: PropertyKey[] = [], depth = 0): { path: PropertyKey[]; key: string } | undefined => {
  if (typeof v === 'string') {
    const key = badText(v);
    return key ? { path, key } : undefined;
  }
  if (depth > 40 || typeof v !== 'object' || v === null) return undefined;
  for (const [k, child] of Object.entries(v)) {
    const at = [...path, Array.isArray(v) ? Number(k) : k];
    // a broken key cannot be named: the body is malformed
    if (!Array.isArray(v) && badText(k)) return { path, key: 'validation.malformedBody' };
    const hit = badTextPath(child, at, depth + 1);
    if (hit) return hit;
  }
  return undefined;
};

/** The issue of text that cannot be stored, worded like any other field error. */
export const badTextIssue = (hit: { path: PropertyKey[]; key: string }): z.core.$ZodIssue =>
  ({ code: 'custom', path: hit.path, message: hit.key, input: undefined }) as z.core.$ZodIssue;

export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, entity: string): z.output<S> => {
  const bad = badTextPath(input);
  if (bad) throw new ValidationError(entity, [badTextIssue(bad)]);
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(entity, r.error.issues, input);
  return r.data;
};

/** An optional JSON body (absent or null is none) that is there but is not an object: malformed, whatever the call. */
export const refuseNonObjectBody = (body: unknown): void => {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new AppError(400, 'validation.malformedBody');
};

/**
 * Calls that take their fields from the query or a JSON body (as Saber's console sends
 * either): the two merged. A body that is there but is not an object (an array, a string,
 * a number, null) is malformed, never silently ignored.
 */
export const queryAndBody = (query: unknown, body: unknown, entity: string): Record<string, unknown> => {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new ValidationError(entity, [{ code: 'invalid_type', expected: 'object', path: [], message: 'validation.malformedBody', input: body } as z.core.$ZodIssue]);
  }
  return { ...(query as object), ...((body ?? {}) as object) };
};
