import { randomUUID } from 'node:crypto';
import type { ProjectionStatus } from '@tpl/contracts';
import { DEAD_LETTER_TOPIC, TOPICS, deadLetterSchema, outboundMessageSchema, publishedEvents } from '@tpl/contracts';
import { MemorySink, OutboxRelay, RELAY_NAME, runAsSystem, runInTenant, type InboundMessage, type SinkMessage } from '@tpl/event-store';
import { inboundDocumentId } from '@tpl/transport';
import { ApiClient, data } from '../support/api-client';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

const C = '/api/bl-transport/consignment';
const P = '/api/bl-report/projections';

/**
 * Events out through the transactional outbox and consignment orders in, against the real
 * database (PostgreSQL: the store that matters here; the outbox is plain SQL in the append's
 * transaction, the same on the embedded store), with the in-memory sink in Kafka's place
 * (the kafkajs side: kafka.int.spec.ts, when a broker is given or Docker can start one).
 */
describe('outbox and inbound orders (PostgreSQL, memory sink)', () => {
  let t: TestHost;
  let dispatcher: ApiClient;
  let platform: ApiClient;
  const sink = new MemorySink();
  const deadLetters = new MemorySink();

  const relay = () => t.host.integration!.relay;
  const outboxRows = () => runAsSystem(async () => Number((await t.host.storage.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM tpl_outbox')).rows[0]!.n));
  /**
   * Runs a relay until it sends something: a transaction of the host older than the rows, still
   * open under load, holds the relay's cursor back a moment (it never skips a row committed late).
   */
  const untilSent = async (r: OutboxRelay): Promise<number> => {
    for (const end = Date.now() + 10_000; ; ) {
      const n = await r.run();
      if (n > 0 || Date.now() > end) return n;
      await new Promise((res) => setTimeout(res, 20));
    }
  };
  const sentFor = (streamSuffix: string) => sink.messages.filter((m) => m.key.endsWith(streamSuffix));
  const create = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => data(await dispatcher.post<{ id: string; version: number; billNo: string }>(`${C}/submit`, consignmentInput(overrides), headers));

  beforeAll(async () => {
    t = await startTestHost('postgres', '/nonexistent', false, { integration: { sink, deadLetters, relayPollMs: 0 } });
    dispatcher = await t.client().as('100001', 'dispatcher');
    platform = await t.client().as('000000', 'admin', 'admin');
    await relay().drain();
  }, 300_000);
  afterAll(async () => t?.stop());

  it('publishes a document’s events in the append’s transaction, keyed by stream, with the headers and value of docs/INTEGRATION.md', async () => {
    const before = sink.messages.length;
    const made = await create({}, { 'x-correlation-id': 'outbox-test-1' });
    const audited = data(await dispatcher.post<{ version: number }>(`${C}/audit`, { id: made.id, version: made.version }));
    // committed with the append: the rows wait in the outbox before any relay ran
    const rowsOf = async (key: string) => runAsSystem(async () => Number((await t.host.storage.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM tpl_outbox WHERE message_key = $1', [key])).rows[0]!.n));
    expect(await rowsOf(`Consignment-100001-${made.id}`)).toBe(2);
    expect(sink.messages.length).toBe(before);
    await relay().drain();
    expect(await outboxRows()).toBe(0);
    const mine = sentFor(made.id);
    expect(mine.map((m) => m.headers['event-type'])).toEqual(['ConsignmentCreated', 'ConsignmentAudited']);
    const history = data(await dispatcher.get<{ type: string; correlationId: string; causationId: string }[]>(`${C}/history?id=${made.id}`));
    const created = mine[0]!;
    expect(created.topic).toBe(TOPICS.transport);
    expect(created.key).toBe(`Consignment-100001-${made.id}`);
    expect(created.headers).toMatchObject({
      'tenant-id': '100001',
      // the upcaster registry's current version of the type (transportUpcasters: v2)
      'schema-version': '2',
      'correlation-id': 'outbox-test-1',
      'causation-id': history[0]!.causationId,
      'stream-id': created.key,
      'stream-version': '1',
      'content-type': 'application/json',
    });
    const value = outboundMessageSchema.parse(JSON.parse(created.value));
    expect(value).toMatchObject({ id: created.headers['message-id'], type: 'ConsignmentCreated', schemaVersion: 2, tenantId: '100001', version: 1, streamType: 'Consignment' });
    expect((value.data as { billNo: string }).billNo).toBe(made.billNo);
    // the actor travels as ids only
    expect(Object.keys(value.actor).sort()).toEqual(['account', 'userId']);
    expect(mine[1]!.headers['stream-version']).toBe(String(audited.version));
    // every message id is an event id of the store, each once
    const ids = await runAsSystem(async () => (await t.host.storage.db.pool.query<{ id: string }>('SELECT message_id AS id FROM emt_messages WHERE stream_id = $1 ORDER BY stream_position', [created.key])).rows.map((r) => r.id));
    expect(mine.map((m) => m.headers['message-id'])).toEqual(ids);
  });

  it('publishes only the catalogue’s types: master data and identity events never leave', async () => {
    const catalogue = publishedEvents();
    expect(catalogue.get('ConsignmentCreated')).toBe(TOPICS.transport);
    expect(catalogue.get('StockReceived')).toBe(TOPICS.warehouse);
    // the start seeded users, roles, customers and materials as events: none of them was sent
    const types = await runAsSystem(async () => (await t.host.storage.db.pool.query<{ t: string }>('SELECT DISTINCT message_type AS t FROM emt_messages')).rows.map((r) => r.t));
    const unpublished = types.filter((x) => !catalogue.has(x));
    expect(unpublished.length).toBeGreaterThan(0);
    for (const m of sink.messages) expect(catalogue.has(m.headers['event-type']!)).toBe(true);
    expect(sink.messages.some((m) => unpublished.includes(m.headers['event-type']!))).toBe(false);
  });

  it('writes nothing to the outbox for a refused command (stale version: 409)', async () => {
    const made = await create();
    await relay().drain();
    const stale = await dispatcher.post(`${C}/audit`, { id: made.id, version: made.version + 5 });
    expect(stale.status).toBe(409);
    expect(await outboxRows()).toBe(0);
  });

  it('delivers at least once: a batch whose acknowledgement is lost goes again with the same message ids, in order per stream', async () => {
    const made = await create();
    await dispatcher.post(`${C}/audit`, { id: made.id, version: made.version });
    // a relay of another "host" whose commit fails after the sink took the batch
    const flaky = new MemorySink();
    let fail = true;
    const crashing = new OutboxRelay(t.host.storage.db.pool, flaky, {
      pollMs: 0,
      afterSend: async () => {
        if (fail) {
          fail = false;
          throw new Error('crash between send and commit');
        }
      },
    });
    await expect(untilSent(crashing)).rejects.toThrow('crash between send and commit');
    expect(await outboxRows()).toBe(2);
    await untilSent(crashing);
    expect(await outboxRows()).toBe(0);
    const types = flaky.messages.filter((m) => m.key.endsWith(made.id)).map((m) => `${m.headers['event-type']}#${m.headers['message-id']}`);
    expect(types).toHaveLength(4);
    // the same two messages, the same ids, each time in the stream's order
    expect(types.slice(2)).toEqual(types.slice(0, 2));
    expect(types[0]).toMatch(/^ConsignmentCreated#/);
    // a refused send keeps the rows too
    const refusing = new MemorySink();
    refusing.failures = 1;
    const other = new OutboxRelay(t.host.storage.db.pool, refusing, { pollMs: 0 });
    await create();
    await expect(untilSent(other)).rejects.toThrow('send refused');
    expect(await outboxRows()).toBe(1);
    await untilSent(other);
    expect(refusing.messages).toHaveLength(1);
  });

  it('relays once across hosts: two relays on one database send every message exactly once, each stream in order', async () => {
    const a = new MemorySink();
    const b = new MemorySink();
    const relays = [new OutboxRelay(t.host.storage.db.pool, a, { pollMs: 0, batchSize: 7 }), new OutboxRelay(t.host.storage.db.pool, b, { pollMs: 0, batchSize: 7 })];
    const made = await Promise.all(Array.from({ length: 12 }, () => create()));
    for (const d of made) await dispatcher.post(`${C}/audit`, { id: d.id, version: d.version });
    // both pull at once, repeatedly, until the outbox is empty
    while ((await outboxRows()) > 0) await Promise.all(relays.map((r) => r.run()));
    const all: SinkMessage[] = [...a.messages, ...b.messages];
    const ids = all.map((m) => m.headers['message-id']);
    expect(all).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    // within each sink, a stream's Created comes before its Audited
    for (const s of [a, b]) {
      for (const d of made) {
        const mine = s.messages.filter((m) => m.key.endsWith(d.id)).map((m) => Number(m.headers['stream-version']));
        expect(mine).toEqual([...mine].sort((x, y) => x - y));
      }
    }
  });

  it('never skips a row whose transaction began first and commits last (the cursor waits for it)', async () => {
    await relay().drain();
    const slowId = randomUUID();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let appended!: () => void;
    const inside = new Promise<void>((r) => (appended = r));
    const metadata = { tenantId: '100001', actor: { userId: 'u', account: 'test', name: 'Test' }, occurredAt: new Date().toISOString(), correlationId: 'slow', causationId: 'slow' };
    const slow = runInTenant('100001', () =>
      t.host.storage.store.withTransaction(async (uow) => {
        await uow.append(`Consignment-100001-${slowId}`, [{ type: 'ConsignmentCreated', data: { id: slowId, billNo: 'SLOW', content: {}, isReview: 0 } }], { expectedVersion: 0, metadata, streamType: 'Consignment' });
        appended();
        await gate;
      }),
    );
    await inside;
    const fast = await create();
    // the later transaction committed first: its row waits until the older one is done
    await relay().run();
    expect(sentFor(fast.id)).toHaveLength(0);
    release();
    await slow;
    await relay().drain();
    const order = sink.messages.map((m) => m.key);
    expect(order.indexOf(`Consignment-100001-${slowId}`)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(`Consignment-100001-${slowId}`)).toBeLessThan(order.indexOf(`Consignment-100001-${fast.id}`));
  });

  it('shows the relay’s lag beside the projections to the platform administrator', async () => {
    await create();
    let status = data(await platform.get<ProjectionStatus[]>(P)).find((s) => s.name === RELAY_NAME)!;
    expect(status).toMatchObject({ kind: 'relay', rebuilding: false });
    expect(status.lagEvents).toBeGreaterThanOrEqual(1);
    expect(status.oldestPendingAt).not.toBeNull();
    // and as gauges at /metrics
    expect(await (await fetch(`${t.url}/metrics`)).text()).toMatch(/^tpl_outbox_lag_events [1-9]\d*$/m);
    await relay().drain();
    status = data(await platform.get<ProjectionStatus[]>(P)).find((s) => s.name === RELAY_NAME)!;
    expect(status).toMatchObject({ kind: 'relay', lagEvents: 0, lagSeconds: 0, position: status.head });
    // never rebuilt from zero (that would send everything again)
    expect((await platform.post(`${P}/rebuild?name=${RELAY_NAME}`)).status).toBe(409);
    expect(await (await fetch(`${t.url}/metrics`)).text()).toMatch(/^tpl_outbox_lag_events 0$/m);
  });

  describe('inbound consignment orders', () => {
    let offset = 0;
    const message = (value: unknown, headers: Record<string, string>): InboundMessage => ({
      topic: 'tpl.inbound.consignment-orders',
      partition: 0,
      offset: String(offset++),
      key: headers['message-id'] ?? null,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      headers,
    });
    const inbound = () => t.host.integration!.inbound;
    const lastDeadLetter = () => deadLetterSchema.parse(JSON.parse(deadLetters.messages.at(-1)!.value));

    it('makes a draft consignment order through the document kit, once per message id', async () => {
      const headers = { 'message-id': 'ERP-42-0001', 'tenant-id': '100001', 'correlation-id': 'erp-batch-7' };
      const first = await inbound().handle(message(consignmentInput({ remark: 'from the ERP' }), headers));
      expect(first).toMatchObject({ outcome: 'created', id: inboundDocumentId('100001', 'ERP-42-0001') });
      const again = await inbound().handle(message(consignmentInput({ remark: 'from the ERP' }), headers));
      expect(again).toEqual({ outcome: 'duplicate', id: inboundDocumentId('100001', 'ERP-42-0001') });
      // the same order twice at once: one is made, the other is a duplicate
      const both = await Promise.all([1, 2].map(() => inbound().handle(message(consignmentInput(), { ...headers, 'message-id': 'ERP-42-0002' }))));
      expect(both.map((o) => o.outcome).sort()).toEqual(['created', 'duplicate']);
      // a draft the dispatcher sees, with a bill number, made by the integration
      const id = (first as { id: string }).id;
      const doc = data(await dispatcher.get<{ state: string; billNo: string; remark: string; createUser?: string }>(`${C}/detail?id=${id}`));
      expect(doc).toMatchObject({ state: 'Draft', remark: 'from the ERP', billNo: (first as { billNo: string }).billNo });
      const history = data(await dispatcher.get<{ actor: { account: string }; correlationId: string }[]>(`${C}/history?id=${id}`));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ actor: { account: 'integration' }, correlationId: 'erp-batch-7' });
      // and it goes out on the transport topic like any other order
      await relay().drain();
      expect(sentFor(id).map((m) => m.headers['event-type'])).toEqual(['ConsignmentCreated']);
      expect(deadLetters.messages).toHaveLength(0);
    });

    it('sends what cannot become an order to the dead-letter topic with the reason, and makes nothing', async () => {
      const ok = { 'message-id': 'ERP-BAD-1', 'tenant-id': '100001' };
      const cases: [InboundMessage, string, RegExp][] = [
        [message(consignmentInput(), { 'tenant-id': '100001' }), 'invalidHeaders', /message-id/],
        [message(consignmentInput(), { ...ok, 'tenant-id': '999999' }), 'unknownTenant', /999999/],
        [message('{not json', ok), 'invalidJson', /not JSON/],
        [message(consignmentInput({ consignor: undefined }), ok), 'invalidContent', /./],
        [message(consignmentInput({ customerCode: 'NOPE' }), ok), 'unknownReference', /NOPE|customer/i],
      ];
      for (const [m, reason, says] of cases) {
        const before = deadLetters.messages.length;
        const out = await inbound().handle(m);
        expect(out.outcome).toBe('refused');
        expect(deadLetters.messages).toHaveLength(before + 1);
        const dl = lastDeadLetter();
        expect(dl).toMatchObject({ reason, topic: m.topic, offset: m.offset, value: m.value });
        expect(dl.message).toMatch(says);
        expect(deadLetters.messages.at(-1)).toMatchObject({ topic: DEAD_LETTER_TOPIC, headers: { 'refusal-reason': reason } });
      }
      // an invalid field is named
      const content = deadLetters.messages.map((m) => deadLetterSchema.parse(JSON.parse(m.value))).find((d) => d.reason === 'invalidContent')!;
      expect(content.fields.map((f) => f.field).join(' ')).toMatch(/consignor/);
      // none of them made a document
      await expect(inbound().handle(message(consignmentInput(), { ...ok, 'message-id': 'ERP-BAD-1' }))).resolves.toMatchObject({ outcome: 'created' });
    });
  });
});
