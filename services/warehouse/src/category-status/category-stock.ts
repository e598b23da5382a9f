import { type StockLine, type StockSource, type StockStatus } from '@tpl/contracts';
import { changeStatus, type AccountState, type StockRowState } from '../stock/stock.account';

/** The stream's document type of the category's automatic change: its lines name the category (code as id and number). */
export const CATEGORY_SOURCE = 'category';
/** spec 02 streamType: 0 general (no bill caused it). */
export const GENERAL_STREAM = '0';

/** A barcode and batch held once by the category's change (moving a row to another place keeps both). */
export const heldKey = (r: Pick<StockRowState, 'barcode' | 'batchNo'>) => `${r.barcode}\u0000${r.batchNo}`;

/**
 * The rows of an account the category's change holds now: AVAILABLE, with pieces and none of
 * them allocated (goods promised to an outbound leave as promised; held at the next run if
 * released), in at or before `inboundBefore`, and never held by the category's change before
 * (a row a keeper released after inspection is not held again and again).
 */
export const rowsToHold = (account: AccountState, inboundBefore: string, alreadyHeld: ReadonlySet<string>): StockRowState[] =>
  [...account.rows.values()]
    .filter((r) => r.status === 'AVAILABLE' && r.qty > 0 && r.djQty === 0)
    .filter((r) => r.inboundAt !== null && new Date(r.inboundAt).getTime() <= new Date(inboundBefore).getTime())
    .filter((r) => !alreadyHeld.has(heldKey(r)));

/** The status lines for those rows (a StockStatusChanged fact's lines; no quantity moves). */
export const holdLines = (account: AccountState, rows: readonly StockRowState[], status: StockStatus, categoryCode: string): StockLine[] => {
  const source: StockSource = { documentType: CATEGORY_SOURCE, documentId: categoryCode, billNo: categoryCode };
  return rows.length ? changeStatus(account, rows.map((r) => ({ key: r, status })), source) : [];
};
