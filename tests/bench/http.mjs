// HTTP command latency at 64 concurrent connections with autocannon, on the embedded
// default and on PostgreSQL: creating a draft (takes the tenant's serial number, so creates
// queue on it by design) and changing an existing draft with its expected version. While
// drafts are created, the report's asynchronous projection is sampled every 250 ms for its
// lag (events and seconds behind the newest order event), and after the load stops, how long
// it takes to catch up.
// Usage: node tests/bench/http.mjs [seconds=10]
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
const require = createRequire(import.meta.url);
import { withTempDatabase } from './lib.mjs';
const autocannon = require('autocannon');
const { startHost } = require('@tpl/host');

const seconds = Number(process.argv[2] ?? 10);
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
const body = JSON.stringify({
  billDate: '2026-11-23',
  customerCode: 'C001',
  consignor: { name: 'Acme Foods', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road' },
  consignee: { name: 'Fresh Mart', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street' },
  deliveryMode: 'HOME_DELIVERY',
  plannedDate: '2026-11-24',
  lines: [{ materialCode: 'M001', name: 'Rice 10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
});

const FACTS = 'report-consignment-facts';
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);

/** Samples the projection's lag until stopped; then waits for it to catch up and says how long that took. */
const sampleLag = (host) => {
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const s = (await host.storage.projector.status()).find((p) => p.name === FACTS);
      if (s) samples.push(s);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const start = performance.now();
    await host.storage.projector.catchUp(FACTS);
    const events = samples.map((s) => s.lagEvents);
    const seconds = samples.map((s) => s.lagSeconds);
    return {
      samples: samples.length,
      medianEvents: median(events),
      maxEvents: Math.max(0, ...events),
      medianSeconds: +median(seconds).toFixed(3),
      maxSeconds: +Math.max(0, ...seconds).toFixed(3),
      catchUpMs: Math.round(performance.now() - start),
    };
  };
};

const benchOn = async (label, databaseUrl) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-bench-'));
  process.env.BENCH_QUIET = '1';
  const host = await startHost({ port: 0, host: '127.0.0.1', databaseUrl, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: false }, { logLevels: ['error'] });
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: '100001', account: 'dispatcher', password: createHash('md5').update('demo123').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': '100001', 'Content-Type': 'application/json' };
    const submit = `${host.url}/api/bl-transport/consignment/submit`;
    // warm up
    await autocannon({ url: submit, method: 'POST', headers, body, connections: 8, duration: 2 });
    const stopSampling = sampleLag(host);
    const create = await autocannon({ url: submit, method: 'POST', headers, body, connections: 64, duration: seconds });
    const lag = await stopSampling();

    // a command on an existing order: edit one of 640 drafts round-robin, with the version last seen
    const docs = [];
    for (let i = 0; i < 640; i++) {
      const r = await (await fetch(submit, { method: 'POST', headers, body })).json();
      docs.push({ id: r.data.id, version: r.data.version });
    }
    const parsed = JSON.parse(body);
    let next = 0;
    const change = await autocannon({
      url: submit,
      method: 'POST',
      headers,
      connections: 64,
      duration: seconds,
      requests: [
        {
          setupRequest: (req, context) => {
            const doc = docs[next++ % docs.length];
            context.doc = doc;
            return { ...req, body: JSON.stringify({ ...parsed, id: doc.id, version: doc.version, remark: `edit ${doc.version}` }) };
          },
          onResponse: (status, resBody, context) => {
            if (status === 200) context.doc.version = JSON.parse(resBody).data.version;
          },
        },
      ],
    });
    const row = (command, r) => ({ store: label, command, requestsPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    lags.push({ store: label, ...lag });
    return [row('create draft (serial number, gap-free)', create), row('change draft (expected version)', change)];
  } finally {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const rows = [];
const lags = [];
rows.push(...(await benchOn('embedded (PGlite)', undefined)));
await withTempDatabase('tpl_bench_http', async (url) => rows.push(...(await benchOn('PostgreSQL', url))));
console.table(rows);
for (const r of rows) console.log(`HTTP ${r.command} at 64 connections on ${r.store}: p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ${r.requestsPerSec} req/s, non-2xx ${r.non2xx}`);
console.table(lags);
for (const l of lags) {
  console.log(
    `projector lag (${FACTS}) while creating drafts at 64 connections on ${l.store}: median ${l.medianEvents} events / ${l.medianSeconds} s, ` +
      `max ${l.maxEvents} events / ${l.maxSeconds} s over ${l.samples} samples; caught up ${l.catchUpMs} ms after the load stopped`,
  );
}
