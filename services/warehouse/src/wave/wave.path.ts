/**
 * A wave's pick path, pure: every stock row the wave's bills hold frozen, merged by bin (one
 * step per row of stock at a bin: owner, material, batch, barcode), in walking order.
 *
 * Walking order: by area code, then by the bin's place in its area. A bin's place is its master
 * data coordinates (coordinateX: the aisle, coordinateY: the position along it), walked aisle by
 * aisle, up one aisle and down the next (a serpentine, as pickers walk racks); bins without
 * coordinates come after those with, by code. Length: Manhattan distance in coordinate units,
 * from each area's dock at (0, 0) through its bins and back, summed over the areas walked
 * (docs/DOMAIN.md "Wave"). The same functions measure a bill picked alone (tests/bench/wave-path.mjs).
 */

/** One stock row a bill holds frozen: its line, the row's key and the quantity. */
export type HeldRow = { lineNumber: number; warehousePlaceCode: string; barcode: string; batchNo: string; materialCode: string; qty: number };
/** A bill of the wave and what it holds. */
export type WaveBill = { billNo: string; customerCode: string; rows: readonly HeldRow[] };
/** A bin as master data describes it. */
export type Bin = { warehouseAreaCode: string; x?: number | undefined; y?: number | undefined };
/** One bill's share of a step. */
export type Share = { billNo: string; lineNumber: number; qty: number };
export type PathStep = {
  seq: number;
  warehouseAreaCode: string;
  warehousePlaceCode: string;
  customerCode: string;
  materialCode: string;
  batchNo: string;
  barcode: string;
  qty: number;
  shares: Share[];
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Sort key of a bin: area, then aisle, then along it (up an odd aisle, down an even one), then code. */
const binOrder = (bins: ReadonlyMap<string, Bin>) => (a: string, b: string): number => {
  const A = bins.get(a);
  const B = bins.get(b);
  const area = (A?.warehouseAreaCode ?? '').localeCompare(B?.warehouseAreaCode ?? '');
  if (area) return area;
  const placed = (p?: Bin) => p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);
  if (placed(A) !== placed(B)) return placed(A) ? -1 : 1;
  if (placed(A) && placed(B)) {
    if (A!.x! !== B!.x!) return A!.x! - B!.x!;
    // serpentine: along an odd aisle upwards, along an even one downwards
    if (A!.y! !== B!.y!) return A!.x! % 2 === 1 ? A!.y! - B!.y! : B!.y! - A!.y!;
  }
  return a.localeCompare(b);
};

/** The bins in walking order. */
export const walkOrder = (places: Iterable<string>, bins: ReadonlyMap<string, Bin>): string[] => [...new Set(places)].sort(binOrder(bins));

/**
 * The length of a walk through bins in this order: from each area's dock (0, 0) through its bins
 * and back to the dock; bins without coordinates count no distance (only their visit).
 */
export const walkLength = (order: readonly string[], bins: ReadonlyMap<string, Bin>): number => {
  let total = 0;
  let area: string | undefined;
  let at = { x: 0, y: 0 };
  for (const code of order) {
    const bin = bins.get(code);
    if (bin?.warehouseAreaCode !== area) {
      total += Math.abs(at.x) + Math.abs(at.y);
      at = { x: 0, y: 0 };
      area = bin?.warehouseAreaCode;
    }
    if (!bin || !Number.isFinite(bin.x) || !Number.isFinite(bin.y)) continue;
    total += Math.abs(bin.x! - at.x) + Math.abs(bin.y! - at.y);
    at = { x: bin.x!, y: bin.y! };
  }
  return total + Math.abs(at.x) + Math.abs(at.y);
};

/** The wave's path: the bills' rows merged by bin and stock row, in walking order, with each bill's share. */
export const wavePath = (bills: readonly WaveBill[], bins: ReadonlyMap<string, Bin>): PathStep[] => {
  const steps = new Map<string, Omit<PathStep, 'seq'>>();
  for (const bill of bills) {
    for (const r of bill.rows) {
      if (r.qty <= 0) continue;
      const key = JSON.stringify([r.warehousePlaceCode, bill.customerCode, r.materialCode, r.batchNo, r.barcode]);
      const step = steps.get(key) ?? {
        warehouseAreaCode: bins.get(r.warehousePlaceCode)?.warehouseAreaCode ?? '',
        warehousePlaceCode: r.warehousePlaceCode,
        customerCode: bill.customerCode,
        materialCode: r.materialCode,
        batchNo: r.batchNo,
        barcode: r.barcode,
        qty: 0,
        shares: [],
      };
      step.qty = round3(step.qty + r.qty);
      step.shares.push({ billNo: bill.billNo, lineNumber: r.lineNumber, qty: r.qty });
      steps.set(key, step);
    }
  }
  const order = new Map(walkOrder([...steps.values()].map((s) => s.warehousePlaceCode), bins).map((code, i) => [code, i]));
  return [...steps.values()]
    .sort(
      (a, b) =>
        order.get(a.warehousePlaceCode)! - order.get(b.warehousePlaceCode)! ||
        a.customerCode.localeCompare(b.customerCode) ||
        a.materialCode.localeCompare(b.materialCode) ||
        a.batchNo.localeCompare(b.batchNo) ||
        a.barcode.localeCompare(b.barcode),
    )
    .map((s, i) => ({ seq: i + 1, ...s }));
};

/** Bin visits and length of a path (consecutive steps at one bin are one visit). */
export const pathMeasure = (steps: readonly Pick<PathStep, 'warehousePlaceCode'>[], bins: ReadonlyMap<string, Bin>): { binVisits: number; length: number } => {
  const order = steps.map((s) => s.warehousePlaceCode).filter((p, i, all) => i === 0 || all[i - 1] !== p);
  return { binVisits: order.length, length: walkLength(order, bins) };
};

/** The same bills picked one by one: each walks its own path; visits and lengths add up. */
export const oneByOne = (bills: readonly WaveBill[], bins: ReadonlyMap<string, Bin>): { binVisits: number; length: number } =>
  bills.reduce(
    (sum, bill) => {
      const m = pathMeasure(wavePath([bill], bins), bins);
      return { binVisits: sum.binVisits + m.binVisits, length: sum.length + m.length };
    },
    { binVisits: 0, length: 0 },
  );

/** How a step splits back, as the sheet and the screen print it: "CK…(1):3, CK…(2):2". */
export const sharesText = (shares: readonly Share[]): string => shares.map((s) => `${s.billNo}(${s.lineNumber}):${s.qty}`).join(', ');
