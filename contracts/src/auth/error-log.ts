import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api/envelope';

/** One entry of the console's local error log (spec 01: type, url, message, stack, time, info). */
export const errorLogEntrySchema = z.object({
  type: z.string().max(50).optional(),
  url: z.string().max(2000).optional(),
  message: z.string().max(5000).optional(),
  stack: z.string().max(20000).optional(),
  time: z.string().max(50).optional(),
  info: z.string().max(5000).optional(),
});
/** POST /api/bl-system/error-log/upload: at most 200 entries a call. */
export const errorLogUploadSchema = z.array(errorLogEntrySchema).max(200);

const day = z.iso.date({ error: 'validation.date' });

/** The administrator's list of uploaded logs (own tenant), newest first; from/to are days received, inclusive. */
export const errorLogListQuerySchema = pageQuerySchema.extend({
  from: day.optional(),
  to: day.optional(),
  account: z.string().trim().max(45).optional(),
});
export type ErrorLogListQuery = z.infer<typeof errorLogListQuerySchema>;

export const errorLogZipQuerySchema = z.object({ from: day.optional(), to: day.optional(), account: z.string().trim().max(45).optional() });
export type ErrorLogZipQuery = z.infer<typeof errorLogZipQuerySchema>;

export const errorLogRowSchema = errorLogEntrySchema.extend({
  id: z.string(),
  account: z.string(),
  userId: z.string(),
  receivedAt: z.string(),
});
export type ErrorLogRow = z.infer<typeof errorLogRowSchema>;
export const errorLogPageSchema = pageSchema(errorLogRowSchema);

/** The zip download's `datasource` header: which error log to pack. Only the console's uploaded logs exist. */
export const ERROR_LOG_DATASOURCES = ['console'] as const;
/** At most this many entries in one zip: narrow the days for more. */
export const ERROR_LOG_ZIP_MAX = 50_000;
