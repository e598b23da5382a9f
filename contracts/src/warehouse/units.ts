import Decimal from 'decimal.js';
import { NUMBER_KINDS } from '../validation/numbers';

/**
 * Unit and pack conversions, in one place (decimal arithmetic, each result at its kind's
 * scale). Decisions recorded in docs/DOMAIN.md "Warehouse":
 * - stock quantities are kept in the material's base unit (its unit record's benchmark);
 * - weg (tonnes) = qty x qtyWeg (kg per piece) / 1000;
 * - board (pallets) = qty / boardQty rounded up; the mantissa is what does not fill a pallet;
 * - a quantity in another unit converts by that unit's rate to the base unit, or, for a unit
 *   whose rate varies by material (floatUnitFlag), by the material's unit float rate;
 * - pack specification levels convert level n to level 1 by multiplying the rates of the
 *   levels in between (unit2Rate = pieces of level 1 in one of level 2, and so on).
 */
const QTY_SCALE = NUMBER_KINDS.quantity.scale;
const WEIGHT_SCALE = NUMBER_KINDS.weight.scale;

const dec = (v: number | string | undefined | null) => new Decimal(v ?? 0);

/** Tonnes of qty pieces of qtyWeg kilograms each. */
export const tonnesOf = (qty: number, qtyWeg: number | undefined | null): number =>
  dec(qty).times(dec(qtyWeg)).dividedBy(1000).toDecimalPlaces(WEIGHT_SCALE, Decimal.ROUND_HALF_UP).toNumber();

/** Pallets needed for qty pieces at boardQty pieces per pallet (0 when the pallet size is unknown), and the mantissa. */
export const palletsOf = (qty: number, boardQty: number | undefined | null): { board: number; mantissa: number } => {
  if (!boardQty || boardQty <= 0) return { board: 0, mantissa: 0 };
  const q = dec(qty);
  const full = q.dividedToIntegerBy(boardQty);
  const rest = q.minus(full.times(boardQty));
  return { board: full.plus(rest.greaterThan(0) ? 1 : 0).toNumber(), mantissa: rest.toDecimalPlaces(QTY_SCALE).toNumber() };
};

/** A quantity in a unit converted to the base unit: by the unit's rate, or the material's own rate for a floating unit. */
export const toBaseUnit = (qty: number, unit: { rate?: number | null; floatUnitFlag?: number | null }, materialRate?: number | null): number => {
  const rate = unit.floatUnitFlag === 1 ? materialRate : unit.rate;
  if (rate === undefined || rate === null || rate <= 0) throw new Error('no conversion rate');
  return dec(qty).times(rate).toDecimalPlaces(QTY_SCALE, Decimal.ROUND_HALF_UP).toNumber();
};

/** Pieces of level 1 in one piece of pack level n (n = 1 to 5), from the pack specification's rates. */
export const packLevelFactor = (spec: Record<string, unknown>, level: number): number => {
  let f = dec(1);
  for (let n = 2; n <= level; n++) {
    const rate = Number(spec[`unit${n}Rate`]);
    if (!Number.isFinite(rate) || rate <= 0) throw new Error(`pack level ${n} has no rate`);
    f = f.times(rate);
  }
  return f.toNumber();
};

/** Adds quantities exactly at the quantity scale. */
export const addQty = (...values: number[]): number => values.reduce((a, v) => a.plus(dec(v)), dec(0)).toDecimalPlaces(QTY_SCALE, Decimal.ROUND_HALF_UP).toNumber();
export const subQty = (a: number, b: number): number => dec(a).minus(dec(b)).toDecimalPlaces(QTY_SCALE, Decimal.ROUND_HALF_UP).toNumber();

const VOLUME_SCALE = NUMBER_KINDS.volume.scale;

/** m³ of qty pieces of `unitVolume` m³ each, at the volume scale (a line's volume). */
export const volumeOf = (qty: number, unitVolume: number | undefined | null): number =>
  dec(qty).times(dec(unitVolume)).toDecimalPlaces(VOLUME_SCALE, Decimal.ROUND_HALF_UP).toNumber();

/** m³ of one piece of length x width x height centimetres (a pack specification's carton); 0 unless all three are given. */
export const pieceVolumeOf = (lengthCm: number | undefined | null, widthCm: number | undefined | null, heightCm: number | undefined | null): number =>
  lengthCm && widthCm && heightCm && lengthCm > 0 && widthCm > 0 && heightCm > 0
    ? dec(lengthCm).times(widthCm).times(heightCm).dividedBy(1_000_000).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toNumber()
    : 0;

/**
 * The expiring date of goods produced on `productionDate` (yyyy-MM-dd) with a shelf life of
 * `days` days: the production date plus the shelf life (stock expires at the end of that day).
 */
export const expiryOf = (productionDate: string, days: number): string => {
  const d = new Date(`${productionDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

