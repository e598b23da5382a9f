import { STOCK_EVENT_TYPES, inventorylossbill, type DocumentOf } from '@tpl/contracts';
import type { DecideMeta, DocumentDecisions, Effect } from '@tpl/documents';
import { adjust, factOf } from '../stock/stock.account';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { PerAccount, accountOf, checkRowsHold, keyOf, numberRowLines, rowLinesOf, sourceOf, type InsideFacts } from '../inside/rows';

/** The inventory loss, as the kit folds it. */
export type InventoryLoss = DocumentOf<typeof inventorylossbill>;

/**
 * Auditing and posting a loss: every row holds, not allocated, what its line writes off, in
 * the bill's area (checked when it is audited, and again when it is posted: the stock may
 * have moved in between, nothing is reserved by the audit).
 */
export const checkLoss = (doc: InventoryLoss, facts: InsideFacts) => checkRowsHold(doc, rowLinesOf(doc), facts);

/** Posting takes each line's pieces out of its row (StockAdjusted, at the posting time). */
export const lossEffects = (doc: InventoryLoss, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const decided = new PerAccount();
  for (const l of rowLinesOf(doc)) {
    const account = accountOf(facts, doc.customerCode, l.materialCode);
    decided.add(account, adjust(decided.current(account), [{ key: keyOf(l), qty: l.qty, delta: -l.qty, lineNumber: l.lineNumber }], sourceOf(doc, inventorylossbill.name, l.lineNumber)));
  }
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.adjusted, (lines) => factOf(lines, meta.now, String(inventorylossbill.billType)));
};

/** The inventory loss's own decisions (the IO of `load` is wired in loss.wiring.ts). */
export const lossDecisions = (load: DocumentDecisions<InsideFacts, typeof inventorylossbill>['load']): DocumentDecisions<InsideFacts, typeof inventorylossbill> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command, doc, facts) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Posted']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    return action === 'audit' || action === 'post' ? checkLoss(doc, facts) : undefined;
  },
  effects: (command, after, facts, meta) => (actionOf(command) === 'post' ? lossEffects(after, facts, meta) : []),
});
