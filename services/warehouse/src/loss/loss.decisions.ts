import { STOCK_EVENT_TYPES, inventorylossbill, type KitDocument } from '@tpl/contracts';
import type { DecideMeta, DocumentCommand, DocumentDecisions, Effect } from '@tpl/documents';
import { adjust, factOf } from '../stock/stock.account';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { PerAccount, accountOf, checkRowsHold, keyOf, numberRowLines, rowLinesOf, sourceOf, type InsideFacts } from '../inside/rows';

/**
 * Auditing and posting a loss: every row holds, not allocated, what its line writes off, in
 * the bill's area (checked when it is audited, and again when it is posted: the stock may
 * have moved in between, nothing is reserved by the audit).
 */
export const checkLoss = (doc: KitDocument, facts: InsideFacts) => checkRowsHold(doc, rowLinesOf(doc), facts);

/** Posting takes each line's pieces out of its row (StockAdjusted, at the posting time). */
export const lossEffects = (doc: KitDocument, facts: InsideFacts, meta: DecideMeta): Effect[] => {
  const decided = new PerAccount();
  for (const l of rowLinesOf(doc)) {
    const account = accountOf(facts, String(doc.customerCode), l.materialCode);
    decided.add(account, adjust(decided.current(account), [{ key: keyOf(l), qty: l.qty, delta: -l.qty, lineNumber: l.lineNumber }], sourceOf(doc, inventorylossbill.name, l.lineNumber)));
  }
  return decided.effects(doc.tenantId, STOCK_EVENT_TYPES.adjusted, (lines) => factOf(lines, meta.now, String(inventorylossbill.billType)));
};

/** The inventory loss's own decisions (the IO of `load` is wired in loss.wiring.ts). */
export const lossDecisions = (load: DocumentDecisions<InsideFacts>['load']): DocumentDecisions<InsideFacts> => ({
  load,
  compute: (content) => numberRowLines(content),
  check: (command: DocumentCommand, doc, facts) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Posted']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    return action === 'audit' || action === 'post' ? checkLoss(doc, facts) : undefined;
  },
  effects: (command, after, facts, meta) => (actionOf(command) === 'post' ? lossEffects(after, facts, meta) : []),
});
