import { AppError, addQty, eventTypeOf, orderisinstockbill, type KitDocument } from '@tpl/contracts';
import type { DocumentCommand, DocumentDecisions } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { actionOf, computeGoodsLines, linesOf, refuseRemoveOnceInStock, withLines } from './lines';

/** What an inbound bill reports to its booking: which booked lines, how much. */
export type ReceiptReport = { receiptId: string; receiptBillNo: string; lines: { lineNumber: number; qty: number }[] };

const RECEIPT_ACTIONS = ['recordReceipt', 'completeReceipt'];
const RECEIPT_FACTS = [eventTypeOf(orderisinstockbill, 'ReceiptRecorded'), eventTypeOf(orderisinstockbill, 'ReceiptCompleted')];

/** Refuses a receipt that would take a booked line beyond its booked quantity (zero tolerance), or names a line the booking lacks. */
export const checkReceipt = (doc: KitDocument, report: ReceiptReport): AppError | undefined => {
  const lines = linesOf(doc);
  for (const r of report.lines) {
    const line = lines.find((l) => l.lineNumber === r.lineNumber);
    if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
    const received = Number(line.receivedQty ?? 0);
    if (addQty(received, r.qty) > line.qty) {
      return new AppError(409, 'warehouse.errors.overReceipt', { materialCode: line.materialCode, booked: line.qty, received, wanted: r.qty });
    }
  }
  return undefined;
};

/** Whether, after a report, every booked line is received in full. */
export const completesBooking = (doc: KitDocument, report: Pick<ReceiptReport, 'lines'>): boolean =>
  linesOf(doc).every((l) => addQty(Number(l.receivedQty ?? 0), ...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty)) >= l.qty);

/** The booked inbound's own decisions: line figures, the over-receipt wall, receipts landing on its lines. */
export const bookingDecisions: DocumentDecisions<undefined> = {
  compute: (content) => computeGoodsLines(content, { kept: { receivedQty: 0 } }),
  check: (command: DocumentCommand, doc) => {
    const removal = refuseRemoveOnceInStock(command, doc, ['Receiving', 'Received', 'Closed']);
    if (removal) return removal;
    const action = actionOf(command);
    if (doc && action && RECEIPT_ACTIONS.includes(action) && command.type === 'Act') return checkReceipt(doc, command.data.fields as ReceiptReport);
    return undefined;
  },
  evolve: (doc, event: StoredEvent) => {
    if (!RECEIPT_FACTS.includes(event.type)) return doc;
    const report = event.data as ReceiptReport;
    const details = linesOf(doc).map((l) => {
      const got = report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty);
      return got.length ? { ...l, receivedQty: addQty(Number(l.receivedQty ?? 0), ...got) } : l;
    });
    return withLines(orderisinstockbill, doc, details);
  },
};
