// Event append rate against raw single-row INSERT rate on the same PostgreSQL, 16
// concurrent clients, measured side by side in rounds (raw, ours, Emmett's own append).
// Usage: node tests/bench/append.mjs [seconds-per-measure=4] [rounds=3]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Client, Pool } = require('pg');
const { PostgresEventStore, runMigrations, eventStoreMigrations } = require('@tpl/event-store');
const { getPostgreSQLEventStore } = require('@event-driven-io/emmett-postgresql');

const ADMIN = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 16;
const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 3);

const dbName = `tpl_bench_${Date.now()}`;
const admin = new Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN);
url.pathname = `/${dbName}`;
const pool = new Pool({ connectionString: url.toString(), max: CLIENTS });
pool.on('error', () => undefined);

const measure = async (op) => {
  let n = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      let i = 0;
      while (Date.now() < until) {
        await op(c, i++);
        n++;
      }
    }),
  );
  return n / seconds;
};

try {
  const store = new PostgresEventStore(pool, url.toString());
  await store.createSchema();
  await runMigrations(pool, eventStoreMigrations);
  const emmett = getPostgreSQLEventStore(url.toString(), { connectionOptions: { pool }, schema: { autoMigration: 'None' } });
  await pool.query('CREATE TABLE raw_insert (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL)');
  const metadata = { tenantId: '100001', actor: { userId: 'u', account: 'bench', name: 'Bench' }, occurredAt: new Date().toISOString(), correlationId: 'bench' };
  const data = { plateNo: '沪A12345', driverName: 'Wang Qiang', driverMobile: '13700137000' };
  const rows = [];
  for (let r = 0; r < rounds; r++) {
    const raw = await measure((c, i) => pool.query('INSERT INTO raw_insert (stream_id, data, metadata) VALUES ($1, $2, $3)', [`r${r}-${c}-${i}`, data, metadata]));
    const ours = await measure((c, i) =>
      store.append(`Bench-${r}-${c}-${i}`, [{ type: 'ConsignmentDispatched', data }], { expectedVersion: 0, metadata, streamType: 'Bench' }),
    );
    const emt = await measure((c, i) => emmett.appendToStream(`Emmett-${r}-${c}-${i}`, [{ type: 'ConsignmentDispatched', data, metadata }]));
    rows.push({ round: r + 1, rawInsertPerSec: Math.round(raw), ourAppendPerSec: Math.round(ours), emmettAppendPerSec: Math.round(emt), ourRatio: +(ours / raw).toFixed(2), emmettRatio: +(emt / raw).toFixed(2) });
  }
  console.table(rows);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`append/INSERT ratio at ${CLIENTS} clients (median of ${rounds} rounds, ${seconds} s each): ours ${median(rows.map((r) => r.ourRatio))}, Emmett's appendToStream ${median(rows.map((r) => r.emmettRatio))}`);
  await emmett.close();
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
