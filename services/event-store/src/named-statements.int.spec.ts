import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStorage } from './open';
import { prepared } from './sql';

/**
 * Named statements on the embedded store: PGlite is one session shared by every connection, and
 * the pool drops a connection whose query failed. The session keeps the statements the dropped
 * connection named; the next connection starts by forgetting them, so naming them again works.
 * (Without that, the first read after any failed query answered "prepared statement already exists".)
 */
describe('named statements on the embedded store', () => {
  let dir: string;
  let close: () => Promise<void>;
  let pool: import('pg').Pool;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-named-'));
    const { db } = await openStorage({ dataDir: dir, migrations: [], projections: [] });
    pool = db.pool;
    close = () => db.close();
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps answering named statements after failed queries drop the connection', async () => {
    const plus = (n: number) => pool.query<{ n: number }>(prepared(pool, 'SELECT $1::int + 1 AS n', [n]));
    expect(prepared(pool, 'SELECT 1', []).name).toBeDefined();
    expect((await plus(1)).rows[0]!.n).toBe(2);
    for (let i = 0; i < 3; i++) {
      // a failed execution of a named statement, then a statement that fails to parse
      await expect(pool.query(prepared(pool, 'SELECT 1 / $1::int AS n', [0]))).rejects.toThrow('division by zero');
      expect((await plus(i)).rows[0]!.n).toBe(i + 1);
      await expect(pool.query(prepared(pool, 'SELECT no_such_column FROM emt_messages', []))).rejects.toThrow('no_such_column');
      expect((await pool.query<{ n: number }>(prepared(pool, 'SELECT 1 / $1::int AS n', [1]))).rows[0]!.n).toBe(1);
    }
  });

  // pg's warning goes to the real process, out of a test's reach: the store runs in a process of its own
  it('starts each new connection without a query queued behind another (pg deprecates that, and printed so at every start)', () => {
    const script = `
      const fs = require('node:fs'), os = require('node:os'), path = require('node:path');
      const { openStorage, prepared } = require('@tpl/event-store');
      (async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-first-'));
        const { db } = await openStorage({ dataDir: dir, migrations: [], projections: [] });
        for (let i = 0; i < 2; i++) {
          // a failed query drops the connection: the next one is new, and forgets the session's statements first
          await db.pool.query('SELECT no_such_column FROM emt_messages').catch(() => undefined);
          const { rows } = await db.pool.query(prepared(db.pool, 'SELECT $1::int * 2 AS n', [i]));
          if (rows[0].n !== i * 2) throw new Error('wrong answer ' + rows[0].n);
        }
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
        console.log('OK');
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '..', '..', '..'), encoding: 'utf8', timeout: 120_000 });
    expect(run.stdout.trim()).toBe('OK');
    expect(run.stderr).not.toContain('already executing a query');
    expect(run.status).toBe(0);
  });
});
