import type { FlowActor, IsReview, ProcessVariables, ReferenceUse } from '@tpl/contracts';
import type { SerialSpec, UnitOfWork } from '@tpl/event-store';

/**
 * The kit's ports: what the document kit asks of the contexts, declared here so that the kit
 * imports none of them (issue 29, ADR 0005). Master data answers the reference check and the
 * serial codes, workflow the review ports; the host binds each token to its answer
 * (services/host/src/ports.module.ts), as it binds identity's.
 */

/**
 * Do these codes name usable records? A document's customers, materials, places... are
 * checked through it: the kit never reads master data's tables. Answered by master data's
 * RecordReferences.
 */
export interface ReferenceCheck {
  /**
   * Refuses with a 400 (ValidationError of `entity`, so the message names the field in the
   * caller's language, and the code) when a code names no live record of its entity in the
   * tenant, or (unless `kept`) a record whose `invalid` flag is 1.
   */
  assertUsable(tenantId: string, uses: readonly ReferenceUse[], entity: string, db?: Pick<UnitOfWork, 'query'>): Promise<void>;
  /**
   * The live records of `entity` with these codes, by code: name and data (an import's preview
   * shows the name beside each code, and checks a line's material is its owner's).
   */
  /** `db`: the caller's transaction, when it holds one (the embedded store has a single connection) */
  named(tenantId: string, entity: string, codes: readonly string[], db?: Pick<UnitOfWork, 'query'>): Promise<Map<string, NamedRecord>>;
  /**
   * Live, valid records of `entity` in code order, at most `limit`; with `where`, only those whose
   * data field is one of the values (a cargo owner's materials): an import template's reference sheets.
   */
  listed(tenantId: string, entity: string, limit: number, where?: { field: string; values: readonly string[] }): Promise<(NamedRecord & { code: string })[]>;
}
/** A record as a reference shows it: its name, and its data (its owner). */
export type NamedRecord = { name: string; data: Record<string, unknown> };
export const REFERENCE_CHECK = Symbol('REFERENCE_CHECK');

/**
 * The port every bill number is made through: the spec of a serial code record. A document
 * type without one numbers with its own default prefix. Answered by master data's SerialCodes.
 */
export interface SerialCodeSpecs {
  /** `db`: the caller's transaction, when it holds one (the embedded store has a single connection) */
  spec(tenantId: string, seqCode: string, fallbackPrefix: string, db?: { query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]> }): Promise<SerialSpec>;
}
export const SERIAL_CODES = Symbol('SERIAL_CODES');

/** What the kit asks when it makes a document: does it need review, and by which process. Answered by workflow's ReviewConfigService. */
export interface ReviewPolicy {
  isReviewFor(tenantId: string, documentType: string): Promise<IsReview>;
  processKeyFor(tenantId: string, documentType: string): Promise<string | null>;
}
export const REVIEW_POLICY = Symbol('REVIEW_POLICY');

/** Whose a review's process is: the document's cargo owner, who made it and where (it shows to whoever may see the document). */
export type ReviewScope = { customerCode: string | null; createdBy: string | null; createdDept: string | null };

/** causationId: the id of the event the review's end was read from (what the document's events name as their cause) */
export type ReviewOutcome = { tenantId: string; documentId: string; instanceId: string; approver: FlowActor; comment?: string | undefined; causationId: string };

/**
 * The plug a document implements to be reviewed by a process ("every later document plugs in
 * the same way"): whoever runs the reviews knows nothing of consignments or leave requests, it
 * sees only these registrations.
 */
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
  describe(tenantId: string, documentId: string): Promise<{ variables: ProcessVariables; title: string; initiator: FlowActor; scope: ReviewScope }>;
  /** the review ended approved: send the document's review command (idempotent) */
  approve(outcome: ReviewOutcome): Promise<void>;
  /** the review ended rejected: back to its owner with the comment (idempotent) */
  reject(outcome: ReviewOutcome & { comment: string }): Promise<void>;
}

/** Where the kit registers its reviewable types, at module init. Answered by workflow's ReviewRegistry. */
export interface ReviewRegistration {
  register(doc: ReviewableDocument): void;
}
export const REVIEW_REGISTRY = Symbol('REVIEW_REGISTRY');
