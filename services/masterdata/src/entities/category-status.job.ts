import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { entityByName } from '@tpl/contracts';
import { DB_POOL, StaleVersionError, runAsSystem, runInTenant } from '@tpl/event-store';
import { RECORDS_TABLE } from '../engine/records.migrations';
import { RecordsService } from '../engine/records.service';

const DAY_MS = 86_400_000;
export const SCHEDULER = { userId: '00000000-0000-0000-0000-000000000001', account: 'scheduler', name: 'Scheduler' };

/**
 * Categories with automatic status change (ifChangeStatus 1): every `interval` days the
 * job applies the change and records it as an ordinary change of the category (changeTime
 * moves on), by the Scheduler, so it shows in the category's history. Several hosts may
 * run it: the expected version lets only one of them record each change.
 */
@Injectable()
export class CategoryStatusJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CategoryStatusJob');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  onApplicationBootstrap() {
    const every = Number(process.env.CATEGORY_JOB_INTERVAL_MS ?? 10 * 60_000);
    if (every > 0) {
      this.timer = setInterval(() => void this.runOnce().catch((e: unknown) => this.logger.error(String(e))), every);
      this.timer.unref();
    }
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Applies every due change across tenants; returns how many were applied. */
  async runOnce(now = new Date()): Promise<number> {
    const def = entityByName('category');
    if (!def) return 0;
    // finding the due ones is platform work across tenants; each change is made in its own tenant
    const { rows } = await runAsSystem(() =>
      this.pool.query<{ tenant_id: string; id: string; version: number; data: Record<string, unknown> }>(
        `SELECT tenant_id, id, version, data FROM ${RECORDS_TABLE}
          WHERE entity = 'category' AND NOT is_deleted AND (data->>'ifChangeStatus')::int = 1`,
      ),
    );
    let applied = 0;
    for (const r of rows) {
      const interval = Number(r.data.interval ?? 0);
      if (!interval || !r.data.changeStatus) continue;
      const last = r.data.changeTime ? new Date(String(r.data.changeTime)).getTime() : 0;
      if (last && now.getTime() - last < interval * DAY_MS) continue;
      try {
        await runInTenant(r.tenant_id, () =>
          this.records.submit(
            def,
            // the command: this record's due change from this version (two hosts deciding it name the same one)
            { tenantId: r.tenant_id, actor: SCHEDULER, correlationId: `category-job-${now.toISOString()}`, causationId: `category-status-${r.id}-v${r.version}` },
            { id: r.id, version: r.version, data: { ...r.data, changeTime: now.toISOString() } },
          ),
        );
        applied++;
      } catch (err) {
        if (!(err instanceof StaleVersionError) && (err as { code?: number }).code !== 409) throw err;
      }
    }
    if (applied) this.logger.log(`applied ${applied} due category status changes`);
    return applied;
  }
}
