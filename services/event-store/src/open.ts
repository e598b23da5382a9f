import { openDatabase, type Database, type DatabaseOptions } from './database';
import { runMigrations, type Migration } from './migrations';
import { PostgresEventStore, createEventStoreSchema, eventStoreMigrations } from './postgres-event-store';
import { Projector, projectorMigrations, type AsyncProjection, type ProjectorOptions } from './projector';
import { rowSecurityMigrations, secureTables, type RowSecurityOptions } from './rls';
import { serialMigrations } from './serial';
import { UpcasterRegistry, type Upcaster } from './upcasters';
import type { InlineProjection } from './port';

export type Storage = { db: Database; store: PostgresEventStore; projector: Projector };

export type StorageOptions = DatabaseOptions & {
  migrations: Migration[];
  /** read models written in the append's own transaction (a user reads their own write) */
  projections: InlineProjection[];
  /** read models the projector keeps from the global order (reports, cross-context views) */
  asyncProjections?: AsyncProjection[];
  /** every context's steps from old event versions to current ones */
  upcasters?: Upcaster[];
  projector?: ProjectorOptions;
  /** the tenant registry's tables and the platform tenant that manages them (see secureTables) */
  rowSecurity?: Pick<RowSecurityOptions, 'platformTables' | 'platformTenant'>;
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
    await runMigrations(owner, [...eventStoreMigrations, ...serialMigrations, ...rowSecurityMigrations, ...projectorMigrations, ...options.migrations]);
    await secureTables(owner, { ...options.rowSecurity, appRole, appPassword: process.env.DATABASE_APP_PASSWORD });
  });
  const store = new PostgresEventStore(db.pool, db.connectionString, { namedStatements: db.kind === 'postgres', upcasters });
  for (const p of options.projections) store.registerInline(p);
  const projector = new Projector(db.pool, store, options.projector);
  for (const p of options.asyncProjections ?? []) projector.register(p);
  return { db, store, projector };
};
