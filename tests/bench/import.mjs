// A 10,000-row material import through the HTTP API: template columns, validation of every
// row, one all-or-nothing transaction. Prints rows per second on the embedded default and
// on PostgreSQL. Usage: node tests/bench/import.mjs [rows=10000]
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
const require = createRequire(import.meta.url);
import { withTempDatabase } from './lib.mjs';
const { startHost } = require('@tpl/host');
const { streamExport } = require('@tpl/documents');
const { entityByName } = require('@tpl/contracts');

const N = Number(process.argv[2] ?? 10000);
const basic = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;

const workbook = async () => {
  const def = entityByName('material');
  async function* rows() {
    for (let i = 1; i <= N; i++) {
      yield { code: `BM${String(i).padStart(6, '0')}`, name: `Bench material ${i}`, categoryCode: 'GRAIN', unitCode: 'CTN', custCode: 'C001', price: 10 + (i % 50), gross: 5, batchFlag: i % 2, normalDate: 365 };
    }
  }
  const out = new PassThrough();
  const chunks = [];
  out.on('data', (c) => chunks.push(c));
  const done = new Promise((r) => out.on('end', r));
  await streamExport(out, def, 'zh', rows());
  await done;
  return Buffer.concat(chunks);
};

const benchOn = async (label, databaseUrl, file) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-bench-import-'));
  const host = await startHost({ port: 0, host: '127.0.0.1', databaseUrl, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: true }, { logLevels: ['error'] });
  try {
    const q = new URLSearchParams({ grantType: 'password', tenantId: '100001', account: 'admin', password: createHash('md5').update('admin').digest('hex'), type: 'account' });
    const token = (await (await fetch(`${host.url}/api/bl-auth/token?${q}`, { method: 'POST', headers: { Authorization: basic } })).json()).data;
    const form = new FormData();
    form.append('file', new Blob([file]), 'materials.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${host.url}/api/bl-basic/material/import`, { method: 'POST', headers: { Authorization: basic, 'Blade-Auth': `bearer ${token.accessToken}` }, body: form });
    const body = await res.json();
    const s = (performance.now() - t0) / 1000;
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.msg}`);
    return { store: label, rows: body.data.imported, seconds: +s.toFixed(2), rowsPerSec: Math.round(body.data.imported / s) };
  } finally {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const file = await workbook();
console.log(`import file: ${N} rows, ${(file.length / 1024).toFixed(0)} KiB`);
const rows = [await benchOn('embedded (PGlite)', undefined, file)];
await withTempDatabase('tpl_bench_import', async (url) => rows.push(await benchOn('PostgreSQL', url, file)));
console.table(rows);
for (const r of rows) console.log(`import of ${r.rows} materials on ${r.store}: ${r.seconds} s, ${r.rowsPerSec} rows/s`);
