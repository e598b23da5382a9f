/**
 * A report's columns as every report describes them (the stock reports, the billing reports):
 * the server's spreadsheets and the console's tables read the same description.
 */

/** How a column's values are shown and written to a spreadsheet. */
export type ReportColumnKind = 'text' | 'qty' | 'weight' | 'volume' | 'ratio' | 'count' | 'datetime' | 'date' | 'status' | 'movement' | 'flag' | 'money';

/**
 * A quantity column's explanation: which stream lines make it up. `qty` / `djQty`: every line
 * up to the instant (their qty / djQty); `opening`: the lines up to the period's start; `in` /
 * `out`: the period's increases / decreases.
 */
export type ExplainWhat = 'qty' | 'djQty' | 'opening' | 'in' | 'out';

export type ReportColumn = {
  key: string;
  kind: ReportColumnKind;
  explain?: ExplainWhat;
  width?: number;
  /** a text column holding a record's code (customer, material, area, bin): the console shows the record's name beside it */
  ref?: string;
  /** a text column holding a document type's name (isinstockbill): shown and exported as the type's title */
  documentType?: true;
  /** a text column holding a state of this document type (monthbill): shown and exported as the state's words */
  stateOf?: string;
  /** a text column holding a spec 02 billType (the stream's streamType): shown and exported as "12 入库单" */
  billType?: true;
};

/** Text columns of the reports that name records by code, with the entity each names. */
export const REPORT_CODE_REFS: Readonly<Record<string, string>> = {
  customerCode: 'customer',
  materialCode: 'material',
  warehouseAreaCode: 'warehousearea',
  warehousePlaceCode: 'warehouseplace',
  supplierCode: 'supplier',
};

/** A text column; a code of a record (REPORT_CODE_REFS) says which entity, a document type that it is one. */
export const reportText = (key: string, width = 14): ReportColumn => ({
  key,
  kind: 'text',
  width,
  ...(REPORT_CODE_REFS[key] ? { ref: REPORT_CODE_REFS[key] } : {}),
  ...(key === 'documentType' ? { documentType: true as const } : {}),
  ...(key === 'streamType' ? { billType: true as const } : {}),
});
