import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { entityByName } from '@tpl/contracts';
import { DB_POOL, LEASES, StaleVersionError, runAsSystem, runInTenant, type LeaseGate } from '@tpl/event-store';
import { RECORDS_TABLE } from '../engine/records.migrations';
import { RecordsService } from '../engine/records.service';

const DAY_MS = 86_400_000;
export const SCHEDULER = { userId: '00000000-0000-0000-0000-000000000001', account: 'scheduler', name: 'Scheduler' };

/**
 * A category's automatic status change as it acts on stock: the stock of its materials that
 * came in at or before `inboundBefore` (now less the interval) goes to `status`. Master data
 * keeps no stock: the context that does (the warehouse) registers a listener
 * (`onStockDue`) and answers how many stock rows it changed.
 */
export type CategoryStockChange = {
  tenantId: string;
  categoryCode: string;
  materialCodes: readonly string[];
  status: 'QUALITY_INSPECTION' | 'FROZEN';
  inboundBefore: string;
  at: string;
  actor: typeof SCHEDULER;
};
export type CategoryStockListener = (change: CategoryStockChange) => Promise<number>;
const HOLDS = ['QUALITY_INSPECTION', 'FROZEN'] as const;

/**
 * Categories with automatic status change (ifChangeStatus 1). At every run (every
 * CATEGORY_JOB_INTERVAL_MS, ten minutes by default) the stock of the category's materials
 * whose inbound time is `interval` days or more ago moves to changeStatus, through the
 * listeners the stock's context registered (docs/DOMAIN.md "Category status change on
 * stock"). Every `interval` days the run is also recorded as an ordinary change of the
 * category (changeTime moves on), by the Scheduler, so it shows in the category's history.
 * Several hosts: only the one holding the lease `category-status` runs it (another takes it
 * over within seconds when it dies); the expected version would let only one of them record
 * each change anyway.
 */
export const CATEGORY_STATUS_LEASE = 'category-status';

@Injectable()
export class CategoryStatusJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CategoryStatusJob');
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: CategoryStockListener[] = [];

  constructor(
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(LEASES) private readonly leases: LeaseGate,
  ) {}

  onApplicationBootstrap() {
    const every = Number(process.env.CATEGORY_JOB_INTERVAL_MS ?? 10 * 60_000);
    if (every > 0) {
      this.leases.want(CATEGORY_STATUS_LEASE);
      this.timer = setInterval(() => {
        if (!this.leases.holds(CATEGORY_STATUS_LEASE)) return;
        void this.runOnce().catch((e: unknown) => this.logger.error(String(e)));
      }, every);
      this.timer.unref();
    }
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** The stock's context asks to hear each category's due change of stock. */
  onStockDue(listener: CategoryStockListener): void {
    this.listeners.push(listener);
  }

  /** The category's materials (in its own tenant) handed to the listeners; how many stock rows they changed. */
  private async changeStock(tenantId: string, code: string, status: (typeof HOLDS)[number], interval: number, now: Date): Promise<number> {
    if (!this.listeners.length) return 0;
    return runInTenant(tenantId, async () => {
      const { rows } = await this.pool.query<{ code: string }>(
        `SELECT code FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'material' AND NOT is_deleted AND code IS NOT NULL AND data->>'categoryCode' = $2`,
        [tenantId, code],
      );
      if (!rows.length) return 0;
      const change: CategoryStockChange = {
        tenantId,
        categoryCode: code,
        materialCodes: rows.map((r) => r.code),
        status,
        inboundBefore: new Date(now.getTime() - interval * DAY_MS).toISOString(),
        at: now.toISOString(),
        actor: SCHEDULER,
      };
      let changed = 0;
      for (const listener of this.listeners) changed += await listener(change);
      return changed;
    });
  }

  /** Applies every due change across tenants; returns how many were applied. */
  async runOnce(now = new Date()): Promise<number> {
    const def = entityByName('category');
    if (!def) return 0;
    // finding the due ones is platform work across tenants; each change is made in its own tenant
    const { rows } = await runAsSystem(() =>
      this.pool.query<{ tenant_id: string; id: string; code: string | null; version: number; data: Record<string, unknown> }>(
        `SELECT tenant_id, id, code, version, data FROM ${RECORDS_TABLE}
          WHERE entity = 'category' AND NOT is_deleted AND (data->>'ifChangeStatus')::int = 1`,
      ),
    );
    let applied = 0;
    let stock = 0;
    for (const r of rows) {
      const interval = Number(r.data.interval ?? 0);
      if (!interval || !r.data.changeStatus) continue;
      // the stock that reached the age, at every run (a hold to AVAILABLE would release what others held: it moves nothing)
      const status = HOLDS.find((h) => h === r.data.changeStatus);
      if (status && r.code) {
        try {
          stock += await this.changeStock(r.tenant_id, r.code, status, interval, now);
        } catch (err) {
          this.logger.error(`category ${r.code} of tenant ${r.tenant_id}: ${String(err)}`);
        }
      }
      const last = r.data.changeTime ? new Date(String(r.data.changeTime)).getTime() : 0;
      if (last && now.getTime() - last < interval * DAY_MS) continue;
      try {
        await runInTenant(r.tenant_id, () =>
          this.records.submit(
            def,
            // the command: this record's due change from this version (two hosts deciding it name the same one)
            { tenantId: r.tenant_id, actor: SCHEDULER, correlationId: `category-job-${now.toISOString()}`, causationId: `category-status-${r.id}-v${r.version}` },
            { id: r.id, version: r.version, data: { ...r.data, changeTime: now.toISOString() } },
            { setsGenerated: true },
          ),
        );
        applied++;
      } catch (err) {
        if (!(err instanceof StaleVersionError) && (err as { code?: number }).code !== 409) throw err;
      }
    }
    if (applied) this.logger.log(`applied ${applied} due category status changes`);
    if (stock) this.logger.log(`moved ${stock} stock rows to their category's status`);
    return applied;
  }
}
