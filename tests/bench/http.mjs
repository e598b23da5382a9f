// HTTP latency and throughput at 64 concurrent connections (autocannon, in this process) against
// the host in a process of its own (tests/bench/server.mjs), on PostgreSQL and on the embedded
// default: creating a draft (takes the tenant's serial number: creates queue on it by design),
// changing an existing draft with its expected version, a list page and a detail. Every figure is
// printed beside the raw single-row INSERT rate of the same PostgreSQL, measured in the same run
// (16 clients, as tests/bench/append.mjs). While drafts are created and changed the report's
// asynchronous projection is sampled for its lag, and after the load stops, how long it takes to
// catch up.
//
// Profiles: BENCH_CPU_PROF=<dir> starts the server with --cpu-prof (written when it stops) into
// <dir>/<store>-*.cpuprofile; BENCH_ONLY=postgres|embedded runs one store; BENCH_MEASURES=change,list
// runs some measures only (create, change, list, detail). BENCH_HOST_WORKERS=N runs the production
// entry point (services/host/dist/main.js) with HOST_WORKERS=N instead, on PostgreSQL: N host
// processes sharing the port (cluster.ts); compare N=1 and N=2 in the same session.
// BENCH_PHASE_FILE=<file>: the measure under way (create, change, list, detail, idle) is written
// there, for a sampler of per-process CPU outside the bench.
// Usage: node tests/bench/http.mjs [seconds=10]
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BENCH_BASIC, CORES, DRAFT_BODY, INSERT_CLIENTS, cpuMeter, insertBudgetMs, rawInsertRate, withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Pool } = require('pg');

const seconds = Number(process.argv[2] ?? 10);
const CONNECTIONS = 64;
const only = process.env.BENCH_ONLY;
const measures = new Set((process.env.BENCH_MEASURES ?? 'create,change,list,detail').split(','));
const profDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const here = path.dirname(fileURLToPath(import.meta.url));
const hostWorkers = process.env.BENCH_HOST_WORKERS ? Number(process.env.BENCH_HOST_WORKERS) : undefined;
const basic = BENCH_BASIC;
const body = JSON.stringify(DRAFT_BODY);
const FACTS = 'report-consignment-facts';
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);

/** The host in a process of its own; resolves with its URL and a stop. */
const serve = (databaseUrl, label) => (hostWorkers && databaseUrl ? serveWorkers(databaseUrl) : serveOne(databaseUrl, label));

/** main.js with HOST_WORKERS: ready once its JSON log says started (every worker serves). */
const serveWorkers = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-bench-'));
    const env = { ...process.env, DATABASE_URL: databaseUrl, HOST_WORKERS: String(hostWorkers), PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_REQUESTS: 'false', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '0' };
    const child = spawn(process.execPath, [path.join(here, '..', '..', 'services', 'host', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      for (let nl; (nl = buffer.indexOf('\n')) >= 0; buffer = buffer.slice(nl + 1)) {
        const line = buffer.slice(0, nl);
        if (!line.includes('"msg":"started"')) continue;
        const { url } = JSON.parse(line);
        resolve({ url, pid: child.pid, stop: () => new Promise((r) => (child.once('exit', () => (fs.rmSync(dataDir, { recursive: true, force: true }), r())), child.kill('SIGTERM'))) });
      }
    });
    child.once('exit', (code) => reject(new Error(`host exited ${code}`)));
  });

const serveOne = (databaseUrl, label) =>
  new Promise((resolve, reject) => {
    const flags = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`] : [];
    const child = spawn(process.execPath, [...flags, path.join(here, 'server.mjs'), databaseUrl ?? ''], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], pid: child.pid, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

const signIn = async (url, tenantId, account, password) => {
  const q = new URLSearchParams({ grantType: 'password', tenantId, account, password: createHash('md5').update(password).digest('hex'), type: 'account' });
  const token = (await (await fetch(`${url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
  return { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': tenantId };
};

/** Samples the projection's lag (the platform's status route) until stopped; then waits for it to catch up. */
const sampleLag = (url, platform) => {
  const samples = [];
  let running = true;
  const status = async () => {
    const answer = await (await fetch(`${url}/api/bl-report/projections`, { headers: platform })).json();
    return (answer.data ?? []).find((p) => p.name === FACTS);
  };
  const loop = (async () => {
    while (running) {
      const s = await status();
      if (s) samples.push(s);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const start = performance.now();
    for (;;) {
      const s = await status();
      if (!s || s.lagEvents === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return {
      samples: samples.length,
      medianEvents: median(samples.map((s) => s.lagEvents)),
      maxEvents: Math.max(0, ...samples.map((s) => s.lagEvents)),
      medianSeconds: +median(samples.map((s) => s.lagSeconds)).toFixed(3),
      maxSeconds: +Math.max(0, ...samples.map((s) => s.lagSeconds)).toFixed(3),
      catchUpMs: Math.round(performance.now() - start),
    };
  };
};

/** BENCH_PHASE_FILE=<file>: the measure under way is written there (for a CPU sampler outside, e.g. per-process CPU during one load). */
const phase = (name) => process.env.BENCH_PHASE_FILE && fs.writeFileSync(process.env.BENCH_PHASE_FILE, `${name}\n`);
/** One load; hostPids: the host's processes, whose CPU per request (and PostgreSQL's, and the machine's) is added as result.cpu. */
const run = async ({ hostPids, ...opts }) => {
  phase(opts.phase ?? 'load');
  const cpu = cpuMeter(hostPids);
  try {
    const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...opts });
    return { ...result, cpu: cpu.stop(result.requests.total) };
  } finally {
    phase('idle');
  }
};
const row = (store, measure, r, insert) => ({
  store,
  measure,
  requestsPerSec: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  maxms: r.latency.max,
  non2xx: r.non2xx,
  // which statuses the non-2xx were (a change's 409: its draft's previous edit still in flight)
  non2xxBy: Object.entries(r.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, s]) => `${code}×${s.count}`).join(' ') || '-',
  errors: r.errors,
  rawInsertPerSec: insert.rate,
  perInsert: +(r.requests.average / insert.rate).toFixed(2),
  // CPU milliseconds per request: the host's processes (the embedded store runs inside it), PostgreSQL's, the whole machine's
  hostCpuMs: r.cpu?.hostMs,
  pgCpuMs: r.cpu?.postgresMs,
  machineCpuMs: r.cpu?.machineMs,
  insertCpuMs: insert.cpu?.machineMs,
});

const benchOn = async (label, databaseUrl, insert) => {
  const host = await serve(databaseUrl, label.startsWith('embedded') ? 'embedded' : 'postgres');
  const out = [];
  const load = (opts) => run({ hostPids: [host.pid], ...opts });
  try {
    const headers = { ...(await signIn(host.url, '100001', 'dispatcher', 'demo123')), 'Content-Type': 'application/json' };
    const platform = await signIn(host.url, '000000', 'admin', 'admin');
    const submit = `${host.url}/api/bl-transport/consignment/submit`;
    await load({ url: submit, method: 'POST', headers, body, connections: 8, duration: 2 }); // warm up
    if (measures.has('create')) {
      const stopSampling = sampleLag(host.url, platform);
      const create = await load({ phase: 'create', url: submit, method: 'POST', headers, body });
      lags.push({ store: label, load: 'creating drafts', ...(await stopSampling()) });
      out.push(row(label, 'create draft (serial number, gap-free)', create, insert));
    }

    // 640 drafts: edited round-robin with the version last seen; read by detail
    const docs = [];
    for (let i = 0; i < 640; i++) {
      const r = await (await fetch(submit, { method: 'POST', headers, body })).json();
      if (!r.data) throw new Error(`create refused: ${JSON.stringify(r)}`);
      docs.push({ id: r.data.id, version: r.data.version });
    }
    if (measures.has('change')) {
      const parsed = JSON.parse(body);
      let next = 0;
      const stopSampling = sampleLag(host.url, platform);
      const change = await load({
        phase: 'change',
        url: submit,
        method: 'POST',
        headers,
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
      lags.push({ store: label, load: 'changing drafts', ...(await stopSampling()) });
      out.push(row(label, 'change draft (expected version)', change, insert));
    }
    const { 'Content-Type': _json, ...getHeaders } = headers;
    const get = { method: 'GET', headers: getHeaders };
    if (measures.has('list')) {
      let page = 0;
      const list = await load({
        phase: 'list',
        url: `${host.url}/api/bl-transport/consignment/list`,
        ...get,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/bl-transport/consignment/list?current=${(page++ % 5) + 1}&size=20` }) }],
      });
      out.push(row(label, 'list page (20 rows of the tenant\'s drafts)', list, insert));
    }
    if (measures.has('detail')) {
      let next = 0;
      const detail = await load({
        phase: 'detail',
        url: `${host.url}/api/bl-transport/consignment/detail`,
        ...get,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/bl-transport/consignment/detail?id=${docs[next++ % docs.length].id}` }) }],
      });
      out.push(row(label, 'detail (one draft, folded)', detail, insert));
    }
    return out;
  } finally {
    await host.stop();
  }
};

const cpuOfInsert = ({ cpu }) => (cpu ? `; CPU per INSERT: PostgreSQL ${cpu.postgresMs} ms, the machine ${cpu.machineMs} ms` : '');
const rows = [];
const lags = [];
await withTempDatabase('tpl_bench_http', async (url) => {
  const insert = await rawInsertRate(url, 4);
  console.log(`raw single-row INSERT on this PostgreSQL, ${INSERT_CLIENTS} clients: ${insert.rate}/s${cpuOfInsert(insert)}`);
  if (only !== 'embedded') rows.push(...(await benchOn(hostWorkers ? `PostgreSQL, ${hostWorkers} host process${hostWorkers > 1 ? 'es' : ''}` : 'PostgreSQL', url, insert)));
  if (only !== 'postgres' && !hostWorkers) rows.push(...(await benchOn('embedded (PGlite)', undefined, insert)));
  const after = await rawInsertRate(url, 4);
  console.log(`raw single-row INSERT again after the load: ${after.rate}/s${cpuOfInsert(after)}`);
});
console.table(rows);
for (const r of rows) {
  console.log(
    `HTTP ${r.measure} at ${CONNECTIONS} connections on ${r.store}: p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, max ${r.maxms} ms, ${r.requestsPerSec} req/s ` +
      `(${r.perInsert} of the raw INSERT rate ${r.rawInsertPerSec}/s), non-2xx ${r.non2xx}${r.non2xx ? ` (${r.non2xxBy})` : ''}`,
  );
  if (r.machineCpuMs === undefined) continue;
  const budget = insertBudgetMs(r.rawInsertPerSec);
  console.log(
    `  CPU per request: host ${r.hostCpuMs} ms, PostgreSQL ${r.pgCpuMs} ms, the machine ${r.machineCpuMs} ms (load generator included; a raw INSERT: ${r.insertCpuMs} ms). ` +
      `At a quarter of the raw INSERT rate, ${CORES} cores leave ${budget} ms per request.`,
  );
}
if (lags.length) console.table(lags);
for (const l of lags) {
  console.log(
    `projector lag (${FACTS}) while ${l.load} at ${CONNECTIONS} connections on ${l.store}: median ${l.medianEvents} events / ${l.medianSeconds} s, ` +
      `max ${l.maxEvents} events / ${l.maxSeconds} s over ${l.samples} samples; caught up ${l.catchUpMs} ms after the load stopped`,
  );
}
