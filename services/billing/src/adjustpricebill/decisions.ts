import { adjustpricebill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve, numbered } from '../otherbill/common';
import { sumMoney, times } from '../otherbill/money';

/**
 * The adjust-price bill's own decisions: a line counts +adjustAmount when it increases, and
 * -adjustAmount when it decreases (a credit); the header's amount is their sum and may be
 * negative. docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const adjustPriceDecisions: DocumentDecisions<undefined, typeof adjustpricebill> = {
  compute: (content) => {
    const details = numbered(content, 'details', (l) => ({ ...l, amount: times(l.adjustAmount, l.adjustType === 'DECREASE' ? -1 : 1) }));
    return { ...content, details, amount: sumMoney(details.map((l) => l.amount)) };
  },
  evolve: billingEvolve(adjustpricebill),
};
