import { AppError, eventTypeOf, loadbill, osoutstockbill, stocksortingbill, type KitDocument } from '@tpl/contracts';
import type { DocumentCommand, DocumentDecisions, Effect } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';

/**
 * Documents that list outbound bills and move them on (a picking list confirms their picking,
 * a load bill ships them): the listed bills must exist, be of the list's area and be in the
 * state the step needs; the step then sends each bill its own action, judged by the bill's
 * machine and decisions, in the same transaction.
 */
export type ListedFacts = { bills: Map<string, KitDocument> };
type Line = { lineNumber: number; osBillNo: string };

export const listedLines = (doc: Record<string, unknown>): Line[] => ((doc.details as Line[] | undefined) ?? []);

/** Line numbers in order (the lines carry only the bill numbers). */
export const numberLines = (content: Record<string, unknown>) => ({ ...content, details: listedLines(content).map((l, i) => ({ ...l, lineNumber: i + 1 })) });

export const checkListed = (doc: KitDocument, facts: ListedFacts, states: readonly string[]): AppError | undefined => {
  for (const l of listedLines(doc)) {
    const bill = facts.bills.get(l.osBillNo);
    if (!bill) return new AppError(409, 'warehouse.errors.billNotFound', { billNo: l.osBillNo });
    if (bill.warehouseAreaCode !== doc.warehouseAreaCode) return new AppError(409, 'warehouse.errors.billOtherArea', { billNo: l.osBillNo, area: String(doc.warehouseAreaCode) });
    if (!states.includes(bill.state)) return new AppError(409, 'warehouse.errors.billNotReady', { billNo: l.osBillNo }, { state: `${osoutstockbill.name}.states.${bill.state}` });
  }
  return undefined;
};

/** The same action sent to every listed bill. */
export const actOnBills = (facts: ListedFacts, doc: KitDocument, action: string, fields: Record<string, unknown>): Effect[] =>
  listedLines(doc).map((l) => ({ document: osoutstockbill.name, id: facts.bills.get(l.osBillNo)!.id, action, fields }));

const PRINTED = eventTypeOf(stocksortingbill, 'Printed');

/** The picking list: its bills must be allocated when it is issued and completed; completing confirms each bill's picking. */
export const sortingDecisions = (load: DocumentDecisions<ListedFacts>['load']): DocumentDecisions<ListedFacts> => ({
  load,
  compute: (content) => ({ ...numberLines(content), printSortStatus: 0, printBillBoardStatus: 0 }),
  check: (command: DocumentCommand, doc, facts) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Done']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    if (action === 'issue' || action === 'complete') return checkListed(doc, facts, ['Allocated']);
    return undefined;
  },
  effects: (command, after, facts) => {
    if (actionOf(command) !== 'complete') return [];
    return actOnBills(facts, after, 'pick', { picker: after.picker, pickedAt: after.pickedAt });
  },
  evolve: (doc, event: StoredEvent) => {
    if (event.type !== PRINTED) return doc;
    const kind = (event.data as { kind?: string }).kind;
    return kind === 'BOARD' ? { ...doc, printBillBoardStatus: 1 } : { ...doc, printSortStatus: 1 };
  },
});

/**
 * The load bill: its bills must be picked when loading starts and when it ships; shipping ships
 * each bill on the load's vehicle from its dock, and names the load (what the delivery note prints).
 */
export const loadDecisions = (load: DocumentDecisions<ListedFacts>['load']): DocumentDecisions<ListedFacts> => ({
  load,
  compute: numberLines,
  check: (command: DocumentCommand, doc, facts) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Shipped']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    if (action === 'startLoading' || action === 'ship') return checkListed(doc, facts, ['Picked']);
    return undefined;
  },
  effects: (command, after, facts) =>
    actionOf(command) === 'ship'
      ? actOnBills(facts, after, 'ship', { shippedAt: after.shippedAt, carNo: after.carNo, platformNumber: after.platformNumber, loadingOrderNumber: after.billNo })
      : [],
});

export const LISTED = { stocksortingbill, loadbill };
