import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openRequestScope, openStorage, runAsSystem, runInTenant, type ContextScope, type Storage } from '@tpl/event-store';
import { PLATFORM_TENANT, documents, publishedEvents } from '@tpl/contracts';
import { AppModule } from './app.module';
import { CONTEXTS, contextMenus, demoTenantsOf, inOrder, storeOf } from './contexts';
import { EnvelopeFilter, type Wording } from './envelope.filter';
import { MESSAGE_WORDING } from '@tpl/masterdata';
import { runDataRepair } from './data-repair.controller';
import { envelopeClientError, envelopeFrameworkError, refuseUnstorableText, safeJson } from './input-guard';
import { lazyOpenApi } from './openapi';
import { HostLifecycle } from './health.controller';
import { JsonLog, JsonNestLogger, observeRequests, registerStorageMetrics, type LogFormat } from './observability';
import type { HostConfig } from './config';
import { startIntegration, type Integration } from './integration';

/** A route the server answers: its method and its path as registered (`:param` style). */
export type ServedRoute = { method: string; url: string };
export type ShutdownOptions = {
  /** how long readiness answers 503 while the server still serves, so load balancers stop sending (ms) */
  drainDelayMs?: number;
};
export type Host = {
  app: NestFastifyApplication;
  storage: Storage;
  url: string;
  routes: readonly ServedRoute[];
  /** the outbox relay and the inbound consumer, when integration is configured (KAFKA_BROKERS, or a test's sink) */
  integration?: Integration | undefined;
  /** this host's name in logs and in the leases' sessions */
  hostId: string;
  /**
   * Graceful stop: readiness goes false (503), after drainDelayMs the server stops accepting
   * and the requests under way finish, the jobs stop and give their leases back, the pool closes.
   */
  close(options?: ShutdownOptions): Promise<void>;
};

export type HostOptions = {
  logLevels?: LogLevel[];
  /** json: every log line (Nest's and one per request) as a JSON object; default: Nest's text, no request lines */
  logFormat?: LogFormat;
  /** one line per request (method, route, status, ms, tenant, correlation id); default: with the json format */
  requestLog?: boolean;
  /** this host's name (default: hostname, pid and a random part) */
  hostId?: string;
};

/** Opens the store, wires every context into one Nest app on Fastify and starts listening. */
export const startHost = async (config: HostConfig, options: HostOptions = {}): Promise<Host> => {
  // attachments live beside the embedded database unless ATTACH_DIR says otherwise
  process.env.ATTACH_DIR ??= path.join(config.dataDir, 'attachments');
  const hostId = options.hostId ?? `${process.env.HOSTNAME ?? 'host'}-${process.pid}`;
  const json = options.logFormat === 'json' ? new JsonLog({ host: hostId }) : undefined;
  const levels = options.logLevels ?? ['error', 'warn', 'log'];
  // what every context brings to the store (contexts.ts: its migrations, in the contexts' order)
  const store = storeOf(CONTEXTS);
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    poolSize: config.poolSize,
    jobsPoolSize: config.jobsPoolSize,
    migrations: store.migrations,
    // inline: read models a user reads right after their own write (lists, records, sign-in, tasks)
    projections: store.projections,
    // asynchronous, from the projector's checkpoints: reports and cross-context read models
    asyncProjections: store.asyncProjections,
    upcasters: store.upcasters,
    projector: {
      pollMs: Number(process.env.PROJECTOR_POLL_MS ?? 200),
      onError: (name, e) => logger.error(`projection ${name} failed: ${e instanceof Error ? e.stack : String(e)}`),
    },
    statistics: {
      pollMs: Number(process.env.STATISTICS_POLL_MS ?? 5_000),
      onAnalyzed: (tables) => logger.debug(`statistics: analyzed ${tables.join(', ')}`),
      onError: (e) => logger.warn(`statistics: ${e instanceof Error ? e.message : String(e)}`),
    },
    leases: {
      hostId,
      pollMs: Number(process.env.LEASE_POLL_MS ?? 2_000),
      onChange: (name, held) => logger.log(`lease ${name} ${held ? 'taken' : 'given up'}`),
      onError: (e) => logger.warn(`leases: database session lost (${e instanceof Error ? e.message : String(e)}); jobs paused until it is back`),
    },
    rowSecurity: { platformTables: store.platformTables, platformTenant: PLATFORM_TENANT },
    // events out to Kafka: every published event also goes to the outbox, in the append's transaction
    outbox: config.integration ? publishedEvents(config.documents ?? documents) : undefined,
    kurrentdbUrl: config.kurrentdbUrl,
    kurrentEvents: config.kurrentEvents,
  });
  let integration: Integration | undefined;
  try {
    // the demo's tenants (identity's registry), before the app
    if (config.seedDemo) await runAsSystem(() => makeDemoTenants(storage));

    // maxParamLength: a licence travels in the path (spec 01 importLicense/{license})
    // a request Node's parser refuses (URL or headers too long: 431) is answered with the envelope too
    const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT, routerOptions: { maxParamLength: 5000 }, clientErrorHandler: envelopeClientError, frameworkErrors: envelopeFrameworkError });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(storage, config.documents), adapter, {
      logger: json ? new JsonNestLogger(json, levels) : levels,
      abortOnError: false,
    });
    const lifecycle = app.get(HostLifecycle);
    // openStorage ran (and recorded) every migration this host knows before its pool opened
    lifecycle.migrated = true;
    const fastify = app.getHttpAdapter().getInstance();
    // the route table as served (every controller, plugin and static route), before any is registered
    const routes: ServedRoute[] = [];
    fastify.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    });

    // every request runs in its own database scope, filled with the caller's tenant by the auth guard
    fastify.addHook('onRequest', (_req, _reply, done) => openRequestScope(done));
    // correlation id: taken from the caller when sane, else made here; echoed back and put on every event
    fastify.addHook('onRequest', async (req, reply) => {
      const given = req.headers['x-correlation-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
      (req as typeof req & { correlationId: string }).correlationId = id;
      void reply.header('x-correlation-id', id);
    });

    // latency by route for /metrics; one JSON line per request when asked
    observeRequests(fastify, storage, (options.requestLog ?? Boolean(json)) ? (json ?? new JsonLog({ host: hostId })) : undefined);
    registerStorageMetrics(storage);

    // text PostgreSQL cannot store (lone surrogates, NUL) is a 400 naming the field, on every route
    fastify.addHook('preValidation', refuseUnstorableText);
    // the last line: nothing in an answer (a BigInt) can make its serialization fail
    fastify.setReplySerializer(safeJson);

    // answers of 1 KB and more (JSON, the SPA's page) compressed for clients that accept it: brotli at a
    // quality cheap enough for every request, else gzip; the console's files are compressed at build
    // (web/vite.config.ts) and served as they are (preCompressed below)
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
    // spreadsheet imports: one file, up to 50 MB
    await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
    await app.register(fastifySwagger, { mode: 'static', specification: { document: lazyOpenApi() as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

    if (fs.existsSync(config.webDist)) {
      // files are looked up per request (a rebuilt console is served without a restart); a path with no
      // file reaches the filter, which answers the SPA's index.html or a 404 envelope
      await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: true, index: ['index.html'], cacheControl: false, preCompressed: true, setHeaders: (res, file) => {
        // hashed assets never change; everything else is revalidated
        res.setHeader('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      } });
    }

    // a signed-in user's 400/409 in its tenant's own wording (master data's message catalogue)
    app.useGlobalFilters(new EnvelopeFilter(config.webDist, app.get<Wording>(MESSAGE_WORDING, { strict: false })));
    await app.init();
    // every context has registered its reactions (onModuleInit): follow the global order from here,
    // each projection, reaction and job on the host holding its lease
    storage.projector.start();
    storage.statistics.start();
    if (config.integration) integration = await startIntegration(app, storage, config.integration, (what, e) => logger.error(`${what} failed: ${e instanceof Error ? e.stack : String(e)}`));
    await storage.leases.start();
    // each context's repair at start (the kit: document lists that have streams but no rows, folded again)
    const scope = scopeOf(app, storage);
    for (const c of CONTEXTS) await c.start?.({ ...scope, options: config.documents ? { documents: config.documents } : {} });
    if (config.seedDemo) await seedDemoTenants(scope);
    if (config.seedSamples) await seedSamples(scope, config.seedDemoMonth === true);
    // records written before every number had a kind: back into range, through events
    const repaired = await runAsSystem(() => runDataRepair((token) => app.get(token)));
    for (const [part, items] of Object.entries(repaired)) if (items.length) logger.log(`data repair: ${items.length} ${part} brought back into range`);
    await app.listen(config.port, config.host);
    lifecycle.serving = true;
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    return {
      app,
      storage,
      url,
      routes,
      hostId,
      integration,
      close: async (shutdown: ShutdownOptions = {}) => {
        lifecycle.draining = true;
        if (shutdown.drainDelayMs) await new Promise((r) => setTimeout(r, shutdown.drainDelayMs));
        // the projector's timers stop first: its process managers hear events on the EventBus, which
        // the app's close takes down (a reaction run after it would find no handler and move on)
        await storage.projector.stop();
        // Fastify stops accepting, closes idle connections and waits for the requests under way;
        // then the contexts' jobs stop (onApplicationShutdown)
        await app.close();
        await integration?.close();
        await storage.statistics.stop();
        await storage.leases.close();
        await storage.channel.close();
        await storage.events.close();
        await storage.db.close();
      },
    };
  } catch (err) {
    await integration?.close().catch(() => undefined);
    await storage.projector.stop();
    await storage.statistics.stop();
    await storage.events.close().catch(() => undefined);
    await storage.leases.close();
    await storage.channel.close();
    await storage.db.close();
    throw err;
  }
};

export const logger = new Logger('Host');

/** The largest JSON body (spreadsheets travel as multipart, up to 50 MB). */
export const BODY_LIMIT = 1024 * 1024;

/** What a context's hooks are handed: the app, the database, the host's log. */
const scopeOf = (app: NestFastifyApplication, storage: Storage): ContextScope => ({ app, pool: storage.db.pool, log: (line) => logger.log(line) });

/** Who the demo's seeds act as where no user does. */
const SYSTEM = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };

/** The demo's tenants, made by the contexts that keep them (identity's registry). */
const makeDemoTenants = async (storage: Storage) => {
  for (const c of CONTEXTS) await c.seeds?.tenants?.make(storage.db.pool);
};

/** Each demo tenant's own configuration, tenant by tenant: its roles and users, as user records (events), so sign-in and the user screens agree; its approval processes. */
const seedDemoTenants = async (scope: ContextScope) => {
  const menus = contextMenus();
  for (const tenantId of demoTenantsOf(CONTEXTS)) {
    for (const c of CONTEXTS) await c.seeds?.tenant?.({ ...scope, tenantId, system: SYSTEM, menus });
  }
};

/**
 * Each demo tenant's samples, in its scope: what each context has for it (the demo operator: its
 * master data, a working day's consignment board made through the document kit, leave requests
 * for the approver, a month in the warehouse when asked; the second operator: its own master data).
 */
const seedSamples = async (scope: ContextScope, demoMonth: boolean) => {
  for (const tenantId of demoTenantsOf(CONTEXTS)) {
    await runInTenant(tenantId, async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(new Date());
      for (const c of inOrder(CONTEXTS, 'samples')) await c.seeds?.samples?.({ ...scope, tenantId, today, demoMonth });
    });
  }
};
