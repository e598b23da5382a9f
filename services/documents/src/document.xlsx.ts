import {
  L,
  datetime,
  fieldKey,
  flatHeaderFields,
  importFieldsOf,
  formatIssues,
  hasKey,
  importKeyOf,
  labelIn,
  num,
  oneOf,
  text,
  translate,
  type DocumentDef,
  type FieldDef,
  type ImportRowError,
  type KitDocument,
  type Language,
} from '@tpl/contracts';
import type { z } from 'zod';
import type { ImportedRow, SheetDef } from './output/sheets';
import { valueAt } from './document.fold';

/**
 * A document type's spreadsheets, pure (issue 30): the sheets its export writes and its import
 * reads, described for the shared spreadsheet engine (output/sheets, grown from master data's),
 * and an import's rows grouped into documents. The IO is document.spreadsheets.ts.
 *
 * Layout (docs/DOMAIN.md "Document spreadsheets"): the export is a sheet of headers (one row per
 * document) and a sheet of lines (one row per line, the bill number first); the import is one
 * sheet, one row per line, the header's columns repeated on every row, the rows with the same
 * customer bill number (the import key) making one document.
 */

const RECORD = {
  remark: text(L('备注', 'Remark', '備註'), { max: 500 }),
  createdByName: text(L('创建人', 'Created by', '建立人')),
  createdAt: datetime(L('创建时间', 'Created at', '建立時間')),
  updatedAt: datetime(L('修改时间', 'Updated at', '修改時間')),
} as const;

const billNoField = (def: DocumentDef): FieldDef => text(def.billNo.serialName);
const stateField = (def: DocumentDef): FieldDef => oneOf(L('状态', 'State', '狀態'), Object.fromEntries(Object.entries(def.lifecycle.states).map(([s, d]) => [s, d.label])));

/** The export's first sheet: one row per document (bill number, state, the header, totals, who made it when). */
export const headerSheetOf = (def: DocumentDef): SheetDef => {
  const fields: Record<string, FieldDef> = { billNo: billNoField(def), state: stateField(def) };
  for (const [k, f] of flatHeaderFields(def)) fields[k] = f;
  for (const [k, t] of Object.entries(def.lines?.totals ?? {})) fields[`totals.${k}`] = num(t.label, 'quantity');
  fields.remark = RECORD.remark;
  fields.createdByName = RECORD.createdByName;
  fields.createdAt = RECORD.createdAt;
  fields.updatedAt = RECORD.updatedAt;
  return { name: def.name, title: def.title, fields, remark: false };
};

/** The export's second sheet: one row per line, keyed by the document's bill number (`<lines>.<field>` columns). */
export const linesSheetOf = (def: DocumentDef): SheetDef | undefined => {
  if (!def.lines) return undefined;
  const fields: Record<string, FieldDef> = { billNo: billNoField(def) };
  for (const [k, f] of Object.entries(def.lines.fields)) if (f.kind !== 'rows') fields[`${def.lines.key}.${k}`] = f;
  return { name: def.name, title: def.lines.label, fields, remark: false };
};

/** The import's one sheet: what a user gives (no generated field), the header's columns first, then a line's; the remark last. */
export const importSheetOf = (def: DocumentDef): SheetDef => {
  const fields: Record<string, FieldDef> = Object.fromEntries(importFieldsOf(def));
  fields.remark = RECORD.remark;
  return { name: def.name, title: def.title, fields, remark: false };
};

/** A document's row on the headers sheet. */
export const headerRecordOf = (def: DocumentDef, doc: KitDocument): Record<string, unknown> => {
  const d = doc as unknown as Record<string, unknown>;
  const r: Record<string, unknown> = { billNo: doc.billNo, state: doc.state };
  for (const [k] of flatHeaderFields(def)) r[k] = valueAt(d, k);
  for (const k of Object.keys(def.lines?.totals ?? {})) r[`totals.${k}`] = valueAt(d, `totals.${k}`);
  r.remark = d.remark;
  r.createdByName = doc.createdBy.name;
  r.createdAt = doc.createdAt;
  r.updatedAt = doc.updatedAt;
  return r;
};

/** A document's rows on the lines sheet, each with its bill number. */
export const lineRecordsOf = (def: DocumentDef, doc: KitDocument): Record<string, unknown>[] => {
  if (!def.lines) return [];
  const key = def.lines.key;
  const lines = ((doc as unknown as Record<string, unknown>)[key] as Record<string, unknown>[] | undefined) ?? [];
  return lines.map((line) => {
    const r: Record<string, unknown> = { billNo: doc.billNo };
    for (const [k, v] of Object.entries(line)) r[`${key}.${k}`] = v;
    return r;
  });
};

/** A column's label as the user reads it (the document's own words; a dotted key reaches into a group or the lines). */
export const columnLabel = (def: DocumentDef, key: string, lang: Language): string => {
  const k = fieldKey(def.name, key.split('.'));
  if (hasKey(lang, k)) return translate(lang, k);
  const f = importSheetOf(def).fields[key];
  return f ? labelIn(f.label, lang) : key;
};

/** One document an import would make, from the rows with one key. */
export type ImportBill = {
  key: string;
  /** the file's rows of the document, in order (the first gives the header) */
  rows: number[];
  /** the file's row of each line, by the line's index */
  lineRows: number[];
  content: Record<string, unknown>;
  errors: ImportRowError[];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const setPath = (target: Record<string, unknown>, path: string, value: unknown) => {
  const parts = path.split('.');
  let node = target;
  for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]!] = value;
};

/**
 * The file's rows grouped into documents by the import key (the customer's bill number): the
 * header from the document's first row (a later row giving another value for a header column is
 * an error on that row; left empty it repeats the first), one line per row. A row without the key
 * belongs to no document: an error on that row. `today` fills a bill date left empty.
 */
export const groupImportRows = (def: DocumentDef, rows: readonly ImportedRow[], lang: Language, today: string): { bills: ImportBill[]; orphans: ImportRowError[] } => {
  const keyField = importKeyOf(def) ?? 'sourceBillNo';
  const linesKey = def.lines?.key;
  const prefix = linesKey ? `${linesKey}.` : undefined;
  const bills = new Map<string, ImportBill & { header: Record<string, unknown>; firstRow: number }>();
  const orphans: ImportRowError[] = [];
  for (const r of rows) {
    const key = r.values[keyField] === undefined ? '' : String(r.values[keyField]).trim();
    if (!key) {
      orphans.push({ row: r.rowNumber, field: keyField, message: translate(lang, 'validation.required', { label: columnLabel(def, keyField, lang) }) });
      continue;
    }
    const header: Record<string, unknown> = {};
    const line: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r.values)) {
      if (prefix && k.startsWith(prefix)) line[k.slice(prefix.length)] = v;
      else header[k] = v;
    }
    let bill = bills.get(key);
    if (!bill) {
      bill = { key, rows: [], lineRows: [], content: {}, errors: [], header, firstRow: r.rowNumber };
      bills.set(key, bill);
    } else {
      for (const [k, v] of Object.entries(header)) {
        if (bill.header[k] !== undefined && !same(bill.header[k], v)) {
          bill.errors.push({ row: r.rowNumber, field: k, message: translate(lang, 'documents.import.headerDiffers', { label: columnLabel(def, k, lang), row: bill.firstRow }) });
        } else if (bill.header[k] === undefined) bill.header[k] = v;
      }
    }
    bill.rows.push(r.rowNumber);
    if (linesKey && Object.keys(line).length) {
      bill.lineRows.push(r.rowNumber);
      ((bill.content[linesKey] ??= []) as Record<string, unknown>[]).push(line);
    }
  }
  const out: ImportBill[] = [];
  for (const b of bills.values()) {
    const content: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(b.header)) setPath(content, k, v);
    if ('billDate' in def.header && content.billDate === undefined) content.billDate = today;
    if (linesKey) content[linesKey] = b.content[linesKey] ?? [];
    out.push({ key: b.key, rows: b.rows, lineRows: b.lineRows, content, errors: b.errors });
  }
  return { bills: out, orphans };
};

/** The file's row and column a problem at `path` of a document's content belongs to: a line's row, else the document's first. */
export const placeOf = (def: DocumentDef, bill: Pick<ImportBill, 'rows' | 'lineRows'>, path: readonly PropertyKey[]): { row: number; field: string } => {
  const names = path.filter((p): p is string | number => typeof p !== 'symbol');
  if (def.lines && names[0] === def.lines.key && typeof names[1] === 'number') {
    const row = bill.lineRows[names[1]] ?? bill.rows[0]!;
    const rest = names.slice(2).filter((p): p is string => typeof p === 'string');
    return { row, field: rest.length ? `${def.lines.key}.${rest.join('.')}` : def.lines.key };
  }
  return { row: bill.rows[0]!, field: names.filter((p): p is string => typeof p === 'string').join('.') };
};

/** Zod issues of a document's content as the rows' errors, each message naming its field in the user's language. */
export const issueErrors = (def: DocumentDef, bill: Pick<ImportBill, 'rows' | 'lineRows' | 'content'>, issues: readonly z.core.$ZodIssue[], lang: Language): ImportRowError[] => {
  const messages = formatIssues(issues, def.name, lang, bill.content);
  return issues.map((issue, i) => ({ ...placeOf(def, bill, issue.path), message: messages[i]!.message }));
};
