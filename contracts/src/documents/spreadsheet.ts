import { z } from 'zod';
import { importRowErrorSchema } from '../entities/spreadsheet';
import type { FieldDef } from '../entities/define';
import type { DocumentDef } from './define';

/**
 * A document list's spreadsheets (issue 30): the export (every type) and the import (a type
 * described with `import`). The import's file is one sheet, one row per line with the header's
 * columns repeated on each; the rows with the same import key (the customer's bill number) make
 * one document, written as a draft through the kit's command path.
 */

/** import?preview=1 (or true): check and show the documents and their rows' errors, write nothing */
export const documentImportQuerySchema = z.object({
  preview: z
    .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** One document an import would make: its key (the customer's bill number), its rows in the file, its lines, and whether it can be written. */
export const documentImportBillSchema = z.object({
  key: z.string(),
  rows: z.array(z.number().int()),
  lines: z.number().int(),
  ok: z.boolean(),
});

/**
 * What `POST …/import?preview=1` answers, nothing written: every row as read (field key ->
 * value; a line's fields as `<lines>.<field>`), every row's errors in the caller's language, the
 * documents the rows make, and the names of the codes the rows give (entity -> code -> name).
 * Documents are written each whole or not at all; only a file without errors is confirmed.
 */
export const documentImportPreviewSchema = z.object({
  preview: z.literal(true),
  total: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), key: z.string(), values: z.record(z.string(), z.unknown()) })),
  bills: z.array(documentImportBillSchema),
  errors: z.array(importRowErrorSchema),
  errorTotal: z.number().int(),
  errorRows: z.number().int(),
  names: z.record(z.string(), z.record(z.string(), z.string())),
  ignoredHeaders: z.array(z.string()),
});
export type DocumentImportPreview = z.infer<typeof documentImportPreviewSchema>;

/** What the confirmed import answers: the documents written (drafts), by the key they came from. */
export const documentImportResultSchema = z.object({
  imported: z.number().int(),
  lines: z.number().int(),
  documents: z.array(z.object({ key: z.string(), id: z.string(), billNo: z.string() })),
});
export type DocumentImportResult = z.infer<typeof documentImportResultSchema>;

/** The header's fields flat: a group's fields as `<group>.<field>` (required when the group is and they are). */
export const flatHeaderFields = (def: Pick<DocumentDef, 'header'>): [string, FieldDef][] => {
  const out: [string, FieldDef][] = [];
  for (const [k, f] of Object.entries(def.header)) {
    if (f.kind === 'group') for (const [sub, g] of Object.entries(f.fields)) out.push([`${k}.${sub}`, { ...g, required: Boolean(f.required !== false && g.required) } as FieldDef]);
    else if (f.kind !== 'rows') out.push([k, f]);
  }
  return out;
};

/**
 * The import's columns, in the file's order: what a user gives of the header (no generated
 * field; a group's as `<group>.<field>`), then of a line (`<lines>.<field>`); the remark is the
 * sheet's own. The server reads the file by them and the console shows the preview by them.
 */
export const importFieldsOf = (def: Pick<DocumentDef, 'header' | 'lines'>): [string, FieldDef][] => [
  ...flatHeaderFields(def).filter(([, f]) => !f.generated && !f.noImport),
  ...Object.entries(def.lines?.fields ?? {})
    .filter(([, f]) => !f.generated && !f.noImport && f.kind !== 'rows')
    .map(([k, f]): [string, FieldDef] => [`${def.lines!.key}.${k}`, f]),
];
