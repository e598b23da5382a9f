export { columnsFor, type ColumnOptions, type XlsxColumn } from './columns';
export { streamExport, type StreamExportOptions } from './export';
export { templateWorkbook } from './template';
export { parseImport, ImportFileError, MAX_IMPORT_ROWS, type ImportFileErrorKey, type ImportResult, type ImportedRow } from './import';
export { reportWorkbook, type ImportErrorEntry } from './report';
export { xlsxText, xlsxMessages, xlsxFileWords, type XlsxTextKey } from './words';
