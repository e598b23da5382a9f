import { escapeIdentifier, escapeLiteral, type Pool, type PoolClient } from 'pg';
import type { Migration } from './migrations';
import { currentScope, type DbScope } from './tenant-context';

/**
 * PostgreSQL row-level security: the second wall behind the tenant filters every query
 * already writes. Every table with a `tenant_id` column gets a policy that shows and
 * accepts only the rows of the scope the database layer set for the connection
 * (`tpl.tenant_id`, or `tpl.system` for platform work). No scope set: no rows.
 *
 * The service connects as a role that does not own the tables (so it cannot turn the
 * policies off, alter, drop or truncate anything); the owner runs the migrations and this
 * step at every start, so a table another context adds later is covered without anyone
 * remembering to.
 */
export const DEFAULT_APP_ROLE = 'tpl_app';

export type RowSecurityOptions = {
  /** the login the service runs as (never the tables' owner) */
  appRole: string;
  /** set on the role when given (production sets it through DATABASE_APP_URL's password) */
  appPassword?: string | undefined;
  /**
   * Tables of the platform itself, keyed by a tenant column: every tenant reads its own row,
   * the platform tenant reads and writes them all (the tenant registry).
   */
  platformTables?: readonly string[];
  platformTenant?: string;
};

const SCOPE_TENANT = `current_setting('tpl.tenant_id', true)`;
const SYSTEM = `current_setting('tpl.system', true) = 'on'`;
const own = `(tenant_id = ${SCOPE_TENANT} OR ${SYSTEM})`;

/**
 * Emmett's tables name no tenant: a message's is in its metadata (every event carries
 * tenantId), a stream's is the scope it was created in (streams are created by appends,
 * which run in their tenant's scope).
 */
export const rowSecurityMigrations: Migration[] = [
  {
    id: 'event-store/003-tenant-columns',
    sql: `
ALTER TABLE emt_messages ADD COLUMN IF NOT EXISTS tenant_id text GENERATED ALWAYS AS (message_metadata->>'tenantId') STORED;
ALTER TABLE emt_streams ADD COLUMN IF NOT EXISTS tenant_id text DEFAULT NULLIF(current_setting('tpl.tenant_id', true), '');
`,
  },
];

const LOCK_KEY = 7_310_332;

/** Creates the app role when missing, grants it what it needs, and puts a policy on every tenant table. Run by the owner. */
export const secureTables = async (owner: Pool, options: RowSecurityOptions): Promise<string[]> => {
  const role = escapeIdentifier(options.appRole);
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    // roles are cluster-wide: several databases (and hosts) may race to create it
    await client.query(`
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${escapeLiteral(options.appRole)}) THEN
    CREATE ROLE ${role} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$`);
    if (options.appPassword) await client.query(`ALTER ROLE ${role} PASSWORD ${escapeLiteral(options.appPassword)}`);
    const { rows: who } = await client.query<{ owner: string; bypass: boolean }>(
      `SELECT current_user AS owner, (r.rolsuper OR r.rolbypassrls) AS bypass FROM pg_roles r WHERE r.rolname = $1`,
      [options.appRole],
    );
    if (!who[0]) throw new Error(`database role ${options.appRole} does not exist and could not be created`);
    if (who[0].owner === options.appRole) throw new Error(`the service's role ${options.appRole} must not be the one that owns the tables`);
    if (who[0].bypass) throw new Error(`the service's role ${options.appRole} is a superuser or bypasses row-level security`);

    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
        ORDER BY 1`,
    );
    const schema = escapeIdentifier((await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s);
    const platform = new Set(options.platformTables ?? []);
    const statements: string[] = [];
    for (const { name } of tables) {
      const t = escapeIdentifier(name);
      statements.push(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`, `ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`, `DROP POLICY IF EXISTS tpl_tenant ON ${t}`);
      if (platform.has(name) && options.platformTenant) {
        const admin = `${SCOPE_TENANT} = ${escapeLiteral(options.platformTenant)}`;
        statements.push(`CREATE POLICY tpl_tenant ON ${t} USING (${own} OR ${admin}) WITH CHECK (${SYSTEM} OR ${admin})`);
      } else {
        statements.push(`CREATE POLICY tpl_tenant ON ${t} USING ${own} WITH CHECK ${own}`);
      }
    }
    statements.push(
      `GRANT USAGE ON SCHEMA ${schema} TO ${role}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`,
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`,
      `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role}`,
      // the service has no business with the migration ledger
      `REVOKE ALL ON tpl_migrations FROM ${role}`,
    );
    await client.query(statements.join(';\n'));
    await client.query('COMMIT');
    return tables.map((t) => t.name);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
};

// ------------------------------------------------------------------ the scope per connection

const SET_SCOPE = `SELECT set_config('tpl.tenant_id', $1, false), set_config('tpl.system', $2, false)`;
/** SET_SCOPE with its values written in, after a connection's prelude in the same query (one round trip, nothing queued behind it) */
const setScopeAfter = (prelude: string, values: [string, string]) =>
  `${prelude};\nSELECT set_config('tpl.tenant_id', ${escapeLiteral(values[0])}, false), set_config('tpl.system', ${escapeLiteral(values[1])}, false)`;
const keyOf = (s: DbScope | undefined) => (!s ? '' : s.kind === 'system' ? '*' : `t:${s.tenantId}`);
/** A rolled back transaction also rolls back a setting made inside it: the connection's scope is unknown again. */
const UNDOES_SETTINGS = /\b(ROLLBACK|ABORT)\b/i;
const textOf = (arg: unknown): string =>
  typeof arg === 'string' ? arg : arg && typeof arg === 'object' && 'text' in arg ? String((arg as { text: unknown }).text) : '';

const APPLIED = Symbol('tpl.appliedScope');
type Query = (...args: unknown[]) => unknown;
type ScopedClient = PoolClient & { [APPLIED]?: string | undefined };

/**
 * Every query on this connection runs in the scope of the code that sends it
 * (currentScope(): the request's tenant, runInTenant, runAsSystem, or none). The
 * connection remembers the scope it holds, so the setting costs a round trip only when the
 * scope changes. The query is sent once the setting has been answered (whether it succeeded or
 * not, as a ROLLBACK must still reach the server), and so is every query asked for meanwhile, in
 * the order asked: never one queued behind another in pg's own queue, which pg deprecates (pg 9
 * refuses it). A connection handed back just before its last answer's end (a failed query's
 * error arrives before the server is ready again) would otherwise have had both the setting and
 * the query queued on it.
 *
 * prelude: what a new connection runs before anything else, sent with its first scope setting
 * as one query. (Sent as a query of its own from the pool's connect event, it was still running
 * when the first caller's setting and query were queued behind it: pg deprecates a query queued
 * behind another, and printed so at every embedded start.)
 */
export const scopeConnection = (client: PoolClient, prelude?: string): void => {
  const c = client as ScopedClient;
  if (APPLIED in c) return;
  c[APPLIED] = undefined;
  let first = prelude;
  /** settles once the last scope setting sent has been answered; undefined when none is on its way */
  let setting: Promise<void> | undefined;
  const original = client.query.bind(client) as Query;
  const scoped: Query = (...args) => {
    const scope = currentScope();
    const wanted = keyOf(scope);
    // a new connection holds no scope (undefined), so its first query always sets one
    if (c[APPLIED] !== wanted) {
      c[APPLIED] = wanted;
      const values: [string, string] = [scope?.kind === 'tenant' ? scope.tenantId : '', scope?.kind === 'system' ? 'on' : ''];
      const sent = first;
      const send = () => (sent === undefined ? original(SET_SCOPE, values) : original(setScopeAfter(sent, values))) as Promise<unknown>;
      first = undefined;
      const answered: Promise<void> = (setting ? setting.then(send) : send()).then(
        () => undefined,
        () => {
          // the next query sets the scope again, with the prelude if it was in this one
          if (c[APPLIED] === wanted) c[APPLIED] = undefined;
          first ??= sent;
        },
      );
      setting = answered;
      void answered.then(() => {
        if (setting === answered) setting = undefined;
      });
    }
    if (UNDOES_SETTINGS.test(textOf(args[0]))) c[APPLIED] = undefined;
    if (!setting) return original(...args);
    const queued = setting.then(() => original(...args));
    // what pg answers: a submittable (a cursor) itself, a query with a callback nothing, else the promise
    if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function') return args[0];
    return typeof args[args.length - 1] === 'function' ? undefined : queued;
  };
  (c as unknown as { query: Query }).query = scoped;
};

/**
 * The service's pool: each connection carries the caller's scope. pool.query takes a
 * connection with a promise (not pg-pool's callback), so the query is sent from the
 * caller's async context and reads the caller's scope. prelude: see scopeConnection.
 */
export const scopePool = (pool: Pool, options: { prelude?: string } = {}): Pool => {
  pool.on('connect', (client) => scopeConnection(client, options.prelude));
  const query: Query = async (...args) => {
    const client = await pool.connect();
    try {
      const result = await (client.query as Query)(...args);
      client.release();
      return result;
    } catch (err) {
      // as pg-pool does: a connection that failed a query is not reused
      client.release(err as Error);
      throw err;
    }
  };
  (pool as unknown as { query: Query }).query = query;
  return pool;
};
