import { Client } from 'pg';
import { openStorage, runAsSystem, runInTenant, StatisticsKeeper, type Storage } from '@tpl/event-store';
import { DOC_LIST, documentListMigrations } from '@tpl/documents';
import { freshDatabase, STORES, type TestDatabase } from '../support/databases';
import { until } from '../support/until';

/**
 * The planner's statistics kept by the product (statistics.ts): a table loaded in bulk is
 * analyzed within seconds, on the embedded store (which has no autovacuum) and on PostgreSQL
 * (whose autovacuum wakes once a minute). Without statistics the planner guesses a handful of
 * rows for a tenant holding thousands, and a list page then reads and sorts all of them.
 */
const ROWS = 5_000;
const TENANT = '100001';

/** What the planner expects a whole list of the tenant's consignments to hold. */
const estimate = (s: Storage) =>
  runInTenant(TENANT, async () => {
    const { rows } = await s.db.pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT * FROM ${DOC_LIST} WHERE tenant_id = '${TENANT}' AND doc_type = 'consignment' AND NOT is_deleted`,
    );
    return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  });

const analyzed = (s: Storage) =>
  runAsSystem(async () => {
    const { rows } = await s.db.pool.query<{ reltuples: number; analyzed: boolean }>(
      `SELECT c.reltuples::float8 AS reltuples, (t.last_analyze IS NOT NULL OR t.last_autoanalyze IS NOT NULL) AS analyzed
         FROM pg_class c JOIN pg_stat_user_tables t ON t.relid = c.oid WHERE c.relname = $1`,
      [DOC_LIST],
    );
    return rows[0]!;
  });


describe.each(STORES)('the planner statistics on the %s store', (kind) => {
  let db: TestDatabase;
  let s: Storage;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    s = await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, migrations: documentListMigrations, projections: [] });
  }, 120_000);
  afterAll(async () => {
    await s?.db.close();
    await db?.drop();
  });

  it('analyzes a table loaded in bulk within seconds, and then the planner expects its rows', async () => {
    await runInTenant(TENANT, () =>
      s.db.pool.query(
        `INSERT INTO ${DOC_LIST} (tenant_id, doc_type, id, bill_no, state, version, created_by, created_dept, created_by_name, created_at, updated_at, row, keys)
         SELECT $1, 'consignment', gen_random_uuid(), 'YD' || lpad(g::text, 8, '0'), 'DRAFT', 1, 'u1', 'd1', 'Dispatcher', now(), now(), '{}', '{}'
           FROM generate_series(1, ${ROWS}) g`,
        [TENANT],
      ),
    );
    // before: never analyzed, and the planner's guess is a small fraction of the rows
    expect((await analyzed(s)).analyzed).toBe(false);
    expect(await estimate(s)).toBeLessThan(ROWS / 10);

    const heard: string[][] = [];
    const keeper = new StatisticsKeeper(s.db.jobs, { pollMs: 200, onAnalyzed: (t) => heard.push(t) });
    keeper.start();
    try {
      await until('the list table analyzed', async () => (await analyzed(s)).analyzed || undefined, 20_000);
    } finally {
      await keeper.stop();
    }
    expect(heard.flat()).toContain(DOC_LIST);
    expect((await analyzed(s)).reltuples).toBe(ROWS);
    const expected = await estimate(s);
    expect(expected).toBeGreaterThan(ROWS / 2);
    expect(expected).toBeLessThanOrEqual(ROWS);
    // nothing changed since: nothing is analyzed again
    expect(await keeper.runOnce()).not.toContain(DOC_LIST);
    if (kind === 'postgres') {
      // each table in a transaction of its own: their statistics rows were written by different transactions
      const admin = new Client({ connectionString: db.databaseUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ writers: string }>(
          `SELECT count(DISTINCT xmin::text) AS writers FROM pg_statistic WHERE starelid IN ('${DOC_LIST}'::regclass, 'doc_list_counts'::regclass)`,
        );
        expect(heard.flat()).toEqual(expect.arrayContaining([DOC_LIST, 'doc_list_counts']));
        expect(Number(rows[0]!.writers)).toBe(2);
      } finally {
        await admin.end();
      }
    }
  }, 60_000);

  it('analyzes a table again once a tenth of it changed, not before', async () => {
    const keeper = new StatisticsKeeper(s.db.jobs, { pollMs: 0 });
    const change = (n: number) =>
      runInTenant(TENANT, () =>
        s.db.pool.query(
          `UPDATE ${DOC_LIST} SET version = version + 1 WHERE tenant_id = $1 AND bill_no IN (SELECT bill_no FROM ${DOC_LIST} WHERE tenant_id = $1 ORDER BY bill_no LIMIT $2)`,
          [TENANT, n],
        ),
      );
    await change(100); // 2 % of the rows
    await new Promise((r) => setTimeout(r, 1_500)); // the changes reach the statistics' counters
    expect(await keeper.runOnce()).not.toContain(DOC_LIST);
    await change(ROWS / 5);
    await until('the list table analyzed again', async () => (await keeper.runOnce()).includes(DOC_LIST) || undefined, 20_000);
  }, 60_000);

  it('waits for a quiet moment while the database is busy, at most maxDeferMs', async () => {
    await runInTenant(TENANT, () => s.db.pool.query(`UPDATE ${DOC_LIST} SET version = version + 1 WHERE tenant_id = $1`, [TENANT]));
    await new Promise((r) => setTimeout(r, 1_500)); // the changes reach the statistics' counters
    const analyses = () => runAsSystem(async () => Number((await s.db.pool.query<{ n: string }>(`SELECT analyze_count AS n FROM pg_stat_user_tables WHERE relname = $1`, [DOC_LIST])).rows[0]!.n));
    const before = await analyses();
    let busy = true;
    const keeper = new StatisticsKeeper(s.db.jobs, { pollMs: 50, busy: () => busy, maxDeferMs: 60_000 });
    keeper.start();
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(await analyses()).toBe(before); // sixteen ticks, all put off
      busy = false;
      await until('analyzed once quiet', async () => (await analyses()) > before || undefined, 10_000);
    } finally {
      await keeper.stop();
    }
    // busy all along: it goes ahead once maxDeferMs has passed
    await runInTenant(TENANT, () => s.db.pool.query(`UPDATE ${DOC_LIST} SET version = version + 1 WHERE tenant_id = $1`, [TENANT]));
    await new Promise((r) => setTimeout(r, 1_500));
    const second = await analyses();
    const patient = new StatisticsKeeper(s.db.jobs, { pollMs: 50, busy: () => true, maxDeferMs: 1_000 });
    const started = Date.now();
    patient.start();
    try {
      await until('analyzed after maxDeferMs', async () => (await analyses()) > second || undefined, 10_000);
    } finally {
      await patient.stop();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  }, 60_000);

  it("is asked for by the app role, which owns no table: the owner's function analyzes them", async () => {
    const who = await runAsSystem(async () =>
      (await s.db.pool.query<{ owner: string; me: string }>(`SELECT pg_get_userbyid(relowner) AS owner, current_user AS me FROM pg_class WHERE relname = $1`, [DOC_LIST])).rows[0]!,
    );
    expect(who.me).not.toBe(who.owner);
    const count = () => runAsSystem(async () => Number((await s.db.pool.query<{ n: string }>(`SELECT analyze_count AS n FROM pg_stat_user_tables WHERE relname = $1`, [DOC_LIST])).rows[0]!.n));
    const before = await count();
    // ANALYZE as the app role is skipped with a warning (not the owner)
    await runAsSystem(() => s.db.pool.query(`ANALYZE ${DOC_LIST}`));
    expect(await count()).toBe(before);
    // the owner's function analyzes the owner's tables only
    await expect(runAsSystem(async () => (await s.db.pool.query('SELECT tpl_analyze_table($1::regclass) AS ok', ['pg_class'])).rows[0].ok)).resolves.toBe(false);
  });
});
