import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, LEAVE, type FlowActor, type Leave, type LeaveContent, type StartLeave } from '@tpl/contracts';
import { EVENT_STORE, StaleVersionError, loadStream, runCommand, type EventStorePort, type Fold, type StoredEvent } from '@tpl/event-store';
import { reviewInstanceId } from '@tpl/workflows';
import type { ReviewOutcome } from '@tpl/documents';
import { FlowClock, metadataOf, type FlowContext } from '../flow-context';
import { ReviewConfigService } from '../review/review-config.service';
import { ReviewRegistry } from '../review/review.port';

/**
 * The leave request (spec 01 /task/process/leave/*): a small document of its own, reviewed
 * by its process through the same plug as every other document.
 */
export const LEAVE_STREAM = 'Leave';
const leaveStream = (tenantId: string, id: string) => `${LEAVE_STREAM}-${tenantId}-${id}`;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

type LeaveEvent =
  | { type: 'LeaveSubmittedForReview'; data: { id: string; content: LeaveContent; processKey: string } }
  | { type: 'LeaveApproved'; data: { instanceId: string; approver: FlowActor; comment?: string } }
  | { type: 'LeaveRejected'; data: { instanceId: string; approver: FlowActor; comment: string } };

const evolveLeave = (doc: Leave | null, stored: StoredEvent): Leave | null => {
    const e = { type: stored.type, data: stored.data } as LeaveEvent;
    const m = stored.metadata;
    const touched = { version: stored.version, updatedAt: m.occurredAt };
    switch (e.type) {
      case 'LeaveSubmittedForReview':
        return {
          ...(doc ?? { id: e.data.id, tenantId: m.tenantId, applicant: m.actor, createdAt: m.occurredAt, approvedAt: null }),
          ...e.data.content,
          ...touched,
          state: 'InReview',
          instanceId: reviewInstanceId(stored.streamName, stored.version, sha1),
          rejectComment: null,
        };
      case 'LeaveApproved':
        return doc && { ...doc, ...touched, state: 'Approved', approvedAt: m.occurredAt };
      case 'LeaveRejected':
        return doc && { ...doc, ...touched, state: 'Draft', rejectComment: e.data.comment };
    }
    return doc;
};
const leaveFold: Fold<Leave | null> = { initial: () => null, evolve: evolveLeave };

@Injectable()
export class LeaveService implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(FlowClock) private readonly clock: FlowClock,
    @Inject(ReviewRegistry) private readonly registry: ReviewRegistry,
    @Inject(ReviewConfigService) private readonly config: ReviewConfigService,
  ) {}

  onModuleInit() {
    this.registry.register({
      documentType: LEAVE,
      submittedEvent: 'LeaveSubmittedForReview',
      streamType: LEAVE_STREAM,
      describe: async (tenantId, id) => {
        const doc = await this.detail(tenantId, id);
        const { tenantId: _t, applicant, ...fields } = doc;
        // a leave request names no cargo owner: its process shows to the operator's staff
        return { variables: { ...fields }, title: `${doc.applicant.name} · ${doc.days}d`, initiator: applicant, scope: { customerCode: null, createdBy: applicant.userId, createdDept: null } };
      },
      approve: (o) => this.outcome(o, 'LeaveApproved'),
      reject: (o) => this.outcome(o, 'LeaveRejected'),
    });
  }

  async detail(tenantId: string, id: string): Promise<Leave> {
    const { state: doc } = await loadStream(this.store, leaveStream(tenantId, id), leaveFold);
    if (!doc) throw new AppError(404, 'leave.errors.notFound', { id });
    return doc;
  }

  /** Submits a new request, or a rejected one again; the review process manager starts the process. */
  async start(ctx: FlowContext, body: StartLeave): Promise<{ id: string; version: number; instanceId: string }> {
    const { id: given, version: seen, processDefinitionId: _p, ...content } = body;
    const id = given ?? randomUUID();
    const stream = leaveStream(ctx.tenantId, id);
    const processKey = (await this.config.processKeyFor(ctx.tenantId, LEAVE)) ?? LEAVE;
    let expected = 0;
    try {
      const r = await runCommand(this.store, {
        stream,
        streamType: LEAVE_STREAM,
        fold: leaveFold,
        metadata: metadataOf(ctx, this.clock.now()),
        decide: (doc, version) => {
          expected = version;
          if (given) {
            if (!doc) throw new AppError(404, 'leave.errors.notFound', { id });
            if (doc.applicant.account !== ctx.actor.account) throw new AppError(403, 'leave.errors.notYours');
            if (doc.state !== 'Draft') throw new AppError(409, 'leave.errors.notDraft');
            if (seen !== undefined && seen !== doc.version) throw new AppError(409, 'errors.staleVersion', { current: doc.version, expected: seen });
          }
          const event: LeaveEvent = { type: 'LeaveSubmittedForReview', data: { id, content, processKey } };
          return [event];
        },
      });
      return { id, version: r.version, instanceId: reviewInstanceId(stream, r.version, sha1) };
    } catch (e) {
      if (e instanceof StaleVersionError) throw new AppError(409, 'errors.concurrentChange', { expected });
      throw e;
    }
  }

  /** The review's end (idempotent: the same instance's outcome twice records it once). */
  private async outcome(o: ReviewOutcome, type: 'LeaveApproved' | 'LeaveRejected'): Promise<void> {
    const data = type === 'LeaveApproved' ? { instanceId: o.instanceId, approver: o.approver, ...(o.comment ? { comment: o.comment } : {}) } : { instanceId: o.instanceId, approver: o.approver, comment: o.comment ?? '' };
    // the cause: the event the review's end was read from
    const ctx: FlowContext = { tenantId: o.tenantId, actor: o.approver, roles: [], correlationId: `review-${o.instanceId}`, causationId: o.causationId };
    try {
      await runCommand(this.store, {
        stream: leaveStream(o.tenantId, o.documentId),
        streamType: LEAVE_STREAM,
        fold: leaveFold,
        metadata: metadataOf(ctx, this.clock.now()),
        decide: (doc) => (!doc || doc.state !== 'InReview' || doc.instanceId !== o.instanceId ? [] : [{ type, data }]),
      });
    } catch (e) {
      if (!(e instanceof StaleVersionError)) throw e;
    }
  }
}
