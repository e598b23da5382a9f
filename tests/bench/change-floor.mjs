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
import { BENCH_BASIC, CORES, DRAFT_BODY, INSERT_CLIENTS, cpuMeter, insertBudgetMs, rawInsertRate, withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const pg = require('pg');

process.env.BENCH_QUIET = '1';
const seconds = Number(process.argv[2] ?? 8);
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

await withTempDatabase('tpl_bench_floor', async (url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-floor-'));
  const host = await startHost({ port: 0, host: '127.0.0.1', databaseUrl: url, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: true }, { logLevels: ['error'] });
  const drafts = [];
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'dispatcher', password: createHash('md5').update('demo123').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: BENCH_BASIC } })).json()).data;
    const headers = { Authorization: BENCH_BASIC, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': TENANT, 'Content-Type': 'application/json' };
    const submit = `${host.url}/api/bl-transport/consignment/submit`;
    for (let c = 0; c < INSERT_CLIENTS; c++) {
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

  // the INSERT as every bench's baseline (lib.mjs); the change as the host sends it (the app role, the tenant's scope set for the session at connection)
  const insert = await rawInsertRate(url, seconds);
  const app = new URL(url);
  app.username = 'tpl_app';
  const pool = new pg.Pool({ connectionString: app.toString(), max: INSERT_CLIENTS, options: `-c tpl.tenant_id=${TENANT}` });
  // as the baseline's pool: the throwaway database's drop ends what is left of its connections
  pool.on('error', () => undefined);
  try {
    let n = 0;
    const cpu = cpuMeter();
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      drafts.map(async (d) => {
        while (Date.now() < until) {
          const values = [...d.values];
          values[0] = [randomUUID()];
          values[8] = d.version;
          values[d.versionAt] = d.version + 1;
          await pool.query(d.text, values);
          d.version++;
          n++;
        }
      }),
    );
    const cost = cpu.stop(n);
    const change = { perSecond: Math.round(n / seconds), postgresCpuMs: cost?.postgresMs, machineCpuMs: cost?.machineMs };
    console.table([
      { label: 'raw single-row INSERT', perSecond: insert.rate, postgresCpuMs: insert.cpu?.postgresMs, machineCpuMs: insert.cpu?.machineMs },
      { label: "a change's statement (header row + append)", ...change },
    ]);
    console.log(
      `a change's own statement, ${INSERT_CLIENTS} clients, no host: ${change.perSecond}/s, PostgreSQL ${change.postgresCpuMs} ms CPU each ` +
        `(raw INSERT ${insert.rate}/s, ${insert.cpu?.postgresMs} ms): ${(change.perSecond / insert.rate).toFixed(2)} of the INSERT rate, ` +
        `${(change.postgresCpuMs / insert.cpu?.postgresMs).toFixed(1)} INSERTs' worth of PostgreSQL CPU. ` +
        `At a quarter of the INSERT rate ${CORES} cores leave ${insertBudgetMs(insert.rate)} ms per change, host included.`,
    );
  } finally {
    await pool.end();
  }
});
process.exit(0);
