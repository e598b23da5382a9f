import { AppError, type DocumentDef, type KitDocument } from '@tpl/contracts';
import type { DecideMeta, DocumentCommand } from '@tpl/documents';

/**
 * Effective times (docs/DOMAIN.md "Effective times"): a step's time may be given for a late
 * entry, but never before the step it depends on (a put-away before its receipt, a pick before
 * its allocation, a shipment before its pick). The kit refuses a time in the future; the stock
 * ledger refuses a time at which the goods were not there (stock.account firstShortFrom).
 */

/** The time a step takes: the field as given, else now (what the kit records). */
export const stepAt = (command: DocumentCommand, field: string, meta: DecideMeta): string => {
  const v = command.type === 'Act' ? command.data.fields[field] : undefined;
  return typeof v === 'string' && v ? v : meta.now;
};

/** The time a back-dated step asks for, when one was given (the ledger then reads what came after it). */
export const givenTime = (fields: Record<string, unknown>, field: string): string | undefined => {
  const v = fields[field];
  return typeof v === 'string' && v && !Number.isNaN(Date.parse(v)) ? v : undefined;
};

const before = (at: string, earlier: unknown): boolean => typeof earlier === 'string' && earlier !== '' && Date.parse(at) < Date.parse(earlier);

/** 400 naming the field when the step's time lies before the document's own earlier step. */
export const notBefore = (def: DocumentDef, field: string, at: string, doc: KitDocument, earlierField: string): AppError | undefined =>
  before(at, doc[earlierField])
    ? new AppError(400, 'warehouse.errors.stepBefore', {}, { label: `${def.name}.fields.${field}`, other: `${def.name}.fields.${earlierField}` })
    : undefined;

/** 400 naming the field when the step's time lies before a listed bill's earlier step (a load bill's loading before a bill's pick). */
export const notBeforeBill = (def: DocumentDef, field: string, at: string, bill: KitDocument, billDef: DocumentDef, earlierField: string): AppError | undefined =>
  before(at, bill[earlierField])
    ? new AppError(400, 'warehouse.errors.stepBeforeBill', { billNo: bill.billNo }, { label: `${def.name}.fields.${field}`, other: `${billDef.name}.fields.${earlierField}` })
    : undefined;
