// Stock reads at a million ledger lines (issue 13), on PostgreSQL: 1,000,000 stock-stream lines
// over 20,000 stock rows (20 owners x 250 materials x 4 rows in three areas, 50 lines per row
// over the past 360 days) are written straight into the warehouse's tables of a fresh database
// with bulk INSERT ... SELECT (the ledger's tables, as the inline projection writes them), then
// the host, in a process of its own, answers over HTTP:
//   - the stock list with two filters (owner and area),
//   - the same as of a month back (computed from the ledger: the stock now minus the later lines),
//   - the stream list of one material,
//   - and, beside them, the stock report by area as of a month back and explain of one row.
// Each figure is printed beside baselines measured in the same run: the token check (the HTTP,
// authentication and envelope floor of the same server) and the nearest raw SQL on the same rows
// through the driver (the database floor). p50 / p95 / p99 over sequential calls, parameters
// varied so no answer comes from a cache. No assertion: figures to read.
// Usage: node tests/bench/stock.mjs [calls=300]
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const CALLS = Number(process.argv[2] ?? 300);
const TENANT = '100001';
const OWNERS = 20;
const MATERIALS = 250;
const ROWS_PER = 4;
const LINES_PER_ROW = 50;
const STOCK_ROWS = OWNERS * MATERIALS * ROWS_PER;
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
const here = path.dirname(fileURLToPath(import.meta.url));

const owner = (i) => `C${String(i + 1).padStart(3, '0')}`;
const material = (i) => `BM${String(i + 1).padStart(4, '0')}`;
const AREAS = ['SH1-A', 'SH1-B', 'SH1-C'];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const r1 = (x) => Math.round(x * 10) / 10;

/**
 * Row r (0..19,999): owner r % 20, material (r / 20) % 250, area r % 3. Its 50 lines: a receipt of
 * 100, then shipments of 5 and receipts of 10 by turns, one every 7.2 days from 360 days ago; the
 * row's qty is what they add up to (215), before / end balances as the ledger writes them.
 */
const seedStock = `
INSERT INTO wh_stock (tenant_id, customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, qty_weg, board_qty, unit_volume, status, inbound_at, area_code, updated_at)
SELECT '${TENANT}', 'C' || lpad((r % ${OWNERS} + 1)::text, 3, '0'), 'BM' || lpad(((r / ${OWNERS}) % ${MATERIALS} + 1)::text, 4, '0'),
       'BC' || r, 'P-' || (r % 3) || '-' || (r % 400), 'L' || (r % 7), 215, 0, 12.5, 40, 0.02, 'AVAILABLE',
       now() - interval '360 days', (ARRAY['SH1-A','SH1-B','SH1-C'])[r % 3 + 1], now()
  FROM generate_series(0, ${STOCK_ROWS - 1}) r`;
const seedLines = (from, to) => `
INSERT INTO wh_stock_stream (tenant_id, id, event_id, event_type, customer_code, material_code, barcode, place_code, batch_no, area_code, bill_no, doc_type, doc_id,
  line_no, stream_type, movement, qty, dj_qty, before_qty, end_qty, status, effective_at, recorded_at, instock_status, outstock_status, is_cost)
SELECT s.tenant_id, 'bench-' || g.r || '-' || k, 'ev-' || g.r || '-' || k, CASE WHEN q.qty > 0 THEN 'StockReceived' ELSE 'StockShipped' END,
       s.customer_code, s.material_code, s.barcode, s.place_code, s.batch_no, s.area_code,
       CASE WHEN q.qty > 0 THEN 'RK' ELSE 'CK' END || lpad((g.r * ${LINES_PER_ROW} + k)::text, 9, '0'), CASE WHEN q.qty > 0 THEN 'isinstockbill' ELSE 'osoutstockbill' END,
       md5(g.r || '-' || k), 1, CASE WHEN q.qty > 0 THEN '12' ELSE '22' END, CASE WHEN q.qty > 0 THEN 'RECEIVE' ELSE 'SHIP' END,
       q.qty, 0, q.fin - q.qty, q.fin, NULL,
       now() - interval '360 days' + k * interval '7.2 days' + (g.r % 86400) * interval '1 second', now(),
       CASE WHEN q.qty > 0 THEN 1 ELSE 0 END, CASE WHEN q.qty < 0 THEN 1 ELSE 0 END, 1
  FROM generate_series(${from}, ${to}) g(r)
  JOIN wh_stock s ON s.tenant_id = '${TENANT}' AND s.barcode = 'BC' || g.r
 CROSS JOIN generate_series(0, ${LINES_PER_ROW - 1}) k
 CROSS JOIN LATERAL (SELECT CASE WHEN k = 0 THEN 100 WHEN k % 2 = 1 THEN -5 ELSE 10 END AS qty,
                            100 + 10 * (k / 2) - 5 * ((k + 1) / 2) AS fin) q`;

/** The host in a process of its own (tests/bench/server.mjs, as the other benchmarks run it); resolves with its URL and a stop. */
const serve = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'server.mjs'), databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (b) => {
      const m = /READY (\S+)/.exec(String(b));
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

await withTempDatabase('tpl_bench_stock', async (databaseUrl) => {
  const host = await serve(databaseUrl);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let t = performance.now();
    await db.query(seedStock);
    const CHUNK = 4000;
    for (let from = 0; from < STOCK_ROWS; from += CHUNK) await db.query(seedLines(from, Math.min(STOCK_ROWS, from + CHUNK) - 1));
    await db.query('ANALYZE wh_stock; ANALYZE wh_stock_stream');
    const counts = (await db.query(`SELECT (SELECT count(*) FROM wh_stock) AS stock, (SELECT count(*) FROM wh_stock_stream) AS lines`)).rows[0];
    console.log(`seeded ${counts.stock} stock rows and ${counts.lines} stream lines in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const q = new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'admin', password: createHash('md5').update('admin').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}`, 'Tenant-Id': TENANT };
    const monthBack = () => new Date(Date.now() - 30 * 86_400_000).toISOString();

    /** Sequential calls; `url(i)` varies the parameters; every answer checked for success and rows. */
    const http = async (label, url) => {
      for (let i = 0; i < 20; i++) await (await fetch(`${host.url}${url(i)}`, { headers })).json(); // warm up
      const ms = [];
      let total = 0;
      for (let i = 0; i < CALLS; i++) {
        const a = performance.now();
        const body = await (await fetch(`${host.url}${url(i)}`, { headers })).json();
        ms.push(performance.now() - a);
        if (body.code !== 200) throw new Error(`${label}: ${body.code} ${body.msg}`);
        total = body.data?.total ?? body.data?.sums?.lines ?? total;
      }
      return { measure: label, total, p50ms: r1(pct(ms, 50)), p95ms: r1(pct(ms, 95)), p99ms: r1(pct(ms, 99)) };
    };
    const sql = async (label, text, params) => {
      for (let i = 0; i < 20; i++) await db.query(text, params(i));
      const ms = [];
      for (let i = 0; i < CALLS; i++) {
        const a = performance.now();
        await db.query(text, params(i));
        ms.push(performance.now() - a);
      }
      return { measure: label, total: '', p50ms: r1(pct(ms, 50)), p95ms: r1(pct(ms, 95)), p99ms: r1(pct(ms, 99)) };
    };

    const rows = [
      await http('baseline: token check (HTTP + auth + envelope)', () => '/api/bl-customize/token-check/check'),
      await sql('baseline: raw SQL, 20 stock rows of one owner in one area', `SELECT * FROM wh_stock WHERE tenant_id = $1 AND customer_code = $2 AND area_code = $3 ORDER BY material_code LIMIT 20`, (i) => [TENANT, owner(i % OWNERS), AREAS[i % 3]]),
      await sql('baseline: raw SQL, 20 newest lines of one material', `SELECT * FROM wh_stock_stream WHERE tenant_id = $1 AND material_code = $2 ORDER BY effective_at DESC LIMIT 20`, (i) => [TENANT, material((i * 7) % MATERIALS)]),
      await http('stock list, two filters (owner, area)', (i) => `/api/bl-warehouse/stock/list?customerCode=${owner(i % OWNERS)}&warehouseAreaCode=${AREAS[i % 3]}`),
      await http('stock list, two filters, asOf a month back', (i) => `/api/bl-warehouse/stock/list?customerCode=${owner(i % OWNERS)}&warehouseAreaCode=${AREAS[i % 3]}&asOf=${monthBack()}`),
      await http('stream list of one material', (i) => `/api/bl-warehouse/stockstream/list?materialCode=${material((i * 7) % MATERIALS)}`),
      await http('report: stock by area, one owner, asOf a month back', (i) => `/api/bl-report/stockbywarehousearea/list?customerCode=${owner(i % OWNERS)}&asOf=${monthBack()}`),
      await http('explain: one owner\'s material as of a month back', (i) => `/api/bl-warehouse/stockstream/explain?customerCode=${owner(i % OWNERS)}&materialCode=${material((i * 3) % MATERIALS)}&asOf=${monthBack()}`),
    ];
    console.table(rows);
    const [check, rawStock, rawStream, list, asOf, stream, report, explain] = rows;
    const line = (r, goal, ...bases) => console.log(`stock: ${r.measure} at ${counts.lines} lines / ${counts.stock} rows: p95 ${r.p95ms} ms (p50 ${r.p50ms}); ${bases.map((b) => `${b.measure.replace('baseline: ', '')} p95 ${b.p95ms} ms`).join('; ')}${goal ? `; goal p95 < ${goal} ms` : ''}`);
    line(list, 50, check, rawStock);
    line(asOf, 100, check, rawStock);
    line(stream, 50, check, rawStream);
    line(report, 0, check);
    line(explain, 0, check);
  } finally {
    await db.end();
    await host.stop();
  }
});
