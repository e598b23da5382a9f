import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Pool } from 'pg';
import { reviewDocumentTypes, type IsReview, type ReviewConfig, type SubmitReviewConfig } from '@tpl/contracts';
import { CACHE_CHANNEL, ChannelCache, DB_POOL, EVENT_STORE, LocalCacheChannel, runCommand, type CacheChannel, type EventStorePort } from '@tpl/event-store';
import type { ReviewPolicy } from '@tpl/documents';
import { sampleProcesses } from '@tpl/workflows';
import { REVIEW_CONFIG_STREAM, reviewConfigFold, reviewConfigStream, type ReviewConfigEvent } from '../definition/definition.events';
import { FlowClock, metadataOf, type FlowContext } from '../flow-context';

/** Without configuration a document type uses its sample process, and only leave needs review. */
const defaults = (documentType: string): { processKey: string; enabled: boolean } => ({
  processKey: sampleProcesses.find((s) => s.documentType === documentType)?.key ?? documentType,
  enabled: documentType === 'leave',
});

/** The channel topic of review configurations: key, the tenant whose configuration changed. */
export const REVIEW_CONFIG_TOPIC = 'review-config';

type ConfigRow = { process_key: string; enabled: boolean; updated_by: string; updated_at: Date };

/**
 * Review configuration per document type per tenant: which process, and whether documents need
 * review: the document kit's REVIEW_POLICY, bound to this by the host. Every create asks, so
 * rows are cached per tenant and type; a change drops the tenant's entries on every host (the
 * cache channel) before it answers.
 */
@Injectable()
export class ReviewConfigService implements ReviewPolicy {
  private readonly cache = new ChannelCache<ConfigRow | undefined>({ ttlMs: 60_000 });

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(FlowClock) private readonly clock: FlowClock,
    @Optional() @Inject(CACHE_CHANNEL) private readonly channel: CacheChannel = new LocalCacheChannel(),
  ) {
    this.cache.listen(channel, REVIEW_CONFIG_TOPIC);
  }

  private row(tenantId: string, documentType: string): Promise<ConfigRow | undefined> {
    return this.cache.get(`${tenantId}\u0000${documentType}`, [tenantId], async () => {
      const { rows } = await this.pool.query<ConfigRow>(
        `SELECT process_key, enabled, updated_by, updated_at FROM wf_review_config WHERE tenant_id = $1 AND document_type = $2`,
        [tenantId, documentType],
      );
      return rows[0];
    });
  }

  async isReviewFor(tenantId: string, documentType: string): Promise<IsReview> {
    const r = await this.row(tenantId, documentType);
    return (r ? r.enabled : defaults(documentType).enabled) ? 1 : 0;
  }

  async processKeyFor(tenantId: string, documentType: string): Promise<string | null> {
    const r = await this.row(tenantId, documentType);
    return r ? r.process_key : defaults(documentType).processKey;
  }

  async list(tenantId: string): Promise<ReviewConfig[]> {
    const out: ReviewConfig[] = [];
    for (const documentType of reviewDocumentTypes) {
      const r = await this.row(tenantId, documentType);
      out.push(r ? { documentType, processKey: r.process_key, enabled: r.enabled, updatedBy: r.updated_by, updatedAt: r.updated_at.toISOString() } : { documentType, ...defaults(documentType) });
    }
    return out;
  }

  async submit(ctx: FlowContext, body: SubmitReviewConfig): Promise<ReviewConfig> {
    const event: ReviewConfigEvent = { type: 'ReviewConfigured', data: { documentType: body.documentType, processKey: body.processKey, enabled: body.enabled } };
    await runCommand(this.store, {
      stream: reviewConfigStream(ctx.tenantId, body.documentType),
      streamType: REVIEW_CONFIG_STREAM,
      fold: reviewConfigFold,
      metadata: metadataOf(ctx, this.clock.now()),
      decide: () => [event],
    });
    await this.channel.publish(REVIEW_CONFIG_TOPIC, ctx.tenantId);
    return (await this.list(ctx.tenantId)).find((c) => c.documentType === body.documentType)!;
  }
}
