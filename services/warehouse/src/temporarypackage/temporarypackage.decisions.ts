import { AppError, STOCK_EVENT_TYPES, packagetemporarybill, temporarypackagebill, type DocumentOf, type StockLine } from '@tpl/contracts';
import type { DecideMeta, DocumentCommandOf, DocumentDecisions, Effect } from '@tpl/documents';
import { factOf } from '../stock/stock.account';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { PerAccount, numberRowLines, rowLinesOf, sourceOf, submittedContent, type InsideFacts, type RowLine } from '../inside/rows';
import { addMoves, checkMoves, type TransferLine } from '../transfer/transfer.decisions';

/** The two temporary package documents, as the kit folds them. */
export type TemporaryPackage = DocumentOf<typeof packagetemporarybill>;
export type TemporaryUnpack = DocumentOf<typeof temporarypackagebill>;

/** A package's barcode: its bill's number (the label prints it; the stock rows carry it). */
export const packageBarcodeOf = (pack: Pick<TemporaryPackage, 'billNo'>) => pack.billNo;

/**
 * Packing is a move of each chosen stock row to the package's location under the package's
 * barcode: the transfer's move, with its walls (the row holds it unallocated in the bill's area;
 * the location is live, of the same warehouse, free or the owner's).
 */
export const packMoves = (doc: TemporaryPackage): TransferLine[] =>
  rowLinesOf(doc).map((l) => ({ ...l, targetWarehousePlaceCode: doc.warehousePlaceCode, targetBarcode: packageBarcodeOf(doc) }));

const moved = (doc: TemporaryPackage | TemporaryUnpack, lines: readonly TransferLine[], facts: InsideFacts, meta: DecideMeta, name: string, billType: number): Effect[] => {
  const decided = new PerAccount();
  addMoves(decided, doc, lines, facts, sourceOf(doc, name));
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.moved, (stock: StockLine[]) => factOf(stock, meta.now, String(billType)));
};

/** The packing bill's own decisions (the IO of `load` is wired in temporarypackage.wiring.ts). */
export const packDecisions = (load: DocumentDecisions<InsideFacts, typeof packagetemporarybill>['load']): DocumentDecisions<InsideFacts, typeof packagetemporarybill> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command, doc, facts) => {
    if (submittedContent(command)) return undefined;
    const removal = refuseRemoveOnceInStock(command, doc, ['Packed', 'Unpacked']);
    if (removal || !doc || actionOf(command) !== 'pack') return removal;
    return checkMoves(doc, packMoves(doc), facts);
  },
  effects: (command, after, facts, meta) => (actionOf(command) === 'pack' ? moved(after, packMoves(after), facts, meta, packagetemporarybill.name, packagetemporarybill.billType) : []),
});

// ------------------------------------------------------------------ unpacking

/** What an unpacking bill's decisions read: the stock and locations it touches, and the package it opens. */
export type UnpackFacts = InsideFacts & { pack?: TemporaryPackage | undefined };

const blank = (v: unknown) => (v === undefined || v === null ? '' : v);
const SAME_ON_LINE = ['barcode', 'materialCode', 'batchNo', 'qty'] as const;

/**
 * An unpacking bill opens a packed package of its owner and area, whole and as it was packed:
 * every line of the content once, in order, with the same piece barcode, material, batch and
 * quantity (a package is never half opened: take pieces out by unpacking and packing the rest again).
 */
export const checkUnpackOf = (content: Record<string, unknown>, pack: TemporaryPackage | undefined): AppError | undefined => {
  const billNo = String(content.packageBillNo ?? '');
  if (!pack || pack.state !== 'Packed') {
    return pack
      ? new AppError(409, 'warehouse.errors.packageNotPacked', { billNo }, { state: `packagetemporarybill.states.${pack.state}` })
      : new AppError(409, 'warehouse.errors.packageNotPacked', { billNo, state: '-' });
  }
  if (blank(content.customerCode) !== pack.customerCode || blank(content.warehouseAreaCode) !== pack.warehouseAreaCode) {
    return new AppError(409, 'warehouse.errors.packageNotWhole', { billNo, line: 1 });
  }
  const lines = rowLinesOf(content);
  const packed = rowLinesOf(pack);
  const length = Math.max(lines.length, packed.length);
  for (let i = 0; i < length; i++) {
    const l = lines[i];
    const was = packed[i];
    if (!l || !was || SAME_ON_LINE.some((k) => blank(l[k]) !== blank(was[k]))) return new AppError(409, 'warehouse.errors.packageNotWhole', { billNo, line: i + 1 });
  }
  return undefined;
};

/** Unpacking moves each line from the package's row (its barcode, at its location) back to the piece's own barcode at the chosen location. */
export const unpackMoves = (doc: TemporaryUnpack, pack: TemporaryPackage): TransferLine[] =>
  rowLinesOf(doc).map((l: RowLine) => ({
    ...l,
    barcode: packageBarcodeOf(pack),
    warehousePlaceCode: pack.warehousePlaceCode,
    targetWarehousePlaceCode: doc.targetWarehousePlaceCode,
    targetBarcode: l.barcode,
  }));

const checkUnpack = (command: DocumentCommandOf<typeof temporarypackagebill>, doc: TemporaryUnpack | undefined, facts: UnpackFacts): AppError | undefined => {
  const content = submittedContent(command);
  if (content) return checkUnpackOf(content, facts.pack);
  const removal = refuseRemoveOnceInStock(command, doc, ['Unpacked']);
  if (removal || !doc || actionOf(command) !== 'unpack') return removal;
  return checkUnpackOf(doc, facts.pack) ?? checkMoves(doc, unpackMoves(doc, facts.pack!), facts);
};

/** Unpacking writes the stock back to the pieces and marks the package unpacked, in one transaction. */
export const unpackEffects = (doc: TemporaryUnpack, facts: UnpackFacts, meta: DecideMeta): Effect[] => {
  const pack = facts.pack;
  if (!pack) return [];
  return [
    ...moved(doc, unpackMoves(doc, pack), facts, meta, temporarypackagebill.name, temporarypackagebill.billType),
    { document: packagetemporarybill.name, id: pack.id, action: 'unpacked', fields: { unpackBillNo: doc.billNo } },
  ];
};

/** The unpacking bill's own decisions. */
export const unpackDecisions = (load: DocumentDecisions<UnpackFacts, typeof temporarypackagebill>['load']): DocumentDecisions<UnpackFacts, typeof temporarypackagebill> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command, doc, facts) => checkUnpack(command, doc, facts),
  effects: (command, after, facts, meta) => (actionOf(command) === 'unpack' ? unpackEffects(after, facts, meta) : []),
});
