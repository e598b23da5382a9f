import { AppError, PRODUCTION_ERRORS, minusQty, needLinesOf, pendingOf, plusQty, productLinesOf, secbombill, secproductive, type DocumentOf, type KitDocument } from '@tpl/contracts';
import type { DecideMeta, DocumentCommandOf, DocumentDecisions, Effect } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { accountId, checkIssue, checkReceipt, issueEffects, noPostingFacts, receiptPostingEffects, suggestLots, type AccountState, type IssueLine, type PostingFacts, type ReceiptLine } from '@tpl/warehouse';

/** The production task, as the kit folds it. */
export type ProductionTask = DocumentOf<typeof secproductive>;
type Bom = DocumentOf<typeof secbombill>;
type LotLine = IssueLine & { expiringDate?: string; issuedQty?: number; pendingQty?: number };

/** What a task's decisions read in the command's transaction: the BOM it names (made or changed), and the stock (released, issued, received). */
export type TaskFacts = { bom?: KitDocument | undefined; stock: PostingFacts };
export const noTaskFacts = (): TaskFacts => ({ stock: noPostingFacts() });

type Issue = { lineNumber: number; qty: number };
type Receipt = { lineNumber: number; batchNo: string; warehousePlaceCode: string; qty: number; expiringDate?: string; materialCode?: string };

export const lotsOf = (doc: Record<string, unknown>): LotLine[] => (doc.details as LotLine[] | undefined) ?? [];
const actionOf = (command: { type: string; data: unknown }) => (command.type === 'Act' ? (command.data as { action: string }).action : undefined);
const fieldsOf = <T>(command: { data: unknown }) => (command.data as { fields: T }).fields;

/** A finished lot's barcode: the task's number and its finished-goods line (one row per lot and location). */
export const lotBarcode = (billNo: string, lineNumber: number) => `${billNo}-${String(lineNumber).padStart(3, '0')}`;

/** Each lot's issued and pending quantities, numbered; nothing is issued before the task is released. */
export const computeTask = (content: Record<string, unknown>): Record<string, unknown> => ({
  ...content,
  details: lotsOf(content).map((l, i) => {
    const issuedQty = Number(l.issuedQty ?? 0);
    return { ...l, lineNumber: i + 1, issuedQty, pendingQty: minusQty(l.qty, issuedQty) };
  }),
});

/**
 * The lots a draft leaves short of its needs, suggested from the owner's stock in its area, first
 * expiring first (the warehouse's own rule): the keeper picks lots from stock, or leaves a need (or
 * a part of it) to the suggestion; what was picked is kept as it is.
 */
export const topUpLots = (content: Record<string, unknown>, accounts: ReadonlyMap<string, AccountState>, today: string): Record<string, unknown> => {
  const lots = lotsOf(content);
  const owner = String(content.customerCode ?? '');
  const area = String(content.warehouseAreaCode ?? '');
  const out = lots.map((l) => ({ ...l }));
  const sameRow = (a: LotLine, b: Pick<LotLine, 'barcode' | 'warehousePlaceCode' | 'batchNo' | 'materialCode'>) =>
    a.materialCode === b.materialCode && a.barcode === b.barcode && a.warehousePlaceCode === b.warehousePlaceCode && (a.batchNo ?? '') === (b.batchNo ?? '');
  let changed = false;
  for (const n of needLinesOf(content)) {
    const mine = lots.filter((l) => l.materialCode === n.materialCode);
    const covered = plusQty(...mine.map((l) => Number(l.qty ?? 0)));
    const account = accounts.get(accountId(owner, n.materialCode));
    if (covered >= n.qty || !account) continue;
    for (const s of suggestLots(account, minusQty(n.qty, covered), { area, today, taken: mine })) {
      changed = true;
      // a row the keeper picked already takes more (one line per stock row)
      const there = out.find((l) => sameRow(l, s));
      if (there) there.qty = plusQty(there.qty, s.qty);
      else out.push({ lineNumber: 0, ...s });
    }
  }
  return changed ? { ...content, details: out } : content;
};

/** The BOM a task names: confirmed, and the task's owner's. */
export const checkBom = (content: Record<string, unknown>, bom: KitDocument | undefined): AppError | undefined => {
  if (!bom || bom.state !== 'Audited') return new AppError(409, 'production.errors.bomNotFound', { bomNo: String(content.bomNo ?? '') });
  const b = bom as Bom;
  if (b.customerCode !== content.customerCode) return new AppError(409, PRODUCTION_ERRORS.bomOtherOwner, { bomNo: b.billNo, owner: b.customerCode });
  return undefined;
};

/** The lots to issue add up, material by material, to exactly what the needs ask (and name no other material). */
export const checkCovered = (doc: Record<string, unknown>): AppError | undefined => {
  const needs = needLinesOf(doc);
  const lots = lotsOf(doc);
  for (const l of lots) if (!needs.some((n) => n.materialCode === l.materialCode)) return new AppError(409, 'production.errors.notNeeded', { materialCode: l.materialCode });
  for (const n of needs) {
    const planned = plusQty(...lots.filter((l) => l.materialCode === n.materialCode).map((l) => l.qty));
    if (planned !== n.qty) return new AppError(409, PRODUCTION_ERRORS.notCovered, { materialCode: n.materialCode, needed: n.qty, planned });
  }
  return undefined;
};

/** What an issue takes from each lot: a lot the task has, no more than is pending on it (lines naming one lot add up). */
export const checkIssueQty = (doc: ProductionTask, issues: readonly Issue[]): AppError | undefined => {
  const lots = lotsOf(doc);
  const wanted = new Map<number, number>();
  for (const i of issues) {
    const lot = lots.find((l) => l.lineNumber === i.lineNumber);
    if (!lot) return new AppError(409, PRODUCTION_ERRORS.lineNotFound, { line: i.lineNumber });
    const w = plusQty(wanted.get(i.lineNumber) ?? 0, i.qty);
    const pending = pendingOf(lot, 'issuedQty');
    if (w > pending) return new AppError(409, PRODUCTION_ERRORS.overIssue, { line: i.lineNumber, pending, wanted: w });
    wanted.set(i.lineNumber, w);
  }
  return undefined;
};

/** What a receipt brings of each finished good: something was issued first, a line the task has, no more than is pending on it. */
export const checkReceiptQty = (doc: ProductionTask, receipts: readonly Receipt[]): AppError | undefined => {
  if (!lotsOf(doc).some((l) => Number(l.issuedQty ?? 0) > 0)) return new AppError(409, PRODUCTION_ERRORS.nothingIssued);
  const products = productLinesOf(doc);
  const wanted = new Map<number, number>();
  for (const r of receipts) {
    const p = products.find((x) => x.lineNumber === r.lineNumber);
    if (!p) return new AppError(409, PRODUCTION_ERRORS.lineNotFound, { line: r.lineNumber });
    const w = plusQty(wanted.get(r.lineNumber) ?? 0, r.qty);
    const pending = pendingOf(p, 'receivedQty');
    if (w > pending) return new AppError(409, PRODUCTION_ERRORS.overReceipt, { line: r.lineNumber, pending, wanted: w });
    wanted.set(r.lineNumber, w);
  }
  return undefined;
};

/** The lots an issue names, with what it takes from each (what the ledger is told). */
export const issueLines = (doc: ProductionTask, issues: readonly Issue[]): IssueLine[] =>
  issues.map((i) => {
    const lot = lotsOf(doc).find((l) => l.lineNumber === i.lineNumber)!;
    return { lineNumber: lot.lineNumber, barcode: lot.barcode, materialCode: lot.materialCode, batchNo: lot.batchNo ?? '', warehousePlaceCode: lot.warehousePlaceCode, qty: i.qty };
  });

/** The finished lots a receipt puts away, each with its material and barcode. */
export const receiptLines = (doc: ProductionTask, receipts: readonly Receipt[]): ReceiptLine[] =>
  receipts.map((r) => {
    const p = productLinesOf(doc).find((x) => x.lineNumber === r.lineNumber)!;
    return {
      lineNumber: r.lineNumber,
      materialCode: p.materialCode,
      barcode: lotBarcode(doc.billNo, r.lineNumber),
      batchNo: r.batchNo,
      warehousePlaceCode: r.warehousePlaceCode,
      qty: r.qty,
      ...(r.expiringDate ? { expiringDate: r.expiringDate } : {}),
    };
  });

/** The raw lots issued to the task so far: what every finished lot it receives is made from (its genealogy). */
export const sourcesOf = (doc: ProductionTask) =>
  lotsOf(doc)
    .filter((l) => Number(l.issuedQty ?? 0) > 0)
    .map((l) => ({ materialCode: l.materialCode, batchNo: l.batchNo ?? '', barcode: l.barcode, qty: Number(l.issuedQty) }));

/** Nothing pending: every lot issued in full and every finished good received in full. */
export const nothingPending = (doc: Record<string, unknown>): boolean =>
  lotsOf(doc).every((l) => pendingOf(l, 'issuedQty') === 0) && productLinesOf(doc).every((p) => pendingOf(p, 'receivedQty') === 0);

const poster = (doc: ProductionTask) => ({ doc, documentType: secproductive.name, billType: secproductive.billType });
const completes = (doc: ProductionTask): Effect[] => (nothingPending(doc) ? [{ document: secproductive.name, id: doc.id, action: 'complete', fields: {} }] : []);

/** Issued and received quantities land on the lots, the needs and the finished goods, with what stays pending. */
export const evolveTask = (doc: ProductionTask, event: StoredEvent): ProductionTask => {
  if (event.type === `${secproductive.streamType}Issued`) {
    const issues = (event.data as { issues?: Issue[] }).issues ?? [];
    const details = lotsOf(doc).map((l) => {
      const got = issues.filter((i) => i.lineNumber === l.lineNumber).map((i) => i.qty);
      if (!got.length) return l;
      const issuedQty = plusQty(Number(l.issuedQty ?? 0), ...got);
      return { ...l, issuedQty, pendingQty: minusQty(l.qty, issuedQty) };
    });
    const needs = needLinesOf(doc).map((n) => {
      const issuedQty = plusQty(...details.filter((l) => l.materialCode === n.materialCode).map((l) => Number(l.issuedQty ?? 0)));
      return { ...n, issuedQty, pendingQty: minusQty(n.qty, issuedQty) };
    });
    const totals = { ...doc.totals, issuedQty: plusQty(...details.map((l) => Number(l.issuedQty ?? 0))), pendingQty: plusQty(...details.map((l) => Number(l.pendingQty ?? 0))) };
    return { ...doc, details: details as unknown as ProductionTask['details'], needs, totals } as ProductionTask;
  }
  if (event.type === `${secproductive.streamType}Received`) {
    const receipts = (event.data as { receipts?: Receipt[] }).receipts ?? [];
    const products = productLinesOf(doc).map((p) => {
      const got = receipts.filter((r) => r.lineNumber === p.lineNumber).map((r) => r.qty);
      if (!got.length) return p;
      const receivedQty = plusQty(Number(p.receivedQty ?? 0), ...got);
      return { ...p, receivedQty, pendingQty: minusQty(p.qty, receivedQty) };
    });
    return { ...doc, products } as ProductionTask;
  }
  return doc;
};

/**
 * The production task's own decisions (the IO of `load` and `complete` is wired in task.wiring.ts):
 * the BOM it names is confirmed and its owner's; released, its lots add up to the needs and are in
 * stock; issues and receipts in parts, never beyond what is pending; the stock moves through the
 * warehouse's ledger (STOCK_POSTING's facts and postings); the last of it completes the task.
 */
export const taskDecisions = (
  load: DocumentDecisions<TaskFacts, typeof secproductive>['load'],
  complete?: DocumentDecisions<TaskFacts, typeof secproductive>['complete'],
): DocumentDecisions<TaskFacts, typeof secproductive> => ({
  load,
  ...(complete ? { complete } : {}),
  compute: (content) => computeTask(content),
  check: (command: DocumentCommandOf<typeof secproductive>, doc, facts) => {
    if (command.type === 'Create' || command.type === 'Change') return checkBom(command.data.content, facts?.bom);
    if (!doc || command.type !== 'Act') return undefined;
    switch (actionOf(command)) {
      case 'audit': {
        const uncovered = checkCovered(doc);
        if (uncovered) return uncovered;
        return checkIssue(facts.stock, doc.customerCode, doc.warehouseAreaCode, lotsOf(doc).map((l) => ({ ...l, qty: l.qty })));
      }
      case 'issue': {
        const issues = fieldsOf<{ issues: Issue[] }>(command).issues ?? [];
        return checkIssueQty(doc, issues) ?? checkIssue(facts.stock, doc.customerCode, doc.warehouseAreaCode, issueLines(doc, issues));
      }
      case 'receive': {
        const receipts = fieldsOf<{ receipts: Receipt[] }>(command).receipts ?? [];
        return checkReceiptQty(doc, receipts) ?? checkReceipt(facts.stock, doc.customerCode, doc.warehouseAreaCode, receiptLines(doc, receipts));
      }
      default:
        return undefined;
    }
  },
  // a receipt records whose lots these are, each lot's material and the raw lots issued so far (the genealogy)
  fill: (command, doc) => {
    if (actionOf(command) !== 'receive') return undefined;
    const receipts = fieldsOf<{ receipts: Receipt[] }>(command).receipts ?? [];
    const lines = receiptLines(doc, receipts);
    return {
      receipts: receipts.map((r, i) => ({ ...r, materialCode: lines[i]!.materialCode })),
      customerCode: doc.customerCode,
      taskBillNo: doc.billNo,
      sources: sourcesOf(doc),
    };
  },
  effects: (command, after, facts, meta: DecideMeta) => {
    const action = actionOf(command);
    if (action === 'issue') {
      const f = fieldsOf<{ issues: Issue[]; issuedAt?: string }>(command);
      return [...issueEffects(facts.stock, after.customerCode, issueLines(after, f.issues ?? []), poster(after), f.issuedAt ?? meta.now), ...completes(after)];
    }
    if (action === 'receive') {
      const f = fieldsOf<{ receipts: Receipt[]; receivedAt?: string }>(command);
      return [...receiptPostingEffects(facts.stock, after.customerCode, receiptLines(after, f.receipts ?? []), poster(after), f.receivedAt ?? meta.now), ...completes(after)];
    }
    return [];
  },
  evolve: evolveTask,
});
