import { AppError, STOCK_EVENT_TYPES, diversecustomertransferbill, warehousetransferbill, type DocumentOf, type StockLine, type StockSource } from '@tpl/contracts';
import type { DecideMeta, DocumentDecisions, Effect } from '@tpl/documents';
import { factOf, move, ownerOut, receive } from '../stock/stock.account';
import { refuseRemoveOnceInStock, type OwnedDocument } from '../shared/lines';
import {
  PerAccount,
  accountOf,
  checkPlaceFor,
  checkRowsHold,
  keyOf,
  numberRowLines,
  rowLinesOf,
  sourceOf,
  submittedContent,
  warehouseOf,
  type InsideFacts,
  type RowLine,
} from '../inside/rows';

/** The two transfers, as the kit folds them. */
export type WarehouseTransfer = DocumentOf<typeof warehousetransferbill>;
export type OwnerTransfer = DocumentOf<typeof diversecustomertransferbill>;

/** A warehouse transfer's line: a stock row, how much of it, and where it goes. */
export type TransferLine = RowLine & { targetWarehousePlaceCode: string; targetBarcode?: string | undefined };
const transferLines = (doc: Record<string, unknown>) => rowLinesOf(doc) as TransferLine[];

/** A line may not move goods to where they are (said when the bill is saved, and again when it moves). */
export const checkSamePlace = (lines: readonly TransferLine[]): AppError | undefined => {
  const same = lines.find((l) => l.targetWarehousePlaceCode === l.warehousePlaceCode && (l.targetBarcode ?? l.barcode) === l.barcode);
  return same ? new AppError(400, 'warehouse.errors.samePlace', { place: same.warehousePlaceCode }) : undefined;
};

/**
 * Confirming a transfer: every row holds what its line moves, not allocated, in the bill's
 * area; every target is a live location of the same warehouse (the root of the bill area's
 * tree) that is free or reserved for this owner.
 */
export const checkTransfer = (doc: WarehouseTransfer, facts: InsideFacts): AppError | undefined => checkMoves(doc, transferLines(doc), facts);

/** The walls of any move of stock rows to target locations (a transfer, a voucher's move): checkTransfer's. */
export const checkMoves = (doc: OwnedDocument, lines: readonly TransferLine[], facts: InsideFacts): AppError | undefined => {
  const refused = checkSamePlace(lines) ?? checkRowsHold(doc, lines, facts);
  if (refused) return refused;
  return checkTargets(doc, lines.map((l) => l.targetWarehousePlaceCode), facts);
};

/** Every target is a live location of the bill area's warehouse, free or reserved for the bill's owner. */
export const checkTargets = (doc: OwnedDocument, targets: readonly string[], facts: InsideFacts): AppError | undefined => {
  const warehouse = warehouseOf(facts.areas, doc.warehouseAreaCode);
  for (const code of targets) {
    const target = facts.places.get(code);
    const wall = checkPlaceFor(target, doc.customerCode);
    if (wall) return wall;
    if (target && warehouseOf(facts.areas, target.warehouseAreaCode) !== warehouse) {
      return new AppError(409, 'warehouse.errors.placeOtherWarehouse', { place: target.code, area: doc.warehouseAreaCode });
    }
  }
  return undefined;
};

/** The stock moves, line by line, to the targets (the rows keep barcode, batch, dates and status; they take the target's area). */
export const transferEffects = (doc: WarehouseTransfer, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const decided = new PerAccount();
  addMoves(decided, doc, transferLines(doc), facts, sourceOf(doc, warehousetransferbill.name));
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.moved, (lines) => factOf(lines, meta.now, String(warehousetransferbill.billType)));
};

/** Each line's pieces moved from its row to its target, on its account as the lines before it left it. */
export const addMoves = (decided: PerAccount, doc: OwnedDocument, lines: readonly TransferLine[], facts: InsideFacts, source: StockSource) => {
  for (const l of lines) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const toArea = facts.places.get(l.targetWarehousePlaceCode)?.warehouseAreaCode;
    decided.add(account, move(decided.current(account), [{ from: keyOf(l), toPlace: l.targetWarehousePlaceCode, toArea, toBarcode: l.targetBarcode, qty: l.qty, lineNumber: l.lineNumber }], source));
  }
};

/** The warehouse transfer's own decisions (the IO of `load` is wired in transfer.wiring.ts). */
export const transferDecisions = (load: DocumentDecisions<InsideFacts, typeof warehousetransferbill>['load']): DocumentDecisions<InsideFacts, typeof warehousetransferbill> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command, doc, facts) => {
    const content = submittedContent(command);
    if (content) return checkSamePlace(transferLines(content));
    const removal = refuseRemoveOnceInStock(command, doc, ['Done']);
    if (removal || !doc || command.type !== 'Act') return removal;
    return command.data.action === 'confirm' ? checkTransfer(doc, facts) : undefined;
  },
  effects: (command, after, facts, meta) => (command.type === 'Act' && command.data.action === 'confirm' ? transferEffects(after, facts, meta) : []),
});

// ------------------------------------------------------------------ owner to owner

const ownerTo = (doc: OwnerTransfer) => doc.targetCustomerCode ?? '';

const checkSameOwner = (content: Record<string, unknown>): AppError | undefined =>
  content.customerCode && content.customerCode === content.targetCustomerCode ? new AppError(400, 'warehouse.errors.sameOwner', { customerCode: String(content.customerCode) }) : undefined;

/**
 * Confirming an owner transfer: the first owner's rows hold what the lines take, not
 * allocated, in the bill's area; no line's location is reserved for an owner other than the
 * one receiving (a reserved location holds only its owner's goods).
 */
export const checkOwnerTransfer = (doc: OwnerTransfer, facts: InsideFacts): AppError | undefined => {
  const refused = checkSameOwner(doc) ?? checkRowsHold(doc, rowLinesOf(doc), facts);
  if (refused) return refused;
  for (const l of rowLinesOf(doc)) {
    const place = facts.places.get(l.warehousePlaceCode);
    if (place?.customerCode && place.customerCode !== ownerTo(doc)) return new AppError(409, 'warehouse.errors.placeOtherOwner', { place: place.code, owner: place.customerCode });
  }
  return undefined;
};

/**
 * Out of the first owner's account and into the second's, in one transaction (one
 * StockOwnerChanged fact on each account): OWNER_OUT lines, then OWNER_IN lines of rows with
 * the same barcode, location and batch that keep the inbound time, expiry, quality status,
 * weights and piece volume of what was taken.
 */
export const ownerTransferEffects = (doc: OwnerTransfer, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const from = doc.customerCode;
  const to = ownerTo(doc);
  const decided = new PerAccount();
  for (const l of rowLinesOf(doc)) {
    const source = sourceOf(doc, diversecustomertransferbill.name, l.lineNumber);
    const out = accountOf(facts, from, l.materialCode);
    const { lines, taken } = ownerOut(decided.current(out), [{ key: keyOf(l), qty: l.qty, lineNumber: l.lineNumber }], source);
    decided.add(out, lines);
    const into = accountOf(facts, to, l.materialCode);
    for (const t of taken) {
      const received = receive(
        decided.current(into),
        [{
          barcode: t.barcode,
          warehousePlaceCode: t.warehousePlaceCode,
          warehouseAreaCode: t.warehouseAreaCode ?? undefined,
          batchNo: t.batchNo,
          qty: t.qty,
          qtyWeg: t.qtyWeg,
          boardQty: t.boardQty,
          unitVolume: t.unitVolume,
          expiringDate: t.expiringDate ?? undefined,
          status: t.status,
          lineNumber: l.lineNumber,
        }],
        source,
        // the goods keep the time they came in (FIFO, the category's status change read it)
        t.inboundAt ?? meta.now,
      );
      decided.add(into, received.map((r): StockLine => ({ ...r, movement: 'OWNER_IN' })));
    }
  }
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.ownerChanged, (lines) => factOf(lines, meta.now, String(diversecustomertransferbill.billType)));
};

/** The owner transfer's own decisions. */
export const ownerTransferDecisions = (load: DocumentDecisions<InsideFacts, typeof diversecustomertransferbill>['load']): DocumentDecisions<InsideFacts, typeof diversecustomertransferbill> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command, doc, facts) => {
    const content = submittedContent(command);
    if (content) return checkSameOwner(content);
    const removal = refuseRemoveOnceInStock(command, doc, ['Done']);
    if (removal || !doc || command.type !== 'Act') return removal;
    return command.data.action === 'confirm' ? checkOwnerTransfer(doc, facts) : undefined;
  },
  effects: (command, after, facts, meta) => (command.type === 'Act' && command.data.action === 'confirm' ? ownerTransferEffects(after, facts, meta) : []),
});
