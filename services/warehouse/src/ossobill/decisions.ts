import { AppError, addQty, eventTypeOf, moneyNumber, amountOf, ossobill, subQty, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { applyTargetDecisions, completes, type ApplyReport, type ApplyTarget } from '../shared/apply';
import { actionOf, linesOf, withLines } from '../shared/lines';

export type SalesOrder = DocumentOf<typeof ossobill>;

/**
 * The sales order: outbound orders are made from it and, once confirmed, take their part of its
 * lines (orderedQty); no line is ordered out beyond what was sold. It completes when all is.
 */
export const SALES_ORDER: ApplyTarget<typeof ossobill> = {
  def: ossobill,
  doneField: 'orderedQty',
  record: 'recordOrder',
  complete: 'completeOrder',
  overKey: 'warehouse.errors.overOrder',
  // removal is the machine's (a draft or a cancelled order): nothing has moved out of a sales order
  moved: [],
};

const RETURNS = [eventTypeOf(ossobill, 'OrderReturned'), eventTypeOf(ossobill, 'Reopened')];

/** A line's amount: price x quantity, decimal, half up to the cent. */
export const lineAmount = (price: unknown, qty: unknown): number => moneyNumber(amountOf(Number(price ?? 0), Number(qty ?? 0)));

/** What an outbound order sends its sales order: a part ordered out, the last of it, or its part given back. */
export const salesOrderReport = (so: Pick<SalesOrder, 'id' | 'details'>, report: ApplyReport, giveBack = false) => {
  if (!giveBack) return { document: ossobill.name, id: so.id, action: completes(SALES_ORDER, so, report) ? SALES_ORDER.complete : SALES_ORDER.record, fields: report as unknown as Record<string, unknown> };
  // nothing left ordered out once it is back: the order is open again as it was confirmed
  const none = linesOf(so).every((l) => subQty(Number(l.orderedQty ?? 0), addQty(...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty))) <= 0);
  return { document: ossobill.name, id: so.id, action: none ? 'reopen' : 'returnOrder', fields: report as unknown as Record<string, unknown> };
};

const base = applyTargetDecisions(SALES_ORDER);

/** The sales order's own decisions: amounts, the "not beyond what was sold" wall, what outbound orders take and give back. */
export const salesOrderDecisions: DocumentDecisions<undefined, typeof ossobill> = {
  ...base,
  compute: (content) => ({
    ...content,
    details: linesOf(content).map((l, i) => ({ ...l, lineNumber: i + 1, amount: lineAmount(l.price, l.qty), orderedQty: 0 })),
  }),
  check: (command, doc, facts, meta) => {
    const action = actionOf(command);
    if (doc && command.type === 'Act' && (action === 'returnOrder' || action === 'reopen')) {
      const report = command.data.fields as unknown as ApplyReport;
      for (const r of report.lines) {
        const line = linesOf(doc).find((l) => l.lineNumber === r.lineNumber);
        if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
        const done = Number(line.orderedQty ?? 0);
        if (subQty(done, r.qty) < 0) return new AppError(409, 'warehouse.errors.overReturn', { materialCode: line.materialCode, done, wanted: r.qty });
      }
      return undefined;
    }
    return base.check?.(command, doc, facts, meta);
  },
  evolve: (doc, event: StoredEvent) => {
    if (!RETURNS.includes(event.type)) return base.evolve ? base.evolve(doc, event) : doc;
    const report = event.data as ApplyReport;
    const details = linesOf(doc).map((l) => {
      const back = addQty(...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty));
      return back ? { ...l, orderedQty: subQty(Number(l.orderedQty ?? 0), back) } : l;
    });
    return withLines(ossobill, doc, details);
  },
};
