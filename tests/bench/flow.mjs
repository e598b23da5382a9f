// Approvals: process instances started and completed per second (each start and each
// approval is one engine step recovered from saved state and one append), and the task
// list queries at 10,000 open tasks. On PostgreSQL, through the real services and HTTP.
// Usage: node tests/bench/flow.mjs [instances=400] [openTasks=10000] [concurrency=8]
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { startHost } = require('@tpl/host');
const { InstanceService } = require('@tpl/workflow');
const { runInTenant } = require('@tpl/event-store');

const instances = Number(process.argv[2] ?? 400);
const openTasks = Number(process.argv[3] ?? 10_000);
const concurrency = Number(process.argv[4] ?? 8);
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
const TENANT = '100001';

const pool = async (n, work) => {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await work(next++);
  }));
};
const pct = (xs, p) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

await withTempDatabase('tpl_bench_flow', async (databaseUrl) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-bench-'));
  process.env.FLOW_POLL_MS = '0';
  const host = await startHost({ port: 0, host: '127.0.0.1', databaseUrl, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: false }, { logLevels: ['error'] });
  try {
    const svc = host.app.get(InstanceService);
    const actor = { userId: '00000000-0000-0000-0000-00000000b0b0', account: 'dispatcher', name: 'Bench' };
    const ctx = (account = 'dispatcher', roles = ['dispatcher']) => ({ tenantId: TENANT, actor: { ...actor, account }, roles, correlationId: 'bench' });
    const light = { totals: { weg: 500 } };

    // 1. start + approve, end to end
    const t0 = performance.now();
    await pool(instances, async () =>
      runInTenant(TENANT, async () => {
        const started = await svc.start(ctx(), { processKey: 'consignment_review', variables: light });
        const i = await svc.load(TENANT, started.instanceId);
        await svc.complete(ctx('approver', ['approver']), i.openTasks[0].taskId, { comment: 'ok' });
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const perSec = Math.round(instances / secs);

    // 2. 10,000 open tasks (each a running instance waiting at its review), then the inbox queries
    const s0 = performance.now();
    await pool(openTasks, async () => runInTenant(TENANT, () => svc.start(ctx(), { processKey: 'consignment_review', variables: light })));
    const seedSecs = (performance.now() - s0) / 1000;
    const q = new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'approver', password: createHash('md5').update('demo123').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': TENANT };
    const timeQuery = async (label, url, times = 100) => {
      const ms = [];
      let total = 0;
      for (let i = 0; i < times; i++) {
        const a = performance.now();
        const r = await (await fetch(`${host.url}${url}`, { headers })).json();
        ms.push(performance.now() - a);
        total = r.data.total;
      }
      return { query: label, total, p50ms: Math.round(pct(ms, 50) * 10) / 10, p99ms: Math.round(pct(ms, 99) * 10) / 10 };
    };
    const rows = [
      await timeQuery('claim-list page 1 (size 20)', '/api/bl-flow/work/claim-list?current=1&size=20'),
      await timeQuery('claim-list page 200 (size 50)', '/api/bl-flow/work/claim-list?current=200&size=50'),
      await timeQuery('claim-list keyword', '/api/bl-flow/work/claim-list?keyword=review&size=20'),
      await timeQuery('done-list page 1', '/api/bl-flow/work/done-list?size=20'),
    ];
    console.table(rows);
    console.log(`flow: ${instances} instances started and completed (start + one approval each, ${concurrency} at a time) in ${secs.toFixed(1)} s: ${perSec} instances/s on PostgreSQL`);
    console.log(`flow: ${openTasks} open tasks made in ${seedSecs.toFixed(1)} s (${Math.round(openTasks / seedSecs)} starts/s)`);
    for (const r of rows) console.log(`flow: ${r.query} at ${openTasks} open tasks (total ${r.total}): p50 ${r.p50ms} ms, p99 ${r.p99ms} ms`);
  } finally {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
