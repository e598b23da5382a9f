// What changing a draft costs PostgreSQL alone: the change's one statement (its header row and its
// append, as the host sends it), replayed by 16 clients with no host in between, beside the raw
// single-row INSERT of the same run (the HTTP bench's baseline, also 16 clients). The statements
// are the host's own: a host in this process changes one draft per client while every query its
// pg driver sends is seen; then the host stops, and each client sends its draft's statement again
// and again, as the tenant's scoped role (tpl_app), with the next expected version and a new event
// id each time. Prints the rate of each and PostgreSQL's CPU per statement (Linux /proc).
// Usage: node tests/bench/change-floor.mjs [seconds=8]
import { createRequire } from 'node:module';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_BASIC, CORES, DRAFT_BODY, cpuMeter, withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const pg = require('pg');

process.env.BENCH_QUIET = '1';
const seconds = Number(process.argv[2] ?? 8);
const CLIENTS = 16;
const TENANT = '100001';

// every statement that appends to a stream, with its values, while `seeing` is on
let seeing = false;
const seen = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (seeing && typeof text === 'string' && text.includes('tpl_append(')) seen.push({ text, values: Array.isArray(values) ? values : config.values });
  return original.call(this, config, values, ...rest);
};
const { startHost } = require('@tpl/host');

/** The values are those the driver was handed: dates and objects as pg would write them. */
const replayable = ({ text, values }) => {
  const expected = text.match(/tpl_append\(\$1::text\[\].*?\$9::bigint/s);
  if (!expected) throw new Error(`not the append this bench knows: ${text.slice(0, 200)}`);
  // $17: the header's version (the insert's 7th column); $9: the stream's expected version
  const columns = /INSERT INTO doc_headers \(([^)]*)\)/.exec(text)[1].split(',').map((c) => c.trim());
  return { text, values, versionAt: 10 + columns.indexOf('version') };
};

const timedLoop = async (secs, step) => {
  let n = 0;
  const until = Date.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; Date.now() < until; i++) {
        await step(c, i);
        n++;
      }
    }),
  );
  return n;
};

await withTempDatabase('tpl_bench_floor', async (url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-floor-'));
  const host = await startHost({ port: 0, host: '127.0.0.1', databaseUrl: url, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: true }, { logLevels: ['error'] });
  const drafts = [];
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'dispatcher', password: createHash('md5').update('demo123').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: BENCH_BASIC } })).json()).data;
    const headers = { Authorization: BENCH_BASIC, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': TENANT, 'Content-Type': 'application/json' };
    const submit = `${host.url}/api/bl-transport/consignment/submit`;
    for (let c = 0; c < CLIENTS; c++) {
      const created = (await (await fetch(submit, { method: 'POST', headers, body: JSON.stringify(DRAFT_BODY) })).json()).data;
      seeing = true;
      seen.length = 0;
      const changed = await (await fetch(submit, { method: 'POST', headers, body: JSON.stringify({ ...DRAFT_BODY, id: created.id, version: created.version, remark: 'floor' }) })).json();
      seeing = false;
      // the change's own append names its draft (a background job may append meanwhile)
      const own = seen.filter((s) => s.values?.includes(created.id));
      if (changed.code !== 200 || own.length !== 1) throw new Error(`change: ${JSON.stringify(changed)}, ${own.length} appends of the draft seen`);
      drafts.push({ ...replayable(own[0]), version: changed.data.version });
    }
  } finally {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // the INSERT as the HTTP bench sends it (the owner, a table of its own); the change as the host does (the app role, the tenant's scope)
  const owner = new pg.Pool({ connectionString: url, max: CLIENTS });
  const app = new URL(url);
  app.username = 'tpl_app';
  // the tenant's scope set for the whole session at connection (the host sets it once per connection too)
  const pool = new pg.Pool({ connectionString: app.toString(), max: CLIENTS, options: `-c tpl.tenant_id=${TENANT}` });
  // as the HTTP bench's pool: the throwaway database's drop ends what is left of their connections
  owner.on('error', () => undefined);
  pool.on('error', () => undefined);
  try {
    const data = { plateNo: '沪A12345', driverName: 'Wang Qiang', driverMobile: '13700137000' };
    const metadata = { tenantId: TENANT, actor: { userId: 'u', account: 'bench', name: 'Bench' }, occurredAt: new Date().toISOString(), correlationId: 'bench' };
    await owner.query('CREATE TABLE bench_raw_insert (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL)');
    const measure = async (label, step) => {
      const cpu = cpuMeter();
      const n = await timedLoop(seconds, step);
      const cost = cpu.stop(n);
      return { label, perSecond: Math.round(n / seconds), postgresCpuMs: cost?.postgresMs, machineCpuMs: cost?.machineMs };
    };
    const rows = [];
    rows.push(await measure('raw single-row INSERT', (c, i) => owner.query('INSERT INTO bench_raw_insert (stream_id, data, metadata) VALUES ($1, $2, $3)', [`r-${c}-${i}`, data, metadata])));
    rows.push(
      await measure("a change's statement (header row + append)", async (c) => {
        const d = drafts[c];
        const values = [...d.values];
        values[0] = [randomUUID()];
        values[8] = d.version;
        values[d.versionAt] = d.version + 1;
        await pool.query(d.text, values);
        d.version++;
      }),
    );
    await owner.query('DROP TABLE bench_raw_insert');
    const [insert, change] = rows;
    console.table(rows);
    console.log(
      `a change's own statement, ${CLIENTS} clients, no host: ${change.perSecond}/s, PostgreSQL ${change.postgresCpuMs} ms CPU each ` +
        `(raw INSERT ${insert.perSecond}/s, ${insert.postgresCpuMs} ms): ${(change.perSecond / insert.perSecond).toFixed(2)} of the INSERT rate, ` +
        `${(change.postgresCpuMs / insert.postgresCpuMs).toFixed(1)} INSERTs' worth of PostgreSQL CPU. ` +
        `At a quarter of the INSERT rate ${CORES} cores leave ${((CORES * 1000) / (insert.perSecond / 4)).toFixed(3)} ms per change, host included.`,
    );
  } finally {
    await Promise.all([pool.end(), owner.end()]);
  }
});
process.exit(0);
