import { handlingbill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve } from '../otherbill/common';
import { times } from '../otherbill/money';

/** The handling bill's own decisions: amount = qty x price, half up to the cent. docs/DOMAIN.md "Billing documents (issue 15)". */
export const handlingDecisions: DocumentDecisions<undefined, typeof handlingbill> = {
  compute: (content) => ({ ...content, amount: times(content.qty, content.price) }),
  evolve: billingEvolve(handlingbill),
};
