import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { freshDatabase, PG_ADMIN_URL, type TestDatabase } from './databases';

/**
 * Seeded databases made once per test run and copied for each test host (TEST_HOST_TEMPLATES,
 * a folder npm test makes for its run and removes after it). A host's start is mostly its demo
 * seeding (menus, roles, users hashed with argon2, samples); with a template, the first host
 * of a kind seeds for real, closes, and its database becomes the template; every later one
 * starts on a copy (a PGlite data directory copied, or CREATE DATABASE … TEMPLATE), where the
 * seeds find everything present and add nothing. Unset (a single file run by hand), every host
 * seeds its own database as before.
 */
export const TEMPLATES_DIR = process.env.TEST_HOST_TEMPLATES;

/**
 * The PostgreSQL template databases of a run are named after its folder (tpltemplates_<stamp>),
 * so npm test drops them with the folder after the run, and those of a run that died when
 * their folder is gone. A folder named otherwise (a run by hand) adds a digest of its whole
 * path: two checkouts whose folders share a last name never start on each other's templates.
 */
export const templatePrefix = (dir: string) => {
  const base = path.basename(dir).toLowerCase();
  if (base.startsWith('tpltemplates_')) return `${base}_`;
  const digest = createHash('sha1').update(path.resolve(dir)).digest('hex').slice(0, 8);
  return `${base.replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${digest}_`;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One maker at a time across the run's workers: a folder made atomically is the lock. */
const withFolderLock = async <T>(lock: string, work: () => Promise<T>): Promise<T> => {
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (waited > 300_000) throw new Error(`${lock} has been held for 5 minutes: a worker died making a template? Remove it and run again`);
      await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
};

/** An admin statement retried while the server still counts a just-closed pool's sessions on the database. */
const adminQuery = async (sql: string) => {
  for (let i = 0; ; i++) {
    const c = new Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    try {
      await c.query(sql);
      return;
    } catch (err) {
      if (i >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
    } finally {
      await c.end();
    }
    await sleep(100);
  }
};

const databaseExists = async (name: string) => {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await c.end();
  }
};

/**
 * A fresh database holding what `seed` left in the first one made under this key: `seed` gets a
 * fresh database, starts a host on it, seeds and closes the host (its database must be closed
 * when it returns).
 */
export const seededDatabase = async (dir: string, kind: 'embedded' | 'postgres', key: string, seed: (db: TestDatabase) => Promise<void>): Promise<TestDatabase> => {
  fs.mkdirSync(dir, { recursive: true });
  if (kind === 'embedded') {
    const template = path.join(dir, `embedded-${key}`);
    if (!fs.existsSync(template)) {
      await withFolderLock(`${template}.lock`, async () => {
        if (fs.existsSync(template)) return;
        const db = await freshDatabase('embedded');
        await seed(db);
        // the cluster only: the lock file and attachments stay behind
        fs.renameSync(path.join(db.dataDir, 'pgdata'), template);
        await db.drop();
      });
    }
    const db = await freshDatabase('embedded');
    fs.cpSync(template, path.join(db.dataDir, 'pgdata'), { recursive: true });
    return db;
  }
  const name = `${templatePrefix(dir)}${key}`;
  if (!(await databaseExists(name))) {
    await withFolderLock(path.join(dir, `postgres-${key}.lock`), async () => {
      if (await databaseExists(name)) return;
      const db = await freshDatabase('postgres');
      await seed(db);
      await adminQuery(`ALTER DATABASE ${new URL(db.databaseUrl!).pathname.slice(1)} RENAME TO ${name}`);
      fs.rmSync(db.dataDir, { recursive: true, force: true });
    });
  }
  return freshDatabase('postgres', name);
};
