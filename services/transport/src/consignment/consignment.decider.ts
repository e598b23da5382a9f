import {
  AppError,
  type Actor,
  type Consignment,
  type ConsignmentAction,
  type ConsignmentContent,
  type ConsignmentEvent,
  type IsReview,
} from '@tpl/contracts';
import { actionToEvent, nextConsignmentState } from '@tpl/workflows';
import { stateAfter, totalsOf, type RecordedConsignmentEvent } from './consignment.events';

// ---- commands: imperative, carrying the version the user decided on
type Target = { id: string; expectedVersion: number };
type ReviewOutcome = { id: string; instanceId: string; approver: Actor; comment?: string | undefined };
export type ConsignmentCommand =
  | { type: 'CreateConsignment'; data: { id: string; billNo: string; content: ConsignmentContent; isReview: IsReview } }
  | { type: 'ChangeConsignment'; data: Target & { content: ConsignmentContent } }
  | { type: 'SubmitConsignmentForReview'; data: Target & { processKey: string } }
  // sent by the review process manager when the review instance ends: no user version, idempotent
  | { type: 'ApproveConsignmentReview'; data: ReviewOutcome }
  | { type: 'RejectConsignmentReview'; data: ReviewOutcome & { comment: string } }
  | { type: 'AuditConsignment'; data: Target }
  | { type: 'DispatchConsignment'; data: Target & { plateNo: string; driverName: string; driverMobile: string } }
  | { type: 'LoadConsignment'; data: Target }
  | { type: 'ArriveConsignment'; data: Target & { arrivedAt?: string | undefined } }
  | { type: 'SignConsignment'; data: Target & { signer: string; signedAt?: string | undefined } }
  | { type: 'CancelConsignment'; data: Target & { reason?: string | undefined } }
  | { type: 'RemoveConsignment'; data: Target };

/** Time and caller come in from outside: decide never reads a clock. */
export type DecideMeta = { now: string; actor: Actor };

export type ConsignmentDocState = { status: 'empty' } | { status: 'existing'; doc: Consignment };
export const initialState = (): ConsignmentDocState => ({ status: 'empty' });

// ---- typed errors
export class ConsignmentNotFound extends AppError {
  constructor(id: string) {
    super(404, 'errors.documentNotFound', { id });
  }
}
export class StaleConsignmentVersion extends AppError {
  constructor(
    readonly current: number,
    readonly expected: number,
  ) {
    super(409, 'errors.staleVersion', { current, expected });
  }
}
export class ForbiddenConsignmentTransition extends AppError {
  constructor(
    readonly state: string,
    readonly action: string,
  ) {
    // state and action are named in the user's language
    super(409, 'errors.forbiddenTransition', {}, { state: `enum.consignmentState.${state}`, action: `consignment.actions.${action}` });
  }
}
export class ReviewNeeded extends AppError {
  constructor() {
    super(409, 'flow.errors.reviewNeeded');
  }
}
export class ConsignmentAlreadyExists extends AppError {
  constructor(id: string) {
    super(409, 'errors.staleVersion', { current: 1, expected: 0, id });
  }
}

type UserCommand = Exclude<ConsignmentCommand['type'], 'CreateConsignment' | 'ApproveConsignmentReview' | 'RejectConsignmentReview'>;
const commandAction: Record<UserCommand, ConsignmentAction | 'edit' | 'remove'> = {
  ChangeConsignment: 'edit',
  SubmitConsignmentForReview: 'submitReview',
  AuditConsignment: 'audit',
  DispatchConsignment: 'dispatch',
  LoadConsignment: 'load',
  ArriveConsignment: 'arrive',
  SignConsignment: 'sign',
  CancelConsignment: 'cancel',
  RemoveConsignment: 'remove',
};

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

/**
 * decide(command, state) -> events, or a typed error. The machine in workflows/ says
 * whether the command is allowed from the current state; this function only says what
 * happened.
 */
export const decide = (command: ConsignmentCommand, state: ConsignmentDocState, meta: DecideMeta): ConsignmentEvent[] => {
  if (command.type === 'CreateConsignment') {
    if (state.status === 'existing') throw new ConsignmentAlreadyExists(command.data.id);
    const { id, billNo, content, isReview } = command.data;
    return [{ type: 'ConsignmentCreated', data: { id, billNo, content, isReview } }];
  }
  if (state.status === 'empty' || state.doc.removed) throw new ConsignmentNotFound(command.data.id);
  const doc = state.doc;
  if (command.type === 'ApproveConsignmentReview' || command.type === 'RejectConsignmentReview') return decideReviewOutcome(command, doc);
  if (command.data.expectedVersion !== doc.version) throw new StaleConsignmentVersion(doc.version, command.data.expectedVersion);
  const action = commandAction[command.type];
  if (!nextConsignmentState(doc.state, actionToEvent[action], doc.isReview)) {
    // a manual audit of an order that needs review gets the reason, not just "forbidden"
    if (action === 'audit' && doc.state === 'Draft' && doc.isReview === 1) throw new ReviewNeeded();
    throw new ForbiddenConsignmentTransition(doc.state, action);
  }

  switch (command.type) {
    case 'ChangeConsignment': {
      const { content } = command.data;
      const changes = diff(contentOf(doc), content);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'ConsignmentChanged', data: { content, changes } }];
    }
    case 'SubmitConsignmentForReview':
      return [{ type: 'ConsignmentSubmittedForReview', data: { processKey: command.data.processKey } }];
    case 'AuditConsignment':
      return [{ type: 'ConsignmentAudited', data: {} }];
    case 'DispatchConsignment': {
      const { plateNo, driverName, driverMobile } = command.data;
      return [{ type: 'ConsignmentDispatched', data: { plateNo, driverName, driverMobile } }];
    }
    case 'LoadConsignment':
      return [{ type: 'ConsignmentLoaded', data: {} }];
    case 'ArriveConsignment':
      return [{ type: 'ConsignmentArrived', data: { arrivedAt: command.data.arrivedAt ?? meta.now } }];
    case 'SignConsignment':
      return [{ type: 'ConsignmentSigned', data: { signer: command.data.signer, signedAt: command.data.signedAt ?? meta.now } }];
    case 'CancelConsignment':
      return [{ type: 'ConsignmentCancelled', data: command.data.reason ? { reason: command.data.reason } : {} }];
    case 'RemoveConsignment':
      return [{ type: 'ConsignmentRemoved', data: {} }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
};

/**
 * The review's end, as the process manager reports it. Idempotent: the same outcome of the
 * same instance again records nothing (the manager may be replayed after a crash).
 */
const decideReviewOutcome = (
  command: Extract<ConsignmentCommand, { type: 'ApproveConsignmentReview' | 'RejectConsignmentReview' }>,
  doc: Consignment,
): ConsignmentEvent[] => {
  const { instanceId, approver, comment } = command.data;
  const approve = command.type === 'ApproveConsignmentReview';
  if (doc.reviewInstanceId === instanceId && doc.state !== 'InReview') {
    const already = approve ? doc.isReview === 2 : doc.state === 'Draft' && doc.isReview === 1;
    if (already) return [];
  }
  const event = approve ? 'REVIEW_APPROVED' : 'REVIEW_REJECTED';
  if (!nextConsignmentState(doc.state, event, doc.isReview)) throw new ForbiddenConsignmentTransition(doc.state, approve ? 'audit' : 'edit');
  if (approve) return [{ type: 'ConsignmentReviewed', data: { instanceId, approver, ...(comment ? { comment } : {}) } }];
  return [{ type: 'ConsignmentReviewRejected', data: { instanceId, approver, comment: comment ?? '' } }];
};

export const contentOf = (doc: Consignment): ConsignmentContent => ({
  billDate: doc.billDate,
  customerCode: doc.customerCode,
  consignor: doc.consignor,
  consignee: doc.consignee,
  deliveryMode: doc.deliveryMode,
  plannedDate: doc.plannedDate,
  ...(doc.remark !== undefined ? { remark: doc.remark } : {}),
  lines: doc.lines,
});

/** evolve(state, event) -> state: the document after one more fact. */
export const evolve = (state: ConsignmentDocState, event: RecordedConsignmentEvent): ConsignmentDocState => {
  const { metadata: m, version } = event;
  const touched = { version, updatedBy: m.actor, updatedAt: m.occurredAt };
  if (event.type === 'ConsignmentCreated') {
    const { id, billNo, content, isReview = 0 } = event.data;
    return {
      status: 'existing',
      doc: {
        id,
        tenantId: m.tenantId,
        billNo,
        billType: 1,
        state: 'Draft',
        isReview,
        ...content,
        totals: totalsOf(content.lines),
        createdBy: m.actor,
        createdAt: m.occurredAt,
        removed: false,
        ...touched,
      },
    };
  }
  if (state.status === 'empty') return state;
  const doc: Consignment = { ...state.doc, ...touched, state: stateAfter[event.type] ?? state.doc.state };
  switch (event.type) {
    case 'ConsignmentChanged': {
      const { remark: _drop, ...rest } = doc;
      return { status: 'existing', doc: { ...rest, ...event.data.content, totals: totalsOf(event.data.content.lines) } };
    }
    case 'ConsignmentAudited':
      return { status: 'existing', doc: { ...doc, auditedBy: m.actor, auditedAt: m.occurredAt } };
    case 'ConsignmentSubmittedForReview': {
      // a new round: the last round's outcome no longer describes the order
      const { reviewComment: _c, reviewedBy: _b, ...rest } = doc;
      return { status: 'existing', doc: rest };
    }
    case 'ConsignmentReviewed': {
      const { approver, comment, instanceId } = event.data;
      const reviewed = { ...doc, isReview: 2 as const, reviewInstanceId: instanceId, reviewedBy: approver, auditedBy: approver, auditedAt: m.occurredAt };
      return { status: 'existing', doc: comment ? { ...reviewed, reviewComment: comment } : reviewed };
    }
    case 'ConsignmentReviewRejected': {
      const { approver, comment, instanceId } = event.data;
      return { status: 'existing', doc: { ...doc, reviewInstanceId: instanceId, reviewedBy: approver, reviewComment: comment } };
    }
    case 'ConsignmentDispatched':
      return { status: 'existing', doc: { ...doc, dispatch: { ...event.data, dispatchedAt: m.occurredAt } } };
    case 'ConsignmentLoaded':
      return { status: 'existing', doc: { ...doc, loadedAt: m.occurredAt } };
    case 'ConsignmentArrived':
      return { status: 'existing', doc: { ...doc, arrivedAt: event.data.arrivedAt } };
    case 'ConsignmentSigned':
      return { status: 'existing', doc: { ...doc, signer: event.data.signer, signedAt: event.data.signedAt } };
    case 'ConsignmentCancelled':
      return {
        status: 'existing',
        doc: { ...doc, cancelledAt: m.occurredAt, ...(event.data.reason ? { cancelReason: event.data.reason } : {}) },
      };
    case 'ConsignmentRemoved':
      return { status: 'existing', doc: { ...doc, removed: true } };
  }
};

export const fold = (events: RecordedConsignmentEvent[]): ConsignmentDocState => events.reduce(evolve, initialState());
