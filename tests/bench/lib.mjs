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

/** The HTTP benches' client (the demo's console client) and the consignment draft they create and change. */
export const BENCH_BASIC = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
export const DRAFT_BODY = {
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road' },
  consignee: { name: 'Fresh Mart', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  lines: [{ materialCode: 'M0001', name: 'Rice 10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
};
