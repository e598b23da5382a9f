// PostgreSQL round trips per request: machine-independent, unlike the latency figures.
// Starts the host in this process on a throwaway PostgreSQL database, counts every query the
// pg driver sends (each is one round trip: a client sends its next query only when the last one
// answered) while one request runs at a time, and prints the count and the statements of each
// measure: create a draft, change it (expected version), a list page, a detail.
// The background jobs (projector, leases) poll rarely here so they do not blur the counts;
// statements of theirs that still fall inside a window are listed and not counted.
// ROUNDTRIPS_SEQUENTIAL=N then times N of each, one at a time: median ms and CPU ms of this process per request.
// Usage: node tests/bench/roundtrips.mjs [repeats=5]   (ROUNDTRIPS_VERBOSE=1 prints the statements)
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_BASIC, DRAFT_BODY, withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const pg = require('pg');

process.env.BENCH_QUIET = '1';
process.env.PROJECTOR_POLL_MS ??= '600000';
process.env.LEASE_POLL_MS ??= '600000';
const repeats = Number(process.argv[2] ?? 5);
const verbose = process.env.ROUNDTRIPS_VERBOSE === '1';

let window;
const BACKGROUND = /tpl_read_all|tpl_read_head|tpl_read_pending|pg_try_advisory|LISTEN|NOTIFY|tpl_projection|tpl_checkpoints|tpl_leases|pg_notify/i;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  if (window) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    window.push(text.replace(/\s+/g, ' ').slice(0, 140));
  }
  return original.call(this, config, ...rest);
};
const { startHost } = require('@tpl/host');

const basic = BENCH_BASIC;
const body = DRAFT_BODY;

const counted = async (label, fn, results) => {
  const runs = [];
  let last;
  for (let i = 0; i < repeats; i++) {
    window = [];
    const answer = await fn(i);
    const seen = window;
    window = undefined;
    if (answer.code !== 200) throw new Error(`${label}: ${JSON.stringify(answer)}`);
    runs.push(seen.filter((s) => !BACKGROUND.test(s)).length);
    last = { seen, answer };
  }
  results.push({ measure: label, roundTrips: Math.min(...runs), max: Math.max(...runs) });
  if (verbose) {
    console.log(`\n${label}:`);
    for (const s of last.seen) console.log(`  ${BACKGROUND.test(s) ? '(background) ' : ''}${s}`);
  }
  return last.answer;
};

await withTempDatabase('tpl_bench_rt', async (databaseUrl) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-rt-'));
  const host = await startHost(
    { port: 0, host: '127.0.0.1', databaseUrl, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: true },
    { logLevels: ['error'] },
  );
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: '100001', account: 'dispatcher', password: createHash('md5').update('demo123').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': '100001' };
    const json = { ...headers, 'Content-Type': 'application/json' };
    const submit = `${host.url}/api/bl-transport/consignment/submit`;
    // warm: the session, access rules and reference caches filled as under load
    const warm = await (await fetch(submit, { method: 'POST', headers: json, body: JSON.stringify(body) })).json();
    await fetch(`${host.url}/api/bl-transport/consignment/list?current=1&size=20`, { headers });
    await fetch(`${host.url}/api/bl-transport/consignment/detail?id=${warm.data.id}`, { headers });
    const results = [];
    const created = [];
    await counted('create draft', async () => {
      const a = await (await fetch(submit, { method: 'POST', headers: json, body: JSON.stringify(body) })).json();
      if (a.data) created.push({ ...a.data });
      return a;
    }, results);
    await counted('change draft', async (i) => {
      const doc = created[0];
      const a = await (await fetch(submit, { method: 'POST', headers: json, body: JSON.stringify({ ...body, id: doc.id, version: doc.version, remark: `edit ${i}` }) })).json();
      if (a.data) doc.version = a.data.version;
      return a;
    }, results);
    await counted('list page', async (i) => (await fetch(`${host.url}/api/bl-transport/consignment/list?current=${(i % 2) + 1}&size=20`, { headers })).json(), results);
    await counted('detail', async () => (await fetch(`${host.url}/api/bl-transport/consignment/detail?id=${created[0].id}`, { headers })).json(), results);
    // one request at a time, ROUNDTRIPS_SEQUENTIAL of each: median latency and this process's CPU per
    // request (host and client share it; the client's part is the same on both sides of a comparison)
    const n = Number(process.env.ROUNDTRIPS_SEQUENTIAL ?? 0);
    if (n > 0) {
      const timed = async (label, fn) => {
        const ms = [];
        const cpu = process.cpuUsage();
        for (let i = 0; i < n; i++) {
          const t = performance.now();
          const a = await fn(i);
          ms.push(performance.now() - t);
          if (a.code !== 200) throw new Error(`${label}: ${JSON.stringify(a)}`);
        }
        const used = process.cpuUsage(cpu);
        ms.sort((x, y) => x - y);
        const r = results.find((x) => x.measure === label);
        r.seqMedianMs = +ms[Math.floor(n / 2)].toFixed(2);
        r.cpuMsPerRequest = +((used.user + used.system) / 1000 / n).toFixed(2);
      };
      const doc = created[0];
      await timed('create draft', async () => (await fetch(submit, { method: 'POST', headers: json, body: JSON.stringify(body) })).json());
      await timed('change draft', async (i) => {
        const a = await (await fetch(submit, { method: 'POST', headers: json, body: JSON.stringify({ ...body, id: doc.id, version: doc.version, remark: `seq ${i}` }) })).json();
        if (a.data) doc.version = a.data.version;
        return a;
      });
      await timed('list page', async (i) => (await fetch(`${host.url}/api/bl-transport/consignment/list?current=${(i % 5) + 1}&size=20`, { headers })).json());
      await timed('detail', async () => (await fetch(`${host.url}/api/bl-transport/consignment/detail?id=${doc.id}`, { headers })).json());
    }
    console.table(results);
    for (const r of results) console.log(`PostgreSQL round trips per ${r.measure}: ${r.roundTrips}${r.max !== r.roundTrips ? ` (up to ${r.max})` : ''}`);
  } finally {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
process.exit(0);
