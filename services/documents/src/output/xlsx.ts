import type { Stream } from 'node:stream';
import { PassThrough } from 'node:stream';
import { stream as excelStream, type Style } from 'exceljs';
import { safeSheetName as sheetName } from './sheets/export';
import { billTypeText, hasKey, translate, type Language, type ReportColumn } from '@tpl/contracts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';


/**
 * Report spreadsheets of every context (the stock reports, billing's reports): one streaming
 * writer over exceljs, the columns described once beside the report (ReportColumn).
 */

/** A column's header: `<fields>.<key>` in the caller's language (`stockReport.fields` unless the report says). */
export const columnHeader = (key: string, lang: Language, fields = 'stockReport.fields') => (hasKey(lang, `${fields}.${key}`) ? translate(lang, `${fields}.${key}`) : key);

const SCALE: Partial<Record<ReportColumn['kind'], string>> = { qty: '0.###', weight: '0.###', volume: '0.####', count: '0', ratio: '0.0%', money: '#,##0.00' };

/**
 * A cell's value as written: numbers stay numbers (Excel sums them), times in the business
 * time zone as `yyyy-MM-dd HH:mm:ss` (spec 02 section 9), enumerations in the caller's words.
 */
export const cellValue = (col: ReportColumn, value: unknown, lang: Language, timeZone = process.env.BUSINESS_TZ || 'Asia/Shanghai'): string | number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  switch (col.kind) {
    case 'qty':
    case 'weight':
    case 'volume':
    case 'count':
    case 'ratio':
    case 'money':
    case 'flag':
      return typeof value === 'number' ? value : Number(value);
    case 'datetime': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) return String(value);
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
          .formatToParts(d)
          .map((p) => [p.type, p.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    }
    case 'status':
      return hasKey(lang, `stockReport.status.${String(value)}`) ? translate(lang, `stockReport.status.${String(value)}`) : String(value);
    case 'movement':
      return hasKey(lang, `stockReport.movement.${String(value)}`) ? translate(lang, `stockReport.movement.${String(value)}`) : String(value);
    default: {
      if (col.billType) return billTypeText(value, (name) => translate(lang, `${name}.title`), translate(lang, 'stockReport.generalStream'));
      // a document type or a state in the reader's words, as the console shows them
      const key = col.documentType ? `${String(value)}.title` : col.stateOf ? `${col.stateOf}.states.${String(value)}` : undefined;
      return key && hasKey(lang, key) ? translate(lang, key) : String(value);
    }
  }
};

const PLAIN: Partial<Style> = {};

/**
 * Writes rows as an .xlsx to a stream, one row at a time (each committed as it arrives, so
 * memory stays flat however many there are): the header row in the caller's language, then
 * the values of `columns`. The same streaming writer master data's exports use (exceljs).
 * Returns the stream at once; a failure of `rows` destroys it.
 */
export const streamReport = (title: string, columns: readonly ReportColumn[], lang: Language, rows: AsyncIterable<Record<string, unknown>>, fields = 'stockReport.fields'): PassThrough => {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out as unknown as Stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    sheet.columns = columns.map((c) => ({ key: c.key, width: Math.max(c.width ?? 12, columnHeader(c.key, lang, fields).length + 4), style: SCALE[c.kind] ? { numFmt: SCALE[c.kind]! } : PLAIN }));
    const header = sheet.addRow(columns.map((c) => columnHeader(c.key, lang, fields)));
    header.font = { bold: true };
    header.commit();
    let n = 0;
    for await (const record of rows) {
      sheet.addRow(columns.map((c) => cellValue(c, record[c.key], lang))).commit();
      // let the zip deflate and flush between rows, and wait while the client has not taken what was sent
      if (++n % 256 === 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (out.destroyed) return;
        if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', resolve).once('close', resolve));
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
};

/** The download's file name: the report's title and the business day. */
export const reportFileName = (title: string) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ || 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
  return `${title}-${day}.xlsx`;
};

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply };

/** Sends a spreadsheet as master data's exports do: its name in download-filename, the row count (when there is one) in x-total-rows. */
export const sendXlsx = (reply: Reply, name: string, body: unknown, totalRows?: number) => {
  const encoded = encodeURIComponent(name);
  reply
    .header('content-type', XLSX_MIME)
    .header('download-filename', encoded)
    .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
    .header('access-control-expose-headers', 'download-filename, x-total-rows');
  if (totalRows !== undefined) reply.header('x-total-rows', String(totalRows));
  reply.send(body);
};
