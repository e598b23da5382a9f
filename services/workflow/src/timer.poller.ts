import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { every } from './interval';
import { DB_POOL, LEASES, runAsSystem, runInTenant, type LeaseGate } from '@tpl/event-store';
import { FlowClock } from './flow-context';
import { InstanceService } from './instance/instance.service';

/**
 * Fires due timers (escalations). Due times are stored as events (TimerScheduled) and
 * projected into wf_timers, so a restarted host, or any other host, fires them. Several
 * hosts: only the one holding the lease `workflow-timers` polls (another takes it over within
 * seconds when it dies), and the expected version would let only one record each firing anyway.
 */
export const TIMER_LEASE = 'workflow-timers';

@Injectable()
export class TimerPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TimerPoller');
  private stop: () => void = () => undefined;

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(InstanceService) private readonly instances: InstanceService,
    @Inject(FlowClock) private readonly clock: FlowClock,
    @Inject(LEASES) private readonly leases: LeaseGate,
  ) {}

  onApplicationBootstrap() {
    const ms = Number(process.env.FLOW_TIMER_POLL_MS ?? 30_000);
    if (ms > 0) this.leases.want(TIMER_LEASE);
    this.stop = every(ms, async () => (this.leases.holds(TIMER_LEASE) ? this.runOnce() : 0), this.logger);
  }

  onApplicationShutdown() {
    this.stop();
  }

  /** Fires every timer due by the flow clock; returns how many fired. */
  async runOnce(): Promise<number> {
    const due = await runAsSystem(async () =>
      (
        await this.pool.query<{ tenant_id: string; instance_id: string; timer_key: string }>(
          `SELECT tenant_id, instance_id, timer_key FROM wf_timers WHERE due_at <= $1 ORDER BY due_at LIMIT 500`,
          [this.clock.now()],
        )
      ).rows,
    );
    let fired = 0;
    for (const t of due) {
      if (await runInTenant(t.tenant_id, () => this.instances.fireTimer(t.tenant_id, t.instance_id, t.timer_key))) fired++;
    }
    if (fired) this.logger.log(`fired ${fired} due timers`);
    return fired;
  }
}
