import { AppError, eventTypeOf, loadbill, osoutstockbill, stocksortingbill, type DocumentDef, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions, Effect } from '@tpl/documents';
import type { OutboundBill } from './outbound.decisions';
import { actionOf, refuseRemoveOnceInStock } from '../shared/lines';
import { notBefore, notBeforeBill, stepAt } from '../shared/times';

/**
 * Documents that list outbound bills and move them on (a picking list confirms their picking,
 * a load bill ships them): the listed bills must exist, be of the list's area and be in the
 * state the step needs; the step then sends each bill its own action, judged by the bill's
 * machine and decisions, in the same transaction.
 */
export type ListedFacts = { bills: Map<string, OutboundBill> };
type Line = { lineNumber: number; osBillNo: string };
/** A picking list or a load bill, as the kit folds it. */
export type ListDocument = DocumentOf<typeof stocksortingbill> | DocumentOf<typeof loadbill>;

export const listedLines = (doc: Record<string, unknown>): Line[] => ((doc.details as Line[] | undefined) ?? []);

/** Line numbers in order (the lines carry only the bill numbers). */
export const numberLines = (content: Record<string, unknown>) => ({ ...content, details: listedLines(content).map((l, i) => ({ ...l, lineNumber: i + 1 })) });

export const checkListed = (doc: ListDocument, facts: ListedFacts, states: readonly string[]): AppError | undefined => {
  for (const l of listedLines(doc)) {
    const bill = facts.bills.get(l.osBillNo);
    if (!bill) return new AppError(409, 'warehouse.errors.billNotFound', { billNo: l.osBillNo });
    if (bill.warehouseAreaCode !== doc.warehouseAreaCode) return new AppError(409, 'warehouse.errors.billOtherArea', { billNo: l.osBillNo, area: doc.warehouseAreaCode });
    if (!states.includes(bill.state)) return new AppError(409, 'warehouse.errors.billNotReady', { billNo: l.osBillNo }, { state: `${osoutstockbill.name}.states.${bill.state}` });
  }
  return undefined;
};

/** A listed step's time is not before any listed bill's earlier step (400 naming the field and the bill). */
const stepsAfter = (doc: ListDocument, facts: ListedFacts, def: DocumentDef, field: string, at: string, billField: string): AppError | undefined => {
  for (const l of listedLines(doc)) {
    const bill = facts.bills.get(l.osBillNo);
    const early = bill && notBeforeBill(def, field, at, bill, osoutstockbill, billField);
    if (early) return early;
  }
  return undefined;
};

/** The same action sent to every listed bill. */
export const actOnBills = (facts: ListedFacts, doc: ListDocument, action: string, fields: Record<string, unknown>): Effect[] =>
  listedLines(doc).map((l) => ({ document: osoutstockbill.name, id: facts.bills.get(l.osBillNo)!.id, action, fields }));

const PRINTED = eventTypeOf(stocksortingbill, 'Printed');

/** The picking list: its bills must be allocated when it is issued and completed; completing confirms each bill's picking. */
export const sortingDecisions = (load: DocumentDecisions<ListedFacts, typeof stocksortingbill>['load']): DocumentDecisions<ListedFacts, typeof stocksortingbill> => ({
  load,
  compute: (content) => ({ ...numberLines(content), printSortStatus: 0, printBillBoardStatus: 0 }),
  check: (command, doc, facts, meta) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Done']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    if (action === 'issue') return checkListed(doc, facts, ['Allocated']);
    // every bill is picked after it was allocated (each bill's own check says so too, without naming it)
    if (action === 'complete') return checkListed(doc, facts, ['Allocated']) ?? stepsAfter(doc, facts, stocksortingbill, 'pickedAt', stepAt(command, 'pickedAt', meta), 'allocatedAt');
    return undefined;
  },
  effects: (command, after, facts) => {
    if (actionOf(command) !== 'complete') return [];
    return actOnBills(facts, after, 'pick', { picker: after.picker, pickedAt: after.pickedAt });
  },
  evolve: (doc, event) => {
    if (event.type !== PRINTED) return doc;
    const kind = (event.data as { kind?: string }).kind;
    return kind === 'BOARD' ? { ...doc, printBillBoardStatus: 1 } : { ...doc, printSortStatus: 1 };
  },
});

/**
 * The load bill: its bills must be picked when loading starts and when it ships; shipping ships
 * each bill on the load's vehicle from its dock, and names the load (what the delivery note prints).
 */
export const loadDecisions = (load: DocumentDecisions<ListedFacts, typeof loadbill>['load']): DocumentDecisions<ListedFacts, typeof loadbill> => ({
  load,
  compute: numberLines,
  check: (command, doc, facts, meta) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Shipped']);
    if (removal || !doc) return removal;
    const action = actionOf(command);
    // loaded after the bills were picked, finished after it started, shipped after it was loaded
    if (action === 'startLoading') return checkListed(doc, facts, ['Picked']) ?? stepsAfter(doc, facts, loadbill, 'loadingStartTime', stepAt(command, 'loadingStartTime', meta), 'pickedAt');
    if (action === 'finishLoading') return notBefore(loadbill, 'loadingEndTime', stepAt(command, 'loadingEndTime', meta), doc, 'loadingStartTime');
    // a correction of both times keeps them in order: started after the bills were picked, ended after it started
    if (action === 'editTimes') {
      const start = stepAt(command, 'loadingStartTime', meta);
      return stepsAfter(doc, facts, loadbill, 'loadingStartTime', start, 'pickedAt') ?? notBefore(loadbill, 'loadingEndTime', stepAt(command, 'loadingEndTime', meta), { ...doc, loadingStartTime: start }, 'loadingStartTime');
    }
    if (action === 'ship') {
      const at = stepAt(command, 'shippedAt', meta);
      return checkListed(doc, facts, ['Picked']) ?? notBefore(loadbill, 'shippedAt', at, doc, 'loadingEndTime') ?? stepsAfter(doc, facts, loadbill, 'shippedAt', at, 'pickedAt');
    }
    return undefined;
  },
  effects: (command, after, facts) =>
    actionOf(command) === 'ship'
      ? actOnBills(facts, after, 'ship', { shippedAt: after.shippedAt, carNo: after.carNo, platformNumber: after.platformNumber, loadingOrderNumber: after.billNo })
      : [],
});

export const LISTED = { stocksortingbill, loadbill };
