// Event append rate against raw single-row INSERT rate on the same PostgreSQL, 16
// concurrent clients, measured side by side in rounds: raw INSERT, our append as the
// tables' owner (row-level security bypassed), our append as the service runs it (the app
// role, row-level security on, in a tenant's scope), and Emmett's own append.
// Usage: node tests/bench/append.mjs [seconds-per-measure=4] [rounds=3]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Client, Pool } = require('pg');
const { PostgresEventStore, keepNamedStatements, openStorage, runInTenant } = require('@tpl/event-store');
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
  // the service's way: schema, migrations and row-level security by the owner, appends by the app role
  const service = await openStorage({ databaseUrl: url.toString(), migrations: [], projections: [], poolSize: CLIENTS });
  const store = new PostgresEventStore(keepNamedStatements(pool), url.toString());
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
    const rls = await runInTenant('100001', () =>
      measure((c, i) => service.store.append(`Rls-${r}-${c}-${i}`, [{ type: 'ConsignmentDispatched', data }], { expectedVersion: 0, metadata, streamType: 'Bench' })),
    );
    const emt = await measure((c, i) => emmett.appendToStream(`Emmett-${r}-${c}-${i}`, [{ type: 'ConsignmentDispatched', data, metadata }]));
    rows.push({
      round: r + 1,
      rawInsertPerSec: Math.round(raw),
      ownerAppendPerSec: Math.round(ours),
      serviceAppendPerSec: Math.round(rls),
      emmettAppendPerSec: Math.round(emt),
      ownerRatio: +(ours / raw).toFixed(2),
      serviceRatio: +(rls / raw).toFixed(2),
      emmettRatio: +(emt / raw).toFixed(2),
    });
  }
  console.table(rows);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `append/INSERT ratio at ${CLIENTS} clients (median of ${rounds} rounds, ${seconds} s each): ours as owner (no RLS) ${median(rows.map((r) => r.ownerRatio))}, ` +
      `ours as the service (app role, RLS, tenant scope) ${median(rows.map((r) => r.serviceRatio))}, Emmett's appendToStream ${median(rows.map((r) => r.emmettRatio))}`,
  );
  await emmett.close();
  await service.db.close();
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
