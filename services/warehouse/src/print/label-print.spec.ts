import { AppError } from '@tpl/contracts';
import { LABELS_PRINTED, LABELS_REPRINTED, MAX_LABELS, correctPrintQty, decideLabelPrint, labelPrintsFold, palletsOf, printableQty, runsOf, type LabelLine } from './label-print';

// The print-quantity rules (spec 02 §5 item 7): given the lines and what earlier prints labelled,
// when rows are selected with print quantities, then the runs printed or the refusal.
const lines: LabelLine[] = [
  { lineNumber: 1, materialCode: 'M1', qty: 100, boardQty: 40 },
  { lineNumber: 2, materialCode: 'M2', qty: 5 },
  { lineNumber: 3, materialCode: 'GONE', qty: 10 },
];
const exists = (code: string) => code !== 'GONE';
const printed = (entries: [number, number][] = []) => new Map(entries);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, key: e.key, vars: e.vars };
    throw e;
  }
  throw new Error('not refused');
};

describe('label print quantities', () => {
  it('printable is the line quantity less what earlier prints labelled, never below 0', () => {
    expect(printableQty({ qty: 100 }, 0)).toBe(100);
    expect(printableQty({ qty: 100 }, 60)).toBe(40);
    expect(printableQty({ qty: 0.3 }, 0.1)).toBe(0.2);
    expect(printableQty({ qty: 10 }, 12)).toBe(0);
  });

  it('a row selected without a quantity is corrected to what is printable; one above it is set to 0', () => {
    expect(correctPrintQty(undefined, 40, true)).toBe(40);
    expect(correctPrintQty(50, 40)).toBe(0);
    expect(correctPrintQty(40, 40)).toBe(40);
    expect(correctPrintQty(null, 40)).toBeNull();
  });

  it('cuts a quantity into pallets of boardQty, the last taking the rest; without boardQty one label', () => {
    expect(palletsOf(100, 40)).toEqual([40, 40, 20]);
    expect(palletsOf(80, 40)).toEqual([40, 40]);
    expect(palletsOf(7, undefined)).toEqual([7]);
    expect(palletsOf(7, 0)).toEqual([7]);
  });

  it('given nothing printed, when the whole bill is printed (no rows), then every line with a material at what is left', () => {
    const runs = decideLabelPrint(lines.slice(0, 2), printed(), exists);
    expect(runs).toEqual([
      { lineNumber: 1, printQty: 100, pallets: [40, 40, 20] },
      { lineNumber: 2, printQty: 5, pallets: [5] },
    ]);
  });

  it('given 60 of line 1 labelled, when 40 more are asked, then one run of 40; when 41, refused: set to 0', () => {
    expect(decideLabelPrint(lines, printed([[1, 60]]), exists, [{ lineNumber: 1, printQty: 40 }])).toEqual([{ lineNumber: 1, printQty: 40, pallets: [40] }]);
    expect(refusal(() => decideLabelPrint(lines, printed([[1, 60]]), exists, [{ lineNumber: 1, printQty: 41 }]))).toEqual({
      code: 409,
      key: 'warehouse.errors.printQtyTooHigh',
      vars: { line: 1, wanted: 41, printable: 40 },
    });
  });

  it('refuses an empty or non-positive print quantity, naming the line', () => {
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 2, printQty: null }]))).toMatchObject({ key: 'warehouse.errors.printQtyEmpty', vars: { line: 2 } });
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 2 }]))).toMatchObject({ key: 'warehouse.errors.printQtyEmpty' });
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 2, printQty: 0 }]))).toMatchObject({ key: 'warehouse.errors.printQtyNotPositive', vars: { line: 2 } });
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 2, printQty: -3 }]))).toMatchObject({ key: 'warehouse.errors.printQtyNotPositive' });
  });

  it('refuses a line whose labels already cover its quantity (the spec: received at or above the document quantity)', () => {
    expect(refusal(() => decideLabelPrint(lines, printed([[2, 5]]), exists, [{ lineNumber: 2, printQty: 1 }]))).toEqual({
      code: 409,
      key: 'warehouse.errors.printAllLabelled',
      vars: { line: 2, qty: 5 },
    });
    // the whole bill with nothing left
    expect(refusal(() => decideLabelPrint(lines.slice(0, 2), printed([[1, 100], [2, 5]]), exists))).toMatchObject({ key: 'warehouse.errors.printNothingLeft' });
  });

  it('refuses a selected material that does not exist', () => {
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 3, printQty: 1 }]))).toEqual({
      code: 409,
      key: 'warehouse.errors.printMaterialMissing',
      vars: { line: 3, materialCode: 'GONE' },
    });
  });

  it('refuses no rows, a row twice, a line that is not there, and more labels than a print makes', () => {
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, []))).toMatchObject({ code: 400, key: 'warehouse.errors.printSelectRows' });
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 2, printQty: 1 }, { lineNumber: 2, printQty: 1 }]))).toMatchObject({ key: 'warehouse.errors.printRowTwice' });
    expect(refusal(() => decideLabelPrint(lines, printed(), exists, [{ lineNumber: 9, printQty: 1 }]))).toMatchObject({ key: 'warehouse.errors.lineNotFound', vars: { line: 9 } });
    const many = [{ lineNumber: 1, materialCode: 'M1', qty: MAX_LABELS + 1, boardQty: 1 }];
    expect(refusal(() => decideLabelPrint(many, printed(), exists))).toMatchObject({ key: 'warehouse.errors.printTooManyLabels' });
  });

  it('folds LabelsPrinted facts into what each line has labelled', () => {
    const event = (rows: { lineNumber: number; printQty: number }[]) => ({ type: LABELS_PRINTED, data: { documentType: 'isinstockbill', billNo: 'RK1', rows: rows.map((r) => ({ ...r, labels: 1 })) } });
    const state = [event([{ lineNumber: 1, printQty: 40 }]), { type: 'Other', data: {} }, event([{ lineNumber: 1, printQty: 20 }, { lineNumber: 2, printQty: 5 }])].reduce(labelPrintsFold.evolve, labelPrintsFold.initial());
    expect([...state]).toEqual([[1, 60], [2, 5]]);
  });

  it('a reprint labels nothing more of a line, and draws the print it repeats in the same pallets', () => {
    const print = { documentType: 'isinstockbill', billNo: 'RK1', rows: [{ lineNumber: 1, printQty: 50, labels: 3 }, { lineNumber: 7, printQty: 5, labels: 1 }] };
    const state = [{ type: LABELS_PRINTED, data: print }, { type: LABELS_REPRINTED, data: { ...print, of: 1 } }].reduce(labelPrintsFold.evolve, labelPrintsFold.initial());
    expect([...state]).toEqual([[1, 50], [7, 5]]);
    // line 7 is gone from the bill since: its labels are not drawn again
    expect(runsOf(print, new Map([[1, { boardQty: 20 }]]))).toEqual([{ lineNumber: 1, printQty: 50, pallets: [20, 20, 10] }]);
  });
});
