import { AppError, NUMBER_KINDS, STOCK_EVENT_TYPES, VOUCHER_KINDS, VOUCHER_TYPES, mulDecimal, subQty, voucherbill, type DocumentOf, type StockLine } from '@tpl/contracts';
import type { DecideMeta, DocumentCommandOf, DocumentDecisions, Effect } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { adjust, factOf, move, rowKey, type AccountState } from '../stock/stock.account';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { PerAccount, accountOf, checkRowsHold, keyOf, numberRowLines, rowLinesOf, sourceOf, submittedContent, type InsideFacts, type RowLine } from '../inside/rows';
import { addMoves, checkMoves, checkSamePlace, checkTargets, type TransferLine } from '../transfer/transfer.decisions';

/** The voucher, as the kit folds it. */
export type Voucher = DocumentOf<typeof voucherbill>;

/** What a voucher's decisions read: the stock its lines touch and, for a reversing voucher, the voucher it reverses. */
export type VoucherFacts = InsideFacts & { original?: Voucher | undefined };

type VoucherLine = RowLine & { price?: number; sourceVoucherLineNumber?: number };
const voucherLines = (doc: Record<string, unknown>) => rowLinesOf(doc) as VoucherLine[];
const isReversal = (doc: Record<string, unknown>) => typeof doc.sourceVoucherBillNo === 'string' && doc.sourceVoucherBillNo !== '';
const targetOf = (doc: Record<string, unknown>) => (typeof doc.targetWarehousePlaceCode === 'string' ? doc.targetWarehousePlaceCode : '');
/** A move voucher's lines as moves to its header's target. */
const movesOf = (doc: Record<string, unknown>): TransferLine[] => voucherLines(doc).map((l) => ({ ...l, targetWarehousePlaceCode: targetOf(doc) }));

/**
 * What the server keeps on a voucher: line numbers; each line's amount = price x qty, exact to
 * the cent (half up); voucherType (a reversing voucher names the one it reverses); the lines'
 * location as the header's "from" when they are all at one; a target only on a move; the line a
 * reversing line reverses only on a reversing voucher.
 */
export const computeVoucher = (content: Record<string, unknown>): Record<string, unknown> => {
  const reversal = isReversal(content);
  const numbered = numberRowLines(content, 'details', reversal ? [] : ['sourceVoucherLineNumber']);
  const details = voucherLines(numbered).map((l) => ({ ...l, amount: mulDecimal(l.price ?? 0, l.qty, NUMBER_KINDS.money.scale) }));
  const places = [...new Set(details.map((l) => l.warehousePlaceCode))];
  const out: Record<string, unknown> = { ...numbered, details, voucherType: reversal ? VOUCHER_TYPES.reversal : VOUCHER_TYPES.normal };
  if (places.length === 1) out.sourceWarehousePlaceCode = places[0];
  else delete out.sourceWarehousePlaceCode;
  if (content.voucherKind !== VOUCHER_KINDS.move) delete out.targetWarehousePlaceCode;
  return out;
};

/** What a line of a reversing voucher must repeat of the line it reverses. */
const SAME_ON_LINE = ['barcode', 'materialCode', 'batchNo', 'warehousePlaceCode', 'qty'] as const;
const SAME_ON_HEADER = ['customerCode', 'warehouseAreaCode', 'voucherKind', 'targetWarehousePlaceCode'] as const;
const blank = (v: unknown) => (v === undefined || v === null ? '' : v);

/**
 * A reversing voucher reverses a posted voucher that is not itself a reversal, as a whole and as
 * it was: the same owner, area, adjustment and target, and every line of the original once, each
 * naming it (sourceVoucherLineNumber) with the same row and quantity.
 */
export const checkReversalOf = (content: Record<string, unknown>, original: Voucher | undefined): AppError | undefined => {
  const billNo = String(content.sourceVoucherBillNo ?? '');
  if (!original || original.state !== 'Posted' || original.voucherType === VOUCHER_TYPES.reversal) {
    // the state in the reader's words; a voucher that is not there reads as "-"
    return original
      ? new AppError(409, 'warehouse.errors.voucherNotReversible', { billNo }, { state: `voucherbill.states.${original.state}` })
      : new AppError(409, 'warehouse.errors.voucherNotReversible', { billNo, state: '-' });
  }
  if (SAME_ON_HEADER.some((k) => blank(content[k]) !== blank(original[k]))) return new AppError(409, 'warehouse.errors.voucherReversalHeader', { billNo });
  const lines = voucherLines(content);
  const before = voucherLines(original);
  for (const [i, l] of lines.entries()) {
    const was = before.find((b) => b.lineNumber === l.sourceVoucherLineNumber);
    const twice = lines.findIndex((o) => o.sourceVoucherLineNumber === l.sourceVoucherLineNumber) !== i;
    if (!was || twice || SAME_ON_LINE.some((k) => blank(l[k]) !== blank(was[k]))) return new AppError(409, 'warehouse.errors.voucherReversalNotWhole', { billNo, line: i + 1 });
  }
  if (lines.length !== before.length) {
    const missing = before.find((b) => !lines.some((l) => l.sourceVoucherLineNumber === b.lineNumber));
    return new AppError(409, 'warehouse.errors.voucherReversalNotWhole', { billNo, line: missing?.lineNumber ?? lines.length });
  }
  return undefined;
};

/** Posting an ordinary voucher: a move's walls (the transfer's), a loss takes only what is free, a gain needs the row there. */
export const checkPost = (doc: Voucher, facts: InsideFacts): AppError | undefined => {
  if (doc.voucherKind === VOUCHER_KINDS.move) return checkMoves(doc, movesOf(doc), facts);
  if (doc.voucherKind === VOUCHER_KINDS.loss) return checkRowsHold(doc, voucherLines(doc), facts);
  // a gain adds to a row of the owner's stock in the bill's area (its quantity may be 0 by now: found again)
  for (const l of voucherLines(doc)) {
    const row = accountOf(facts, doc.customerCode, l.materialCode).rows.get(rowKey(keyOf(l)));
    if (!row) return new AppError(409, 'warehouse.errors.stockRowNotFound', { materialCode: l.materialCode, barcode: l.barcode, place: l.warehousePlaceCode });
    if (row.warehouseAreaCode && row.warehouseAreaCode !== doc.warehouseAreaCode) return new AppError(409, 'warehouse.errors.placeOtherArea', { place: l.warehousePlaceCode, area: doc.warehouseAreaCode });
  }
  return undefined;
};

/** The stock an ordinary voucher's posting writes: a move to the target, or the quantity up or down. */
const postEffects = (doc: Voucher, facts: InsideFacts, decided: PerAccount) => {
  if (doc.voucherKind === VOUCHER_KINDS.move) return addMoves(decided, doc, movesOf(doc), facts, sourceOf(doc, voucherbill.name));
  const sign = doc.voucherKind === VOUCHER_KINDS.gain ? 1 : -1;
  for (const l of voucherLines(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    decided.add(account, adjust(decided.current(account), [{ key: keyOf(l), qty: l.qty, delta: sign * l.qty, lineNumber: l.lineNumber }], sourceOf(doc, voucherbill.name, l.lineNumber)));
  }
};

/**
 * The exact opposite of what the original's posting did, line by line: a move goes back from the
 * target to the line's location, a gain is taken out again, a loss put back. A line whose stock
 * has moved on since (what is to go back is no longer there, free) is refused, naming the line.
 */
const reversalEffects = (doc: Voucher, facts: InsideFacts, decided: PerAccount) => {
  const target = targetOf(doc);
  for (const l of voucherLines(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const now = decided.current(account);
    const source = sourceOf(doc, voucherbill.name, l.lineNumber);
    if (doc.voucherKind === VOUCHER_KINDS.loss) {
      const area = facts.places.get(l.warehousePlaceCode)?.warehouseAreaCode ?? doc.warehouseAreaCode;
      decided.add(account, adjust(now, [{ key: keyOf(l), qty: l.qty, delta: l.qty, lineNumber: l.lineNumber }], source, { warehouseAreaCode: area }));
      continue;
    }
    const from = doc.voucherKind === VOUCHER_KINDS.move ? { ...keyOf(l), warehousePlaceCode: target } : keyOf(l);
    refuseMovedOn(now, from, l);
    if (doc.voucherKind === VOUCHER_KINDS.move) {
      decided.add(account, move(now, [{ from, toPlace: l.warehousePlaceCode, toArea: facts.places.get(l.warehousePlaceCode)?.warehouseAreaCode, qty: l.qty, lineNumber: l.lineNumber }], source));
    } else decided.add(account, adjust(now, [{ key: from, qty: l.qty, delta: -l.qty, lineNumber: l.lineNumber }], source));
  }
};

/** What a reversing line takes back must still be there and free: else 409 naming the line. */
const refuseMovedOn = (account: AccountState, from: ReturnType<typeof keyOf>, l: VoucherLine) => {
  const row = account.rows.get(rowKey(from));
  const available = row ? subQty(row.qty, row.djQty) : 0;
  if (available < l.qty) {
    throw new AppError(409, 'warehouse.errors.voucherLineMovedOn', { line: l.lineNumber, place: from.warehousePlaceCode, barcode: from.barcode, materialCode: l.materialCode, wanted: l.qty, available });
  }
};

/** Everything a voucher's posting writes: its stock, in one fact per account; a reversing voucher marks its original reversed. */
export const voucherEffects = (doc: Voucher, facts: VoucherFacts, meta: DecideMeta): Effect[] => {
  const decided = new PerAccount();
  const reversal = isReversal(doc);
  if (reversal) reversalEffects(doc, facts, decided);
  else postEffects(doc, facts, decided);
  const type = doc.voucherKind === VOUCHER_KINDS.move ? STOCK_EVENT_TYPES.moved : STOCK_EVENT_TYPES.adjusted;
  const stock = decided.effects(doc.tenantId, type, (lines: StockLine[]) => factOf(lines, meta.now, String(voucherbill.billType)));
  if (!reversal || !facts.original) return stock;
  return [...stock, { document: voucherbill.name, id: facts.original.id, action: 'reversed', fields: { voucherOffRemark: doc.voucherOffRemark ?? '', reversalBillNo: doc.billNo } }];
};

/** A reversing voucher's posting: its original still reversible, its lines still the original's, the way back open. */
const checkReversalPost = (doc: Voucher, facts: VoucherFacts): AppError | undefined => {
  const refused = checkReversalOf(doc, facts.original);
  if (refused) return refused;
  // a move goes back to the lines' own locations: they must still take the owner's goods
  if (doc.voucherKind === VOUCHER_KINDS.move) return checkTargets(doc, voucherLines(doc).map((l) => l.warehousePlaceCode), facts);
  return undefined;
};

const checkCommand = (command: DocumentCommandOf<typeof voucherbill>, doc: Voucher | undefined, facts: VoucherFacts): AppError | undefined => {
  const content = submittedContent(command);
  if (content) {
    if (content.voucherKind === VOUCHER_KINDS.move) {
      const refused = checkSamePlace(movesOf(content));
      if (refused) return refused;
    }
    return isReversal(content) ? checkReversalOf(content, facts.original) : undefined;
  }
  const removal = refuseRemoveOnceInStock(command, doc, ['Posted', 'Reversed']);
  if (removal || !doc || actionOf(command) !== 'post') return removal;
  return isReversal(doc) ? checkReversalPost(doc, facts) : checkPost(doc, facts);
};

/** The voucher's own decisions (the IO of `load` is wired in voucher.wiring.ts). */
export const voucherDecisions = (load: DocumentDecisions<VoucherFacts, typeof voucherbill>['load']): DocumentDecisions<VoucherFacts, typeof voucherbill> => ({
  load,
  compute: (content) => computeVoucher(content),
  check: (command, doc, facts) => checkCommand(command, doc, facts),
  effects: (command, after, facts, meta) => (actionOf(command) === 'post' ? voucherEffects(after, facts, meta) : []),
  // the reversal that lands on the original makes it a reversed voucher
  evolve: (doc, event: StoredEvent) => (event.type === `${voucherbill.streamType}${voucherbill.actions.reversed.fact}` ? { ...doc, voucherType: VOUCHER_TYPES.reversed } : doc),
});
