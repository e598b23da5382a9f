import type { z } from 'zod';
import { AppError, isInvalidDocument, KIT_EVENTS, KIT_FACTS, STEP_TIME_TOLERANCE_MS, ValidationError, eventTypeOf, type Actor, type DocumentDef, type IsReview, type KitDocument } from '@tpl/contracts';
import { canDocument, nextDocumentState } from '@tpl/workflows';
import type { NewEvent } from '@tpl/event-store';
import { contentOf, type DocState } from './document.fold';

// ---- commands: imperative, carrying the version the user decided on
type Target = { id: string; expectedVersion: number };
export type ReviewOutcomeData = { id: string; instanceId: string; approver: Actor; comment?: string | undefined };
export type DocumentCommand =
  | { type: 'Create'; data: { id: string; billNo: string; content: Record<string, unknown>; isReview: IsReview } }
  | { type: 'Change'; data: Target & { content: Record<string, unknown> } }
  | { type: 'Remove'; data: Target }
  | { type: 'SubmitForReview'; data: Target & { processKey: string } }
  // sent by the review process manager when the review instance ends: no user version, idempotent
  | { type: 'ApproveReview'; data: ReviewOutcomeData }
  | { type: 'RejectReview'; data: ReviewOutcomeData & { comment: string } }
  | { type: 'Act'; data: Target & { action: string; fields: Record<string, unknown> } };

/** Time and caller come in from outside: decide never reads a clock. */
export type DecideMeta = { now: string; actor: Actor };

// ---- typed errors
export class DocumentNotFound extends AppError {
  constructor(id: string) {
    super(404, 'errors.documentNotFound', { id });
  }
}
export class StaleDocumentVersion extends AppError {
  constructor(
    readonly current: number,
    readonly expected: number,
  ) {
    super(409, 'errors.staleVersion', { current, expected });
  }
}
export class ForbiddenTransition extends AppError {
  constructor(
    def: DocumentDef,
    readonly state: string,
    readonly action: string,
  ) {
    // state and action are named in the user's language
    super(409, 'errors.forbiddenTransition', {}, { state: `${def.name}.states.${state}`, action: `${def.name}.actions.${action}` });
  }
}
/** A step asked of a document flagged invalid (spec 02 invalid 1): it is set aside until the flag is taken off. */
export class InvalidDocument extends AppError {
  constructor(def: DocumentDef, action: string) {
    super(409, 'errors.invalidDocument', {}, { action: `${def.name}.actions.${action}` });
  }
}
export class ReviewNeeded extends AppError {
  constructor() {
    super(409, 'flow.errors.reviewNeeded');
  }
}
export class DocumentAlreadyExists extends AppError {
  constructor(id: string) {
    super(409, 'errors.staleVersion', { current: 1, expected: 0, id });
  }
}

/** Field-level diff for auditors: every leaf that changed, as path -> [before, after]. */
export const diff = (before: unknown, after: unknown, path = '', out: Record<string, [unknown, unknown]> = {}) => {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObj(before) && isObj(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const k of keys) diff(before[k], after[k], path ? `${path}.${k}` : k, out);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    out[path] = [before ?? null, after ?? null];
  }
  return out;
};

/** The machine event and the action name a command asks for. */
const askedFor = (def: DocumentDef, command: Exclude<DocumentCommand, { type: 'Create' | 'ApproveReview' | 'RejectReview' }>) => {
  switch (command.type) {
    case 'Change':
      return { event: KIT_EVENTS.edit, action: 'edit' };
    case 'Remove':
      return { event: KIT_EVENTS.remove, action: 'remove' };
    case 'SubmitForReview':
      return { event: KIT_EVENTS.submitReview, action: 'submitReview' };
    case 'Act': {
      const a = def.actions[command.data.action];
      if (!a) throw new AppError(404, 'errors.routeNotFound', { method: 'POST', path: command.data.action });
      return { event: a.event, action: command.data.action };
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
};

/**
 * A step's time as recorded: when it happened, so never later than now. A time up to the
 * clock tolerance ahead (a device whose clock runs fast) is taken as now; further ahead is
 * refused, naming the field.
 */
export const stepTime = (def: DocumentDef, field: string, value: unknown, now: string): unknown => {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const nowMs = Date.parse(now);
  if (Number.isNaN(at) || at <= nowMs) return value;
  if (at - nowMs > STEP_TIME_TOLERANCE_MS) {
    throw new ValidationError(def.name, [{ code: 'custom', path: [field], message: 'validation.future', input: value } as unknown as z.core.$ZodIssue]);
  }
  return now;
};

/**
 * decide(def, command, state) -> events, or a typed error. The document's machine (built
 * from its description in workflows/) says whether the command is allowed from the current
 * state; this function only says what happened. Pure.
 */
export const decideDocument = (def: DocumentDef, command: DocumentCommand, state: DocState, meta: DecideMeta): NewEvent[] => {
  const type = (fact: string) => eventTypeOf(def, fact);
  if (command.type === 'Create') {
    if (state.status === 'existing') throw new DocumentAlreadyExists(command.data.id);
    const { id, billNo, content, isReview } = command.data;
    return [{ type: type(KIT_FACTS.created), data: { id, billNo, content, isReview } }];
  }
  if (state.status === 'empty' || state.doc.removed) throw new DocumentNotFound(command.data.id);
  const doc = state.doc;
  if (command.type === 'ApproveReview' || command.type === 'RejectReview') return decideReviewOutcome(def, command, doc);
  if (command.data.expectedVersion !== doc.version) throw new StaleDocumentVersion(doc.version, command.data.expectedVersion);
  const { event, action } = askedFor(def, command);
  if (!nextDocumentState(def, doc.state, event, doc.isReview)) {
    // a step that only a review may take, asked of a document that needs review: say so
    if (doc.isReview === 1 && canDocument(def, doc.state, event, 0)) throw new ReviewNeeded();
    throw new ForbiddenTransition(def, doc.state, action);
  }
  // a document flagged invalid is set aside: edited (to make it valid again), cancelled or removed, never taken a step further
  if (isInvalidDocument(doc) && (command.type === 'SubmitForReview' || (command.type === 'Act' && !def.actions[action]?.system && def.actions[action]?.event !== 'CANCEL'))) {
    throw new InvalidDocument(def, action);
  }
  switch (command.type) {
    case 'Change': {
      const changes = diff(contentOf(def, doc), command.data.content);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: type(KIT_FACTS.changed), data: { content: command.data.content, changes } }];
    }
    case 'Remove':
      return [{ type: type(KIT_FACTS.removed), data: {} }];
    case 'SubmitForReview':
      return [{ type: type(KIT_FACTS.submittedForReview), data: { processKey: command.data.processKey } }];
    case 'Act': {
      const a = def.actions[action]!;
      const data: Record<string, unknown> = {};
      for (const k of Object.keys(a.fields ?? {})) {
        const v = command.data.fields[k];
        if (v !== undefined && v !== null && v !== '') data[k] = a.nowFields?.includes(k) ? stepTime(def, k, v, meta.now) : v;
        else if (a.nowFields?.includes(k)) data[k] = meta.now;
      }
      return [{ type: type(a.fact), data }];
    }
  }
};

/**
 * The review's end, as the process manager reports it. Idempotent: the same outcome of the
 * same instance again records nothing (the manager may be replayed after a crash).
 */
const decideReviewOutcome = (def: DocumentDef, command: Extract<DocumentCommand, { type: 'ApproveReview' | 'RejectReview' }>, doc: KitDocument): NewEvent[] => {
  const { instanceId, approver, comment } = command.data;
  const approve = command.type === 'ApproveReview';
  if (doc.reviewInstanceId === instanceId && !canDocument(def, doc.state, approve ? KIT_EVENTS.reviewApproved : KIT_EVENTS.reviewRejected, doc.isReview)) {
    const already = approve ? doc.isReview === 2 : doc.isReview === 1;
    if (already) return [];
  }
  const event = approve ? KIT_EVENTS.reviewApproved : KIT_EVENTS.reviewRejected;
  if (!nextDocumentState(def, doc.state, event, doc.isReview)) throw new ForbiddenTransition(def, doc.state, approve ? 'reviewApproved' : 'reviewRejected');
  if (approve) return [{ type: eventTypeOf(def, KIT_FACTS.reviewed), data: { instanceId, approver, ...(comment ? { comment } : {}) } }];
  return [{ type: eventTypeOf(def, KIT_FACTS.reviewRejected), data: { instanceId, approver, comment: comment ?? '' } }];
};
