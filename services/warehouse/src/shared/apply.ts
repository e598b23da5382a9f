import { AppError, addQty, eventTypeOf, type DocumentDef, type KitDocument } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { actionOf, computeGoodsLines, linesOf, refuseRemoveOnceInStock, withLines, type GoodsLine } from './lines';

/**
 * A document others work against (a booked inbound that inbound bills receive against, an
 * outbound order that outbound bills ship against): the working documents report what they
 * did, it adds up on its lines (`doneField`) and no line may go beyond its quantity. One
 * shape, described per document by `ApplyTarget`.
 */
export type ApplyTarget<D extends DocumentDef = DocumentDef> = {
  def: D;
  /** the line field that adds up (receivedQty, shippedQty) */
  doneField: string;
  /** the system actions the working documents send: a part, or the last of it */
  record: string;
  complete: string;
  /** the refusal when a line would go beyond its quantity */
  overKey: string;
  /** states in which goods have moved: removal refused with the spec's message */
  moved: readonly string[];
};

/** What a working document reports: which bill, which lines of the target, how much. */
export type ApplyReport = { sourceId: string; sourceBillNo: string; lines: { lineNumber: number; qty: number }[] };

/** The target's line a working line answers: the one it names (applyLineNumber), else the same material and batch. */
export const appliedLineFor = (target: Record<string, unknown>, line: Pick<GoodsLine, 'materialCode' | 'batchNo'> & { applyLineNumber?: unknown }): GoodsLine | undefined => {
  const lines = linesOf(target);
  if (typeof line.applyLineNumber === 'number') return lines.find((o) => o.lineNumber === line.applyLineNumber);
  return lines.find((o) => o.materialCode === line.materialCode && (o.batchNo ?? '') === (line.batchNo ?? ''));
};

/** Refuses a report that takes a line beyond its quantity (zero tolerance), or names a line the target lacks. */
export const checkReport = (t: Pick<ApplyTarget, 'doneField' | 'overKey'>, doc: Record<string, unknown>, report: Pick<ApplyReport, 'lines'>): AppError | undefined => {
  const lines = linesOf(doc);
  for (const r of report.lines) {
    const line = lines.find((l) => l.lineNumber === r.lineNumber);
    if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
    const done = Number(line[t.doneField] ?? 0);
    if (addQty(done, r.qty) > line.qty) return new AppError(409, t.overKey, { materialCode: line.materialCode, ordered: line.qty, done, wanted: r.qty });
  }
  return undefined;
};

/** Whether, after a report, every line is done in full. */
export const completes = (t: Pick<ApplyTarget, 'doneField'>, doc: Record<string, unknown>, report: Pick<ApplyReport, 'lines'>): boolean =>
  linesOf(doc).every((l) => addQty(Number(l[t.doneField] ?? 0), ...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty)) >= l.qty);

/** The action a working document sends its target for a report. */
export const reportTo = (t: ApplyTarget, target: Pick<KitDocument, 'id' | 'details'>, report: ApplyReport) => ({
  document: t.def.name,
  id: target.id,
  action: completes(t, target, report) ? t.complete : t.record,
  fields: report as unknown as Record<string, unknown>,
});

/** The target's own decisions: line figures, the "not beyond" wall, reports landing on its lines. */
export const applyTargetDecisions = <D extends DocumentDef>(t: ApplyTarget<D>): DocumentDecisions<undefined, D> => {
  const facts = [eventTypeOf(t.def, t.def.actions[t.record]!.fact), eventTypeOf(t.def, t.def.actions[t.complete]!.fact)];
  return {
    compute: (content) => computeGoodsLines(content, { kept: { [t.doneField]: 0 } }),
    check: (command, doc) => {
      const removal = refuseRemoveOnceInStock(command, doc, t.moved);
      if (removal) return removal;
      const action = actionOf(command);
      // the report's fields as reportFields describes them (the same for every target)
      if (doc && command.type === 'Act' && (action === t.record || action === t.complete)) return checkReport(t, doc, command.data.fields as unknown as ApplyReport);
      return undefined;
    },
    evolve: (doc, event: StoredEvent) => {
      if (!facts.includes(event.type)) return doc;
      const report = event.data as ApplyReport;
      const details = linesOf(doc).map((l) => {
        const got = report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty);
        return got.length ? { ...l, [t.doneField]: addQty(Number(l[t.doneField] ?? 0), ...got) } : l;
      });
      return withLines(t.def, doc, details);
    },
  };
};
