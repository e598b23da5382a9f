// Allocation throughput: outbound bills allocated per second by 16 concurrent allocators on
// PostgreSQL, the server in its own process. Contended: every bill takes from the same owner's
// material (one stock account: allocators serialize on it and retry a stale version, counted).
// Baseline in the same run: the same bills spread over 16 materials (no contention).
// Usage: node tests/bench/allocation.mjs [bills=800]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTempDatabase } from './lib.mjs';

const BILLS = Number(process.argv[2] ?? 800);
const WORKERS = 16;
const here = path.dirname(fileURLToPath(import.meta.url));
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;

const serve = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'server.mjs'), databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

const client = async (url) => {
  const q = new URLSearchParams({ grantType: 'password', tenantId: '100001', account: 'admin', password: createHash('md5').update('admin').digest('hex'), type: 'account' });
  const token = (await (await fetch(`${url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
  const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': '100001', 'Content-Type': 'application/json', 'Accept-Language': 'en' };
  return async (p, body) => {
    const r = await fetch(`${url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = { status: r.status, body: await r.json() };
    if (r.status !== 200 && !p.endsWith('/allocate')) throw new Error(`${p}: ${r.status} ${answer.body.msg}`);
    return answer;
  };
};

const MATERIALS = Array.from({ length: WORKERS }, (_, i) => `M${String(2 + i * 10).padStart(4, '0')}`);

const run = async (post, materialOf) => {
  // stock: plenty of every material, straight into places of area SH1-B
  for (const [i, m] of MATERIALS.entries()) {
    const made = (await post('/api/bl-warehouse/isinstockbill/submit', { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: m, batchNo: `BENCH${i}`, qty: BILLS * 2, warehousePlaceCode: `B-0${1 + (i % 5)}-0${1 + (i % 4)}` }] })).body.data;
    await post('/api/bl-warehouse/isinstockbill/receive', { id: made.id, version: made.version });
  }
  const bills = [];
  for (let i = 0; i < BILLS; i++) {
    const r = await post('/api/bl-warehouse/osoutstockbill/submit', { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: materialOf(i), qty: 1 }] });
    bills.push(r.body.data);
  }
  let next = 0;
  let retries = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let b = bills[next++]; b; b = bills[next++]) {
        for (;;) {
          const r = await post('/api/bl-warehouse/osoutstockbill/allocate', { id: b.id, version: b.version });
          if (r.status === 200) break;
          if (r.status === 409 && /changed by someone else/.test(r.body.msg ?? '')) {
            retries++;
            continue;
          }
          failed++;
          break;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { billsPerSec: Math.round(BILLS / seconds), seconds: +seconds.toFixed(2), staleRetries: retries, failed };
};

const rows = [];
for (const [label, materialOf] of [
  ['baseline: 16 materials, no contention', (i) => MATERIALS[i % WORKERS]],
  ['contended: one owner\'s material', () => MATERIALS[0]],
]) {
  await withTempDatabase('tpl_bench_alloc', async (url) => {
    const server = await serve(url);
    try {
      rows.push({ case: label, ...(await run(await client(server.url), materialOf)) });
    } finally {
      await server.stop();
    }
  });
}
console.table(rows);
for (const r of rows) console.log(`allocation, ${WORKERS} allocators, ${BILLS} bills, ${r.case}: ${r.billsPerSec} bills/s (${r.seconds} s), ${r.staleRetries} stale-version retries, ${r.failed} refused`);
