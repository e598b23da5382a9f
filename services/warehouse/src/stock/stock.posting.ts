import { Inject, Injectable } from '@nestjs/common';
import { AppError, STOCK_EVENT_TYPES, addQty, subQty, type KitDocument, type StockSource } from '@tpl/contracts';
import type { Effect } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import type { PlaceInfo } from '../inbound/putaway';
import { InsideReads } from '../inside/inside.reads';
import { PerAccount, accountOf, checkPlaceFor, checkRowsHold, keyOf, type RowLine } from '../inside/rows';
import { adjust, allocationCandidates, factOf, receive, rowKey, type AccountState } from './stock.account';

/**
 * The stock ledger's front door for the contexts beside the warehouse whose documents move stock
 * (production: raw materials issued to a job, finished goods received from it). They never read or
 * write the warehouse's tables: they ask this port for the facts their decisions need (the owner's
 * accounts and the locations named, read in the command's transaction, the accounts locked until it
 * commits), and the pure functions below turn what they decided into the ledger's own facts, which
 * the document kit appends with the documents' events in one transaction (docs/adr/0006).
 */
export type PostingFacts = { accounts: Map<string, AccountState>; places: Map<string, PlaceInfo> };

export interface StockPosting {
  /** the owner's accounts of these materials (rows and version) and these locations, in the command's transaction */
  facts(uow: UnitOfWork, tenantId: string, owner: string, o: { materials: readonly string[]; places?: readonly string[] }): Promise<PostingFacts>;
}
export const STOCK_POSTING = Symbol('STOCK_POSTING');
export const noPostingFacts = (): PostingFacts => ({ accounts: new Map(), places: new Map() });

/** A line taken out of one stock row (its barcode, location and batch) of the owner's. */
export type IssueLine = Pick<RowLine, 'lineNumber' | 'barcode' | 'materialCode' | 'batchNo' | 'warehousePlaceCode' | 'qty'>;
/** A lot put into a location: a new row (or more on the same row) of the owner's. */
export type ReceiptLine = {
  lineNumber: number;
  materialCode: string;
  barcode: string;
  batchNo: string;
  warehousePlaceCode: string;
  qty: number;
  expiringDate?: string | undefined;
};
/** Which document posts, and the bill type its stock stream lines carry. */
export type Poster = { doc: Pick<KitDocument, 'id' | 'billNo' | 'tenantId'>; documentType: string; billType: number };

const sourceFor = (p: Poster, lineNumber: number): StockSource => ({ documentType: p.documentType, documentId: p.doc.id, billNo: p.doc.billNo, lineNumber });

/** Every row an issue names is the owner's, in the area, and holds unallocated what it takes (lines on one row add up). */
export const checkIssue = (facts: Pick<PostingFacts, 'accounts'>, owner: string, area: string, lines: readonly IssueLine[]): AppError | undefined =>
  checkRowsHold({ customerCode: owner, warehouseAreaCode: area } as Parameters<typeof checkRowsHold>[0], lines as RowLine[], facts, owner);

/** The issue as stock facts: each row down by what it gave (StockAdjusted, at the issue's time), one fact per account. */
export const issueEffects = (facts: Pick<PostingFacts, 'accounts'>, owner: string, lines: readonly IssueLine[], poster: Poster, at: string): Effect[] => {
  const decided = new PerAccount();
  for (const l of lines) {
    const account = accountOf(facts, owner, l.materialCode);
    decided.add(account, adjust(decided.current(account), [{ key: keyOf(l), qty: l.qty, delta: -l.qty, lineNumber: l.lineNumber }], sourceFor(poster, l.lineNumber)));
  }
  return decided.effects(poster.doc.tenantId, STOCK_EVENT_TYPES.adjusted, (ls) => factOf(ls, at, String(poster.billType)));
};

/** Every location a receipt names exists, is live, is in the area and free or reserved for this owner. */
export const checkReceipt = (facts: Pick<PostingFacts, 'places'>, owner: string, area: string, lines: readonly ReceiptLine[]): AppError | undefined => {
  for (const l of lines) {
    const place = facts.places.get(l.warehousePlaceCode);
    if (!place) return new AppError(400, 'warehouse.errors.placeNotFound', { place: l.warehousePlaceCode });
    const refused = checkPlaceFor(place, owner);
    if (refused) return refused;
    if (place.warehouseAreaCode !== area) return new AppError(409, 'warehouse.errors.placeOtherArea', { place: l.warehousePlaceCode, area });
  }
  return undefined;
};

/** The receipt as stock facts: the lots into their locations (StockReceived, available, at the receipt's time). */
export const receiptPostingEffects = (facts: PostingFacts, owner: string, lines: readonly ReceiptLine[], poster: Poster, at: string): Effect[] => {
  const decided = new PerAccount();
  for (const l of lines) {
    const account = accountOf(facts, owner, l.materialCode);
    const area = facts.places.get(l.warehousePlaceCode)?.warehouseAreaCode;
    decided.add(
      account,
      receive(
        decided.current(account),
        [{ barcode: l.barcode, warehousePlaceCode: l.warehousePlaceCode, warehouseAreaCode: area, batchNo: l.batchNo, qty: l.qty, expiringDate: l.expiringDate, lineNumber: l.lineNumber }],
        sourceFor(poster, l.lineNumber),
        at,
      ),
    );
  }
  return decided.effects(poster.doc.tenantId, STOCK_EVENT_TYPES.received, (ls) => factOf(ls, at, String(poster.billType)));
};

/** A lot suggested for an issue: the row, and how much of it. */
export type SuggestedLot = Pick<IssueLine, 'barcode' | 'batchNo' | 'warehousePlaceCode' | 'qty'> & { materialCode: string; expiringDate?: string | undefined };

/**
 * The lots an issue of `qty` would take from an account, first expiring first (FEFO, as outbound
 * allocation takes them: available, put away, in the area, never expired, frozen or in quality
 * inspection), besides what `taken` already takes of each row (barcode, location, batch); as much as
 * there is, when there is less.
 */
export const suggestLots = (account: AccountState, qty: number, o: { area: string; today: string; taken?: readonly Pick<IssueLine, 'barcode' | 'warehousePlaceCode' | 'batchNo' | 'qty'>[] }): SuggestedLot[] => {
  const used = new Map<string, number>();
  for (const t of o.taken ?? []) {
    const k = rowKey(keyOf(t));
    used.set(k, addQty(used.get(k) ?? 0, t.qty));
  }
  const out: SuggestedLot[] = [];
  let left = qty;
  for (const r of allocationCandidates([...account.rows.values()], { rule: 'FEFO', today: o.today, area: o.area })) {
    if (left <= 0) break;
    const free = subQty(subQty(r.qty, r.djQty), used.get(rowKey(r)) ?? 0);
    if (free <= 0) continue;
    const take = Math.min(free, left);
    out.push({ materialCode: account.materialCode, barcode: r.barcode, batchNo: r.batchNo, warehousePlaceCode: r.warehousePlaceCode, qty: take, ...(r.expiringDate ? { expiringDate: r.expiringDate } : {}) });
    left = subQty(left, take);
  }
  return out;
};

/** The port's answer: the in-warehouse documents' reads, for one owner. */
@Injectable()
export class StockPostingReads implements StockPosting {
  constructor(@Inject(InsideReads) private readonly reads: InsideReads) {}

  async facts(uow: UnitOfWork, tenantId: string, owner: string, o: { materials: readonly string[]; places?: readonly string[] }): Promise<PostingFacts> {
    const lines = [...new Set(o.materials)].map((materialCode, i) => ({ lineNumber: i + 1, barcode: '', materialCode, warehousePlaceCode: '', qty: 0 }));
    const { accounts, places } = await this.reads.facts(uow, tenantId, { owners: [owner], lines, places: o.places ?? [] });
    return { accounts, places };
  }
}
