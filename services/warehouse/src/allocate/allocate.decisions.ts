import { AppError, STOCK_ACCOUNT, STOCK_EVENT_TYPES, addQty, allocatebill, eventTypeOf, stockAccountStream, subQty, transitOf, type DocumentOf, type StockLine, type StockSource } from '@tpl/contracts';
import type { DecideMeta, DocumentCommand, DocumentDecisions, Effect } from '@tpl/documents';
import { adjust, applyLines, factOf, freeze, move, release, type AccountState } from '../stock/stock.account';
import { refuseRemoveOnceInStock, withLines } from '../shared/lines';
import { accountOf, checkPlaceFor, checkRowsHold, keyOf, numberRowLines, rowLinesOf, sourceOf, submittedContent, warehouseOf, type InsideFacts, type RowLine } from '../inside/rows';

/** The allocate bill as the kit folds it. */
export type AllocateBill = DocumentOf<typeof allocatebill>;
/** A receipt's row: so much of a line into a bin of the target warehouse. */
export type AllocateReceipt = { lineNumber: number; targetPlaceCode: string; qty: number };

type AllocateLine = RowLine & { receivedQty?: number | undefined; shortQty?: number | undefined };
const linesOf = (doc: Record<string, unknown>) => rowLinesOf(doc) as AllocateLine[];
const RECEIVED = eventTypeOf(allocatebill, 'Received');
const CLOSED_SHORT = eventTypeOf(allocatebill, 'ClosedShort');
const STREAM_TYPE = String(allocatebill.billType);
/** Once shipped, the bill's stock facts tell where its goods went: it stays (the spec's "cannot be deleted"). */
const IN_STOCK = ['Confirmed', 'Shipped', 'Receiving', 'Received'];

/** What is still in transit on a line: shipped, not received, not written off. */
export const inTransitOf = (l: AllocateLine) => subQty(subQty(l.qty, Number(l.receivedQty ?? 0)), Number(l.shortQty ?? 0));

/**
 * The two areas belong to different warehouses (roots of the area tree): a move inside one is a
 * warehouse transfer. Said when the bill is saved (400, naming the to area) and again when it is
 * confirmed; without the tree read (`areas` empty) only the same area is known to be one.
 */
export const checkOtherWarehouse = (content: Record<string, unknown>, areas: InsideFacts['areas']): AppError | undefined => {
  const area = typeof content.warehouseAreaCode === 'string' ? content.warehouseAreaCode : '';
  const target = typeof content.targetWarehouseAreaCode === 'string' ? content.targetWarehouseAreaCode : '';
  if (!area || !target) return undefined;
  const warehouse = warehouseOf(areas, area);
  if (area === target || warehouse === warehouseOf(areas, target)) return new AppError(400, 'warehouse.errors.sameWarehouse', { area, target, warehouse });
  return undefined;
};

/**
 * A receipt: every row names a line with that much still in transit (rows on one line add up),
 * and a live bin of the target warehouse that is free or reserved for this owner.
 */
export const checkReceipt = (doc: AllocateBill, receipts: readonly AllocateReceipt[], facts: InsideFacts): AppError | undefined => {
  const lines = linesOf(doc);
  const wanted = new Map<number, number>();
  const warehouse = warehouseOf(facts.areas, doc.targetWarehouseAreaCode);
  for (const r of receipts) {
    const line = lines.find((l) => l.lineNumber === r.lineNumber);
    if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
    const total = addQty(wanted.get(r.lineNumber) ?? 0, r.qty);
    wanted.set(r.lineNumber, total);
    if (total > inTransitOf(line)) return new AppError(409, 'warehouse.errors.receiveExceeds', { line: r.lineNumber, remaining: inTransitOf(line), wanted: total });
    const place = facts.places.get(r.targetPlaceCode);
    const wall = checkPlaceFor(place, doc.customerCode);
    if (wall) return wall;
    if (place && warehouseOf(facts.areas, place.warehouseAreaCode) !== warehouse) {
      return new AppError(409, 'warehouse.errors.placeNotTarget', { place: place.code, area: doc.targetWarehouseAreaCode });
    }
  }
  return undefined;
};

/** One fact per account and step, in order, with the version read (the steps of one account see each other). */
class Steps {
  private readonly decided = new Map<AccountState, { type: string; lines: StockLine[] }[]>();

  current(account: AccountState): AccountState {
    return applyLines(account, (this.decided.get(account) ?? []).flatMap((s) => s.lines), account.version);
  }

  add(account: AccountState, type: string, lines: readonly StockLine[]) {
    const steps = this.decided.get(account) ?? [];
    const last = steps[steps.length - 1];
    if (last?.type === type) last.lines.push(...lines);
    else steps.push({ type, lines: [...lines] });
    this.decided.set(account, steps);
  }

  effects(tenantId: string, at: string): Effect[] {
    // a release and a move on one account: its released lines first, then its moves (each fact of its own type)
    return [...this.decided].map(([account, steps]) => ({
      stream: stockAccountStream(tenantId, account.customerCode, account.materialCode),
      streamType: STOCK_ACCOUNT,
      events: [...steps].sort((a, b) => order(a.type) - order(b.type)).map((s) => ({ type: s.type, data: factOf(s.lines, at, STREAM_TYPE) })),
      expectedVersion: account.version,
    }));
  }
}
const order = (type: string) => (type === STOCK_EVENT_TYPES.released ? 0 : 1);

const lineSource = (doc: AllocateBill, l: AllocateLine): StockSource => sourceOf(doc, allocatebill.name, l.lineNumber);

/** Confirming: every line's row is frozen for the bill (what the line takes, not allocated before, in the source area). */
export const confirmEffects = (doc: AllocateBill, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const steps = new Steps();
  for (const l of linesOf(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    steps.add(account, STOCK_EVENT_TYPES.allocated, freeze(steps.current(account), [{ key: keyOf(l), qty: l.qty, lineNumber: l.lineNumber }], lineSource(doc, l)));
  }
  return steps.effects(doc.tenantId, meta.now);
};

/** Cancelling a confirmed bill gives its rows back (what confirming froze, line by line). */
export const releaseEffects = (doc: AllocateBill, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const steps = new Steps();
  for (const l of linesOf(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    steps.add(account, STOCK_EVENT_TYPES.released, release(steps.current(account), [{ key: keyOf(l), qty: l.qty, lineNumber: l.lineNumber }], lineSource(doc, l)));
  }
  return steps.effects(doc.tenantId, meta.now);
};

/**
 * Shipping: each line's frozen pieces leave their source bin (released, then moved) into the
 * bill's transit place, in the target area; they keep barcode, batch, inbound time (FIFO),
 * expiry, status, weights and piece volume, and stay the owner's.
 */
export const shipEffects = (doc: AllocateBill, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const steps = new Steps();
  for (const l of linesOf(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const item = { key: keyOf(l), qty: l.qty, lineNumber: l.lineNumber };
    steps.add(account, STOCK_EVENT_TYPES.released, release(steps.current(account), [item], lineSource(doc, l)));
    const moved = move(steps.current(account), [{ from: keyOf(l), toPlace: transitOf(doc.billNo), toArea: doc.targetWarehouseAreaCode, qty: l.qty, lineNumber: l.lineNumber }], lineSource(doc, l));
    steps.add(account, STOCK_EVENT_TYPES.moved, moved);
  }
  return steps.effects(doc.tenantId, meta.now);
};

/**
 * Receiving: the pieces move from transit into the chosen bins (taking the bin's area); the
 * receipt that leaves nothing in transit completes the bill. `doc` is the bill after the receipt.
 */
export const receiveEffects = (doc: AllocateBill, receipts: readonly AllocateReceipt[], facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const steps = new Steps();
  const lines = linesOf(doc);
  for (const r of receipts) {
    const l = lines.find((x) => x.lineNumber === r.lineNumber)!;
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const from = { ...keyOf(l), warehousePlaceCode: transitOf(doc.billNo) };
    const toArea = facts.places.get(r.targetPlaceCode)?.warehouseAreaCode || doc.targetWarehouseAreaCode;
    steps.add(account, STOCK_EVENT_TYPES.moved, move(steps.current(account), [{ from, toPlace: r.targetPlaceCode, toArea, qty: r.qty, lineNumber: l.lineNumber }], lineSource(doc, l)));
  }
  const out = steps.effects(doc.tenantId, meta.now);
  if (lines.every((l) => inTransitOf(l) <= 0)) out.push({ document: allocatebill.name, id: doc.id, action: 'completeReceipt', fields: {} });
  return out;
};

/**
 * Closing short: what is still in transit on each line is written off the transit place
 * (StockAdjusted); `doc` is the bill after the fact (each line's `shortQty` landed).
 */
export const closeShortEffects = (doc: AllocateBill, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const steps = new Steps();
  for (const l of linesOf(doc).filter((x) => Number(x.shortQty ?? 0) > 0)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const short = Number(l.shortQty);
    const key = { ...keyOf(l), warehousePlaceCode: transitOf(doc.billNo) };
    steps.add(account, STOCK_EVENT_TYPES.adjusted, adjust(steps.current(account), [{ key, qty: short, delta: -short, lineNumber: l.lineNumber }], lineSource(doc, l)));
  }
  return steps.effects(doc.tenantId, meta.now);
};

const receiptsOf = (command: DocumentCommand): AllocateReceipt[] =>
  command.type === 'Act' && command.data.action === 'receive' ? (((command.data.fields as { placements?: AllocateReceipt[] }).placements ?? []) as AllocateReceipt[]) : [];

/** The allocate bill's own decisions (the IO of `load` is wired in allocate.wiring.ts). */
export const allocateDecisions = (load: DocumentDecisions<InsideFacts, typeof allocatebill>['load']): DocumentDecisions<InsideFacts, typeof allocatebill> => ({
  load,
  // received and short quantities are the bill's steps' to land, never the user's to give
  compute: (content) => numberRowLines(content, 'details', ['receivedQty', 'shortQty']),
  check: (command, doc, facts) => {
    const content = submittedContent(command);
    if (content) return checkOtherWarehouse(content, facts.areas);
    const removal = refuseRemoveOnceInStock(command, doc, IN_STOCK);
    if (removal || !doc || command.type !== 'Act') return removal;
    switch (command.data.action) {
      case 'confirm':
        return checkOtherWarehouse(doc, facts.areas) ?? checkRowsHold(doc, linesOf(doc), facts);
      case 'receive':
        return checkReceipt(doc, receiptsOf(command), facts);
      default:
        return undefined;
    }
  },
  effects: (command, after, facts, meta) => {
    if (command.type !== 'Act') return [];
    switch (command.data.action) {
      case 'confirm':
        return confirmEffects(after, facts, meta);
      case 'ship':
        return shipEffects(after, facts, meta);
      case 'receive':
        return receiveEffects(after, receiptsOf(command), facts, meta);
      case 'closeShort':
        return closeShortEffects(after, facts, meta);
      case 'cancel':
        // cancelled once confirmed: its allocation is given back (a draft or an audited bill froze nothing)
        return after.confirmedAt ? releaseEffects(after, facts, meta) : [];
      default:
        return [];
    }
  },
  evolve: (doc, event) => {
    // closed short: what was still in transit on each line is the line's shortage
    if (event.type === CLOSED_SHORT) return withLines(allocatebill, doc, linesOf(doc).map((l) => (inTransitOf(l) > 0 ? { ...l, shortQty: addQty(Number(l.shortQty ?? 0), inTransitOf(l)) } : l)));
    if (event.type !== RECEIVED) return doc;
    const receipts = ((event.data as { placements?: AllocateReceipt[] }).placements ?? []) as AllocateReceipt[];
    const details = linesOf(doc).map((l) => {
      const got = receipts.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty);
      return got.length ? { ...l, receivedQty: addQty(Number(l.receivedQty ?? 0), ...got) } : l;
    });
    return withLines(allocatebill, doc, details);
  },
});
