import { AppError, mailbill, type DocumentOf } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { linesOf } from '../shared/lines';

export type MailBill = DocumentOf<typeof mailbill>;

/** What a mail bill's decisions read: the inbound or outbound bill it names, by number (its owner), when it names one. */
export type MailFacts = { related?: { billNo: string; customerCode: string } | undefined };

/** The number of the bill a mail bill's content names (an inbound bill or an outbound bill), if any. */
export const relatedBillNo = (content: Record<string, unknown>): string => String(content.inBillNo || content.outBillNo || '');

/**
 * A parcel goes with a bill of its own direction and owner: a received parcel (0) with an
 * inbound bill, a sent one (1) with an outbound bill, never both; the bill is the mail bill's owner's.
 */
export const checkRelated = (content: Record<string, unknown>, facts: MailFacts | undefined): AppError | undefined => {
  if (content.mailType === '0' && content.outBillNo) return new AppError(400, 'warehouse.errors.mailInboundOnly');
  if (content.mailType === '1' && content.inBillNo) return new AppError(400, 'warehouse.errors.mailOutboundOnly');
  const named = relatedBillNo(content);
  if (!named) return undefined;
  const related = facts?.related;
  if (!related || related.billNo !== named || related.customerCode !== content.customerCode) return new AppError(409, 'warehouse.errors.mailBillNotFound', { relatedBillNo: named });
  return undefined;
};

/** The mail bill's own decisions: no stock effect (the bill it goes with moves the goods); the IO of `load` is in mail.wiring.ts. */
export const mailDecisions = (load: DocumentDecisions<MailFacts, typeof mailbill>['load']): DocumentDecisions<MailFacts, typeof mailbill> => ({
  load,
  compute: (content) => ({ ...content, details: linesOf(content).map((l, i) => ({ ...l, lineNumber: i + 1 })) }),
  check: (command, _doc, facts) => {
    if (command.type === 'Create' || command.type === 'Change') return checkRelated(command.data.content, facts);
    return undefined;
  },
});

/** Whether a command needs the related bill read: saving the mail bill. */
export const readsRelated = (command: { type: string }): boolean => command.type === 'Create' || command.type === 'Change';
