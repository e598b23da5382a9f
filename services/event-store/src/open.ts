import { openDatabase, type Database, type DatabaseOptions } from './database';
import { runMigrations, type Migration } from './migrations';
import { PostgresEventStore, createEventStoreSchema, eventStoreMigrations } from './postgres-event-store';
import { rowSecurityMigrations, secureTables, type RowSecurityOptions } from './rls';
import { serialMigrations } from './serial';
import type { InlineProjection } from './port';

export type Storage = { db: Database; store: PostgresEventStore };

export type StorageOptions = DatabaseOptions & {
  migrations: Migration[];
  projections: InlineProjection[];
  /** the tenant registry's tables and the platform tenant that manages them (see secureTables) */
  rowSecurity?: Pick<RowSecurityOptions, 'platformTables' | 'platformTenant'>;
};

/**
 * Opens the database (PostgreSQL or embedded): as the tables' owner it creates the event
 * store schema, runs every migration and puts row-level security on every tenant table;
 * then the service works through a pool of the app role, which owns nothing.
 */
export const openStorage = async (options: StorageOptions): Promise<Storage> => {
  const db = await openDatabase(options, async (owner, connectionString, appRole) => {
    await createEventStoreSchema(owner, connectionString);
    await runMigrations(owner, [...eventStoreMigrations, ...serialMigrations, ...rowSecurityMigrations, ...options.migrations]);
    await secureTables(owner, { ...options.rowSecurity, appRole, appPassword: process.env.DATABASE_APP_PASSWORD });
  });
  const store = new PostgresEventStore(db.pool, db.connectionString, { namedStatements: db.kind === 'postgres' });
  for (const p of options.projections) store.registerInline(p);
  return { db, store };
};
