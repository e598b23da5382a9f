// Issue 30: an .xlsx import of booked-inbound lines through the HTTP API (the host in its own
// process, PostgreSQL): the preview (every row read, grouped, checked and each document's create
// run and rolled back) and the confirmed import (one draft per customer bill number through the
// kit's command path). Beside each figure, the baseline measured in the same run: master data's
// import of as many material rows (preview, then the all-or-nothing write).
// Needs the server built (npm run build). Usage: node tests/bench/document-import.mjs [lines=1000] [linesPerBill=50]
import { createRequire } from 'node:module';
import { client, serve } from './board-lib.mjs';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');

const LINES = Number(process.argv[2] ?? 1000);
const PER_BILL = Number(process.argv[3] ?? 50);

const must = (r, what) => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.msg}`);
  return r.data;
};

const sheetOf = async (name, headers, rows) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** POST the file to an import route; the answer and the seconds it took. */
const upload = async (c, path, file, name, preview) => {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const { 'Content-Type': _json, ...headers } = c.headers;
  const t0 = performance.now();
  const res = await fetch(`${c.url}${path}/import${preview ? '?preview=1' : ''}`, { method: 'POST', headers: { ...headers, 'Accept-Language': 'zh-CN' }, body: form });
  const body = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`${path} import${preview ? ' preview' : ''}: ${res.status} ${body.msg}`);
  return { data: body.data, seconds };
};

const run = async (databaseUrl) => {
  const server = await serve(databaseUrl);
  try {
    const admin = await client(server.url, 'admin', 'admin');
    const keeper = await client(server.url, 'keeper', 'demo123');
    const materials = must(await admin.get('/api/bl-basic/material/list?size=50&custCode=C001'), 'materials').records.filter((m) => m.custCode === 'C001');
    if (!materials.length) throw new Error('no material of C001');

    // the baseline: master data's import of as many rows (materials), in the same run
    const mdFile = await sheetOf('物料', ['code', 'name', 'categoryCode', 'unitCode', 'custCode'], Array.from({ length: LINES }, (_, i) => [`BX${String(i).padStart(6, '0')}`, `Bench material ${i}`, 'GRAIN', 'CTN', 'C001']));
    const mdPreview = await upload(admin, '/api/bl-basic/material', mdFile, 'materials.xlsx', true);
    if (mdPreview.data.errorTotal) throw new Error(`baseline file has errors: ${JSON.stringify(mdPreview.data.errors.slice(0, 3))}`);
    const mdImport = await upload(admin, '/api/bl-basic/material', mdFile, 'materials.xlsx', false);

    // the booked inbound: LINES lines, PER_BILL to a customer bill number
    const headers = ['货主', '库区', '出入库类型', '来源单号', '预计到货日期', '物料', '批次号', '数量'];
    const rows = Array.from({ length: LINES }, (_, i) => {
      const bill = Math.floor(i / PER_BILL);
      const m = materials[i % materials.length];
      return ['C001', 'SH1-A', '正常', `BENCH-${process.pid}-${bill}`, '2026-12-20', m.code, `BB${i}`, 1 + (i % 9)];
    });
    const docFile = await sheetOf('预约入库单', headers, rows);
    const preview = await upload(keeper, '/api/bl-warehouse/orderisinstockbill', docFile, 'booking.xlsx', true);
    if (preview.data.errorTotal) throw new Error(`booking file has errors: ${JSON.stringify(preview.data.errors.slice(0, 3))}`);
    const imported = await upload(keeper, '/api/bl-warehouse/orderisinstockbill', docFile, 'booking.xlsx', false);
    if (imported.data.lines !== LINES) throw new Error(`imported ${imported.data.lines} lines, not ${LINES}`);

    return [
      { what: `booked inbound: preview of ${LINES} lines (${preview.data.bills.length} bills)`, seconds: +preview.seconds.toFixed(2), rowsPerSec: Math.round(LINES / preview.seconds), baseline: `master data preview of ${LINES} rows: ${mdPreview.seconds.toFixed(2)} s (${Math.round(LINES / mdPreview.seconds)} rows/s)` },
      { what: `booked inbound: import of ${LINES} lines (${imported.data.imported} drafts)`, seconds: +imported.seconds.toFixed(2), rowsPerSec: Math.round(LINES / imported.seconds), baseline: `master data import of ${LINES} rows: ${mdImport.seconds.toFixed(2)} s (${Math.round(LINES / mdImport.seconds)} rows/s)` },
    ];
  } finally {
    await server.stop();
  }
};

const results = await withTempDatabase('tpl_bench_docimport', run);
console.table(results);
for (const r of results) console.log(`${r.what}: ${r.seconds} s, ${r.rowsPerSec} rows/s — baseline ${r.baseline}`);
