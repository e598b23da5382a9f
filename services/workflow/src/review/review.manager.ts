import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { every } from '../interval';
import { DB_POOL, EVENT_STORE, runAsSystem, runInTenant, type PostgresEventStore, type StoredEvent } from '@tpl/event-store';
import { decideReview, type ReviewAction } from '@tpl/workflows';
import { AppError, translate, type FlowActor } from '@tpl/contracts';
import { InstanceService, FLOW_SCHEDULER } from '../instance/instance.service';
import { ReviewRegistry } from './review.port';

const CHECKPOINT = 'review-process-manager';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * Feeds the review decisions (workflows/src/review.process-manager.ts) from the event
 * store's global order with a stored checkpoint: a document submitted for review starts
 * its process; a review instance that ends sends the document its outcome. Every action is
 * idempotent, so after a crash the events since the checkpoint are simply handled again.
 */
@Injectable()
export class ReviewProcessManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReviewProcessManager');
  private stop: () => void = () => undefined;
  private running: Promise<number> | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: PostgresEventStore,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(ReviewRegistry) private readonly registry: ReviewRegistry,
    @Inject(InstanceService) private readonly instances: InstanceService,
  ) {}

  onApplicationBootstrap() {
    this.stop = every(Number(process.env.FLOW_POLL_MS ?? 300), () => this.drain(), this.logger);
  }

  onApplicationShutdown() {
    this.stop();
  }

  /** Handles every event up to now; returns how many were looked at. One run at a time per host. */
  drain(): Promise<number> {
    this.running ??= runAsSystem(() => this.run()).finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<number> {
    let seen = 0;
    for (;;) {
      const { rows } = await this.pool.query<{ position: string }>(`SELECT position FROM wf_checkpoints WHERE name = $1`, [CHECKPOINT]);
      const after = rows[0]?.position ?? '0';
      const batch = await this.store.readAll(after, 200);
      if (!batch.length) return seen;
      for (const e of batch) await this.handle(e);
      const last = batch[batch.length - 1]!.globalPosition;
      await this.pool.query(
        `INSERT INTO wf_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = GREATEST(wf_checkpoints.position, EXCLUDED.position)`,
        [CHECKPOINT, last],
      );
      seen += batch.length;
    }
  }

  private async handle(e: StoredEvent): Promise<void> {
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
    const outcome = { tenantId: action.tenantId, documentId: action.documentId, instanceId: action.instanceId };
    if (action.kind === 'startReview') {
      const described = await doc.describe(action.tenantId, action.documentId);
      const ctx = { tenantId: action.tenantId, actor: described.initiator, roles: [], correlationId: e.metadata.correlationId };
      try {
        await this.instances.start(ctx, {
          processKey: action.processKey,
          businessKey: action.documentId,
          documentType: action.documentType,
          title: described.title,
          variables: described.variables,
          instanceId: action.instanceId,
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
