import { AppError, addQty, subQty, type LabelPrintRow } from '@tpl/contracts';

/**
 * Receipt labels and the spec's print-quantity rules (spec 02 §5 item 7), decided purely.
 *
 * A line's labels cover its quantity: the "print quantity" of a row is how much of the line
 * (in its unit) gets labels now, one label per pallet (boardQty) of it. What is printable is
 * the line's quantity less what its earlier prints covered (their LabelsPrinted facts). The
 * spec's "received quantity at or above the document quantity" is read, for labels, as "the
 * labels already printed cover the line's quantity". docs/DOMAIN.md "Printing".
 */
export type LabelLine = { lineNumber: number; materialCode: string; qty: number; boardQty?: number | undefined };
/** One row of a decided print: the line, how much it labels now, and that quantity cut into pallets. */
export type LabelRun = { lineNumber: number; printQty: number; pallets: number[] };

/** No print makes more labels than this at once (a slip of the keyboard must not jam the printer). */
export const MAX_LABELS = 1000;

/** What is left to label on a line. */
export const printableQty = (line: { qty: number }, printed: number): number => Math.max(0, subQty(line.qty, printed));

/**
 * The spec's correction of a row's print quantity: a row selected without one starts at what
 * is printable; one above what is printable is set to 0 (and is then refused as not positive).
 */
export const correctPrintQty = (requested: number | null | undefined, printable: number, selectedWithout = false): number | null | undefined => {
  if ((requested === undefined || requested === null) && selectedWithout) return printable;
  if (typeof requested === 'number' && requested > printable) return 0;
  return requested;
};

/** A quantity cut into pallets of boardQty (the last one takes the rest); without boardQty, one label. */
export const palletsOf = (qty: number, boardQty: number | undefined): number[] => {
  if (!boardQty || boardQty <= 0 || qty <= boardQty) return [qty];
  const out: number[] = [];
  let left = qty;
  while (left > boardQty && out.length < MAX_LABELS) {
    out.push(boardQty);
    left = subQty(left, boardQty);
  }
  out.push(left);
  return out;
};

/**
 * Decides a label print: the rows the keeper selected (none: every line with something left
 * to label, at what is left), each corrected, then refused for the spec's reasons in its
 * order: an empty or non-positive print quantity, a line whose labels already cover it, a
 * material that does not exist.
 */
export const decideLabelPrint = (
  lines: readonly LabelLine[],
  printed: ReadonlyMap<number, number>,
  materialExists: (code: string) => boolean,
  rows?: readonly LabelPrintRow[],
): LabelRun[] => {
  const byNumber = new Map(lines.map((l) => [l.lineNumber, l]));
  const left = (l: LabelLine) => printableQty(l, printed.get(l.lineNumber) ?? 0);
  const selected: { line: LabelLine; requested: number | null | undefined; without: boolean }[] = [];
  if (rows === undefined) {
    for (const l of lines) if (left(l) > 0) selected.push({ line: l, requested: undefined, without: true });
    if (!selected.length) throw new AppError(409, 'warehouse.errors.printNothingLeft');
  } else {
    if (!rows.length) throw new AppError(400, 'warehouse.errors.printSelectRows');
    const seen = new Set<number>();
    for (const r of rows) {
      const line = byNumber.get(r.lineNumber);
      if (!line) throw new AppError(409, 'warehouse.errors.lineNotFound', { line: r.lineNumber });
      if (seen.has(r.lineNumber)) throw new AppError(400, 'warehouse.errors.printRowTwice', { line: r.lineNumber });
      seen.add(r.lineNumber);
      selected.push({ line, requested: r.printQty, without: false });
    }
  }
  const out: LabelRun[] = [];
  let labels = 0;
  for (const { line, requested, without } of selected) {
    const printable = left(line);
    const printQty = correctPrintQty(requested, printable, without);
    if (printQty === undefined || printQty === null) throw new AppError(409, 'warehouse.errors.printQtyEmpty', { line: line.lineNumber });
    if (printQty <= 0) {
      // set to 0 by the correction: say why
      if (typeof requested === 'number' && requested > 0) {
        if (printable <= 0) throw new AppError(409, 'warehouse.errors.printAllLabelled', { line: line.lineNumber, qty: line.qty });
        throw new AppError(409, 'warehouse.errors.printQtyTooHigh', { line: line.lineNumber, wanted: requested, printable });
      }
      throw new AppError(409, 'warehouse.errors.printQtyNotPositive', { line: line.lineNumber });
    }
    if (!materialExists(line.materialCode)) throw new AppError(409, 'warehouse.errors.printMaterialMissing', { line: line.lineNumber, materialCode: line.materialCode });
    const pallets = palletsOf(printQty, line.boardQty);
    labels += pallets.length;
    if (labels > MAX_LABELS) throw new AppError(409, 'warehouse.errors.printTooManyLabels', { max: MAX_LABELS });
    out.push({ lineNumber: line.lineNumber, printQty, pallets });
  }
  return out;
};

// ------------------------------------------------------------ the record of what was labelled

/** Labels printed for a document: one stream per document, beside the document's own. */
export const LABEL_PRINTS = 'LabelPrints';
export const LABELS_PRINTED = 'LabelsPrinted';
export const labelPrintsStream = (tenantId: string, documentId: string) => `${LABEL_PRINTS}-${tenantId}-${documentId}`;
export type LabelsPrintedData = { documentType: string; billNo: string; rows: { lineNumber: number; printQty: number; labels: number }[] };
/** A print drawn again (damaged labels replaced): `of` is the print's version in the label stream; it labels nothing more. */
export const LABELS_REPRINTED = 'LabelsReprinted';
export type LabelsReprintedData = LabelsPrintedData & { of: number };

/** A recorded print's runs again, cut into pallets as the lines say now; rows whose line is gone are left out. */
export const runsOf = (print: LabelsPrintedData, lines: ReadonlyMap<number, { boardQty?: number | undefined }>): LabelRun[] =>
  print.rows.filter((r) => lines.has(r.lineNumber)).map((r) => ({ lineNumber: r.lineNumber, printQty: r.printQty, pallets: palletsOf(r.printQty, lines.get(r.lineNumber)!.boardQty) }));

/** What the prints of a document covered so far, per line. */
export const labelPrintsFold = {
  initial: (): Map<number, number> => new Map(),
  evolve: (state: Map<number, number>, event: { type: string; data: unknown }): Map<number, number> => {
    if (event.type !== LABELS_PRINTED) return state;
    const next = new Map(state);
    for (const r of (event.data as LabelsPrintedData).rows) next.set(r.lineNumber, addQty(next.get(r.lineNumber) ?? 0, r.printQty));
    return next;
  },
};
