import { Workbook, type CellValue } from 'exceljs';
import { AppError, type Language } from '@tpl/contracts';
import type { SheetDef } from './columns';
import { headerIndex, normalizeHeader, type ResolvedColumn } from './columns';
import { xlsxText } from './words';
import { parserFor, type Parser, type RawCell } from './values';

/** Data rows one import may carry. */
export const MAX_IMPORT_ROWS = 100_000;

export type ImportFileErrorKey =
  | 'validation.importFileType'
  | 'validation.importUnreadable'
  | 'validation.importLegacyXls'
  | 'validation.importEmpty'
  | 'validation.importHeaders'
  | 'validation.importTooMany';

/**
 * The uploaded file as a whole cannot be imported (wrong type, unreadable, no rows,
 * no known column, too many rows): a 400 whose `message` is already worded in the
 * caller's language (the texts live in ./messages, not in the shared resources).
 */
export class ImportFileError extends AppError {
  constructor(
    override readonly key: ImportFileErrorKey,
    readonly lang: Language = 'en',
    vars: Record<string, string | number> = {},
  ) {
    super(400, key, vars);
    this.name = 'ImportFileError';
    this.message = xlsxText(lang, key, vars);
  }
}

export type ImportedRow = { rowNumber: number; values: Record<string, unknown> };
export type ImportResult = {
  rows: ImportedRow[];
  /** header cells that matched no column (left out of every row) */
  ignoredHeaders: string[];
};

/** A spreadsheet row as read: its 1-based number and its cells by 1-based column. */
type SheetRow = { number: number; cells: Map<number, RawCell> };

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isCfb = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;

// ---------------------------------------------------------------- .xlsx (exceljs, streaming)

const cellOf = (v: CellValue): RawCell => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('hyperlink' in v) {
    const text: unknown = v.text;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text && Array.isArray(text.richText)) {
      return (text.richText as { text: string }[]).map((r) => r.text).join('');
    }
    return v.hyperlink;
  }
  if ('formula' in v || 'sharedFormula' in v) {
    const result: unknown = v.result;
    if (result === undefined || result === null) return null;
    if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' || result instanceof Date) return result;
    return null;
  }
  return null; // errors (#N/A) and anything unknown read as empty
};


/**
 * The rows of the first worksheet (tab order; a notes sheet after it is passed over). The
 * upload is in memory already and bounded, so the workbook is loaded whole: exceljs's
 * streaming reader may hand out a worksheet before its shared strings are read (the zip's
 * entry order decides), which left header cells empty now and then.
 */
async function* xlsxRows(file: Buffer, state: { date1904: boolean }): AsyncGenerator<SheetRow> {
  const book = new Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  state.date1904 = (book.properties as { date1904?: boolean } | undefined)?.date1904 === true;
  const sheet = book.worksheets[0];
  if (!sheet) return;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = new Map<number, RawCell>();
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const v = cellOf(cell.value);
      if (v !== null) cells.set(col, v);
    });
    rows.push({ number: row.number, cells });
  });
  yield* rows;
}

// ---------------------------------------------------------------- the import

const isBlank = (v: RawCell): boolean => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Reads an uploaded .xls/.xlsx into rows of field values, by the header row (row 1):
 * headers match a column by its label in any language or by its field key; values are
 * read back (是/否, enum labels, numbers, dates, comma-separated codes) and empty cells
 * left out. Values it cannot read are passed on as text for the entity's validation to
 * report. Only the first worksheet is read.
 */
export const parseImport = async (file: Buffer, fileName: string, def: SheetDef, lang: Language): Promise<ImportResult> => {
  if (!/\.xlsx?$/i.test(fileName.trim())) throw new ImportFileError('validation.importFileType', lang);

  const state = { date1904: false };
  let source: AsyncIterable<SheetRow>;
  try {
    if (isZip(file)) source = xlsxRows(file, state);
    else if (isCfb(file)) throw new ImportFileError('validation.importLegacyXls', lang);
    else throw new Error('not a spreadsheet');
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    throw new ImportFileError('validation.importUnreadable', lang);
  }

  const index = headerIndex(def, lang);
  let columns: Map<number, { col: ResolvedColumn; parse: Parser }> | undefined;
  const ignoredHeaders: string[] = [];
  const rows: ImportedRow[] = [];
  let sawHeader = false;

  try {
    for await (const row of source) {
      if (!sawHeader) {
        sawHeader = true;
        columns = new Map();
        if (row.number !== 1) throw new ImportFileError('validation.importHeaders', lang);
        const taken = new Set<string>();
        for (const [c, v] of [...row.cells.entries()].sort((a, b) => a[0] - b[0])) {
          if (isBlank(v)) continue;
          const text = typeof v === 'string' ? v : String(v);
          const col = index.get(normalizeHeader(text));
          if (!col || taken.has(col.key)) {
            ignoredHeaders.push(text.trim());
            continue;
          }
          taken.add(col.key);
          columns.set(c, { col, parse: parserFor(def, col.key, col.field) });
        }
        if (columns.size === 0) throw new ImportFileError('validation.importHeaders', lang);
        continue;
      }
      const values: Record<string, unknown> = {};
      let any = false;
      for (const [c, v] of row.cells) {
        const target = columns!.get(c);
        if (!target || isBlank(v)) continue;
        const parsed = target.parse(v, state.date1904);
        if (parsed === undefined) continue;
        values[target.col.key] = parsed;
        any = true;
      }
      if (!any) continue;
      if (rows.length === MAX_IMPORT_ROWS) throw new ImportFileError('validation.importTooMany', lang, { max: MAX_IMPORT_ROWS });
      rows.push({ rowNumber: row.number, values });
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    throw new ImportFileError('validation.importUnreadable', lang);
  }

  if (!sawHeader) throw new ImportFileError('validation.importEmpty', lang);
  if (rows.length === 0) throw new ImportFileError('validation.importEmpty', lang);
  return { rows, ignoredHeaders };
};
