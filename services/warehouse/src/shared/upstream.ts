import { AppError, addQty, amountOf, eventTypeOf, moneyNumber, subQty, type DocumentDef, type DocumentOf, type KitDocument } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { appliedLineFor, applyTargetDecisions, checkReport, completes, type ApplyReport, type ApplyTarget } from './apply';
import { actionOf, linesOf, withLines } from './lines';

/**
 * An order placed upstream of another (a sales order upstream of the outbound order, a purchase
 * apply upstream of the booked inbound): the downstream document is made from it, takes its part
 * of its lines when it is confirmed and gives it back when cancelled after. One shape for both,
 * described per document by `UpstreamTarget` (docs/DOMAIN.md "Sales orders and delivery notices",
 * "Purchase apply and receipt bill").
 */
export type UpstreamTarget<D extends DocumentDef = DocumentDef> = ApplyTarget<D> & {
  /** the system actions taking a part back, and all of it (the order open again as confirmed) */
  giveBack: string;
  reopen: string;
  /** the refusal when more is given back than was taken */
  overReturnKey: string;
};

/** A line's amount: price x quantity, decimal, half up to the cent. */
export const lineAmount = (price: unknown, qty: unknown): number => moneyNumber(amountOf(Number(price ?? 0), Number(qty ?? 0)));

/** What a downstream document sends its upstream order: a part taken, the last of it, or its part given back. */
export const upstreamReport = (t: UpstreamTarget, up: Pick<KitDocument, 'id'> & Record<string, unknown>, report: ApplyReport, giveBack = false) => {
  const fields = report as unknown as Record<string, unknown>;
  if (!giveBack) return { document: t.def.name, id: up.id, action: completes(t, up, report) ? t.complete : t.record, fields };
  // nothing left taken once it is back: the order is open again as it was confirmed
  const none = linesOf(up).every((l) => subQty(Number(l[t.doneField] ?? 0), addQty(...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty))) <= 0);
  return { document: t.def.name, id: up.id, action: none ? t.reopen : t.giveBack, fields };
};

/** The upstream order's own decisions: amounts, the "not beyond what was ordered" wall, what downstream documents take and give back. */
export const upstreamDecisions = <D extends DocumentDef>(t: UpstreamTarget<D>): DocumentDecisions<undefined, D> => {
  const base = applyTargetDecisions(t);
  const returns = [eventTypeOf(t.def, t.def.actions[t.giveBack]!.fact), eventTypeOf(t.def, t.def.actions[t.reopen]!.fact)];
  return {
    ...base,
    compute: (content) => ({
      ...content,
      details: linesOf(content).map((l, i) => ({ ...l, lineNumber: i + 1, amount: lineAmount(l.price, l.qty), [t.doneField]: 0 })),
    }) as typeof content,
    check: (command, doc, facts, meta) => {
      const action = actionOf(command);
      if (doc && command.type === 'Act' && (action === t.giveBack || action === t.reopen)) {
        const report = command.data.fields as unknown as ApplyReport;
        for (const r of report.lines) {
          const line = linesOf(doc).find((l) => l.lineNumber === r.lineNumber);
          if (!line) return new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
          const done = Number(line[t.doneField] ?? 0);
          if (subQty(done, r.qty) < 0) return new AppError(409, t.overReturnKey, { materialCode: line.materialCode, done, wanted: r.qty });
        }
        return undefined;
      }
      return base.check?.(command, doc, facts, meta);
    },
    evolve: (doc, event: StoredEvent) => {
      if (!returns.includes(event.type)) return base.evolve ? base.evolve(doc, event) : doc;
      const report = event.data as ApplyReport;
      const details = linesOf(doc).map((l) => {
        const back = addQty(...report.lines.filter((r) => r.lineNumber === l.lineNumber).map((r) => r.qty));
        return back ? { ...l, [t.doneField]: subQty(Number(l[t.doneField] ?? 0), back) } : l;
      });
      return withLines(t.def, doc, details);
    },
  };
};

/**
 * How a downstream document names its upstream order: the header field holding its number
 * (soNo, applyNo), the states open for taking, and the refusals in the upstream's words.
 */
export type Claim<U extends DocumentDef = DocumentDef> = {
  upstream: UpstreamTarget<U>;
  /** the header field with the upstream's bill number; also the refusals' variable */
  field: string;
  open: readonly string[];
  keys: { notFound: string; otherOwner: string; notOpen: string; notOn: string };
};

/** What a downstream document's decisions read: the upstream order it is made from, when it has one. */
export type UpstreamFacts<U extends DocumentDef = DocumentDef> = { upstream?: DocumentOf<U> | undefined };

/** The commands at which a downstream document takes its part (confirmed) or gives it back (cancelled). */
export const readsUpstream = (command: { type: string; data?: unknown }): boolean =>
  command.type === 'SubmitForReview' || command.type === 'ApproveReview' || (command.type === 'Act' && ['audit', 'cancel'].includes(String((command.data as { action?: string }).action)));

/** The upstream lines a document takes, line by line: the one each names (applyLineNumber), else the same material and batch. */
export const claimOf = (c: Claim, doc: KitDocument, up: KitDocument): ApplyReport | AppError => {
  const lines: ApplyReport['lines'] = [];
  for (const l of linesOf(doc)) {
    const ordered = appliedLineFor(up, l);
    if (!ordered) return new AppError(409, c.keys.notOn, { [c.field]: up.billNo, materialCode: l.materialCode, batchNo: l.batchNo ?? '' });
    lines.push({ lineNumber: ordered.lineNumber, qty: l.qty });
  }
  return { sourceId: doc.id, sourceBillNo: doc.billNo, lines };
};

/** Confirming a document made from an upstream order: that order is this owner's, open, names every line and has that much left. */
export const checkClaim = (c: Claim, doc: KitDocument, up: KitDocument | undefined): AppError | undefined => {
  const no = String(doc[c.field] ?? '');
  if (!no) return undefined;
  if (!up) return new AppError(409, c.keys.notFound, { [c.field]: no });
  if (up.customerCode !== doc.customerCode) return new AppError(409, c.keys.otherOwner, { [c.field]: no, customerCode: String(up.customerCode) });
  if (!c.open.includes(up.state)) return new AppError(409, c.keys.notOpen, { [c.field]: no }, { state: `${c.upstream.def.name}.states.${up.state}` });
  const claim = claimOf(c, doc, up);
  if (claim instanceof AppError) return claim;
  return checkReport(c.upstream, up, claim);
};

/**
 * A downstream document's decisions around its own (`own`): checked when submitted or confirmed,
 * its part taken when confirmed, given back when cancelled after. `load` (the upstream order by
 * number, in the command's transaction) is wired by the context.
 */
export const claimingDecisions = <D extends DocumentDef, U extends DocumentDef>(
  own: DocumentDecisions<undefined, D>,
  c: Claim<U>,
  load: DocumentDecisions<UpstreamFacts<U>, D>['load'],
): DocumentDecisions<UpstreamFacts<U>, D> => ({
  compute: (content) => own.compute!(content, undefined),
  evolve: own.evolve!,
  load,
  check: (command, doc, facts, meta) => {
    const refused = own.check?.(command, doc, undefined, meta);
    if (refused || !doc) return refused;
    if (command.type === 'SubmitForReview' || actionOf(command) === 'audit') return checkClaim(c as unknown as Claim, doc as KitDocument, facts?.upstream as KitDocument | undefined);
    return undefined;
  },
  effects: (command, after, facts) => {
    const up = facts?.upstream as KitDocument | undefined;
    if (!up || !after[c.field as keyof typeof after]) return [];
    const confirmed = command.type === 'ApproveReview' || actionOf(command) === 'audit';
    // cancelled after it was confirmed (auditDate landed): what it took is given back
    const given = actionOf(command) === 'cancel' && Boolean(after.auditDate);
    if (!confirmed && !given) return [];
    const claim = claimOf(c as unknown as Claim, after as KitDocument, up);
    if (claim instanceof AppError) throw claim;
    return [upstreamReport(c.upstream as unknown as UpstreamTarget, up, claim, given)];
  },
});
