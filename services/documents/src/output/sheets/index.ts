/**
 * Spreadsheets from a description, both ways (issue 30: grown from master data's, shared by the
 * entity engine and the document kit): columns and their labels, cell values rendered and read
 * back, a streamed workbook of one or more sheets, the import template, the import's reading and
 * its error report. Generic over SheetDef: an entity's description, or a document's header and lines.
 */
export { columnsFor, fieldLabel, headerIndex, normalizeHeader, resolveColumns, type ColumnOptions, type ResolvedColumn as SheetColumn, type SheetDef, type XlsxColumn } from './columns';
export { safeSheetName, streamExport, streamWorkbook, type SheetSource, type StreamExportOptions } from './export';
export { templateWorkbook, type TemplateExtra } from './template';
export { parseImport, ImportFileError, MAX_IMPORT_ROWS, type ImportFileErrorKey, type ImportResult, type ImportedRow } from './import';
export { reportWorkbook, type ImportErrorEntry } from './report';
export { xlsxText, xlsxMessages, xlsxFileWords, type XlsxTextKey } from './words';
export { formatShanghai } from './values';
