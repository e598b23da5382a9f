import Decimal from 'decimal.js';
import { AppError } from '@tpl/contracts';

/**
 * An order accepted into consignment notes, pure (issue 14 item 1). Split rows name a note
 * number (1, 2, ... without gaps), a material of the order and a quantity. What no row of
 * notes 2.. takes stays on note 1, so every unit of the order is on exactly one note and a
 * material's quantities across the notes never exceed its line (a row beyond it is refused).
 * A line's weight, volume and packages go with its quantity: each later note gets its share
 * (rounded to the field's scale, half up), note 1 what is left, so the notes add up exactly.
 */
export type OrderLine = { materialCode: string; name: string; qty: number; weg?: number; volume?: number; packages?: number };
export type Split = { noteNo: number; materialCode: string; qty: number };

const share = (v: number | undefined, part: Decimal, whole: Decimal, scale: number) => new Decimal(v ?? 0).mul(part).div(whole).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);

export const splitOrder = (lines: readonly OrderLine[], splits: readonly Split[] = []): OrderLine[][] => {
  const byMaterial = new Map(lines.map((l) => [l.materialCode, l]));
  for (const s of splits) if (!byMaterial.has(s.materialCode)) throw new AppError(409, 'transport.errors.splitUnknownMaterial', { materialCode: s.materialCode });
  const count = Math.max(1, ...splits.map((s) => s.noteNo));
  for (let n = 1; n <= count; n++) if (n > 1 && !splits.some((s) => s.noteNo === n)) throw new AppError(409, 'transport.errors.splitGap', { noteNo: n });
  const notes: OrderLine[][] = Array.from({ length: count }, () => []);
  for (const line of lines) {
    const whole = new Decimal(line.qty);
    let left = { qty: whole, weg: new Decimal(line.weg ?? 0), volume: new Decimal(line.volume ?? 0), packages: new Decimal(line.packages ?? 0) };
    const wanted = splits.filter((s) => s.materialCode === line.materialCode && s.noteNo > 1);
    const total = wanted.reduce((a, s) => a.plus(s.qty), new Decimal(0));
    if (total.gt(whole)) throw new AppError(409, 'transport.errors.splitExceeds', { materialCode: line.materialCode, wanted: total.toNumber(), qty: line.qty });
    for (const s of wanted) {
      const part = new Decimal(s.qty);
      const moved = { qty: part, weg: share(line.weg, part, whole, 3), volume: share(line.volume, part, whole, 4), packages: share(line.packages, part, whole, 0) };
      const at = notes[s.noteNo - 1]!;
      const same = at.find((l) => l.materialCode === line.materialCode);
      if (same) {
        same.qty = new Decimal(same.qty).plus(moved.qty).toNumber();
        same.weg = new Decimal(same.weg ?? 0).plus(moved.weg).toNumber();
        same.volume = new Decimal(same.volume ?? 0).plus(moved.volume).toNumber();
        same.packages = new Decimal(same.packages ?? 0).plus(moved.packages).toNumber();
      } else at.push({ materialCode: line.materialCode, name: line.name, qty: moved.qty.toNumber(), weg: moved.weg.toNumber(), volume: moved.volume.toNumber(), packages: moved.packages.toNumber() });
      left = { qty: left.qty.minus(moved.qty), weg: left.weg.minus(moved.weg), volume: left.volume.minus(moved.volume), packages: left.packages.minus(moved.packages) };
    }
    if (left.qty.gt(0)) notes[0]!.push({ materialCode: line.materialCode, name: line.name, qty: left.qty.toNumber(), weg: Decimal.max(left.weg, 0).toNumber(), volume: Decimal.max(left.volume, 0).toNumber(), packages: Decimal.max(left.packages, 0).toNumber() });
  }
  // a note that got nothing (every unit went elsewhere) is not made
  return notes.filter((n) => n.length > 0);
};
