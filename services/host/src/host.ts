import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openRequestScope, openStorage, runAsSystem, runInTenant, type Storage } from '@tpl/event-store';
import { DEMO_TENANTS, demoActor, identityMigrations, identityPlatformTables, oauthLinksProjection, registrationsProjection, seedTenants, userAccountsProjection } from '@tpl/identity';
import { PLATFORM_TENANT, consignmentDocument, documents } from '@tpl/contracts';
import { seedDemoConsignments, transportMigrations, transportUpcasters } from '@tpl/transport';
import { DocumentRepair, DocumentService, documentListMigrations } from '@tpl/documents';
import { warehouseMigrations, warehouseProjections } from '@tpl/warehouse';
import { FlowSeeder, REVIEW_POLICY, workflowMigrations, workflowProjections, type ReviewPolicy } from '@tpl/workflow';
import { reportAsyncProjections, reportMigrations } from '@tpl/report';
import { RECORDS, RecordsService, recordsMigrations, recordsProjection, seedDemoMasterData, type RecordsPort } from '@tpl/masterdata';
import { seedUsers } from '@tpl/access';
import { AppModule } from './app.module';
import { EnvelopeFilter } from './envelope.filter';
import { runDataRepair } from './data-repair.controller';
import { envelopeClientError, envelopeFrameworkError, refuseUnstorableText, safeJson } from './input-guard';
import { buildOpenApi } from './openapi';
import type { HostConfig } from './config';

/** A route the server answers: its method and its path as registered (`:param` style). */
export type ServedRoute = { method: string; url: string };
export type Host = { app: NestFastifyApplication; storage: Storage; url: string; routes: readonly ServedRoute[]; close(): Promise<void> };

/** Opens the store, wires every context into one Nest app on Fastify and starts listening. */
export const startHost = async (config: HostConfig, options: { logLevels?: LogLevel[] } = {}): Promise<Host> => {
  // attachments live beside the embedded database unless ATTACH_DIR says otherwise
  process.env.ATTACH_DIR ??= path.join(config.dataDir, 'attachments');
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    migrations: [...identityMigrations, ...recordsMigrations, ...documentListMigrations, ...warehouseMigrations, ...transportMigrations, ...workflowMigrations, ...reportMigrations],
    // inline: read models a user reads right after their own write (lists, records, sign-in, tasks)
    projections: [recordsProjection(), ...warehouseProjections, userAccountsProjection, oauthLinksProjection, registrationsProjection, ...workflowProjections],
    // asynchronous, from the projector's checkpoints: reports and cross-context read models
    asyncProjections: [...reportAsyncProjections],
    upcasters: [...transportUpcasters],
    projector: {
      pollMs: Number(process.env.PROJECTOR_POLL_MS ?? 200),
      onError: (name, e) => logger.error(`projection ${name} failed: ${e instanceof Error ? e.stack : String(e)}`),
    },
    rowSecurity: { platformTables: identityPlatformTables, platformTenant: PLATFORM_TENANT },
  });
  try {
    if (config.seedDemo) await runAsSystem(() => seedTenants(storage.db.pool));

    // maxParamLength: a licence travels in the path (spec 01 importLicense/{license})
    // a request Node's parser refuses (URL or headers too long: 431) is answered with the envelope too
    const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT, routerOptions: { maxParamLength: 5000 }, clientErrorHandler: envelopeClientError, frameworkErrors: envelopeFrameworkError });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(storage, config.documents), adapter, {
      logger: options.logLevels ?? ['error', 'warn', 'log'],
      abortOnError: false,
    });
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

    // text PostgreSQL cannot store (lone surrogates, NUL) is a 400 naming the field, on every route
    fastify.addHook('preValidation', refuseUnstorableText);
    // the last line: nothing in an answer (a BigInt) can make its serialization fail
    fastify.setReplySerializer(safeJson);

    // spreadsheet imports: one file, up to 50 MB
    await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
    await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

    if (fs.existsSync(config.webDist)) {
      // files are looked up per request (a rebuilt console is served without a restart); a path with no
      // file reaches the filter, which answers the SPA's index.html or a 404 envelope
      await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: true, index: ['index.html'], cacheControl: false, setHeaders: (res, file) => {
        // hashed assets never change; everything else is revalidated
        res.setHeader('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      } });
    }

    app.useGlobalFilters(new EnvelopeFilter(config.webDist));
    await app.init();
    // every context has registered its reactions (onModuleInit): follow the global order from here
    storage.projector.start();
    // document lists that have streams but no rows (a store from before the document kit): folded again
    const rebuilt = await runAsSystem(() => app.get(DocumentService).rebuildMissingLists(config.documents ?? documents));
    for (const [type, n] of Object.entries(rebuilt)) logger.log(`document list ${type}: ${n} rows rebuilt from the events`);
    if (config.seedDemo) await seedDemoUsers(app);
    if (config.seedSamples) await seedSamples(app, storage);
    // records written before every number had a kind: back into range, through events
    const repaired = await runAsSystem(() => runDataRepair(app.get(RecordsService), app.get(DocumentRepair)));
    if (repaired.records.length + repaired.documents.length) {
      logger.log(`data repair: ${repaired.records.length} records and ${repaired.documents.length} documents brought back into range`);
    }
    app.enableShutdownHooks();
    await app.listen(config.port, config.host);
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    return {
      app,
      storage,
      url,
      routes,
      close: async () => {
        await storage.projector.stop();
        await app.close();
        await storage.db.close();
      },
    };
  } catch (err) {
    await storage.projector.stop();
    await storage.db.close();
    throw err;
  }
};

export const logger = new Logger('Host');

/** The largest JSON body (spreadsheets travel as multipart, up to 50 MB). */
export const BODY_LIMIT = 1024 * 1024;

const DEMO_TENANT = '100001';

/** The demo tenants' roles and users, as user records (events), so sign-in and the user screens agree. */
const seedDemoUsers = async (app: NestFastifyApplication) => {
  const records = app.get<RecordsPort>(RECORDS);
  const system = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };
  for (const t of DEMO_TENANTS) {
    const ctx = { tenantId: t.tenantId, actor: system, correlationId: 'demo-seed', causationId: `demo-seed-users-${t.tenantId}` };
    const n = await runInTenant(t.tenantId, () => seedUsers(records, ctx, t.users));
    if (n) logger.log(`seeded ${n} demo users for tenant ${t.tenantId}`);
    // the built-in approval processes (consignment review, leave) are configuration every operator starts with
    if (t.tenantId !== '000000') await app.get(FlowSeeder).deploySamples(t.tenantId, system);
  }
};

/** A working day's consignment board for the demo operator, made through the document kit. */
const seedSamples = (app: NestFastifyApplication, storage: Storage) => runInTenant(DEMO_TENANT, async () => {
  const actor = await demoActor(storage.db.pool, DEMO_TENANT, 'dispatcher');
  if (!actor) return;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(new Date());
  const context = { tenantId: DEMO_TENANT, actor, correlationId: 'demo-seed', causationId: `demo-seed-samples-${DEMO_TENANT}` };
  const admin = (await demoActor(storage.db.pool, DEMO_TENANT, 'admin')) ?? actor;
  const records = await seedDemoMasterData(app.get(RecordsService), storage.db.pool, { ...context, actor: admin });
  if (records) logger.log(`seeded ${records} demo master data records for tenant ${DEMO_TENANT}`);
  // a few orders already waiting in review (by the tenant's consignment review process), so the approver has work
  const withReview = Boolean(await app.get<ReviewPolicy>(REVIEW_POLICY).processKeyFor(DEMO_TENANT, consignmentDocument.name));
  const n = await seedDemoConsignments(app.get(DocumentService), context, today, withReview);
  if (n) logger.log(`seeded ${n} demo consignment orders for tenant ${DEMO_TENANT}`);
  // leave requests waiting for the approver, so the inbox is not empty
  const leaves = await app.get(FlowSeeder).seedDemoRequests(DEMO_TENANT, actor, 'approver');
  if (leaves) logger.log(`seeded ${leaves} demo leave requests for tenant ${DEMO_TENANT}`);
});
