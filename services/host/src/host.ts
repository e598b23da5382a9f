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
import { PLATFORM_TENANT } from '@tpl/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { seedDemoConsignments, transportMigrations, transportProjections } from '@tpl/transport';
import { FlowSeeder, workflowMigrations, workflowProjections } from '@tpl/workflow';
import { reportMigrations, reportProjections } from '@tpl/report';
import { RecordsService, recordsMigrations, recordsProjection, seedDemoMasterData, seedUsers } from '@tpl/records';
import { AppModule } from './app.module';
import { EnvelopeFilter } from './envelope.filter';
import { buildOpenApi } from './openapi';
import type { HostConfig } from './config';

export type Host = { app: NestFastifyApplication; storage: Storage; url: string; close(): Promise<void> };

/** Opens the store, wires every context into one Nest app on Fastify and starts listening. */
export const startHost = async (config: HostConfig, options: { logLevels?: LogLevel[] } = {}): Promise<Host> => {
  // attachments live beside the embedded database unless ATTACH_DIR says otherwise
  process.env.ATTACH_DIR ??= path.join(config.dataDir, 'attachments');
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    migrations: [...identityMigrations, ...recordsMigrations, ...transportMigrations, ...workflowMigrations, ...reportMigrations],
    projections: [...transportProjections, recordsProjection(), userAccountsProjection, oauthLinksProjection, registrationsProjection, ...workflowProjections, ...reportProjections],
    rowSecurity: { platformTables: identityPlatformTables, platformTenant: PLATFORM_TENANT },
  });
  try {
    if (config.seedDemo) await runAsSystem(() => seedTenants(storage.db.pool));

    // maxParamLength: a licence travels in the path (spec 01 importLicense/{license})
    const adapter = new FastifyAdapter({ bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 5000 } });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(storage), adapter, {
      logger: options.logLevels ?? ['error', 'warn', 'log'],
      abortOnError: false,
    });
    const fastify = app.getHttpAdapter().getInstance();

    // every request runs in its own database scope, filled with the caller's tenant by the auth guard
    fastify.addHook('onRequest', (_req, _reply, done) => openRequestScope(done));
    // correlation id: taken from the caller when sane, else made here; echoed back and put on every event
    fastify.addHook('onRequest', async (req, reply) => {
      const given = req.headers['x-correlation-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
      (req as typeof req & { correlationId: string }).correlationId = id;
      void reply.header('x-correlation-id', id);
    });

    // spreadsheet imports: one file, up to 50 MB
    await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
    await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

    if (fs.existsSync(config.webDist)) {
      // files are looked up per request (a rebuilt console is served without a restart); a path with no
      // file reaches the filter, which answers the SPA's index.html or a 404 envelope
      await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: true, index: ['index.html'], cacheControl: false, setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        // hashed assets never change; everything else is revalidated
        reply.header('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      } });
    }

    app.useGlobalFilters(new EnvelopeFilter(config.webDist));
    await app.init();
    if (config.seedDemo) await seedDemoUsers(app, storage);
    if (config.seedSamples) await seedSamples(app, storage);
    app.enableShutdownHooks();
    await app.listen(config.port, config.host);
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    return {
      app,
      storage,
      url,
      close: async () => {
        await app.close();
        await storage.db.close();
      },
    };
  } catch (err) {
    await storage.db.close();
    throw err;
  }
};

export const logger = new Logger('Host');

const DEMO_TENANT = '100001';

/** The demo tenants' roles and users, as user records (events), so sign-in and the user screens agree. */
const seedDemoUsers = async (app: NestFastifyApplication, storage: Storage) => {
  const records = app.get(RecordsService);
  const system = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };
  for (const t of DEMO_TENANTS) {
    const ctx = { tenantId: t.tenantId, actor: system, correlationId: 'demo-seed' };
    const n = await runInTenant(t.tenantId, () => seedUsers(records, storage.db.pool, ctx, t.users));
    if (n) logger.log(`seeded ${n} demo users for tenant ${t.tenantId}`);
    // the built-in approval processes (consignment review, leave) are configuration every operator starts with
    if (t.tenantId !== '000000') await app.get(FlowSeeder).deploySamples(t.tenantId, system);
  }
};

/** A working day's consignment board for the demo operator, made through the real command bus. */
const seedSamples = (app: NestFastifyApplication, storage: Storage) => runInTenant(DEMO_TENANT, async () => {
  const actor = await demoActor(storage.db.pool, DEMO_TENANT, 'dispatcher');
  if (!actor) return;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(new Date());
  const context = { tenantId: DEMO_TENANT, actor, correlationId: 'demo-seed' };
  const admin = (await demoActor(storage.db.pool, DEMO_TENANT, 'admin')) ?? actor;
  const records = await seedDemoMasterData(app.get(RecordsService), storage.db.pool, { ...context, actor: admin });
  if (records) logger.log(`seeded ${records} demo master data records for tenant ${DEMO_TENANT}`);
  const n = await seedDemoConsignments(app.get(CommandBus), storage.db.pool, context, today);
  if (n) logger.log(`seeded ${n} demo consignment orders for tenant ${DEMO_TENANT}`);
  // leave requests waiting for the approver, so the inbox is not empty
  const leaves = await app.get(FlowSeeder).seedDemoRequests(DEMO_TENANT, actor, 'approver');
  if (leaves) logger.log(`seeded ${leaves} demo leave requests for tenant ${DEMO_TENANT}`);
});
