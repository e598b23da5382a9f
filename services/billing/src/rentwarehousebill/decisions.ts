import { rentwarehousebill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve } from '../otherbill/common';
import { times } from '../otherbill/money';

const DAY_MS = 86_400_000;

/** Days from one date to another, both counted (2026-11-01 .. 2026-11-30 is 30). */
export const daysBetween = (from: unknown, to: unknown): number => {
  if (typeof from !== 'string' || typeof to !== 'string') return 0;
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  return Number.isFinite(days) && days > 0 ? days : 0;
};

/** The rent warehouse bill's own decisions: days both ends counted, amount = area x price x days rounded once. docs/DOMAIN.md "Billing documents (issue 15)". */
export const rentWarehouseDecisions: DocumentDecisions<undefined, typeof rentwarehousebill> = {
  compute: (content) => {
    const days = daysBetween(content.periodStart, content.periodEnd);
    return { ...content, days, amount: times(content.rentArea, content.price, days) };
  },
  evolve: billingEvolve(rentwarehousebill),
};
