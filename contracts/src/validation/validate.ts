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

export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, entity: string): z.output<S> => {
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(entity, r.error.issues);
  return r.data;
};
