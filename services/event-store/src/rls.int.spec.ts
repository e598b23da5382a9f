import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PG_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * The scope each query carries (scopePool), on a connection handed back before the server was
 * ready again: a failed query's error arrives ahead of the server's "ready", and a caller that
 * catches it and releases the connection at once hands on a connection still busy. The next
 * caller, in another scope, then needs the scope setting and its query sent one after the other.
 */
describe('the scope setting on a connection handed back busy', () => {
  // pg's warning goes to the real process, out of a test's reach: the pool runs in a process of its own
  it('sends the query after the setting, in the right scope, with nothing queued behind another', () => {
    const script = `
      const { Pool } = require('pg');
      const { scopePool, runInTenant, runAsSystem } = require('@tpl/event-store');
      const pool = scopePool(new Pool({ connectionString: process.env.PG_URL, max: 1 }));
      const scopeNow = "SELECT current_setting('tpl.tenant_id', true) AS tenant, current_setting('tpl.system', true) AS system";
      (async () => {
        const seen = [];
        for (let i = 0; i < 4; i++) {
          await runInTenant('t' + i, async () => {
            const c = await pool.connect();
            await c.query('SELECT 1 / 0').catch(() => undefined);
            c.release();
          });
          // the one connection, busy still: the next caller is in another scope
          const q = (await runAsSystem(() => pool.query(scopeNow))).rows[0];
          const t = (await runInTenant('u' + i, () => pool.query(scopeNow))).rows[0];
          seen.push(q.tenant + '/' + q.system + ',' + t.tenant + '/' + t.system);
        }
        // a cursor-like query (a callback) is handed over at once, as pg expects
        await runInTenant('v', () => new Promise((resolve, reject) => pool.connect().then((c) => c.query(scopeNow, (err, r) => (c.release(), err ? reject(err) : resolve(seen.push(r.rows[0].tenant)))))));
        await pool.end();
        console.log(seen.join(' '));
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: path.resolve(__dirname, '..', '..', '..'),
      env: { ...process.env, PG_URL },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toContain('already executing a query');
    expect(run.stdout.trim()).toBe('/on,u0/ /on,u1/ /on,u2/ /on,u3/ v');
    expect(run.status).toBe(0);
  });
});
