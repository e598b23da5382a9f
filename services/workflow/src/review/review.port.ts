import type { FlowActor, IsReview, ProcessVariables } from '@tpl/contracts';
import type { ProcessScope } from '../instance/instance.events';

export type { ProcessScope } from '../instance/instance.events';

/**
 * The plug a document context implements to be reviewed by a process ("every later
 * document plugs in the same way"). The workflow context knows nothing of consignments
 * or leave requests: it sees only these registrations.
 */
/** causationId: the id of the event the review's end was read from (what the document's events name as their cause) */
export type ReviewOutcome = { tenantId: string; documentId: string; instanceId: string; approver: FlowActor; comment?: string | undefined; causationId: string };

export interface ReviewableDocument {
  /** the document type, as review configuration names it (`consignment`) */
  readonly documentType: string;
  /** the event type that says "submitted for review"; its stream's id is the business key */
  readonly submittedEvent: string;
  /** the stream type of the document's streams (`Consignment`): `<type>-<tenant>-<id>` */
  readonly streamType: string;
  /**
   * the document's fields as process variables (conditions read them), a title for the inbox, and
   * its scope (its cargo owner, who made it and where): the process shows to whoever may see the document
   */
  describe(tenantId: string, documentId: string): Promise<{ variables: ProcessVariables; title: string; initiator: FlowActor; scope: ProcessScope }>;
  /** the review ended approved: send the document's review command (idempotent) */
  approve(outcome: ReviewOutcome): Promise<void>;
  /** the review ended rejected: back to its owner with the comment (idempotent) */
  reject(outcome: ReviewOutcome & { comment: string }): Promise<void>;
}

/** What a document context asks when it makes a document: does it need review, and by which process. */
export interface ReviewPolicy {
  isReviewFor(tenantId: string, documentType: string): Promise<IsReview>;
  processKeyFor(tenantId: string, documentType: string): Promise<string | null>;
}
export const REVIEW_POLICY = Symbol('REVIEW_POLICY');

/** The port document contexts register their reviewable types through, at module init. */
export interface ReviewRegistration {
  register(doc: ReviewableDocument): void;
}
export const REVIEW_REGISTRY = Symbol('REVIEW_REGISTRY');

/** Document contexts register here at module init (REVIEW_REGISTRY); the review process manager reads it. */
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
