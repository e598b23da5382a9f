import { Workbook } from 'exceljs';
import type { FieldDef, Language } from '@tpl/contracts';
import type { SheetDef } from './columns';
import { REMARK_FIELD, fieldLabel } from './columns';
import { xlsxText } from './words';

export type ImportErrorEntry = { row: number; field: string; message: string };

/**
 * The label of an error's field path: 'price' → 单价, 'tiers.2.upLimit' → 分段价格[3] > 上限;
 * an empty path (a row-level error) stays empty; an unknown one is shown as is.
 */
export const fieldPathLabel = (def: SheetDef, path: string, lang: Language): string => {
  if (!path) return '';
  const parts = path.split('.').filter((p) => p !== '');
  const out: string[] = [];
  const names: string[] = [];
  let fields: Record<string, FieldDef> | undefined = def.fields;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      if (out.length) out[out.length - 1] += `[${Number(part) + 1}]`;
      continue;
    }
    names.push(part);
    const field: FieldDef | undefined = fields?.[part] ?? (names.length === 1 && part === 'remark' ? REMARK_FIELD : undefined);
    out.push(field || names.length === 1 ? fieldLabel(def, names, field, lang) : part);
    fields = field?.kind === 'rows' ? field.fields : undefined;
  }
  return out.join(' > ');
};

/** The import's error report: one row per error (Row / Field / Message), headers in `lang`. */
export const reportWorkbook = async (errors: readonly ImportErrorEntry[], def: SheetDef, lang: Language): Promise<Buffer> => {
  const workbook = new Workbook();
  workbook.creator = 'tpl-console';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(xlsxText(lang, 'xlsx.errors'), { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = [{ width: 8 }, { width: 24 }, { width: 70 }];
  const header = sheet.addRow([xlsxText(lang, 'xlsx.row'), xlsxText(lang, 'xlsx.field'), xlsxText(lang, 'xlsx.message')]);
  header.font = { bold: true };
  const labels = new Map<string, string>();
  for (const e of errors) {
    let label = labels.get(e.field);
    if (label === undefined) {
      label = fieldPathLabel(def, e.field, lang);
      labels.set(e.field, label);
    }
    sheet.addRow([e.row, label || null, e.message]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
