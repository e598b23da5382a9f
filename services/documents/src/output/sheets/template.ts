import { Workbook, type Worksheet } from 'exceljs';
import { labelIn, type FieldDef, type Language } from '@tpl/contracts';
import type { SheetDef } from './columns';
import { enumLabel, entityTitle, resolveColumns, type ResolvedColumn } from './columns';
import { safeSheetName } from './export';
import { xlsxFileWords, xlsxText } from './words';
import { formatShanghai } from './values';

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } } as const;

/** A value that shows the expected format of a column (empty where there is nothing to show). */
const exampleValue = (def: SheetDef, col: ResolvedColumn, lang: Language): string | number | null => {
  const f = col.field;
  switch (f.kind) {
    case 'text':
      if (col.key === def.codeField) return 'EX001';
      return f.required && !f.pattern ? xlsxText(lang, 'xlsx.exampleText') : null;
    case 'number': {
      const v = f.min !== undefined && f.min > 1 ? f.min : 1;
      return f.max !== undefined && v > f.max ? f.max : v;
    }
    case 'flag':
      return xlsxText(lang, 'xlsx.no');
    case 'enum':
      return f.values[0] !== undefined ? enumLabel(def, col.key, f, f.values[0], lang) : null;
    case 'date':
      return formatShanghai(Date.now()).slice(0, 10);
    case 'datetime':
      return `${formatShanghai(Date.now()).slice(0, 10)} 08:00:00`;
    case 'ref':
      return f.multiple ? 'CODE001,CODE002' : 'CODE001';
    case 'mobile':
      return '13800138000';
    case 'plate':
      return '沪A12345';
    case 'idCard':
      return '11010519491231002X';
    case 'email':
      return 'name@example.com';
    default:
      return null;
  }
};

/** How to fill a column, in words: format, limits, allowed values. */
export const formatHint = (def: SheetDef, key: string, f: FieldDef, lang: Language): string => {
  const t = (k: Parameters<typeof xlsxText>[1], vars: Record<string, string | number> = {}) => xlsxText(lang, k, vars);
  switch (f.kind) {
    case 'text':
      return f.max !== undefined ? t('xlsx.textMax', { max: f.max }) : t('xlsx.text');
    case 'number': {
      const parts = [t(f.integer ? 'xlsx.integer' : 'xlsx.number')];
      if (f.min !== undefined) parts.push(t('xlsx.min', { min: f.min }));
      if (f.max !== undefined) parts.push(t('xlsx.max', { max: f.max }));
      return parts.join(labelIn(xlsxFileWords.listJoin, lang));
    }
    case 'flag':
      return t('xlsx.flag');
    case 'enum':
      return t('xlsx.enum', { values: f.values.map((v) => enumLabel(def, key, f, v, lang)).join(t('xlsx.listSeparator')) });
    case 'dict':
      return t('xlsx.dict', { dict: f.dict });
    case 'date':
      return t('xlsx.date');
    case 'datetime':
      return t('xlsx.datetime');
    case 'ref':
      return t(f.multiple ? 'xlsx.refMultiple' : 'xlsx.ref', { entity: entityTitle(f.entity, lang) });
    case 'mobile':
      return t('xlsx.mobile');
    case 'plate':
      return t('xlsx.plate');
    case 'idCard':
      return t('xlsx.idCard');
    case 'email':
      return t('xlsx.email');
    default:
      return '';
  }
};

const styleHeader = (sheet: Worksheet) => {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 0 }];
};

/**
 * The import template: the import columns' headers alone on the first sheet (what is
 * imported), and a second sheet ("说明") telling for each column whether it is required,
 * what it takes and an example. The example is never on the first sheet: a template sent
 * back unchanged imports nothing (it says the file has no rows) instead of a record "示例".
 */
/** More for a template: sentences under the notes, and sheets of reference values (codes with their names). */
export type TemplateExtra = {
  notes?: readonly string[];
  sheets?: readonly { name: string; headers: readonly string[]; rows: readonly (readonly (string | number | null)[])[] }[];
};

export const templateWorkbook = async (def: SheetDef, lang: Language, extra: TemplateExtra = {}): Promise<Buffer> => {
  const columns = resolveColumns(def, lang, { forImport: true });
  const workbook = new Workbook();
  workbook.creator = 'tpl-console';
  workbook.created = new Date();

  const sheet = workbook.addWorksheet(safeSheetName(labelIn(def.title, lang)));
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width }));
  sheet.addRow(columns.map((c) => c.header));
  styleHeader(sheet);
  columns.forEach((c, i) => {
    // codes, numbers-as-text (mobiles) and references keep their leading zeros when typed
    if (['text', 'ref', 'dict', 'mobile', 'plate', 'idCard', 'email', 'enum', 'flag', 'date', 'datetime'].includes(c.kind)) sheet.getColumn(i + 1).numFmt = '@';
    if (c.field.required) sheet.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });

  const notes = workbook.addWorksheet(xlsxText(lang, 'xlsx.notes'));
  notes.columns = [{ width: 24 }, { width: 10 }, { width: 60 }, { width: 24 }];
  notes.addRow([xlsxText(lang, 'xlsx.column'), xlsxText(lang, 'xlsx.required'), xlsxText(lang, 'xlsx.format'), xlsxText(lang, 'xlsx.example')]);
  styleHeader(notes);
  for (const c of columns) {
    notes.addRow([c.header, c.field.required ? xlsxText(lang, 'xlsx.yes') : xlsxText(lang, 'xlsx.no'), formatHint(def, c.key, c.field, lang), exampleValue(def, c, lang)]);
  }
  notes.addRow([]);
  notes.addRow([xlsxText(lang, 'xlsx.exampleNote')]);
  for (const line of extra.notes ?? []) notes.addRow([line]);
  for (const more of extra.sheets ?? []) {
    const sheetOf = workbook.addWorksheet(safeSheetName(more.name));
    sheetOf.columns = more.headers.map(() => ({ width: 24 }));
    sheetOf.addRow([...more.headers]);
    styleHeader(sheetOf);
    for (const r of more.rows) sheetOf.addRow([...r]);
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
};
