import { openDatabase, type Database, type DatabaseOptions } from './database';
import { runMigrations, type Migration } from './migrations';
import { PostgresEventStore, eventStoreMigrations } from './postgres-event-store';
import { serialMigrations } from './serial';
import type { InlineProjection } from './port';

export type Storage = { db: Database; store: PostgresEventStore };

/** Opens the database (PostgreSQL or embedded), creates the event store schema and runs every migration. */
export const openStorage = async (
  options: DatabaseOptions & { migrations: Migration[]; projections: InlineProjection[] },
): Promise<Storage> => {
  const db = await openDatabase(options);
  try {
    const store = new PostgresEventStore(db.pool, db.connectionString, { namedStatements: db.kind === 'postgres' });
    await store.createSchema();
    await runMigrations(db.pool, [...eventStoreMigrations, ...serialMigrations, ...options.migrations]);
    for (const p of options.projections) store.registerInline(p);
    return { db, store };
  } catch (err) {
    await db.close();
    throw err;
  }
};
