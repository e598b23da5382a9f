import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Injectable, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { fail, ok, systemRoutes } from '@tpl/contracts';
import { DB_POOL, METRICS, runAsSystem, type Metrics } from '@tpl/event-store';
import { Public } from '@tpl/identity';

/**
 * Where this host is in its life: starting (migrations, seeds, not listening yet), serving,
 * draining (SIGTERM received: readiness answers 503 so the load balancer stops sending, the
 * requests under way finish, then the server closes). Read by the readiness probe.
 */
@Injectable()
export class HostLifecycle {
  /** every migration this host knows ran before it opened its pool (openStorage) */
  migrated = false;
  serving = false;
  draining = false;
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** How long the readiness probe waits for the database before it says no. */
const DB_PROBE_MS = 2_000;

@Controller()
export class HealthController {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(HostLifecycle) private readonly lifecycle: HostLifecycle,
  ) {}

  @Public()
  @Get(systemRoutes.health.path)
  async health() {
    await this.pool.query('SELECT 1');
    return ok({ status: 'up' });
  }

  /** Liveness: the process answers (no database: a database outage must not restart every host). */
  @Public()
  @Get(systemRoutes.healthLive.path)
  live() {
    return ok({ status: 'live' as const });
  }

  /** Readiness: database reachable, migrations done, not shutting down; 503 otherwise, saying which. */
  @Public()
  @Get(systemRoutes.healthReady.path)
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const database = await this.databaseAnswers();
    const { migrated, serving, draining } = this.lifecycle;
    const ready = database && migrated && serving && !draining;
    const status = draining ? ('draining' as const) : ready ? ('ready' as const) : ('not ready' as const);
    const body = { status, database, migrations: migrated, draining };
    if (ready) return ok(body);
    void reply.status(503);
    return fail(503, status, body);
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DB_PROBE_MS);
    });
    const probe = runAsSystem(() => this.pool.query('SELECT 1')).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Prometheus' scrape: request latency by route, projection lag, the store's position, leases, the process. */
@Controller()
export class MetricsController {
  constructor(@Inject(METRICS) private readonly metrics: Metrics) {}

  @Public()
  @Get(systemRoutes.metrics.path)
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply) {
    // METRICS_TOKEN set: Prometheus sends it as a bearer token (scrape_config authorization)
    const token = process.env.METRICS_TOKEN;
    if (token && !safeEqual(authorization ?? '', `Bearer ${token}`)) {
      void reply.status(401).send(fail(401, 'metrics token required'));
      return;
    }
    const text = await this.metrics.text();
    void reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store').send(text);
  }
}
