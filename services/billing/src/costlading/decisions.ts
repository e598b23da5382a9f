import { costlading } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve } from '../otherbill/common';
import { times } from '../otherbill/money';

/** The cost lading's own decisions: amount = costQty x price, half up to the cent. docs/DOMAIN.md "Billing documents (issue 15)". */
export const costLadingDecisions: DocumentDecisions<undefined, typeof costlading> = {
  compute: (content) => ({ ...content, amount: times(content.costQty, content.price) }),
  evolve: billingEvolve(costlading),
};
