import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** The real PostgreSQL every machine runs (trust auth); override with TEST_PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { kind: 'embedded' | 'postgres'; databaseUrl?: string; dataDir: string; drop(): Promise<void> };

/** A fresh database per run: a new PostgreSQL database (a copy of `template` when given), or a new PGlite data directory. */
export const freshDatabase = async (kind: 'embedded' | 'postgres', template?: string): Promise<TestDatabase> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tpl-${kind}-`));
  if (kind === 'embedded') {
    return { kind, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `tpl_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const c = new Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

/** Both stores: the suites of what the store itself does (projections, the stock ledger, row-level security, a host restart). */
export const STORES = ['embedded', 'postgres'] as const;

/**
 * The stores a domain suite (an API over the stores, the same SQL on either) runs on: PostgreSQL,
 * the production store; TEST_ALL_STORES=true runs each on the embedded store too. The embedded
 * default keeps its own suites (the store-level ones above on both stores; records, sign-in,
 * billing documents, spreadsheets, the demo seeding and the sign-in and consignment journeys in
 * Chromium on it alone), so a path the demo takes is still walked on it.
 */
export const DOMAIN_STORES: readonly (typeof STORES)[number][] = process.env.TEST_ALL_STORES === 'true' ? STORES : ['postgres'];
