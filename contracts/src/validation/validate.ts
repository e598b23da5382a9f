import type { z } from 'zod';
import { AppError } from '../api/app-error';

/** Bad input: carries zod's issues; the host words them in the caller's language. */
export class ValidationError extends AppError {
  constructor(
    readonly entity: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(400, 'validation.invalid');
    this.name = 'ValidationError';
  }
}

/** The path of the first string holding a NUL character (PostgreSQL text cannot store it). */
const nulPath = (v: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | undefined => {
  if (typeof v === 'string') return v.includes('\u0000') ? path : undefined;
  if (depth > 20 || typeof v !== 'object' || v === null) return undefined;
  for (const [k, child] of Object.entries(v)) {
    const hit = nulPath(child, [...path, Array.isArray(v) ? Number(k) : k], depth + 1);
    if (hit) return hit;
  }
  return undefined;
};

export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, entity: string): z.output<S> => {
  const nul = nulPath(input);
  if (nul) throw new ValidationError(entity, [{ code: 'custom', path: nul, message: 'validation.invalid', input: undefined } as z.core.$ZodIssue]);
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(entity, r.error.issues);
  return r.data;
};
