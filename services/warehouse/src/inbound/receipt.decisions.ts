import {
  AppError,
  STOCK_ACCOUNT,
  STOCK_EVENT_TYPES,
  addQty,
  dockOf,
  eventTypeOf,
  isinstockbill,
  isrecbill,
  orderisinstockbill,
  stockAccountStream,
  subQty,
  type DocumentOf,
  type StockLine,
  type StockSource,
} from '@tpl/contracts';
import type { DocumentDecisions, Effect } from '@tpl/documents';
import { applyLines, assertThereFrom, factOf, move, receive, type AccountState, type ReceiveItem } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { reportTo, type ApplyReport } from '../shared/apply';
import { actionOf, computeGoodsLines, linesOf, refuseRemoveOnceInStock, unitVolumeOf, withLines, type GoodsLine } from '../shared/lines';
import { notBefore, stepAt } from '../shared/times';
import { BOOKING } from './booking.decisions';
import type { PlaceInfo, Placement } from './putaway';

export type { Placement };

/** The inbound bill and its booked inbound, as the kit folds them. */
export type InboundBill = DocumentOf<typeof isinstockbill>;
export type BookedInbound = DocumentOf<typeof orderisinstockbill>;
export type ReceiptBill = DocumentOf<typeof isrecbill>;

/** A received line's barcode when it brought none: the bill number and the line. */
export const barcodeOf = (billNo: string, line: { lineNumber: number; barcode?: unknown }) =>
  typeof line.barcode === 'string' && line.barcode ? line.barcode : `${billNo}-${String(line.lineNumber).padStart(3, '0')}`;

/**
 * What the inbound bill's decisions read: the accounts its lines touch, its booking, the places it
 * names, and the bill's area with every area below it (`areas`; absent: the bill's area alone).
 */
export type ReceiptFacts = { accounts: Map<string, AccountState>; booking?: BookedInbound | undefined; receipt?: ReceiptBill | undefined; places: Map<string, PlaceInfo>; areas?: ReadonlySet<string> };

/** The area a place's goods are in: the place's own (the bill's area or one below it). */
const areaOfPlace = (doc: InboundBill, facts: ReceiptFacts, code: string): string => facts.places.get(code)?.warehouseAreaCode || doc.warehouseAreaCode;

const IN_STOCK = ['Received', 'PuttingAway', 'Stored'];
const RECEIVED = eventTypeOf(isinstockbill, 'Received');
const PUT_AWAY = eventTypeOf(isinstockbill, 'PutAway');

/** The booked line a received line answers: the one it names, else the same material and batch. */
export const bookedLineFor = (booking: BookedInbound, line: GoodsLine): GoodsLine | undefined => {
  const lines = linesOf(booking);
  if (typeof line.applyLineNumber === 'number') return lines.find((b) => b.lineNumber === line.applyLineNumber);
  return lines.find((b) => b.materialCode === line.materialCode && (b.batchNo ?? '') === (line.batchNo ?? ''));
};

const checkPlace = (doc: InboundBill, code: string, facts: ReceiptFacts): AppError | undefined => {
  const place = facts.places.get(code);
  if (!place) return undefined; // the reference check names a missing place
  // the bill's area or one below it: goods that came in at a warehouse's dock go to its zones' bins
  const inReach = facts.areas ? facts.areas.has(place.warehouseAreaCode) : place.warehouseAreaCode === doc.warehouseAreaCode;
  if (!inReach) return new AppError(409, 'warehouse.errors.placeOtherArea', { place: code, area: doc.warehouseAreaCode });
  if (place.customerCode && place.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.placeOtherOwner', { place: code, owner: place.customerCode });
  return undefined;
};

/** A bill made from a receipt bill (recNo) receives it once: the receipt is confirmed, not yet received, and counted the same booking. */
export const checkReceiptBill = (doc: InboundBill, receipt: ReceiptBill | undefined): AppError | undefined => {
  const recNo = doc.recNo ?? '';
  if (!recNo) return undefined;
  if (!receipt) return new AppError(409, 'warehouse.errors.receiptNotConfirmed', { recNo }, { state: 'isrecbill.states.Cancelled' });
  if (receipt.state !== 'Confirmed') return new AppError(409, 'warehouse.errors.receiptNotConfirmed', { recNo }, { state: `isrecbill.states.${receipt.state}` });
  if ((receipt.applyNo ?? '') !== (doc.applyNo ?? '') || receipt.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.receiptOtherBooking', { recNo, applyNo: receipt.applyNo ?? '' });
  return undefined;
};

/** Receiving: the booking must be this owner's and name every line; each place must be in the area and free for this owner. */
export const checkReceive = (doc: InboundBill, facts: ReceiptFacts): AppError | undefined => {
  const fromReceipt = checkReceiptBill(doc, facts.receipt);
  if (fromReceipt) return fromReceipt;
  const applyNo = doc.applyNo ?? '';
  if (applyNo) {
    if (!facts.booking) return new AppError(409, 'warehouse.errors.bookingNotFound', { applyNo });
    if (facts.booking.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.bookingOtherOwner', { applyNo, customerCode: facts.booking.customerCode });
    for (const l of linesOf(doc)) {
      if (!bookedLineFor(facts.booking, l)) return new AppError(409, 'warehouse.errors.notBooked', { applyNo, materialCode: l.materialCode, batchNo: l.batchNo ?? '' });
    }
  }
  for (const l of linesOf(doc)) {
    if (typeof l.warehousePlaceCode === 'string' && l.warehousePlaceCode) {
      const refused = checkPlace(doc, l.warehousePlaceCode, facts);
      if (refused) return refused;
    }
  }
  return undefined;
};

/** Put-away: each placement names a line with that much still at the dock, and a place in the area free for this owner. */
export const checkPutAway = (doc: InboundBill, placements: readonly Placement[], facts: ReceiptFacts): AppError | undefined => {
  const lines = linesOf(doc);
  const wanted = new Map<number, number>();
  for (const p of placements) {
    const line = lines.find((l) => l.lineNumber === p.lineNumber);
    if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: p.lineNumber });
    const total = addQty(wanted.get(p.lineNumber) ?? 0, p.qty);
    wanted.set(p.lineNumber, total);
    const remaining = subQty(line.qty, Number(line.putAwayQty ?? 0));
    if (total > remaining) return new AppError(409, 'warehouse.errors.putAwayExceeds', { line: p.lineNumber, remaining, wanted: total });
    const refused = checkPlace(doc, p.warehousePlaceCode, facts);
    if (refused) return refused;
  }
  return undefined;
};

const accountOf = (facts: ReceiptFacts, customerCode: string, materialCode: string): AccountState => {
  const a = facts.accounts.get(accountId(customerCode, materialCode));
  if (!a) throw new Error(`account ${customerCode}/${materialCode} was not loaded`);
  return a;
};

/** Stock facts, one per account, from items decided on each account in turn. */
const stockEffects = (tenantId: string, decided: Map<AccountState, StockLine[][]>, type: string, make: (lines: StockLine[]) => unknown): Effect[] =>
  [...decided].map(([account, facts]) => ({
    stream: stockAccountStream(tenantId, account.customerCode, account.materialCode),
    streamType: STOCK_ACCOUNT,
    events: facts.map((lines) => ({ type, data: make(lines) })),
    expectedVersion: account.version,
  }));

/** Receiving puts every line into stock: into its place, or the dock; the booking hears what arrived. */
export const receiptEffects = (doc: InboundBill, facts: ReceiptFacts): Effect[] => {
  const source = (l: GoodsLine): StockSource => ({ documentType: isinstockbill.name, documentId: doc.id, billNo: doc.billNo, lineNumber: l.lineNumber });
  // landed by the receive these effects follow (a nowField: never left out)
  const at = doc.receivedAt!;
  const byAccount = new Map<AccountState, StockLine[][]>();
  for (const l of linesOf(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const before = byAccount.get(account) ?? [];
    // lines on the same account see each other: decide on the account after the earlier ones
    const current = applyLines(account, before.flat(), account.version);
    const named = typeof l.warehousePlaceCode === 'string' && l.warehousePlaceCode ? l.warehousePlaceCode : undefined;
    const item: ReceiveItem = {
      barcode: barcodeOf(doc.billNo, l),
      warehousePlaceCode: named ?? dockOf(doc.warehouseAreaCode),
      warehouseAreaCode: named ? areaOfPlace(doc, facts, named) : doc.warehouseAreaCode,
      batchNo: l.batchNo ?? '',
      qty: l.qty,
      qtyWeg: l.qtyWeg,
      boardQty: l.boardQty,
      unitVolume: unitVolumeOf(l),
      expiringDate: l.expiringDate,
      supplierCode: typeof doc.supplierCode === 'string' ? doc.supplierCode : undefined,
      lineNumber: l.lineNumber,
    };
    const lines = receive(current, [item], source(l), at);
    byAccount.set(account, [...before, lines]);
  }
  // one fact per account: its lines together
  const merged = new Map([...byAccount].map(([a, f]) => [a, [f.flat()]]));
  const out = stockEffects(doc.tenantId, merged, STOCK_EVENT_TYPES.received, (lines) =>
    // the bill's fee agreement, when it names one, prices its handling instead of the owner's agreement in force
    factOf(lines, at, String(isinstockbill.billType), { instockStatus: 1, isCost: 1, ...(doc.agreementCode ? { agreementCode: doc.agreementCode } : {}) }),
  );
  if (facts.booking) {
    const report: ApplyReport = {
      sourceId: doc.id,
      sourceBillNo: doc.billNo,
      lines: linesOf(doc).map((l) => ({ lineNumber: bookedLineFor(facts.booking!, l)!.lineNumber, qty: l.qty })),
    };
    out.push(reportTo(BOOKING, facts.booking, report));
  }
  // the receipt bill it was made from is received: no second bill receives the same count
  if (facts.receipt) out.push({ document: isrecbill.name, id: facts.receipt.id, action: 'recordInbound', fields: { inBillNo: doc.billNo } });
  if (linesOf(doc).every((l) => Number(l.putAwayQty ?? 0) >= l.qty)) out.push({ document: isinstockbill.name, id: doc.id, action: 'completePutAway', fields: {} });
  return out;
};

/** Put-away moves goods from the dock to the chosen places; the last one completes the bill. */
export const putAwayEffects = (doc: InboundBill, placements: readonly Placement[], at: string, facts: ReceiptFacts): Effect[] => {
  const lines = linesOf(doc);
  const decided = new Map<AccountState, StockLine[]>();
  for (const p of placements) {
    const l = lines.find((x) => x.lineNumber === p.lineNumber)!;
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    const done = decided.get(account) ?? [];
    const current = applyLines(account, done, account.version);
    const from = { barcode: barcodeOf(doc.billNo, l), warehousePlaceCode: dockOf(doc.warehouseAreaCode), batchNo: l.batchNo ?? '' };
    const moved = move(current, [{ from, toPlace: p.warehousePlaceCode, toArea: areaOfPlace(doc, facts, p.warehousePlaceCode), qty: p.qty, lineNumber: l.lineNumber }], {
      documentType: isinstockbill.name,
      documentId: doc.id,
      billNo: doc.billNo,
      lineNumber: l.lineNumber,
    });
    decided.set(account, [...done, ...moved]);
  }
  // dated before now: the dock must have held the goods at every instant since (firstShortFrom)
  for (const [account, moved] of decided) assertThereFrom(account, moved, `${isinstockbill.name}.fields.putAwayAt`);
  const out = stockEffects(doc.tenantId, new Map([...decided].map(([a, l]) => [a, [l]])), STOCK_EVENT_TYPES.moved, (l) => factOf(l, at, String(isinstockbill.billType)));
  if (lines.every((l) => Number(l.putAwayQty ?? 0) >= l.qty)) out.push({ document: isinstockbill.name, id: doc.id, action: 'completePutAway', fields: {} });
  return out;
};

/** The inbound bill's own decisions (the IO of `load` is wired in inbound.module.ts). */
export const receiptDecisions = (load: DocumentDecisions<ReceiptFacts, typeof isinstockbill>['load']): DocumentDecisions<ReceiptFacts, typeof isinstockbill> => ({
  load,
  compute: (content) => computeGoodsLines(content, { kept: { putAwayQty: 0 }, mantissa: true }),
  check: (command, doc, facts, meta) => {
    const removal = refuseRemoveOnceInStock(command, doc, IN_STOCK);
    if (removal || !doc || command.type !== 'Act') return removal;
    if (command.data.action === 'receive') return checkReceive(doc, facts);
    if (command.data.action === 'putAway') {
      return (
        notBefore(isinstockbill, 'putAwayAt', stepAt(command, 'putAwayAt', meta), doc, 'receivedAt') ??
        checkPutAway(doc, command.data.fields.placements ?? [], facts)
      );
    }
    return undefined;
  },
  effects: (command, after, facts) => {
    const action = actionOf(command);
    if (action === 'receive') return receiptEffects(after, facts);
    // the put-away's time landed with it (a nowField: never left out)
    if (command.type === 'Act' && command.data.action === 'putAway') return putAwayEffects(after, command.data.fields.placements ?? [], after.lastPutAway!.putAwayAt!, facts);
    return [];
  },
  evolve: (doc, event) => {
    if (event.type === RECEIVED) {
      // what went straight into a place needs no put-away
      const details = linesOf(doc).map((l) => ({
        ...l,
        barcode: barcodeOf(doc.billNo, l),
        putAwayQty: typeof l.warehousePlaceCode === 'string' && l.warehousePlaceCode ? l.qty : 0,
      }));
      return withLines(isinstockbill, doc, details);
    }
    if (event.type === PUT_AWAY) {
      const placements = ((event.data as { placements?: Placement[] }).placements ?? []) as Placement[];
      const details = linesOf(doc).map((l) => {
        const got = placements.filter((p) => p.lineNumber === l.lineNumber).map((p) => p.qty);
        return got.length ? { ...l, putAwayQty: addQty(Number(l.putAwayQty ?? 0), ...got) } : l;
      });
      return withLines(isinstockbill, doc, details);
    }
    return doc;
  },
});
