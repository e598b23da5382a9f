/**
 * The load bill as the driver and the dock see it (/loadHandle/loadbillFormShow): per outbound
 * bill on the load its packages (the load's own count) and its goods with their weight (read off
 * the bill), and the load's totals. Weights are in tonnes as the outbound bills keep them, summed
 * as thousandths so that no binary fraction shows (tests/unit/load-sheet.spec.ts).
 */
export type LoadGoods = { materialCode: string; batchNo: string; qty: number; weg: number };
export type LoadedBill = { osBillNo: string; bill: Record<string, unknown> | undefined; packages: number; goods: LoadGoods[]; weight: number };

const milli = (n: number) => Math.round(n * 1000);
const sum = (values: readonly number[]) => values.reduce((s, v) => s + milli(v), 0) / 1000;

export const loadSheet = (lines: readonly Record<string, unknown>[], bills: readonly (Record<string, unknown> | undefined)[]) => {
  const loaded: LoadedBill[] = lines.map((l, i) => {
    const bill = bills[i];
    const goods = ((bill?.details as Record<string, unknown>[] | undefined) ?? []).map((d) => ({
      materialCode: String(d.materialCode ?? ''),
      batchNo: String(d.batchNo ?? ''),
      qty: Number(d.qty ?? 0),
      weg: Number(d.weg ?? 0),
    }));
    return { osBillNo: String(l.osBillNo ?? ''), bill, packages: Number(l.packages ?? 0), goods, weight: sum(goods.map((g) => g.weg)) };
  });
  return { bills: loaded, packages: loaded.reduce((s, b) => s + b.packages, 0), weight: sum(loaded.map((b) => b.weight)) };
};
