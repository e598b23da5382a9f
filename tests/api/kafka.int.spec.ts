import { randomUUID } from 'node:crypto';
import { DEAD_LETTER_TOPIC, INBOUND_CONSIGNMENT_TOPIC, TOPICS, deadLetterSchema } from '@tpl/contracts';
import { KafkaSubscription, ensureTopics, kafkaClient, type InboundMessage } from '@tpl/event-store';
import { inboundDocumentId } from '@tpl/transport';
import { data, type ApiClient } from '../support/api-client';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { describeWith, kafkaServer, type Server } from '../support/containers';

const C = '/api/bl-transport/consignment';
const found = kafkaServer();

/** Until `ready` holds; the suite's timeout bounds it (no timed assertion). */
const until = async <T>(read: () => T | Promise<T>, ready: (v: T) => boolean): Promise<T> => {
  for (;;) {
    const v = await read();
    if (ready(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The kafkajs side against a real broker: KAFKA_BROKERS when given, else one started by
 * testcontainers where Docker is; skipped (and counted so) otherwise. The host relays its
 * outbox to the broker and takes consignment orders from the inbound topic.
 */
describeWith(found)('Kafka: events out and orders in through a broker', () => {
  let server: Server;
  let t: TestHost;
  let dispatcher: ApiClient;
  let received: InboundMessage[];
  let reader: KafkaSubscription;
  let kafka: ReturnType<typeof kafkaClient>;

  beforeAll(async () => {
    server = await found.server!();
    const brokers = server.address.split(',');
    kafka = kafkaClient({ brokers, clientId: 'tpl-test' });
    await ensureTopics(kafka, [...Object.values(TOPICS), INBOUND_CONSIGNMENT_TOPIC, DEAD_LETTER_TOPIC]);
    t = await startTestHost('postgres', '/nonexistent', false, { integration: { kafka: { brokers, clientId: 'tpl-test-host' }, relayPollMs: 50 } });
    dispatcher = await t.client().as('100001', 'dispatcher');
    received = [];
    // a consumer of the operator's other system: its own group, from the beginning
    reader = new KafkaSubscription(kafka, TOPICS.transport, `tpl-test-${randomUUID()}`, async (m) => void received.push(m));
    await reader.start({ fromBeginning: true });
  }, 300_000);
  afterAll(async () => {
    await reader?.stop();
    await t?.stop();
    await server?.stop();
  }, 300_000);

  it('relays a document’s events to its context’s topic, keyed by stream, in order, with the headers', async () => {
    const made = data(await dispatcher.post<{ id: string; version: number }>(`${C}/submit`, consignmentInput(), { 'x-correlation-id': 'kafka-test-1' }));
    await dispatcher.post(`${C}/audit`, { id: made.id, version: made.version });
    const mine = await until(() => received.filter((m) => m.key?.endsWith(made.id)), (l) => l.length >= 2);
    expect(mine.map((m) => m.headers['event-type'])).toEqual(['ConsignmentCreated', 'ConsignmentAudited']);
    expect(new Set(mine.map((m) => m.partition)).size).toBe(1);
    expect(mine[0]!.headers).toMatchObject({ 'tenant-id': '100001', 'schema-version': '2', 'correlation-id': 'kafka-test-1', 'stream-version': '1' });
    expect(JSON.parse(mine[0]!.value!)).toMatchObject({ type: 'ConsignmentCreated', tenantId: '100001', id: mine[0]!.headers['message-id'] });
  }, 300_000);

  it('takes a consignment order from the inbound topic as a draft, once, and dead-letters a refused one with the reason', async () => {
    const producer = kafka.producer();
    await producer.connect();
    const dead: InboundMessage[] = [];
    const deadReader = new KafkaSubscription(kafka, DEAD_LETTER_TOPIC, `tpl-test-${randomUUID()}`, async (m) => void dead.push(m));
    await deadReader.start({ fromBeginning: true });
    try {
      const messageId = `ERP-${randomUUID()}`;
      const order = { key: messageId, value: JSON.stringify(consignmentInput({ remark: 'via Kafka' })), headers: { 'message-id': messageId, 'tenant-id': '100001' } };
      await producer.send({ topic: INBOUND_CONSIGNMENT_TOPIC, messages: [order, order] });
      const bad = `ERP-${randomUUID()}`;
      await producer.send({ topic: INBOUND_CONSIGNMENT_TOPIC, messages: [{ key: bad, value: JSON.stringify(consignmentInput({ customerCode: 'NOPE' })), headers: { 'message-id': bad, 'tenant-id': '100001' } }] });
      const id = inboundDocumentId('100001', messageId);
      const doc = await until(async () => (await dispatcher.get<{ state: string; remark: string }>(`${C}/detail?id=${id}`)).body, (b) => (b as { code: number }).code === 200);
      expect((doc as { data: { state: string; remark: string } }).data).toMatchObject({ state: 'Draft', remark: 'via Kafka' });
      const letters = await until(() => dead.filter((m) => m.headers['message-id'] === bad), (l) => l.length >= 1);
      expect(deadLetterSchema.parse(JSON.parse(letters[0]!.value!))).toMatchObject({ reason: 'unknownReference', topic: INBOUND_CONSIGNMENT_TOPIC });
      // the duplicate made nothing: one Created for that document went out
      const created = await until(() => received.filter((m) => m.key?.endsWith(id)), (l) => l.length >= 1);
      expect(created).toHaveLength(1);
    } finally {
      await deadReader.stop();
      await producer.disconnect();
    }
  }, 300_000);
});
