import type { Pool } from 'pg';

/**
 * One ordered list of SQL migrations, contributed by each bounded context, run the same
 * way on embedded PGlite and on PostgreSQL. Applied ids are recorded; a migration runs
 * once, inside a transaction, under an advisory lock so two hosts starting together
 * don't race.
 */
export type Migration = { id: string; sql: string };

const LOCK_KEY = 7_310_331;

export const runMigrations = async (pool: Pool, migrations: Migration[]): Promise<string[]> => {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS tpl_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ id: string }>('SELECT id FROM tpl_migrations')).rows.map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO tpl_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.id} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
};
