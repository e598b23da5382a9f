import { LocalCacheChannel, PostgresCacheChannel, type CacheChannel } from './cache-channel';
import { openDatabase, type Database, type DatabaseOptions } from './database';
import { runMigrations, type Migration } from './migrations';
import { PostgresEventStore, createEventStoreSchema, eventStoreMigrations } from './postgres-event-store';
import { Projector, projectorMigrations, type AsyncProjection, type ProjectorOptions } from './projector';
import { Leases, type LeaseOptions } from './leases';
import { Metrics } from './metrics';
import { rowSecurityMigrations, secureTables, type RowSecurityOptions } from './rls';
import { serialMigrations } from './serial';
import { StatisticsKeeper, statisticsMigrations, type StatisticsOptions } from './statistics';
import { UpcasterRegistry, type Upcaster } from './upcasters';
import type { EventStorePort, InlineProjection } from './port';
import { KurrentEventStore } from './kurrent-event-store';
import { KurrentRunningStore, type KurrentEvents } from './kurrent-running-store';
import { outboxMigrations, outboxProjection, type OutboxCatalogue } from './outbox/outbox';

export type Storage = {
  db: Database;
  /** PostgreSQL's event store (its schema exists in every mode; the product's store unless EVENT_STORE=kurrentdb) */
  store: PostgresEventStore;
  projector: Projector;
  /** the event store the contexts use (EVENT_STORE): PostgreSQL's, or KurrentDB's with read models in PostgreSQL (ADR 0007) */
  events: EventStorePort;
  /** every cache's invalidation notices, across the hosts on this database (close it before db) */
  channel: CacheChannel;
  /** the background jobs' leases (several hosts, one database; started by the host once every job has asked for its own) */
  leases: Leases;
  /** this host's Prometheus registry */
  metrics: Metrics;
  /** the planner's statistics kept fresh (started by the host, on the lease's holder) */
  statistics: StatisticsKeeper;
};

export type StorageOptions = DatabaseOptions & {
  migrations: Migration[];
  /** read models written in the append's own transaction (a user reads their own write) */
  projections: InlineProjection[];
  /** read models the projector keeps from the global order (reports, cross-context views) */
  asyncProjections?: AsyncProjection[];
  /** every context's steps from old event versions to current ones */
  upcasters?: Upcaster[];
  projector?: ProjectorOptions;
  /** how often stale tables are analyzed, and who hears of it (statistics.ts) */
  statistics?: Omit<StatisticsOptions, 'leases'>;
  /** the leases' poll and observers (their connection is the service's own; none on the embedded store) */
  leases?: Omit<LeaseOptions, 'connectionString'>;
  /** the tenant registry's tables and the platform tenant that manages them (see secureTables) */
  rowSecurity?: Pick<RowSecurityOptions, 'platformTables' | 'platformTenant'>;
  /** the published event types and their topics: given, each append also writes them to the outbox (outbox/, docs/INTEGRATION.md) */
  outbox?: OutboxCatalogue | undefined;
  /** KurrentDB as the event store (EVENT_STORE=kurrentdb, KURRENTDB_URL): inline projections then follow it asynchronously (ADR 0007) */
  kurrentdbUrl?: string | undefined;
  /** tests: KurrentDB's side given instead of connected (kurrentdbUrl is then ignored) */
  kurrentEvents?: KurrentEvents | undefined;
};

/**
 * Opens the database (PostgreSQL or embedded): as the tables' owner it creates the event
 * store schema, runs every migration and puts row-level security on every tenant table;
 * then the service works through a pool of the app role, which owns nothing.
 */
export const openStorage = async (options: StorageOptions): Promise<Storage> => {
  const upcasters = UpcasterRegistry.of(options.upcasters);
  const db = await openDatabase(options, async (owner, connectionString, appRole) => {
    await createEventStoreSchema(owner, connectionString);
    await runMigrations(owner, [...eventStoreMigrations, ...serialMigrations, ...rowSecurityMigrations, ...projectorMigrations, ...outboxMigrations, ...statisticsMigrations, ...options.migrations]);
    await secureTables(owner, { ...options.rowSecurity, appRole, appPassword: process.env.DATABASE_APP_PASSWORD });
  });
  // the embedded database is locked to this one process (DATA_DIR's lock): its store is the one writer of its events
  const store = new PostgresEventStore(db.pool, db.connectionString, { upcasters, soleWriter: db.kind === 'embedded' });
  const inline = [...options.projections, ...(options.outbox ? [outboxProjection(options.outbox, upcasters)] : [])];
  const leases = new Leases({ ...options.leases, connectionString: db.kind === 'postgres' ? db.appConnectionString : undefined });
  let events: EventStorePort;
  let projector: Projector;
  if (options.kurrentdbUrl || options.kurrentEvents) {
    const running = new KurrentRunningStore(options.kurrentEvents ?? KurrentEventStore.connect(options.kurrentdbUrl!, upcasters), db.pool);
    for (const p of inline) running.registerInline(p);
    projector = new Projector(db.jobs, running, { ...options.projector, leases });
    for (const p of [...running.asyncProjections(), ...(options.asyncProjections ?? [])]) projector.register(p);
    running.follow(projector);
    events = running;
  } else {
    for (const p of inline) store.registerInline(p);
    projector = new Projector(db.jobs, store, { ...options.projector, leases });
    for (const p of options.asyncProjections ?? []) projector.register(p);
    events = store;
  }
  let channel: CacheChannel;
  try {
    channel = db.kind === 'postgres' ? await PostgresCacheChannel.open(db.appConnectionString) : new LocalCacheChannel();
  } catch (err) {
    await events.close();
    await db.close();
    throw err;
  }
  // closing the database closes the channel first: whoever opened storage closes one thing
  // (once: a shutdown hook and the host's own close may both ask)
  const closeDb = db.close;
  let closing: Promise<void> | undefined;
  db.close = () =>
    (closing ??= (async () => {
      await channel.close();
      await closeDb();
    })());
  // the embedded store's one connection serves requests too: its ANALYZE waits for a quiet moment
  const busy = db.kind === 'embedded' ? () => db.pool.waitingCount > 0 : undefined;
  const statistics = new StatisticsKeeper(db.jobs, { ...(busy ? { busy } : {}), ...options.statistics, leases });
  return { db, store, projector, events, channel, leases, metrics: new Metrics(), statistics };
};
