// Asynchronous projection rebuild rate on PostgreSQL: N consignment events (40,000 orders x 5:
// created, changed, audited, dispatched, signed, in two tenants, lifecycles interleaved) are
// written straight into emt_messages with one bulk INSERT per chunk, then the report's
// projection (rpt_consignments) is rebuilt from zero by the projector as the service runs it
// (app role, row-level security, batch + checkpoint per transaction), at two batch sizes.
// Beside it, measured in the same run on the same rows: a raw SELECT scan of the events
// through the same driver (keyset pages of 10,000, rows parsed), the floor of any reader.
// Usage: node tests/bench/projections.mjs [events=200000]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { openStorage, Projector } = require('@tpl/event-store');
const { reportMigrations, consignmentFactsProjection, FACTS_TABLE } = require('@tpl/report');
const { transportUpcasters } = require('@tpl/transport');
const { defaultTag } = require('@event-driven-io/emmett-postgresql');

const EVENTS = Number(process.argv[2] ?? 200_000);
const PER_ORDER = 5;
const ORDERS = Math.ceil(EVENTS / PER_ORDER);
const CHUNK = 10_000; // orders per INSERT

// one order's facts in SQL: data built by the database itself, so seeding costs seconds
const seedChunk = (from, to) => `
WITH o AS (
  SELECT g, md5('order' || g)::uuid AS id, CASE WHEN g % 2 = 0 THEN '100001' ELSE '100002' END AS tenant,
         jsonb_build_object('billDate', '2026-11-23', 'customerCode', 'C00' || (g % 5), 'deliveryMode', 'HOME_DELIVERY',
           'consignor', jsonb_build_object('name', 'Acme Foods', 'linkman', 'Li Lei', 'mobile', '13800138000', 'address', 'No. 1 Harbor Road'),
           'consignee', jsonb_build_object('name', 'Fresh Mart', 'linkman', 'Han Mei', 'mobile', '13900139000', 'address', 'No. 9 Market Street'),
           'lines', jsonb_build_array(
             jsonb_build_object('materialCode', 'M001', 'name', 'Rice 10kg', 'qty', 10 + g % 7, 'weg', 100, 'volume', 0.5, 'packages', 10),
             jsonb_build_object('materialCode', 'M002', 'name', 'Oil 5L', 'qty', 4, 'weg', 20.5, 'volume', 0.125, 'packages', 2))) AS content
    FROM generate_series(${from}, ${to}) g
), e AS (
  SELECT o.*, s.pos, s.type,
         CASE s.type
           WHEN 'ConsignmentCreated' THEN jsonb_build_object('id', o.id, 'billNo', 'YD' || lpad(o.g::text, 8, '0'), 'content', o.content, 'isReview', 0)
           WHEN 'ConsignmentChanged' THEN jsonb_build_object('content', o.content, 'changes', jsonb_build_object('remark', jsonb_build_array(NULL, 'call first')))
           WHEN 'ConsignmentDispatched' THEN jsonb_build_object('plateNo', '沪A12345', 'driverName', 'Wang Qiang', 'driverMobile', '13700137000')
           WHEN 'ConsignmentSigned' THEN jsonb_build_object('signer', 'Han Mei', 'signedAt', '2026-11-24T10:00:00+08:00')
           ELSE '{}'::jsonb END AS data
    FROM o CROSS JOIN (VALUES (1, 'ConsignmentCreated'), (2, 'ConsignmentChanged'), (3, 'ConsignmentAudited'), (4, 'ConsignmentDispatched'), (5, 'ConsignmentSigned')) AS s(pos, type)
)
INSERT INTO emt_messages (stream_id, stream_position, partition, message_data, message_metadata, message_schema_version, message_type, message_id, transaction_id)
SELECT 'Consignment-' || tenant || '-' || id, pos, '${defaultTag}', data,
       jsonb_build_object('tenantId', tenant, 'actor', jsonb_build_object('userId', 'u' || (g % 50), 'account', 'dispatcher', 'name', 'Dispatcher', 'deptId', 'HB-OPS'),
         'occurredAt', to_char(timestamptz '2026-11-23 08:00:00+08' + (g || ' seconds')::interval + (pos || ' hours')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'correlationId', 'bench', 'causationId', 'bench-' || g || '-' || pos),
       CASE WHEN type = 'ConsignmentCreated' THEN '2' ELSE '1' END, type, gen_random_uuid()::text, pg_current_xact_id()
  FROM e
 -- lifecycles interleaved: orders go through their steps a hundred at a time
 ORDER BY g / 100, pos, g`;

await withTempDatabase('tpl_bench_proj', async (url) => {
  const storage = await openStorage({ databaseUrl: url, migrations: reportMigrations, projections: [], upcasters: transportUpcasters, poolSize: 4 });
  const owner = new Client({ connectionString: url });
  await owner.connect();
  try {
    let t = performance.now();
    for (let from = 1; from <= ORDERS; from += CHUNK) await owner.query(seedChunk(from, Math.min(ORDERS, from + CHUNK - 1)));
    await owner.query('ANALYZE emt_messages');
    const n = Number((await owner.query(`SELECT count(*) AS n FROM emt_messages WHERE message_type LIKE 'Consignment%'`)).rows[0].n);
    console.log(`seeded ${n} events (${ORDERS} orders) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // readAll hands out only transactions older than every one still running in the cluster (so a
    // follower never skips a slower commit); on a shared server another database's long
    // transaction holds the seed back. Wait for that before timing anything, and say how long.
    t = performance.now();
    for (;;) {
      const { rows } = await owner.query(`SELECT count(*) AS n FROM emt_messages WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`);
      if (Number(rows[0].n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`the seed became visible to readers after ${((performance.now() - t) / 1000).toFixed(1)} s (older transactions elsewhere on the server)`);

    // baseline: every event read through the driver by keyset pages, rows parsed as a reader must
    // (JSON text parsed with JSON.parse, as the store does: the driver's jsonb parser in this
    // process is Emmett's, with a slow reviver)
    const scan = async () => {
      const start = performance.now();
      let after = '0';
      let read = 0;
      for (;;) {
        const { rows } = await owner.query(
          `SELECT message_id, stream_id, stream_position::int AS version, global_position::text AS position, message_type, message_schema_version,
                  message_data::text AS data, message_metadata::text AS metadata
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
    await scan(); // warm the cache: both sides read from memory
    const base = await scan();

    const rebuild = async (batchSize) => {
      const projector = new Projector(storage.db.pool, storage.store, { pollMs: 0, batchSize });
      projector.register(consignmentFactsProjection);
      await projector.rebuild(consignmentFactsProjection.name);
      const start = performance.now();
      await projector.catchUp(consignmentFactsProjection.name);
      const seconds = (performance.now() - start) / 1000;
      const [status] = await projector.status();
      const rows = await owner.query(`SELECT count(*) AS n, count(*) FILTER (WHERE state = 'Signed' AND signed_at IS NOT NULL) AS signed FROM ${FACTS_TABLE}`);
      if (Number(rows.rows[0].n) !== ORDERS || Number(rows.rows[0].signed) !== ORDERS || status.lagEvents !== 0 || status.rebuilding) {
        throw new Error(`rebuild incomplete: ${JSON.stringify({ rows: rows.rows[0], status }, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
      }
      return { batchSize, seconds };
    };
    const results = [];
    for (const size of [5_000, 10_000]) results.push(await rebuild(size));

    const rate = (events, s) => Math.round(events / s);
    console.table([
      { measure: 'raw SELECT scan (keyset pages of 10,000, parsed)', events: base.read, seconds: +base.seconds.toFixed(2), eventsPerSec: rate(base.read, base.seconds) },
      ...results.map((r) => ({ measure: `projector rebuild of ${consignmentFactsProjection.name}, batches of ${r.batchSize}`, events: n, seconds: +r.seconds.toFixed(2), eventsPerSec: rate(n, r.seconds) })),
    ]);
    const best = results.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    console.log(
      `projection rebuild on PostgreSQL: ${rate(n, best.seconds)} events/s (${n} events, batches of ${best.batchSize}, ${ORDERS} rows); ` +
        `raw SELECT scan of the same events: ${rate(base.read, base.seconds)} events/s; goal 50,000 events/s`,
    );
  } finally {
    await owner.end();
    await storage.db.close();
  }
});
