import Decimal from 'decimal.js';
import { AppError, type FreightLine } from '@tpl/contracts';

/**
 * Freight of a dispatch, pure (issue 14 item 3). Per goods line of every note on the
 * dispatch: the goods-for-pay price of that material on the dispatch's route when there is
 * one, else the route's rate (basicpay); by weight the charged quantity is the gross weight
 * in tonnes (kg / 1000), by volume the cubic metres. Per note line with packages, the
 * package price of the route (else the one for every route) times the packages. Every
 * amount is quantity x unit price rounded once to 2 decimals, half up; a note's freight and
 * the dispatch's are sums of those rounded amounts, so each figure adds up from its lines.
 */
export type PriceRecord = { code: string; basis: 'WEIGHT' | 'VOLUME'; unitPrice: number };
export type PackagePrice = { code: string; unitPrice: number };
export type FreightPrices = {
  /** the route's rate (basicpay): the first valid by code */
  rate?: PriceRecord | undefined;
  /** goods-for-pay prices of the route, by material */
  goods: Map<string, PriceRecord>;
  /** the package price of the route, else the one for every route */
  pack?: PackagePrice | undefined;
};
export type FreightNote = { id: string; billNo: string; lines: { materialCode: string; qty: number; weg?: number; volume?: number; packages?: number }[] };
export type Freight = { freight: number; notes: { noteId: string; noteBillNo: string; freight: number }[]; lines: FreightLine[] };

export const MONEY_SCALE = 2;
const money = (d: Decimal) => d.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP);
const fmt = (d: Decimal, scale: number) => d.toFixed(scale);

export const priceFreight = (lineCode: string, notes: readonly FreightNote[], prices: FreightPrices): Freight => {
  const lines: FreightLine[] = [];
  const perNote: Freight['notes'] = [];
  let total = new Decimal(0);
  for (const note of notes) {
    let noteTotal = new Decimal(0);
    for (const l of note.lines) {
      const goods = prices.goods.get(l.materialCode);
      const price = goods ?? prices.rate;
      if (!price) throw new AppError(409, 'transport.errors.noRate', { line: lineCode, materialCode: l.materialCode });
      const quantity = price.basis === 'WEIGHT' ? new Decimal(l.weg ?? 0).div(1000) : new Decimal(l.volume ?? 0);
      const unit = price.basis === 'WEIGHT' ? 't' : 'm³';
      const unitPrice = new Decimal(price.unitPrice);
      const amount = money(quantity.mul(unitPrice));
      lines.push({
        noteId: note.id,
        noteBillNo: note.billNo,
        materialCode: l.materialCode,
        source: goods ? 'basicgoodsforpay' : 'basicpay',
        priceCode: price.code,
        basis: price.basis,
        quantity: quantity.toNumber(),
        unit,
        unitPrice: unitPrice.toNumber(),
        amount: amount.toNumber(),
        formula: `${fmt(quantity, 6).replace(/\.?0+$/, '')} ${unit} × ${fmt(unitPrice, 4)} = ${fmt(amount, MONEY_SCALE)}`,
      });
      noteTotal = noteTotal.plus(amount);
      const packages = new Decimal(l.packages ?? 0);
      if (prices.pack && packages.gt(0)) {
        const pUnit = new Decimal(prices.pack.unitPrice);
        const pAmount = money(packages.mul(pUnit));
        lines.push({
          noteId: note.id,
          noteBillNo: note.billNo,
          materialCode: l.materialCode,
          source: 'basicpackge',
          priceCode: prices.pack.code,
          basis: 'PACKAGE',
          quantity: packages.toNumber(),
          unit: 'pkg',
          unitPrice: pUnit.toNumber(),
          amount: pAmount.toNumber(),
          formula: `${packages.toFixed(0)} pkg × ${fmt(pUnit, 4)} = ${fmt(pAmount, MONEY_SCALE)}`,
        });
        noteTotal = noteTotal.plus(pAmount);
      }
    }
    perNote.push({ noteId: note.id, noteBillNo: note.billNo, freight: noteTotal.toNumber() });
    total = total.plus(noteTotal);
  }
  return { freight: total.toNumber(), notes: perNote, lines };
};
