// The outbox relay's rate into the in-memory sink (no broker: the relay's own cost) on PostgreSQL,
// beside a raw keyset scan of the same rows measured in the same run; and what the outbox adds to
// an append (the same appends with and without it).
// The relay runs as the service runs it: the app role, row-level security, an advisory lock and a
// transaction per batch, rows deleted after the sink took them.
// Usage: node tests/bench/outbox.mjs [rows=100000] [appends=2000]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { withTempDatabase } from './lib.mjs';
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { openStorage, OutboxRelay, MemorySink, runAsSystem, runInTenant } = require('@tpl/event-store');
const { publishedEvents } = require('@tpl/contracts');
const { transportUpcasters } = require('@tpl/transport');

const ROWS = Number(process.argv[2] ?? 100_000);
const APPENDS = Number(process.argv[3] ?? 2_000);
const CONCURRENCY = 16;

// rows shaped as the outbox writes them (a consignment's Created: about 1 KB of JSON)
const seed = (from, to) => `
INSERT INTO tpl_outbox (message_id, tenant_id, topic, message_key, headers, payload)
SELECT gen_random_uuid()::text, '100001', 'tpl.transport', 'Consignment-100001-' || md5(g::text)::uuid,
       jsonb_build_object('message-id', gen_random_uuid()::text, 'tenant-id', '100001', 'event-type', 'ConsignmentCreated', 'schema-version', '2',
         'correlation-id', 'bench', 'causation-id', 'bench-' || g, 'stream-id', 'Consignment-100001-' || md5(g::text)::uuid, 'stream-version', '1',
         'occurred-at', '2026-11-26T09:00:00.000Z', 'content-type', 'application/json'),
       jsonb_build_object('id', gen_random_uuid(), 'type', 'ConsignmentCreated', 'schemaVersion', 2, 'tenantId', '100001', 'version', 1,
         'data', jsonb_build_object('billNo', 'YD' || lpad(g::text, 8, '0'), 'content', jsonb_build_object('customerCode', 'C001', 'remark', repeat('x', 600))))::text
  FROM generate_series(${from}, ${to}) g`;

const meta = { tenantId: '100001', actor: { userId: 'u1', account: 'dispatcher', name: 'Dispatcher' }, occurredAt: new Date().toISOString(), correlationId: 'bench', causationId: 'bench' };
const content = { billDate: '2026-11-23', customerCode: 'C001', remark: 'x'.repeat(600), lines: [{ materialCode: 'M001', qty: 10 }] };

/** APPENDS new streams of one ConsignmentCreated each, CONCURRENCY at a time: appends per second. */
const appendRate = async (store) => {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < APPENDS) {
        next++;
        const id = randomUUID();
        await runInTenant('100001', () => store.append(`Consignment-100001-${id}`, [{ type: 'ConsignmentCreated', data: { id, billNo: 'YD1', content, isReview: 0 } }], { expectedVersion: 0, metadata: meta, streamType: 'Consignment' }));
      }
    }),
  );
  return APPENDS / ((performance.now() - start) / 1000);
};

const fmt = (n) => Math.round(n).toLocaleString('en');

await withTempDatabase('tpl_bench_outbox', async (url) => {
  // without the outbox, then with it (two stores on one database: the same tables)
  const plain = await openStorage({ databaseUrl: url, migrations: [], projections: [], upcasters: transportUpcasters, poolSize: CONCURRENCY });
  const withOutbox = await openStorage({ databaseUrl: url, migrations: [], projections: [], upcasters: transportUpcasters, poolSize: CONCURRENCY, outbox: publishedEvents() });
  const owner = new Client({ connectionString: url });
  await owner.connect();
  try {
    await appendRate(plain.store); // warm-up
    const without = await appendRate(plain.store);
    const withIt = await appendRate(withOutbox.store);
    console.log(`append (${APPENDS} new streams, ${CONCURRENCY} at a time): ${fmt(without)}/s without the outbox, ${fmt(withIt)}/s with it`);
    await owner.query('DELETE FROM tpl_outbox');

    let t = performance.now();
    for (let from = 1; from <= ROWS; from += 20_000) await owner.query(seed(from, Math.min(ROWS, from + 20_000 - 1)));
    await owner.query('ANALYZE tpl_outbox');
    console.log(`seeded ${fmt(ROWS)} outbox rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // baseline: the same rows read by keyset pages through the same driver and role, values kept as text
    const scan = async (page) => {
      const start = performance.now();
      let after = '0';
      let n = 0;
      await runAsSystem(async () => {
        for (;;) {
          const { rows } = await withOutbox.db.pool.query('SELECT id::text AS id, topic, message_key, headers, payload FROM tpl_outbox WHERE tpl_outbox.id > $1::bigint ORDER BY tpl_outbox.id LIMIT $2', [after, page]);
          if (!rows.length) break;
          n += rows.length;
          after = rows[rows.length - 1].id;
        }
      });
      return n / ((performance.now() - start) / 1000);
    };
    for (const batchSize of [500, 2_000]) {
      if (batchSize !== 500) for (let from = 1; from <= ROWS; from += 20_000) await owner.query(seed(from, Math.min(ROWS, from + 20_000 - 1)));
      const raw = await scan(batchSize);
      const sink = new MemorySink();
      const relay = new OutboxRelay(withOutbox.db.pool, sink, { pollMs: 0, batchSize });
      t = performance.now();
      await relay.drain();
      const rate = sink.messages.length / ((performance.now() - t) / 1000);
      console.log(`relay into the memory sink, batches of ${batchSize}: ${fmt(sink.messages.length)} messages at ${fmt(rate)}/s  |  raw keyset scan of the same rows (pages of ${batchSize}): ${fmt(raw)}/s  (${((rate / raw) * 100).toFixed(0)}%)`);
    }
  } finally {
    await owner.end();
    await plain.db.close();
    await withOutbox.db.close();
  }
});
