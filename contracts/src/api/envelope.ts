import { z } from 'zod';

/** Every answer of the API, success or error, is this envelope (DESIGN section 5). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    success: z.boolean(),
    data,
    msg: z.string(),
  });

export type Envelope<T> = { code: number; success: boolean; data: T; msg: string };

export const ok = <T>(data: T, msg = 'Operation successful'): Envelope<T> => ({
  code: 200,
  success: true,
  data,
  msg,
});

export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({ code, success: false, data, msg });

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Query `current` and `size` as Saber sends them; strings on the wire. */
export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.pageSize' })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });

export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

export const toPage = <T>(records: T[], total: number, q: PageQuery): Page<T> => ({
  records,
  total,
  size: q.size,
  current: q.current,
  pages: Math.ceil(total / q.size),
});

export const sortOrderSchema = z.enum(['asc', 'desc']);
