import type { ReviewableDocument, ReviewRegistration } from '@tpl/documents';

export type { ProcessScope } from '../instance/instance.events';

/**
 * The document kit's review ports (@tpl/documents ports.ts) are answered by this context, bound
 * by the host: REVIEW_REGISTRY by the registry below, REVIEW_POLICY by ReviewConfigService.
 * Every document that can be reviewed plugs in the same way (a kit document, the leave
 * request); the workflow context knows nothing of consignments or leave requests: it sees
 * only these registrations.
 *
 * Documents register here at module init (REVIEW_REGISTRY); the review process manager reads it.
 */
export class ReviewRegistry implements ReviewRegistration {
  private readonly byType = new Map<string, ReviewableDocument>();

  register(doc: ReviewableDocument): void {
    this.byType.set(doc.documentType, doc);
  }

  get(documentType: string): ReviewableDocument | undefined {
    return this.byType.get(documentType);
  }

  bySubmittedEvent(eventType: string): ReviewableDocument | undefined {
    return [...this.byType.values()].find((d) => d.submittedEvent === eventType);
  }

  all(): ReviewableDocument[] {
    return [...this.byType.values()];
  }
}
