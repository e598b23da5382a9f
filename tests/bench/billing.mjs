// Billing one month for 100 customers over 1,000,000 stock-stream lines (issue 15), on PostgreSQL.
// 100 customers and their fee agreements are made through the API (so billing's projection
// follows master data's events as in production); 1,000,000 stock-stream lines of October 2026
// (and an opening receipt per customer and area in September) are written straight into billing's
// own read model of the stock stream (bl_stock_lines, as its projection writes it) with bulk
// INSERT ... SELECT, as tests/bench/stock.mjs seeds the warehouse's tables. The host runs in a
// process of its own. Printed, each beside a baseline of the same run:
//   - generating the month's bills (POST /api/bl-billing/monthbill/generate): total time and
//     lines per second, beside a raw SQL scan (sum of the same lines) through the driver;
//   - generating again (the bills still Generated are brought up to date): the same totals;
//   - explaining one charge (a day's storage of one area, with its stream lines): p50 / p95 / p99,
//     beside the token check (the HTTP, authentication and envelope floor of the same server);
//   - one page (with its count and sums) of the reports that read every line up to the period's
//     end (the material balances, per day and area, in/out per owner and day) over the month.
// No assertion but the totals' equality: figures to read.
// Usage: node tests/bench/billing.mjs [lines=1000000] [calls=200]
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const LINES = Number(process.argv[2] ?? 1_000_000);
const CALLS = Number(process.argv[3] ?? 200);
const TENANT = '100001';
const CUSTOMERS = 100;
const AREAS = ['SH1-A', 'SH1-B', 'SH1-C'];
const MONTH = '2026-10';
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
const here = path.dirname(fileURLToPath(import.meta.url));
const customer = (i) => `BC${String(i + 1).padStart(3, '0')}`;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const r1 = (x) => Math.round(x * 10) / 10;

/** The host in a process of its own (tests/bench/server.mjs); resolves with its URL and a stop. */
const serve = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'server.mjs'), databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

/**
 * Line i: customer i % 100, area (i / 100) % 3, day 1 + (i / 300) % 31 of October, a receipt of 10
 * pieces (even i / 100) or a shipment of 5 (odd), 12.5 kg a piece, counted toward the handling fees.
 * tx 1: known to every knowledge point the host reaches (its own events come later).
 */
const seedLines = (from, to) => `
INSERT INTO bl_stock_lines (tenant_id, event_id, line_idx, tx, pos, customer_code, material_code, area_code, movement, qty, weight, pallets, volume,
                            effective_at, day, instock, outstock, is_cost, doc_type, doc_id, bill_no, line_no)
SELECT '${TENANT}', 'bench-' || i, 0, 1, i + 1, 'BC' || lpad((i % ${CUSTOMERS} + 1)::text, 3, '0'), 'BM' || lpad((i % 250 + 1)::text, 4, '0'),
       (ARRAY['SH1-A','SH1-B','SH1-C'])[(i / ${CUSTOMERS}) % 3 + 1], CASE WHEN (i / ${CUSTOMERS}) % 2 = 0 THEN 'RECEIVE' ELSE 'SHIP' END,
       q.qty, q.qty * 0.0125, q.qty / 40.0, q.qty * 0.02,
       d.day + time '10:00' - interval '8 hours', d.day, CASE WHEN q.qty > 0 THEN 1 ELSE 0 END, CASE WHEN q.qty < 0 THEN 1 ELSE 0 END, 1,
       CASE WHEN q.qty > 0 THEN 'isinstockbill' ELSE 'osoutstockbill' END, md5(i::text), CASE WHEN q.qty > 0 THEN 'RK' ELSE 'CK' END || lpad(i::text, 9, '0'), 1
  FROM generate_series(${from}, ${to}) i
 CROSS JOIN LATERAL (SELECT CASE WHEN (i / ${CUSTOMERS}) % 2 = 0 THEN 10 ELSE -5 END AS qty) q
 CROSS JOIN LATERAL (SELECT date '${MONTH}-01' + ((i / ${CUSTOMERS * 3}) % 31)::int AS day) d`;
/** The opening stock: 1,000 pieces per customer and area received in September. */
const seedOpening = `
INSERT INTO bl_stock_lines (tenant_id, event_id, line_idx, tx, pos, customer_code, material_code, area_code, movement, qty, weight, pallets, volume,
                            effective_at, day, instock, outstock, is_cost, doc_type, doc_id, bill_no, line_no)
SELECT '${TENANT}', 'open-' || c || '-' || a, 0, 1, ${LINES} + 1 + c * 3 + a, 'BC' || lpad((c + 1)::text, 3, '0'), 'BM0001', (ARRAY['SH1-A','SH1-B','SH1-C'])[a + 1], 'RECEIVE',
       1000, 12.5, 25, 20, timestamptz '2026-09-15 02:00:00+00', date '2026-09-15', 1, 0, 1, 'isinstockbill', md5('open' || c || a), 'RK-OPEN-' || c || '-' || a, 1
  FROM generate_series(0, ${CUSTOMERS - 1}) c CROSS JOIN generate_series(0, 2) a`;

await withTempDatabase('tpl_bench_billing', async (databaseUrl) => {
  const host = await serve(databaseUrl);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'admin', password: createHash('md5').update('admin').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': TENANT, 'content-type': 'application/json' };
    const post = async (url, body) => {
      const r = await (await fetch(`${host.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
      if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.msg}`);
      return r.data;
    };
    const get = async (url) => {
      const r = await (await fetch(`${host.url}${url}`, { headers })).json();
      if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.msg}`);
      return r.data;
    };

    let t = performance.now();
    for (let i = 0; i < CUSTOMERS; i++) {
      await post('/api/bl-basic/customer/submit', { code: customer(i), name: `Bench customer ${i + 1}` });
      await post('/api/bl-basic/lgagreement/submit', {
        code: `AG-${customer(i)}`, name: `Agreement ${customer(i)}`, customerCode: customer(i), warehouseAreaCode: 'SH1',
        startDate: '2026-01-01', endDate: '2026-12-31', dayUnitCost: 1.2, cycleUnitCost: 30 + (i % 7),
        tiers: [{ lowerLimit: 0, upLimit: 10, price: 1.5 }, { lowerLimit: 10, upLimit: 50, price: 1.2 }, { lowerLimit: 50, upLimit: 100000, price: 0.9 }],
      });
    }
    console.log(`made ${CUSTOMERS} customers and agreements through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await db.query(seedOpening);
    const CHUNK = 100_000;
    for (let from = 0; from < LINES; from += CHUNK) await db.query(seedLines(from, Math.min(LINES, from + CHUNK) - 1));
    await db.query('ANALYZE bl_stock_lines');
    const lines = Number((await db.query(`SELECT count(*) AS n FROM bl_stock_lines WHERE tenant_id = $1 AND day >= $2::date AND day <= $3::date`, [TENANT, `${MONTH}-01`, `${MONTH}-31`])).rows[0].n);
    console.log(`seeded ${lines} stock-stream lines of ${MONTH} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // baseline: one raw scan of the same lines through the driver (what any bill of them must at least read)
    t = performance.now();
    await db.query(`SELECT customer_code, area_code, day, sum(qty), sum(weight) FROM bl_stock_lines WHERE tenant_id = $1 AND day >= $2::date AND day <= $3::date GROUP BY 1, 2, 3`, [TENANT, `${MONTH}-01`, `${MONTH}-31`]);
    const scanMs = performance.now() - t;

    t = performance.now();
    const first = await post('/api/bl-billing/monthbill/generate', { month: MONTH });
    const generateMs = performance.now() - t;
    const ours = first.generated.filter((g) => g.customerCode.startsWith('BC'));
    const total = (r) => r.generated.filter((g) => g.customerCode.startsWith('BC')).reduce((s, g) => s + Math.round(g.totalCost * 100), 0);
    t = performance.now();
    const second = await post('/api/bl-billing/monthbill/generate', { month: MONTH });
    const regenerateMs = performance.now() - t;
    const same = total(first) === total(second) && second.generated.length === first.generated.length;
    const reproduced = await get(`/api/bl-billing/monthbill/reproduce?id=${ours[0].id}`);

    /** Sequential calls; `url(i)` varies the parameters. */
    const http = async (label, url) => {
      for (let i = 0; i < 20; i++) await get(url(i));
      const ms = [];
      for (let i = 0; i < CALLS; i++) {
        const a = performance.now();
        await get(url(i));
        ms.push(performance.now() - a);
      }
      return { measure: label, p50ms: r1(pct(ms, 50)), p95ms: r1(pct(ms, 95)), p99ms: r1(pct(ms, 99)) };
    };
    const check = await http('baseline: token check (HTTP + auth + envelope)', () => '/api/bl-customize/token-check/check');
    const explain = await http('explain one charge: a day of storage of one area, with its stream lines', (i) => `/api/bl-billing/monthbill/explain?id=${ours[i % ours.length].id}&line=${(i % 3) + 1}&kind=STORAGE&day=${MONTH}-${String((i % 31) + 1).padStart(2, '0')}`);
    console.table([
      { measure: `baseline: raw SQL scan of the month's ${lines} lines (grouped by customer, area, day)`, seconds: r1(scanMs / 1000) / 1 },
      { measure: `generate ${ours.length} bills over ${lines} lines`, seconds: r1(generateMs / 1000), linesPerSecond: Math.round(lines / (generateMs / 1000)) },
      { measure: 'generate again (bills still Generated, brought up to date)', seconds: r1(regenerateMs / 1000), sameTotals: same },
    ]);
    /** Report pages over the month (each reads every line up to its end): fewer calls, they are heavier. */
    const reportCalls = Math.max(5, Math.round(CALLS / 20));
    const reportPage = async (api) => {
      const url = `/api/bl-billing/report/${api}/list?from=${MONTH}-01&to=${MONTH}-31&size=50`;
      await get(url);
      const ms = [];
      for (let i = 0; i < reportCalls; i++) {
        const a = performance.now();
        await get(url);
        ms.push(performance.now() - a);
      }
      return { measure: `report page + count + sums: ${api}`, p50ms: r1(pct(ms, 50)), p95ms: r1(pct(ms, 95)), p99ms: r1(pct(ms, 99)) };
    };
    const reports = [];
    for (const api of ['ylmatreportdetail', 'ylmatreportdayware', 'ylmatreportbillsum', 'inoutsideboarddetail', 'costbilldayacctsum']) reports.push(await reportPage(api));
    console.table([check, explain, ...reports]);
    console.log(
      `billing: one month for ${ours.length} customers over ${lines} stream lines: ${r1(generateMs / 1000)} s (${Math.round(lines / (generateMs / 1000))} lines/s; goal < 60 s) beside a raw scan of the same lines ${r1(scanMs / 1000)} s; ` +
        `again ${r1(regenerateMs / 1000)} s, same totals: ${same} (${(total(first) / 100).toFixed(2)}), reproduce equal: ${reproduced.equal}`,
    );
    console.log(`billing: explain one charge p95 ${explain.p95ms} ms (p50 ${explain.p50ms}; goal < 100 ms) beside the token check p95 ${check.p95ms} ms`);
    for (const r of reports) console.log(`billing: ${r.measure} over ${lines} lines: p50 ${r.p50ms} ms, p95 ${r.p95ms} ms`);
    if (!same || !reproduced.equal) process.exitCode = 1;
  } finally {
    await db.end();
    await host.stop();
  }
});
