import { dec, money, moneyNumber, sumMoney as sumMoneyDec, type DecimalInput } from '@tpl/contracts';

/**
 * Amounts of the billing documents, on billing's one money rule (contracts/src/billing/money.ts:
 * decimal, half up to the cent once where an amount is made; sums of rounded amounts exact),
 * as the numbers their content carries. docs/DOMAIN.md "Billing documents (issue 15)".
 */
const input = (v: unknown): DecimalInput => (typeof v === 'number' || typeof v === 'string' ? v : 0);

/** price x quantity (x more factors), rounded half up to the cent once. */
export const times = (...factors: unknown[]): number => moneyNumber(money(factors.reduce<ReturnType<typeof dec>>((acc, f) => acc.times(dec(input(f))), dec(1))));

/** A sum of amounts (already at the cent), exact. */
export const sumMoney = (values: readonly unknown[]): number => sumMoneyDec(values.map(input)).toNumber();

/** A sum of quantities, exact at their scale (3). */
export const sumQty = (values: readonly unknown[]): number => values.reduce<ReturnType<typeof dec>>((acc, v) => acc.plus(dec(input(v))), dec(0)).toDecimalPlaces(3).toNumber();
