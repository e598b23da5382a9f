// Rebuild rate of the stock ledger's read models (wh_stock, wh_stock_accounts, wh_stock_stream)
// on PostgreSQL: N stock facts (receipts, then moves and allocations of the same rows, over
// 2,000 accounts) written straight into emt_messages, then the inline projection rebuilt from
// zero as the store does it (clear, replay every event in one transaction). Beside it, in the
// same run on the same rows: a raw SELECT scan of the events through the same driver.
// Usage: node tests/bench/stock-rebuild.mjs [events=100000]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { openStorage } = require('@tpl/event-store');
const { warehouseMigrations, stockLedgerProjection } = require('@tpl/warehouse');
const { defaultTag } = require('@event-driven-io/emmett-postgresql');

const EVENTS = Number(process.argv[2] ?? 100_000);
const ACCOUNTS = 2_000;

// event g of account a: a receipt of a new row, then (every third) a move of half of it, else an allocation of one piece
const seed = (from, to) => `
WITH e AS (
  SELECT g, g % ${ACCOUNTS} AS a, g / ${ACCOUNTS} AS k,
         CASE WHEN (g / ${ACCOUNTS}) % 3 = 0 THEN 'StockReceived' WHEN (g / ${ACCOUNTS}) % 3 = 1 THEN 'StockMoved' ELSE 'StockAllocated' END AS type
    FROM generate_series(${from}, ${to}) g
), d AS (
  SELECT e.*, 'C00' || (e.a % 5) AS customer, 'M' || lpad((e.a / 5)::text, 4, '0') AS material, 'BC' || e.a || '-' || (e.k / 3) AS barcode FROM e
)
INSERT INTO emt_messages (stream_id, stream_position, partition, message_data, message_metadata, message_schema_version, message_type, message_id, transaction_id)
SELECT 'StockAccount-100001-' || customer || '~' || material, k + 1, '${defaultTag}',
       jsonb_build_object('effectiveAt', to_char(timestamptz '2026-10-01' + (g || ' seconds')::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'streamType', '12',
         'instockStatus', CASE WHEN type = 'StockReceived' THEN 1 ELSE 0 END, 'outstockStatus', 0, 'isCost', 0,
         'lines', CASE type
           WHEN 'StockReceived' THEN jsonb_build_array(jsonb_build_object('customerCode', customer, 'materialCode', material, 'barcode', barcode, 'warehousePlaceCode', 'RECV-SH1-A', 'batchNo', 'L1',
             'movement', 'RECEIVE', 'qty', 10, 'djQty', 0, 'beforeQty', 0, 'endQty', 10, 'beforeDjQty', 0, 'endDjQty', 0, 'qtyWeg', 2.5, 'status', 'AVAILABLE', 'warehouseAreaCode', 'SH1-A',
             'inboundAt', '2026-10-01T00:00:00Z', 'source', jsonb_build_object('documentType', 'isinstockbill', 'documentId', md5(barcode), 'billNo', 'RK' || g, 'lineNumber', 1)))
           WHEN 'StockMoved' THEN jsonb_build_array(
             jsonb_build_object('customerCode', customer, 'materialCode', material, 'barcode', barcode, 'warehousePlaceCode', 'RECV-SH1-A', 'batchNo', 'L1',
               'movement', 'MOVE_OUT', 'qty', -5, 'djQty', 0, 'beforeQty', 10, 'endQty', 5, 'beforeDjQty', 0, 'endDjQty', 0, 'source', jsonb_build_object('documentType', 'isinstockbill', 'documentId', md5(barcode), 'billNo', 'RK' || g, 'lineNumber', 1)),
             jsonb_build_object('customerCode', customer, 'materialCode', material, 'barcode', barcode, 'warehousePlaceCode', 'A-01-01', 'batchNo', 'L1',
               'movement', 'MOVE_IN', 'qty', 5, 'djQty', 0, 'beforeQty', 0, 'endQty', 5, 'beforeDjQty', 0, 'endDjQty', 0, 'status', 'AVAILABLE', 'warehouseAreaCode', 'SH1-A',
               'source', jsonb_build_object('documentType', 'isinstockbill', 'documentId', md5(barcode), 'billNo', 'RK' || g, 'lineNumber', 1)))
           ELSE jsonb_build_array(jsonb_build_object('customerCode', customer, 'materialCode', material, 'barcode', barcode, 'warehousePlaceCode', 'A-01-01', 'batchNo', 'L1',
             'movement', 'ALLOCATE', 'qty', 0, 'djQty', 1, 'beforeQty', 5, 'endQty', 5, 'beforeDjQty', 0, 'endDjQty', 1, 'source', jsonb_build_object('documentType', 'osoutstockbill', 'documentId', md5('o' || g), 'billNo', 'CK' || g, 'lineNumber', 1)))
         END),
       jsonb_build_object('tenantId', '100001', 'actor', jsonb_build_object('userId', 'u1', 'account', 'keeper', 'name', 'Keeper'), 'occurredAt', '2026-11-24T00:00:00.000Z', 'correlationId', 'bench', 'causationId', 'bench-' || g),
       '1', type, gen_random_uuid()::text, pg_current_xact_id()
  FROM d ORDER BY g`;

await withTempDatabase('tpl_bench_stock', async (url) => {
  const storage = await openStorage({ databaseUrl: url, migrations: warehouseMigrations, projections: [], poolSize: 4 });
  const owner = new Client({ connectionString: url });
  await owner.connect();
  try {
    let t = performance.now();
    for (let from = 0; from < EVENTS; from += 20_000) await owner.query(seed(from, Math.min(EVENTS, from + 20_000) - 1));
    await owner.query('ANALYZE emt_messages');
    console.log(`seeded ${EVENTS} stock facts over ${ACCOUNTS} accounts in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    for (;;) {
      const { rows } = await owner.query(`SELECT count(*) AS n FROM emt_messages WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`);
      if (Number(rows[0].n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const scan = async () => {
      const start = performance.now();
      let after = '0';
      let read = 0;
      for (;;) {
        const { rows } = await owner.query(
          `SELECT message_id, stream_id, global_position::text AS position, message_type, message_data::text AS data, message_metadata::text AS metadata
             FROM emt_messages WHERE partition = $1 AND global_position > $2 ORDER BY global_position LIMIT 10000`,
          [defaultTag, after],
        );
        if (!rows.length) break;
        for (const r of rows) {
          r.data = JSON.parse(r.data);
          r.metadata = JSON.parse(r.metadata);
        }
        read += rows.length;
        after = rows[rows.length - 1].position;
      }
      return { read, seconds: (performance.now() - start) / 1000 };
    };
    await scan();
    const base = await scan();
    t = performance.now();
    const replayed = await storage.store.rebuild(stockLedgerProjection, 5_000);
    const seconds = (performance.now() - t) / 1000;
    const lines = Number((await owner.query('SELECT count(*) AS n FROM wh_stock_stream')).rows[0].n);
    if (replayed !== EVENTS || lines < EVENTS) throw new Error(`rebuild incomplete: ${replayed} events, ${lines} stream lines`);
    const rate = (n, s) => Math.round(n / s);
    console.table([
      { measure: 'raw SELECT scan (keyset pages of 10,000, parsed)', events: base.read, seconds: +base.seconds.toFixed(2), eventsPerSec: rate(base.read, base.seconds) },
      { measure: 'stock ledger rebuild (wh_stock, wh_stock_accounts, wh_stock_stream)', events: replayed, seconds: +seconds.toFixed(2), eventsPerSec: rate(replayed, seconds) },
    ]);
    console.log(`stock projection rebuild on PostgreSQL: ${rate(replayed, seconds)} events/s (${replayed} facts, ${lines} stream lines); raw SELECT scan of the same events: ${rate(base.read, base.seconds)} events/s`);
  } finally {
    await owner.end();
    await storage.db.close();
  }
});
