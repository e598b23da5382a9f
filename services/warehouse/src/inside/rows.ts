import { AppError, STOCK_ACCOUNT, addQty, stockAccountStream, subQty, type KitDocument, type StockFact, type StockKey, type StockLine, type StockSource } from '@tpl/contracts';
import type { DocumentCommand, Effect } from '@tpl/documents';
import type { PlaceInfo } from '../inbound/putaway';
import type { OwnedDocument } from '../shared/lines';
import { InsufficientStock, StockRowNotFound, applyLines, rowKey, type AccountState, type StockRowState } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';

/**
 * What the documents working inside the warehouse (transfers, stock check, loss) share: lines
 * that name one stock row each, the facts their decisions read, the walls every one of them
 * keeps (the row exists in the bill's area, only what is not allocated is taken, a location
 * reserved for another owner is refused) and one stock fact per account.
 */
export type RowLine = {
  lineNumber: number;
  barcode: string;
  materialCode: string;
  batchNo?: string;
  warehousePlaceCode: string;
  qty: number;
  [key: string]: unknown;
};

export const rowLinesOf = (doc: Record<string, unknown>, key = 'details'): RowLine[] => (doc[key] as RowLine[] | undefined) ?? [];

/** The stock row a line names. */
export const keyOf = (l: Pick<RowLine, 'barcode' | 'warehousePlaceCode' | 'batchNo'>): Pick<StockKey, 'barcode' | 'warehousePlaceCode' | 'batchNo'> => ({
  barcode: l.barcode,
  warehousePlaceCode: l.warehousePlaceCode,
  batchNo: l.batchNo ?? '',
});

/** Line numbers in order; what the system keeps on a line (`dropped`) is not the user's to give. */
export const numberRowLines = (content: Record<string, unknown>, key = 'details', dropped: readonly string[] = []): Record<string, unknown> => ({
  ...content,
  [key]: rowLinesOf(content, key).map((l, i) => {
    const out: Record<string, unknown> = { ...l, lineNumber: i + 1 };
    for (const k of dropped) delete out[k];
    return out;
  }),
});

/** An area as a transfer sees it: its parent, so the warehouse (the root of the area tree) is known. */
export type AreaInfo = { code: string; parentCode?: string | undefined };

/** What the in-warehouse decisions read in the command's transaction. */
export type InsideFacts = {
  /** the stock accounts the lines touch, with their versions */
  accounts: Map<string, AccountState>;
  /** the locations the lines name (master data) */
  places: Map<string, PlaceInfo>;
  /** the areas of the bill and of the locations, with their ancestors */
  areas: Map<string, AreaInfo>;
};
export const noFacts = (): InsideFacts => ({ accounts: new Map(), places: new Map(), areas: new Map() });

export const accountOf = (facts: Pick<InsideFacts, 'accounts'>, customerCode: string, materialCode: string): AccountState => {
  const a = facts.accounts.get(accountId(customerCode, materialCode));
  if (!a) throw new Error(`account ${customerCode}/${materialCode} was not loaded`);
  return a;
};

const available = (r: StockRowState) => subQty(r.qty, r.djQty);

/**
 * Every line names a row of the owner's stock in the bill's area that holds, not allocated,
 * what the line takes (lines on the same row add up).
 */
export const checkRowsHold = (doc: OwnedDocument, lines: readonly RowLine[], facts: Pick<InsideFacts, 'accounts'>, owner = doc.customerCode): AppError | undefined => {
  const taken = new Map<string, number>();
  for (const l of lines) {
    const account = accountOf(facts, owner, l.materialCode);
    const row = account.rows.get(rowKey(keyOf(l)));
    if (!row || row.qty <= 0) return new StockRowNotFound({ ...keyOf(l), materialCode: l.materialCode });
    if (row.warehouseAreaCode && row.warehouseAreaCode !== doc.warehouseAreaCode) {
      return new AppError(409, 'warehouse.errors.placeOtherArea', { place: l.warehousePlaceCode, area: doc.warehouseAreaCode });
    }
    const id = `${accountId(owner, l.materialCode)}\u0000${rowKey(row)}`;
    const wanted = addQty(taken.get(id) ?? 0, l.qty);
    if (wanted > available(row)) return new InsufficientStock(l.materialCode, wanted, available(row));
    taken.set(id, wanted);
  }
  return undefined;
};

/** A location that may hold an owner's goods: live, and free or reserved for that owner. */
export const checkPlaceFor = (place: PlaceInfo | undefined, owner: string): AppError | undefined => {
  if (!place) return undefined; // the reference check names a location that does not exist
  if (place.invalid) return new AppError(409, 'warehouse.errors.placeInvalid', { place: place.code });
  if (place.customerCode && place.customerCode !== owner) return new AppError(409, 'warehouse.errors.placeOtherOwner', { place: place.code, owner: place.customerCode });
  return undefined;
};

/** The warehouse an area belongs to: the root of the area tree (an area without a parent is its own). */
export const warehouseOf = (areas: ReadonlyMap<string, AreaInfo>, code: string): string => {
  let at = code;
  for (let depth = 0; depth < 10; depth++) {
    const parent = areas.get(at)?.parentCode;
    if (!parent) return at;
    at = parent;
  }
  return at;
};

/** The document a stock fact names: this bill, and its line. */
export const sourceOf = (doc: KitDocument, documentType: string, lineNumber?: number): StockSource => ({
  documentType,
  documentId: doc.id,
  billNo: doc.billNo,
  ...(lineNumber !== undefined ? { lineNumber } : {}),
});

/**
 * Decides item by item, each on its account as the items before it left it, and makes one
 * stock fact per account of what was decided there.
 */
export class PerAccount {
  private readonly decided = new Map<AccountState, StockLine[]>();

  /** The account as the items decided so far left it (the version is still the one read). */
  current(account: AccountState): AccountState {
    return applyLines(account, this.decided.get(account) ?? [], account.version);
  }

  add(account: AccountState, lines: readonly StockLine[]) {
    this.decided.set(account, [...(this.decided.get(account) ?? []), ...lines]);
  }

  effects(tenantId: string, type: string, fact: (lines: StockLine[]) => StockFact): Effect[] {
    return [...this.decided]
      .filter(([, lines]) => lines.length > 0)
      .map(([account, lines]) => ({
        stream: stockAccountStream(tenantId, account.customerCode, account.materialCode),
        streamType: STOCK_ACCOUNT,
        events: [{ type, data: fact(lines) }],
        expectedVersion: account.version,
      }));
  }
}

/** The content of a Create or Change command (what a submit checks before it is recorded). */
export const submittedContent = (command: DocumentCommand): Record<string, unknown> | undefined =>
  command.type === 'Create' || command.type === 'Change' ? command.data.content : undefined;
