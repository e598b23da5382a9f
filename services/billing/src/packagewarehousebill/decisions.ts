import { packagewarehousebill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve, numbered } from '../otherbill/common';
import { sumMoney, times } from '../otherbill/money';

/** The package warehouse bill's own decisions: each line qty x price (half up to the cent), the header their sum. docs/DOMAIN.md "Billing documents (issue 15)". */
export const packageWarehouseDecisions: DocumentDecisions<undefined, typeof packagewarehousebill> = {
  compute: (content) => {
    const details = numbered(content, 'details', (l) => ({ ...l, amount: times(l.qty, l.price) }));
    return { ...content, details, amount: sumMoney(details.map((l) => l.amount)) };
  },
  evolve: billingEvolve(packagewarehousebill),
};
