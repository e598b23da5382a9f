// Shared by the benchmarks: a throwaway PostgreSQL database on the local server.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Client } = require('pg');

export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs fn(url) against a fresh database and drops it afterwards, whatever happens. */
export const withTempDatabase = async (prefix, fn) => {
  const name = `${prefix}_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};
