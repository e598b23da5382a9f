// the report spreadsheets are the kit's (services/documents/src/output/xlsx.ts), shared with billing's reports
export { XLSX_MIME, cellValue, columnHeader, reportFileName, sendXlsx, streamReport } from '@tpl/documents';
