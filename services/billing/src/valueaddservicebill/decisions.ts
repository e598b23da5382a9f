import { eventTypeOf, laterVersionStamp, valueaddservicebill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { billingEvolve, numbered } from '../otherbill/common';
import { sumMoney, sumQty, times } from '../otherbill/money';
import { versionStamp } from '../charges/pricing';

/**
 * The value-added service bill's own decisions: each line's amount is price x qty (half up to
 * the cent), the header's amount their sum and totalQty the sum of the quantities; every
 * creation and change stamps `versionStamp` (yyyyMMddHHmmssffffff) from the time it was
 * recorded, and a cancelled bill is invalid (spec 02 `invalid` 1) as well as isCancel 1.
 * docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const valueAddDecisions: DocumentDecisions<undefined, typeof valueaddservicebill> = {
  compute: (content) => {
    const details = numbered(content, 'details', (l) => ({ ...l, amount: times(l.price, l.qty) }));
    return { ...content, details, amount: sumMoney(details.map((l) => l.amount)), totalQty: sumQty(details.map((l) => l.qty)) };
  },
  evolve: billingEvolve(valueaddservicebill, (doc, event) => {
    const changed = event.type === eventTypeOf(valueaddservicebill, 'Created') || event.type === eventTypeOf(valueaddservicebill, 'Changed');
    // later than the version before, even for two writes within the store's millisecond
    if (changed) return { ...doc, versionStamp: laterVersionStamp(doc.versionStamp, versionStamp(event.metadata.occurredAt)), invalid: 0 };
    if (event.type === eventTypeOf(valueaddservicebill, 'Cancelled')) return { ...doc, invalid: 1 };
    return doc;
  }),
};
