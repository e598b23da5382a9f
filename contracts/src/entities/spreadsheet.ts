import { z } from 'zod';

/** One failing cell of a spreadsheet import: the sheet's row number, the field key, the message in the caller's language. */
export const importRowErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * What `POST /api/<service>/<entity>/import?preview=1` answers: what the import of the file would
 * do, with nothing written. `rows` are the first rows as read (field key -> value, secrets masked),
 * `valid` the rows passing every check; the import writes all rows or none, so it is confirmed
 * only when `errorTotal` is 0. `reportId` names the downloadable error report (import-report?id=).
 */
export const importPreviewSchema = z.object({
  preview: z.literal(true),
  total: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.unknown()) })),
  valid: z.number().int(),
  errors: z.array(importRowErrorSchema),
  errorTotal: z.number().int(),
  errorRows: z.number().int(),
  reportId: z.string().optional(),
  ignoredHeaders: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
