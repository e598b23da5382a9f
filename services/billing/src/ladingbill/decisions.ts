import { ladingbill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve, numbered } from '../otherbill/common';

/** The lading bill's own decisions: its items are numbered. docs/DOMAIN.md "Billing documents (issue 15)". */
export const ladingDecisions: DocumentDecisions<undefined, typeof ladingbill> = {
  compute: (content) => ({ ...content, items: numbered(content, 'items') }),
  evolve: billingEvolve(ladingbill),
};
