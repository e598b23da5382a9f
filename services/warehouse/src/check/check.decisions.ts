import { AppError, KIT_FACTS, STOCK_EVENT_TYPES, checkbill, documentTotals, eventTypeOf, subQty, type DocumentOf } from '@tpl/contracts';
import type { DecideMeta, DocumentDecisions, Effect } from '@tpl/documents';
import { adjust, factOf, rowKey } from '../stock/stock.account';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { PerAccount, accountOf, keyOf, numberRowLines, rowLinesOf, sourceOf, type InsideFacts, type RowLine } from '../inside/rows';

/** The stock check, as the kit folds it. */
export type StockCheck = DocumentOf<typeof checkbill>;

/** An item of a stock check: the row, what was counted, and what the ledger said at the count. */
export type CheckItem = RowLine & { countQty?: number; bookQty?: number; gainQty?: number; lossQty?: number };
export const ITEMS = 'items';
/** What the bill keeps on its items from the ledger: never the user's to give, gone when it is counted again. */
const KEPT = ['bookQty', 'gainQty', 'lossQty'] as const;

/** What a stock check's decisions read: the accounts and locations, and per item what its row's ledger added after the count's time. */
export type CheckFacts = InsideFacts & { later: Map<number, number> };

export const itemsOf = (doc: Record<string, unknown>): CheckItem[] => rowLinesOf(doc, ITEMS) as CheckItem[];

/** The row's quantity in the ledger now (0 when it holds nothing, or never existed). */
const qtyNow = (doc: StockCheck, facts: Pick<InsideFacts, 'accounts'>, item: CheckItem): number =>
  accountOf(facts, doc.customerCode, item.materialCode).rows.get(rowKey(keyOf(item)))?.qty ?? 0;

/** Each item's book quantity: its row as of the count's time (now, less what the ledger added after it). */
export const booksOf = (doc: StockCheck, facts: CheckFacts): { lineNumber: number; bookQty: number }[] =>
  itemsOf(doc).map((i) => ({ lineNumber: i.lineNumber, bookQty: Math.max(0, subQty(qtyNow(doc, facts, i), facts.later.get(i.lineNumber) ?? 0)) }));

/** A gain or a loss: what was counted against the book. */
export const differenceOf = (i: Pick<CheckItem, 'countQty' | 'bookQty'>) => subQty(Number(i.countQty ?? 0), Number(i.bookQty ?? 0));

/** Recording the count: every item counted, each in a location of the bill's area that is not another owner's. */
export const checkCount = (doc: StockCheck, facts: InsideFacts): AppError | undefined => {
  for (const i of itemsOf(doc)) {
    if (i.countQty === undefined || i.countQty === null) return new AppError(409, 'warehouse.errors.countMissing', { line: i.lineNumber });
    const place = facts.places.get(i.warehousePlaceCode);
    if (!place) continue;
    if (place.warehouseAreaCode !== doc.warehouseAreaCode) return new AppError(409, 'warehouse.errors.placeOtherArea', { place: place.code, area: doc.warehouseAreaCode });
    if (place.customerCode && place.customerCode !== doc.customerCode) return new AppError(409, 'warehouse.errors.placeOtherOwner', { place: place.code, owner: place.customerCode });
  }
  return undefined;
};

/**
 * Posting: a difference is posted only onto a row that still holds what the book said at the
 * count; a row that moved since is refused (count it again: RECOUNT). Rows without a
 * difference are not looked at.
 */
export const checkPost = (doc: StockCheck, facts: InsideFacts): AppError | undefined => {
  for (const i of itemsOf(doc)) {
    if (differenceOf(i) === 0) continue;
    const now = qtyNow(doc, facts, i);
    if (now !== Number(i.bookQty ?? 0)) {
      return new AppError(409, 'warehouse.errors.countStale', { line: i.lineNumber, materialCode: i.materialCode, barcode: i.barcode, book: Number(i.bookQty ?? 0), now });
    }
  }
  return undefined;
};

/** The differences into stock (StockAdjusted, at the posting time): a gain adds to the row (making it when the book had none), a loss takes away. */
export const postEffects = (doc: StockCheck, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const decided = new PerAccount();
  for (const i of itemsOf(doc)) {
    const delta = differenceOf(i);
    if (delta === 0) continue;
    const account = accountOf(facts, doc.customerCode, i.materialCode);
    const lines = adjust(decided.current(account), [{ key: keyOf(i), qty: Math.abs(delta), delta, lineNumber: i.lineNumber }], sourceOf(doc, checkbill.name, i.lineNumber), {
      warehouseAreaCode: doc.warehouseAreaCode,
    });
    decided.add(account, lines);
  }
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.adjusted, (lines) => factOf(lines, meta.now, String(checkbill.billType)));
};

const BOOK_RECORDED = eventTypeOf(checkbill, checkbill.actions.recordBook.fact);
/** Facts after which the count no longer stands: counted again, or the review sent it back. */
const COUNT_UNDONE = [eventTypeOf(checkbill, checkbill.actions.recount.fact), eventTypeOf(checkbill, KIT_FACTS.reviewRejected)];

const withItems = <T extends StockCheck>(doc: T, items: readonly CheckItem[]): T => {
  const next = { ...doc, [ITEMS]: items };
  return { ...next, totals: documentTotals(checkbill, next) };
};

/** The stock check's own decisions (the IO of `load` is wired in check.wiring.ts). */
export const checkDecisions = (load: DocumentDecisions<CheckFacts, typeof checkbill>['load']): DocumentDecisions<CheckFacts, typeof checkbill> => ({
  load,
  compute: (content) => numberRowLines(content, ITEMS, KEPT),
  check: (command, doc, facts) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Posted']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    if (action === 'count') return checkCount(doc, facts);
    if (action === 'post') return checkPost(doc, facts);
    return undefined;
  },
  effects: (command, after, facts, meta) => {
    const action = actionOf(command);
    // the book quantities at the count land on the items as the bill's own fact, in the same transaction
    if (action === 'count') return [{ document: checkbill.name, id: after.id, action: 'recordBook', fields: { books: booksOf(after, facts) } }];
    if (action === 'post') return postEffects(after, facts, meta);
    return [];
  },
  evolve: (doc, event) => {
    if (event.type === BOOK_RECORDED) {
      const books = new Map(((event.data as { books?: { lineNumber: number; bookQty: number }[] }).books ?? []).map((b) => [b.lineNumber, b.bookQty]));
      return withItems(
        doc,
        itemsOf(doc).map((i) => {
          const bookQty = books.get(i.lineNumber) ?? 0;
          const d = differenceOf({ countQty: i.countQty, bookQty });
          return { ...i, bookQty, gainQty: Math.max(0, d), lossQty: Math.max(0, -d) };
        }),
      );
    }
    if (COUNT_UNDONE.includes(event.type)) {
      const items = itemsOf(doc).map((i) => {
        const out = { ...i };
        for (const k of KEPT) delete out[k];
        return out;
      });
      // counted again, the new count needs its own approval
      return { ...withItems(doc, items), isReview: doc.isReview === 2 ? 1 : doc.isReview };
    }
    return doc;
  },
});
