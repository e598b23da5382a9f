import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Pool, escapeIdentifier } from 'pg';
import { storeTypes } from './pg-types';
import { keepNamedStatements } from './sql';
import { DEFAULT_APP_ROLE, scopePool } from './rls';

export type Database = {
  /** the service's pool: connected as the app role (not the tables' owner), each query in its caller's scope */
  pool: Pool;
  /**
   * the background jobs' pool (the projector's polls and batches): on PostgreSQL a few connections
   * of their own, so a job never waits behind requests for a connection nor takes one from them,
   * and the requests' connections stay in their tenant's scope instead of switching to the
   * system's and back (a round trip each way). The embedded store's one connection serves both.
   */
  jobs: Pool;
  /** the owner's URL, for migrations */
  connectionString: string;
  /** the app role's URL (its own connections: the cache channel's listener) */
  appConnectionString: string;
  kind: 'postgres' | 'embedded';
  /** the role the service runs as */
  appRole: string;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** a PostgreSQL URL of the tables' owner (migrations); unset means embedded PGlite in dataDir */
  databaseUrl?: string | undefined;
  /** the service's own login, a role that does not own the tables; default: databaseUrl with user tpl_app */
  appDatabaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** the requests' pool (default 20) */
  poolSize?: number | undefined;
  /** the background jobs' pool on PostgreSQL (default 6) */
  jobsPoolSize?: number | undefined;
};

/** Work the owner does before the service's pool opens: schema, migrations, row security. */
export type Prepare = (owner: Pool, connectionString: string, appRole: string) => Promise<void>;

/** The owner's URL with the app role as its user (and DATABASE_APP_PASSWORD as its password, if any). */
const appUrlOf = (ownerUrl: string) => {
  const url = new URL(ownerUrl);
  url.username = DEFAULT_APP_ROLE;
  url.password = process.env.DATABASE_APP_PASSWORD ?? '';
  return url.toString();
};

/** Refuses to serve as a role that could see past the policies. */
const checkAppRole = async (pool: Pool, appRole: string) => {
  const { rows } = await pool.query<{ who: string; bypass: boolean; owns: string }>(
    `SELECT current_user AS who, (r.rolsuper OR r.rolbypassrls) AS bypass,
            (SELECT count(*) FROM pg_tables t WHERE t.schemaname = current_schema() AND t.tableowner = current_user) AS owns
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const r = rows[0];
  if (!r || r.who !== appRole || r.bypass || Number(r.owns) > 0) {
    throw new Error(`the service must run as ${appRole}, a role that neither owns the tables nor bypasses row-level security (runs as ${r?.who})`);
  }
};

const EMBEDDED_SERVER = path.resolve(__dirname, '..', 'embedded', 'pglite-server.cjs');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One PGlite per data directory: a second host on the same DATA_DIR would corrupt it. */
const takeLock = (dataDir: string) => {
  const lock = path.join(dataDir, 'host.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`DATA_DIR ${dataDir} is in use by process ${pid}; stop it or choose another DATA_DIR`);
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lock, 'utf8') === String(process.pid)) fs.unlinkSync(lock);
    } catch {
      /* already gone */
    }
  };
};

const startEmbedded = (dataDir: string): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = fork(EMBEDDED_SERVER, [path.join(dataDir, 'pgdata')], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('Embedded PostgreSQL did not start within 120 s'));
    }, 120_000);
    child.once('message', (msg: { ready: boolean; port?: number; error?: string }) => {
      clearTimeout(timer);
      if (msg.ready && msg.port) resolve({ child, port: msg.port });
      else reject(new Error(`Embedded PostgreSQL failed: ${msg.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Embedded PostgreSQL exited with code ${code}`));
    });
  });

/**
 * Ends a pool once its connections' sessions have ended. pg-pool's end() resolves as soon as it
 * has asked each connection to end, while the server may still count their sessions: a database
 * dropped (or copied as a template) right after would find them there.
 */
const endPool = (pool: Pool, maxMs = 10_000): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    let open = pool.totalCount;
    const timer = setTimeout(resolve, maxMs);
    const done = () => (clearTimeout(timer), resolve());
    pool.on('remove', () => {
      if (--open <= 0) done();
    });
    pool.end().then(
      () => (open <= 0 ? done() : undefined),
      (err: unknown) => (clearTimeout(timer), reject(err)),
    );
  });

export const openDatabase = async (options: DatabaseOptions, prepare: Prepare = async () => undefined): Promise<Database> => {
  if (options.databaseUrl) {
    const owner = new Pool({ connectionString: options.databaseUrl, max: 2, types: storeTypes() });
    owner.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const appUrl = options.appDatabaseUrl ?? appUrlOf(options.databaseUrl);
    const appRole = decodeURIComponent(new URL(appUrl).username);
    try {
      await prepare(owner, options.databaseUrl, appRole);
    } finally {
      await owner.end();
    }
    const open = (max: number) => {
      const p = keepNamedStatements(scopePool(new Pool({ connectionString: appUrl, max, types: storeTypes() })));
      // an idle connection dropped by the server (restart, failover) is replaced, not fatal;
      // one the server ends while the pool closes is no news
      p.on('error', (err) => (p.ending ? undefined : console.error(`PostgreSQL connection lost: ${err.message}`)));
      return p;
    };
    const pool = open(options.poolSize ?? 20);
    const jobs = open(options.jobsPoolSize ?? 6);
    const close = async () => {
      await Promise.all([endPool(pool), endPool(jobs)]);
    };
    try {
      await checkAppRole(pool, appRole);
    } catch (err) {
      await close();
      throw err;
    }
    return { pool, jobs, connectionString: options.databaseUrl, appConnectionString: appUrl, kind: 'postgres', appRole, close };
  }
  const dataDir = path.resolve(options.dataDir ?? '.data');
  const release = takeLock(dataDir);
  let child: ChildProcess | undefined;
  const stop = async () => {
    await new Promise<void>((done) => {
      if (!child || child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
    release();
  };
  try {
    const started = await startEmbedded(dataDir);
    child = started.child;
    const connectionString = `postgresql://postgres@127.0.0.1:${started.port}/postgres?sslmode=disable`;
    const appRole = DEFAULT_APP_ROLE;
    // PGlite is one backend: one connection at a time (no two clients' protocol messages may
    // interleave), and one session shared by every connection, so the role set here stays.
    const owner = new Pool({ connectionString, max: 1, types: storeTypes() });
    owner.on('error', (err) => console.error(`Embedded PostgreSQL connection lost: ${err.message}`));
    try {
      await prepare(owner, connectionString, appRole);
      await owner.query(`SET ROLE ${escapeIdentifier(appRole)}`);
    } finally {
      await owner.end();
    }
    // The session outlives its connection: a connection the pool drops (after a failed query) leaves
    // its named statements in the session, and the next one, knowing none, would name them again
    // ("already exists"). Each new connection starts by forgetting them, in the query that sets its
    // first scope, before anything else it sends.
    const pool = keepNamedStatements(scopePool(new Pool({ connectionString, max: 1, types: storeTypes() }), { prelude: 'DEALLOCATE ALL' }));
    pool.on('error', (err) => console.error(`Embedded PostgreSQL connection lost: ${err.message}`));
    try {
      await checkAppRole(pool, appRole);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      pool,
      jobs: pool,
      connectionString,
      appConnectionString: connectionString,
      kind: 'embedded',
      appRole,
      close: async () => {
        await pool.end();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
};
