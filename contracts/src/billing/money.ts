import Decimal from 'decimal.js';

/**
 * Money in billing (docs/DOMAIN.md "Billing: money"): decimal arithmetic only (decimal.js,
 * never binary floating point), amounts at scale 2 (the yuan's fen), unit prices at scale 4,
 * one rounding rule: ROUND_HALF_UP (四舍五入, half away from zero, as PostgreSQL's round()).
 * Each charge item (one day's storage of one area, one day's inbound or outbound handling of
 * one area, one other-charge document) is rounded once, when it is priced; every total is the
 * sum of rounded items, so a bill always adds up to the cent and explain shows the same cents.
 */
export const MONEY_SCALE = 2;
export const PRICE_SCALE = 4;
/** tonnes, m³ and pallets in billing: scale 6 (a kilogram of a gram-weighed piece survives the sum) */
export const BASIS_SCALE = 6;
export const MONEY_ROUNDING = Decimal.ROUND_HALF_UP;

/** A Decimal constructor of billing's own: 40 significant digits, half-up. */
export const BillingDecimal = Decimal.clone({ precision: 40, rounding: MONEY_ROUNDING });
export type Dec = InstanceType<typeof BillingDecimal>;
export type DecimalInput = number | string | Dec | Decimal;

export const dec = (v: DecimalInput | null | undefined): Dec => new BillingDecimal(v === null || v === undefined || v === '' ? 0 : (v as Decimal.Value));

/** An amount rounded to the cent by the one rule. */
export const money = (v: DecimalInput | null | undefined): Dec => dec(v).toDecimalPlaces(MONEY_SCALE, MONEY_ROUNDING);

/** price x quantity, rounded once to the cent: what one charge item costs. */
export const amountOf = (price: DecimalInput, quantity: DecimalInput): Dec => money(dec(price).times(dec(quantity)));

/** Sum of amounts already rounded (the sum stays exact at scale 2). */
export const sumMoney = (values: Iterable<DecimalInput>): Dec => {
  let s = dec(0);
  for (const v of values) s = s.plus(dec(v));
  return money(s);
};

/** As the API carries it: a JSON number with at most two decimals (exact as text at this scale). */
export const moneyNumber = (v: DecimalInput): number => money(v).toNumber();
/** As text with exactly two decimals ("12.30"): what a PDF or a comparison to the cent prints. */
export const moneyText = (v: DecimalInput): string => money(v).toFixed(MONEY_SCALE);
/** A basis quantity (tonnes, m³, pallets, pieces) at billing's scale. */
export const basis = (v: DecimalInput | null | undefined): Dec => dec(v).toDecimalPlaces(BASIS_SCALE, MONEY_ROUNDING);
