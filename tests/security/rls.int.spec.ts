import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, type Pool } from 'pg';
import { openStorage, prepared, runAsSystem, runInTenant } from '@tpl/event-store';
import { data } from '../support/api-client';
import { STORES, freshDatabase } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Row-level security, the second wall: queries that forget their tenant filter still see
 * only the scope's rows, no scope sees nothing, and the service's role can neither turn
 * the policies off nor alter, drop or truncate a table. On both stores. Each refusal is
 * PostgreSQL's own (the policy's error, its row counts, "must be owner"), and beside it the
 * same statement where the wall does not stand (the rows' own scope, the tables' owner, in
 * a transaction rolled back) does what the refusal prevented.
 */

/** The error PostgreSQL raised (code and message); fails when the statement succeeded. */
const pgError = async (work: () => Promise<unknown>): Promise<{ code: string | undefined; message: string }> => {
  try {
    await work();
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
  throw new Error('the statement succeeded');
};

/** A statement in a transaction rolled back on one connection of the pool: what it would do, nothing left behind. */
const rolledBack = async (pool: Pool, sql: string) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    return await client.query(sql);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
};

const policyError = (table: string) => ({ code: '42501', message: `new row violates row-level security policy for table "${table}"` });
describe.each(STORES)('row-level security on the %s store', (kind) => {
  let t: TestHost;
  let pool: Pool;

  beforeAll(async () => {
    t = await startTestHost(kind);
    pool = t.host.storage.db.pool;
    // some data in two tenants
    const a = await t.client().as('100001', 'dispatcher');
    const b = await t.client().as('100002', 'dispatcher');
    data(await a.post('/api/bl-transport/consignment/submit', consignmentInput()));
    data(await b.post('/api/bl-transport/consignment/submit', consignmentInput()));
  }, 300_000);
  afterAll(async () => t?.stop());

  const tenantsOf = async (table: string) =>
    (await pool.query<{ tenant_id: string }>(`SELECT DISTINCT tenant_id FROM ${table} ORDER BY 1`)).rows.map((r) => r.tenant_id);

  const TABLES = ['md_records', 'doc_headers', 'idn_users', 'idn_sessions', 'tpl_serials', 'emt_messages', 'emt_streams'];

  it('shows a query without a tenant filter only the rows of its scope', async () => {
    for (const table of TABLES) {
      expect({ table, tenants: await runInTenant('100001', () => tenantsOf(table)) }).toEqual({ table, tenants: ['100001'] });
      expect({ table, tenants: await runInTenant('100002', () => tenantsOf(table)) }).toEqual({ table, tenants: ['100002'] });
    }
  });

  it('keeps the scope in a named statement planned once per connection, past the switch to a generic plan', async () => {
    // sequential queries reuse one idle connection: the statement is prepared once there and run in both scopes
    const text = `SELECT DISTINCT tenant_id FROM doc_headers WHERE doc_type = $1 ORDER BY 1`;
    expect(prepared(pool, text, ['consignment']).name).toBeDefined();
    for (let i = 0; i < 8; i++) {
      for (const tenant of ['100001', '100002']) {
        const { rows } = await runInTenant(tenant, () => pool.query<{ tenant_id: string }>(prepared(pool, text, ['consignment'])));
        expect({ i, tenant, rows: rows.map((r) => r.tenant_id) }).toEqual({ i, tenant, rows: [tenant] });
      }
      expect((await pool.query(prepared(pool, text, ['consignment']))).rows).toEqual([]);
    }
  });

  it('shows nothing to a query that runs in no scope, and everything to platform work', async () => {
    for (const table of TABLES) {
      expect({ table, n: (await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n }).toEqual({ table, n: 0 });
      expect(await runAsSystem(() => tenantsOf(table))).toEqual(expect.arrayContaining(['100001', '100002']));
    }
    // the tenant registry: each tenant its own row, the platform tenant all of them
    expect(await runInTenant('100002', () => tenantsOf('idn_tenants'))).toEqual(['100002']);
    expect(await runInTenant('000000', () => tenantsOf('idn_tenants'))).toEqual(['000000', '100001', '100002']);
  });

  it("refuses to write a row into another tenant, even through a connection held across scopes", async () => {
    const write = `INSERT INTO tpl_serials (tenant_id, seq_code, period, current_value) VALUES ('100002', 'x', '20260101', 1)`;
    expect(await runInTenant('100001', () => pgError(() => pool.query(write)))).toEqual(policyError('tpl_serials'));
    // in its own tenant the same row is written
    expect((await runInTenant('100002', () => rolledBack(pool, write))).rowCount).toBe(1);
    const tamper = `UPDATE md_records SET remark = 'pwned' WHERE tenant_id = '100002'`;
    expect((await runInTenant('100001', () => pool.query(tamper))).rowCount).toBe(0);
    // the rows are there: in their own scope the same statement reaches them
    expect((await runInTenant('100002', () => rolledBack(pool, tamper))).rowCount).toBeGreaterThan(0);
    // one connection, alternating scopes inside and around a rolled back transaction
    const client = await pool.connect();
    try {
      const count = () => client.query<{ n: number }>(`SELECT count(DISTINCT tenant_id)::int AS n, min(tenant_id) AS t FROM md_records`);
      await runInTenant('100001', async () => {
        await client.query('BEGIN');
        expect((await runInTenant('100002', count)).rows[0]).toMatchObject({ n: 1, t: '100002' });
        await client.query('ROLLBACK');
        expect((await count()).rows[0]).toMatchObject({ n: 1, t: '100001' });
      });
      expect((await runInTenant('100002', count)).rows[0]).toMatchObject({ n: 1, t: '100002' });
      expect((await count()).rows[0]).toMatchObject({ n: 0 });
    } finally {
      client.release();
    }
  });

  it('runs the service as a role that owns nothing and cannot switch the policies off', async () => {
    const who = (await pool.query<{ u: string; s: boolean; b: boolean }>(
      `SELECT current_user AS u, rolsuper AS s, rolbypassrls AS b FROM pg_roles WHERE rolname = current_user`,
    )).rows[0]!;
    expect(who).toEqual({ u: 'tpl_app', s: false, b: false });
    const owned = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema() AND tableowner = current_user`)).rows[0]!;
    expect(owned.n).toBe(0);
    const refusals: [string, string][] = [
      ['ALTER TABLE md_records DISABLE ROW LEVEL SECURITY', 'must be owner of table md_records'],
      ['ALTER TABLE md_records NO FORCE ROW LEVEL SECURITY', 'must be owner of table md_records'],
      ['DROP POLICY tpl_tenant ON md_records', 'must be owner of relation md_records'],
      ['ALTER TABLE md_records ADD COLUMN pwned text', 'must be owner of table md_records'],
      ['DROP TABLE doc_headers', 'must be owner of table doc_headers'],
      ['TRUNCATE emt_messages', 'permission denied for table emt_messages'],
      ['CREATE TABLE pwned (tenant_id text)', 'permission denied for schema public'],
      ['DELETE FROM tpl_migrations', 'permission denied for table tpl_migrations'],
    ];
    for (const [statement, message] of refusals) {
      expect({ statement, ...(await runAsSystem(() => pgError(() => pool.query(statement)))) }).toEqual({ statement, code: '42501', message });
    }
    // the tables' owner may do each of them: the refusals are the role's, not the statements' (rolled back).
    // PostgreSQL only: PGlite is one session whose role the service already set, so no owner stands beside it
    if (kind === 'postgres') {
      const owner = new Client({ connectionString: t.host.storage.db.connectionString });
      await owner.connect();
      try {
        for (const [statement] of refusals) {
          await owner.query('BEGIN');
          try {
            await expect(owner.query(statement)).resolves.toBeDefined();
          } finally {
            await owner.query('ROLLBACK');
          }
        }
      } finally {
        await owner.end();
      }
    }
    // asking PostgreSQL to skip the policies is refused rather than obeyed; with them on, the same query answers
    const count = (rowSecurity: 'on' | 'off') =>
      runInTenant('100001', async () => {
        const client = await pool.connect();
        try {
          await client.query(`SET row_security = ${rowSecurity}`);
          return await client.query<{ n: number }>('SELECT count(*)::int AS n FROM md_records');
        } finally {
          await client.query('RESET row_security').catch(() => undefined);
          client.release();
        }
      });
    expect(await pgError(() => count('off'))).toEqual({ code: '42501', message: 'query would be affected by row-level security policy for table "md_records"' });
    expect((await count('on')).rows[0]!.n).toBeGreaterThan(0);
  });

  it('has row-level security enabled and forced on every table with a tenant_id', async () => {
    const { rows } = await pool.query<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([...TABLES, 'idn_tenants', 'idn_error_logs', 'idn_sms_codes']));
    for (const r of rows) expect(r).toEqual({ name: r.name, enabled: true, forced: true, policies: 1 });
  });
});

describe.each(STORES)('row-level security covers tables added later (%s)', (kind) => {
  it('puts a policy on a table a later migration adds, without being told', async () => {
    const db = await freshDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-rls-'));
    const { db: opened } = await openStorage({
      databaseUrl: db.databaseUrl,
      dataDir: kind === 'embedded' ? dir : db.dataDir,
      migrations: [{ id: 'test/001-widgets', sql: 'CREATE TABLE widgets (tenant_id text NOT NULL, name text NOT NULL)' }],
      projections: [],
    });
    try {
      const pool = opened.pool;
      await runInTenant('100001', () => pool.query(`INSERT INTO widgets VALUES ('100001', 'mine')`));
      await runInTenant('100002', () => pool.query(`INSERT INTO widgets VALUES ('100002', 'theirs')`));
      expect(await runInTenant('100001', () => pgError(() => pool.query(`INSERT INTO widgets VALUES ('100002', 'smuggled')`)))).toEqual(policyError('widgets'));
      expect((await runInTenant('100001', () => pool.query('SELECT name FROM widgets'))).rows).toEqual([{ name: 'mine' }]);
      expect((await pool.query('SELECT name FROM widgets')).rows).toEqual([]);
    } finally {
      await opened.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
