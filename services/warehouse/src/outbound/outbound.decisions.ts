import {
  AppError,
  STOCK_ACCOUNT,
  STOCK_EVENT_TYPES,
  eventTypeOf,
  orderosoutstockbill,
  osoutstockbill,
  stockAccountStream,
  type DocumentOf,
  type StockKey,
  type StockLine,
} from '@tpl/contracts';
import type { DecideMeta, DocumentDecisions, Effect } from '@tpl/documents';
import { allocate, applyLines, assertThereFrom, factOf, release, ship, type AccountState, type PickingRule, type RowQty } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { appliedLineFor, checkReport, reportTo, type ApplyReport } from '../shared/apply';
import { actionOf, computeGoodsLines, linesOf, refuseRemoveOnceInStock, withLines, type GoodsLine } from '../shared/lines';
import { notBefore, stepAt } from '../shared/times';
import { ORDER } from './order.decisions';

/** The outbound bill and its outbound order, as the kit folds them. */
export type OutboundBill = DocumentOf<typeof osoutstockbill>;
export type OutboundOrder = DocumentOf<typeof orderosoutstockbill>;

/** What a bill holds frozen, row by row and line by line: the net of its ALLOCATE and RELEASE stream lines. */
export type Held = { lineNumber: number; key: Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'>; materialCode: string; qty: number };

/** What the outbound bill's decisions read: the accounts its lines touch, its order, the picking rules, what it holds. */
export type OutboundFacts = {
  accounts: Map<string, AccountState>;
  order?: OutboundOrder | undefined;
  /** material code -> its picking strategy's rule (FIFO when none) */
  rules: Map<string, PickingRule>;
  held: Held[];
};

const ALLOCATED = eventTypeOf(osoutstockbill, 'Allocated');
const RELEASED = eventTypeOf(osoutstockbill, 'Released');
const LEFT_WAVE = eventTypeOf(osoutstockbill, 'LeftWave');
const SHIPPED = eventTypeOf(osoutstockbill, osoutstockbill.actions.ship.fact);

/** The ordered line a bill line answers: the one it names, else the same material and batch. */
export const orderedLineFor = (order: OutboundOrder, line: GoodsLine): GoodsLine | undefined => appliedLineFor(order, line);

const reportOf = (doc: OutboundBill, order: OutboundOrder): ApplyReport => ({
  sourceId: doc.id,
  sourceBillNo: doc.billNo,
  lines: linesOf(doc).map((l) => ({ lineNumber: orderedLineFor(order, l)!.lineNumber, qty: l.qty })),
});

/** Allocation against an order: the order must be this owner's, open, name every line, and have that much left to ship. */
export const checkAllocate = (doc: OutboundBill, facts: OutboundFacts): AppError | undefined => {
  const applyNo = doc.applyNo ?? '';
  if (!applyNo) return undefined;
  if (!facts.order) return new AppError(409, 'warehouse.errors.orderNotFound', { applyNo });
  if (facts.order.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.orderOtherOwner', { applyNo, customerCode: facts.order.customerCode });
  for (const l of linesOf(doc)) {
    if (!orderedLineFor(facts.order, l)) return new AppError(409, 'warehouse.errors.notOrdered', { applyNo, materialCode: l.materialCode, batchNo: l.batchNo ?? '' });
  }
  return checkReport(ORDER, facts.order, reportOf(doc, facts.order));
};

const accountOf = (facts: OutboundFacts, customerCode: string, materialCode: string): AccountState => {
  const a = facts.accounts.get(accountId(customerCode, materialCode));
  if (!a) throw new Error(`account ${customerCode}/${materialCode} was not loaded`);
  return a;
};

/** Decides per account, lines on the same account seeing the ones before; one fact per account. */
const perAccount = (
  doc: OutboundBill,
  facts: OutboundFacts,
  items: { materialCode: string }[],
  decide: (account: AccountState, i: number) => StockLine[],
  type: string,
  fact: (lines: StockLine[]) => unknown,
  /** the step's time field: a back-dated step is refused naming it when the goods were not there since (firstShortFrom) */
  timeField?: string,
): Effect[] => {
  const decided = new Map<AccountState, StockLine[]>();
  items.forEach((it, i) => {
    const account = accountOf(facts, doc.customerCode, it.materialCode);
    const done = decided.get(account) ?? [];
    decided.set(account, [...done, ...decide(applyLines(account, done, account.version), i)]);
  });
  if (timeField) for (const [account, lines] of decided) assertThereFrom(account, lines, `${osoutstockbill.name}.fields.${timeField}`);
  return [...decided].map(([account, lines]) => ({
    stream: stockAccountStream(doc.tenantId, account.customerCode, account.materialCode),
    streamType: STOCK_ACCOUNT,
    events: [{ type, data: fact(lines) }],
    expectedVersion: account.version,
  }));
};

const sourceOf = (doc: OutboundBill) => ({ documentType: osoutstockbill.name, documentId: doc.id, billNo: doc.billNo });

/** Allocating freezes every line's quantity by its material's picking rule, in the bill's area; all of it or nothing. */
export const allocationEffects = (doc: OutboundBill, facts: OutboundFacts, meta: DecideMeta): Effect[] => {
  const lines = linesOf(doc);
  // the allocation's own time (a late entry names an earlier one): what had expired by then is not taken
  const at = doc.allocatedAt || meta.now;
  const today = at.slice(0, 10);
  return perAccount(
    doc,
    facts,
    lines,
    (account, i) =>
      allocate(
        account,
        [{ qty: lines[i]!.qty, rule: facts.rules.get(lines[i]!.materialCode) ?? 'FIFO', batchNo: lines[i]!.batchNo || undefined, today, lineNumber: lines[i]!.lineNumber, area: doc.warehouseAreaCode }],
        sourceOf(doc),
      ),
    STOCK_EVENT_TYPES.allocated,
    (l) => factOf(l, at, String(osoutstockbill.billType)),
    'allocatedAt',
  );
};

const heldItems = (facts: OutboundFacts): (RowQty & { materialCode: string })[] =>
  facts.held.filter((h) => h.qty > 0).map((h) => ({ key: h.key, qty: h.qty, lineNumber: h.lineNumber, materialCode: h.materialCode }));

/** Releasing gives back every row the bill holds frozen. */
export const releaseEffects = (doc: OutboundBill, facts: OutboundFacts, meta: DecideMeta): Effect[] => {
  const items = heldItems(facts);
  if (!items.length) return [];
  return perAccount(doc, facts, items, (account, i) => release(account, [items[i]!], { ...sourceOf(doc), lineNumber: items[i]!.lineNumber }), STOCK_EVENT_TYPES.released, (l) =>
    factOf(l, meta.now, String(osoutstockbill.billType)),
  );
};

/** Shipping takes the frozen rows out of stock at the shipping time (outbound fee flags), and tells the order. */
export const shipmentEffects = (doc: OutboundBill, facts: OutboundFacts): Effect[] => {
  const items = heldItems(facts);
  // landed by the shipment these effects follow (a nowField: never left out)
  const at = doc.shippedAt!;
  const out = perAccount(
    doc,
    facts,
    items,
    (account, i) => ship(account, [items[i]!], { ...sourceOf(doc), lineNumber: items[i]!.lineNumber }),
    STOCK_EVENT_TYPES.shipped,
    (l) => factOf(l, at, String(osoutstockbill.billType), { outstockStatus: 1, isCost: 1 }),
    'shippedAt',
  );
  if (facts.order) out.push(reportTo(ORDER, facts.order, reportOf(doc, facts.order)));
  return out;
};

/** The outbound bill's own decisions (the IO of `load` is wired in outbound.wiring.ts). */
export const outboundDecisions = (load: DocumentDecisions<OutboundFacts, typeof osoutstockbill>['load']): DocumentDecisions<OutboundFacts, typeof osoutstockbill> => ({
  load,
  // streamStatus (spec 02): not posted until the goods ship and their stock stream is written
  compute: (content) => ({ ...computeGoodsLines(content, { kept: { allocatedQty: 0 } }), streamStatus: 'UNPOSTED' }),
  check: (command, doc, facts, meta) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Shipped']);
    if (removal || !doc || command.type !== 'Act') return removal;
    const action = command.data.action;
    // a bill in a wave is picked with the wave (wavePick), never alone; the wave's cancel gives it back first
    if ((action === 'pick' || action === 'release') && doc.state === 'Waved')
      return new AppError(409, 'warehouse.errors.billInWave', { billNo: doc.billNo, waveNo: String(doc.waveNo ?? '') });
    // picked after it was allocated, shipped after it was picked (and so allocated)
    if (action === 'pick' || action === 'wavePick') return notBefore(osoutstockbill, 'pickedAt', stepAt(command, 'pickedAt', meta), doc, 'allocatedAt');
    if (action === 'ship') {
      const at = stepAt(command, 'shippedAt', meta);
      const early = notBefore(osoutstockbill, 'shippedAt', at, doc, 'pickedAt') ?? notBefore(osoutstockbill, 'shippedAt', at, doc, 'allocatedAt');
      if (early) return early;
    }
    // the order's wall again at shipping: another bill may have shipped against it since
    if (action === 'allocate' || action === 'ship') return checkAllocate(doc, facts);
    return undefined;
  },
  effects: (command, after, facts, meta) => {
    switch (actionOf(command)) {
      case 'allocate':
        return allocationEffects(after, facts, meta);
      case 'release':
        return releaseEffects(after, facts, meta);
      case 'ship':
        return shipmentEffects(after, facts);
      default:
        return [];
    }
  },
  evolve: (doc, event) => {
    // out of the wave: the bill no longer names it
    if (event.type === LEFT_WAVE) {
      const { waveNo: _left, ...rest } = doc;
      return rest as OutboundBill;
    }
    if (event.type === SHIPPED) return { ...doc, streamStatus: 'POSTED' };
    if (event.type !== ALLOCATED && event.type !== RELEASED) return doc;
    const allocated = event.type === ALLOCATED;
    return withLines(osoutstockbill, doc, linesOf(doc).map((l) => ({ ...l, allocatedQty: allocated ? l.qty : 0 })));
  },
});
