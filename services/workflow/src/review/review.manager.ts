import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DB_POOL, PROJECTOR, StoredEventHandler, StoredEventMessage, busReaction, runInTenant, type Projector, type StoredEvent } from '@tpl/event-store';
import { decideReview, type ReviewAction } from '@tpl/workflows';
import { AppError, translate, type FlowActor } from '@tpl/contracts';
import { InstanceService, FLOW_SCHEDULER } from '../instance/instance.service';
import { ReviewRegistry } from './review.port';

/** Its checkpoint in tpl_checkpoints (before issue 12: wf_checkpoints, moved by migration workflow/002). */
export const REVIEW_MANAGER = 'review-process-manager';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
/** The event a reaction answers: its id, the cause of what the reaction records. */
const eventId = (e: StoredEvent) => e.id ?? `${e.streamName}@${e.version}`;

/** An event as the review process manager hears it on the EventBus (its reaction on the projector publishes it). */
export class ReviewEventRead extends StoredEventMessage {}

/**
 * Feeds the review decisions (workflows/src/review.process-manager.ts) from the event
 * store's global order: a reaction on the projector, with its checkpoint beside the
 * projections', publishes each event on the EventBus, where this manager handles it
 * (@EventsHandler); the projector keeps the checkpoint once it has. A document submitted for
 * review starts its process; a review instance that ends sends the document its outcome
 * (through the kit's commands on the CommandBus). Every action is idempotent, so after a crash
 * the events since the checkpoint are simply handled again.
 */
@Injectable()
@EventsHandler(ReviewEventRead)
export class ReviewProcessManager extends StoredEventHandler<ReviewEventRead> implements OnModuleInit, IEventHandler<ReviewEventRead> {
  private readonly logger = new Logger('ReviewProcessManager');

  constructor(
    @Inject(PROJECTOR) private readonly projector: Projector,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(ReviewRegistry) private readonly registry: ReviewRegistry,
    @Inject(InstanceService) private readonly instances: InstanceService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {
    super();
  }

  onModuleInit() {
    if (this.projector.has(REVIEW_MANAGER)) return;
    this.projector.addReaction(
      busReaction(this.events, {
        name: REVIEW_MANAGER,
        // every event: the documents that can be reviewed register at start (their submit events), plus the instances' ends
        message: ReviewEventRead,
        pollMs: Number(process.env.FLOW_POLL_MS ?? 300),
      }),
    );
  }

  /** Handles every event up to the newest (and what its own reactions append on the way). */
  drain(): Promise<void> {
    return this.projector.catchUp(REVIEW_MANAGER);
  }

  async react(e: StoredEvent): Promise<void> {
    const plugs = this.registry.all();
    let info: { documentType: string | null; businessKey: string | null; outcome: string } | undefined;
    if (e.type === 'ProcessInstanceCompleted') {
      const { rows } = await this.pool.query<{ document_type: string | null; business_key: string | null }>(
        `SELECT document_type, business_key FROM wf_instances WHERE tenant_id = $1 AND instance_id = $2`,
        [e.metadata.tenantId, e.streamName.slice(-36)],
      );
      info = { documentType: rows[0]?.document_type ?? null, businessKey: rows[0]?.business_key ?? null, outcome: (e.data as { outcome: string }).outcome };
    }
    const action = decideReview({ type: e.type, streamName: e.streamName, version: e.version, data: e.data, tenantId: e.metadata.tenantId }, plugs, sha1, info);
    if (!action) return;
    await runInTenant(action.tenantId, () => this.act(action, e));
  }

  private async act(action: ReviewAction, e: StoredEvent): Promise<void> {
    const doc = this.registry.get(action.documentType);
    if (!doc) return;
    // the event this reaction answers is the cause of what the document records
    const outcome = { tenantId: action.tenantId, documentId: action.documentId, instanceId: action.instanceId, causationId: eventId(e) };
    if (action.kind === 'startReview') {
      const described = await doc.describe(action.tenantId, action.documentId);
      const ctx = { tenantId: action.tenantId, actor: described.initiator, roles: [], correlationId: e.metadata.correlationId, causationId: eventId(e) };
      try {
        await this.instances.start(ctx, {
          processKey: action.processKey,
          businessKey: action.documentId,
          documentType: action.documentType,
          title: described.title,
          variables: described.variables,
          instanceId: action.instanceId,
          scope: described.scope,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // the process cannot start (missing, suspended): the document goes back to its owner, saying why
        this.logger.warn(`review of ${action.documentType} ${action.documentId} cannot start: ${err.key}`);
        await doc.reject({ ...outcome, approver: FLOW_SCHEDULER, comment: translate('zh', err.key, err.vars) });
      }
      return;
    }
    const instance = await this.instances.load(action.tenantId, action.instanceId);
    const end = [...instance.history].reverse().find((h) => h.type === 'completed');
    const approver: FlowActor = end?.actor ?? FLOW_SCHEDULER;
    if (action.kind === 'approveDocument') await doc.approve({ ...outcome, approver, comment: end?.comment ?? undefined });
    else await doc.reject({ ...outcome, approver, comment: end?.comment ?? '' });
  }
}
