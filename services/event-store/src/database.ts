import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';

export type Database = {
  pool: Pool;
  connectionString: string;
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** a PostgreSQL URL; unset means embedded PGlite in dataDir */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
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

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // an idle connection dropped by the server (restart, failover) is replaced, not fatal
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    await pool.query('SELECT 1');
    return { pool, connectionString: options.databaseUrl, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = path.resolve(options.dataDir ?? '.data');
  const release = takeLock(dataDir);
  try {
    const { child, port } = await startEmbedded(dataDir);
    const connectionString = `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
    // PGlite is one backend: one connection, so no two clients' protocol messages interleave.
    const pool = new Pool({ connectionString, max: 1 });
    pool.on('error', (err) => console.error(`Embedded PostgreSQL connection lost: ${err.message}`));
    await pool.query('SELECT 1');
    return {
      pool,
      connectionString,
      kind: 'embedded',
      close: async () => {
        await pool.end();
        await new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
};
