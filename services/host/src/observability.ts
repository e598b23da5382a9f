import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemRoutes } from '@tpl/contracts';
import { runAsSystem, type Storage } from '@tpl/event-store';

/**
 * Structured logs: one JSON object per line on stdout (errors on stderr), for a log shipper
 * to index. Every line names the host; a request's line its correlation id.
 */
export type LogFormat = 'json' | 'text';

type Fields = Record<string, unknown>;

export class JsonLog {
  constructor(
    private readonly base: Fields = {},
    private readonly out: (line: string, level: string) => void = (line, level) =>
      (level === 'error' || level === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`),
  ) {}

  write(level: string, msg: string, fields: Fields = {}): void {
    this.out(JSON.stringify({ time: new Date().toISOString(), level, msg, ...this.base, ...fields }), level);
  }
}

const NEST_LEVELS: Record<LogLevel, string> = { log: 'info', error: 'error', warn: 'warn', debug: 'debug', verbose: 'trace', fatal: 'fatal' };

/** Nest's logger as JSON lines (the context is the class that logs). */
export class JsonNestLogger implements LoggerService {
  private readonly levels: Set<LogLevel>;
  constructor(
    private readonly out: JsonLog,
    levels: readonly LogLevel[],
  ) {
    this.levels = new Set(levels);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]) {
    if (!this.levels.has(level)) return;
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.out.write(NEST_LEVELS[level], text, { ...(context ? { context } : {}), ...(stack ? { stack } : {}), ...(message instanceof Error ? { stack: message.stack } : {}) });
  }

  log(message: unknown, ...rest: unknown[]) {
    this.emit('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.emit('fatal', message, rest);
  }
}

type Traced = FastifyRequest & { correlationId?: string; user?: { tenantId?: string } };

/** The route as registered (`/api/x/:id`), never the raw URL: bounded labels, and no ids or tokens in the logs. */
export const routeOf = (req: FastifyRequest): string => req.routeOptions?.url ?? '(unmatched)';

/** The tenant a request ran in: the signed-in user's, else the one a public call named. */
const tenantOf = (req: Traced): string | undefined => {
  if (req.user?.tenantId) return req.user.tenantId;
  const header = req.headers['tenant-id'];
  return typeof header === 'string' && /^\w{1,32}$/.test(header) ? header : undefined;
};

const QUIET_ROUTES = new Set([systemRoutes.health.path, systemRoutes.healthLive.path, systemRoutes.healthReady.path, systemRoutes.metrics.path]);

/**
 * After every answer: the latency histogram by route (always) and, when a log is given, one
 * line: method, route, status, ms, tenant, correlation id.
 */
export const observeRequests = (fastify: FastifyInstance, storage: Storage, log: JsonLog | undefined): void => {
  fastify.addHook('onResponse', (request, reply, done) => {
    const req = request as Traced;
    const route = routeOf(req);
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const labels = { method: req.method, route, status: String(status) };
    storage.metrics.requestDuration.observe(labels, ms / 1000);
    storage.metrics.requests.inc(labels);
    // probes and scrapes come every few seconds from every prober: counted, not logged
    if (QUIET_ROUTES.has(route)) return done();
    log?.write(status >= 500 ? 'error' : 'info', 'request', {
      method: req.method,
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      tenant: tenantOf(req) ?? null,
      correlationId: req.correlationId ?? null,
    });
    done();
  });
};

/** What the store and its followers say at each scrape: projection lag, the store's position, the leases held here. */
export const registerStorageMetrics = (storage: Storage): void => {
  const { metrics, projector, leases, db } = storage;
  // one status read serves both lag gauges of a scrape
  let status: ReturnType<typeof projector.status> | undefined;
  const statusOnce = () => {
    status ??= projector.status().finally(() => setTimeout(() => (status = undefined), 100).unref());
    return status;
  };
  metrics.addGauge({
    name: 'tpl_projection_lag_events',
    help: 'Events a projection or reaction handles that are written but not yet applied',
    labelNames: ['projection', 'kind'],
    read: async () => (await statusOnce()).map((s) => ({ labels: { projection: s.name, kind: s.kind }, value: s.lagEvents })),
  });
  metrics.addGauge({
    name: 'tpl_projection_lag_seconds',
    help: 'Seconds since the oldest event not yet applied by a projection or reaction was written (0: caught up)',
    labelNames: ['projection', 'kind'],
    read: async () => (await statusOnce()).map((s) => ({ labels: { projection: s.name, kind: s.kind }, value: s.lagSeconds })),
  });
  metrics.addGauge({
    name: 'tpl_event_store_position',
    help: 'Global position of the newest event in the store (all hosts): rate() of it is the event append rate',
    read: async () => {
      const { rows } = await runAsSystem(() => db.pool.query<{ p: string | null }>('SELECT max(global_position)::text AS p FROM emt_messages'));
      return [{ value: Number(rows[0]?.p ?? 0) }];
    },
  });
  metrics.addGauge({
    name: 'tpl_lease_held',
    help: 'Background-job leases this host holds (1 per lease)',
    labelNames: ['lease'],
    read: async () => leases.names().map((lease) => ({ labels: { lease }, value: 1 })),
  });
};
