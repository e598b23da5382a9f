import type * as KafkaJs from 'kafkajs';
import type { MessageSink, SinkMessage } from './outbox';

/** kafkajs, loaded only when Kafka is configured (KAFKA_BROKERS), never by merely importing this package. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kafkajs = (): typeof KafkaJs => require('kafkajs') as typeof KafkaJs;

export type KafkaOptions = { brokers: readonly string[]; clientId?: string };

/** KAFKA_BROKERS (comma-separated host:port) and KAFKA_CLIENT_ID; undefined when Kafka is not configured. */
export const kafkaFromEnv = (env: NodeJS.ProcessEnv = process.env): KafkaOptions | undefined => {
  const brokers = (env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean);
  return brokers.length ? { brokers, clientId: env.KAFKA_CLIENT_ID || 'tpl-console' } : undefined;
};

export const kafkaClient = (options: KafkaOptions): KafkaJs.Kafka => {
  const { Kafka, logLevel } = kafkajs();
  return new Kafka({ clientId: options.clientId ?? 'tpl-console', brokers: [...options.brokers], logLevel: logLevel.WARN });
};

/**
 * The relay's sink on Kafka: an idempotent producer (the broker drops a retried duplicate of
 * the same producer session), every message acknowledged by all in-sync replicas before the
 * batch counts as sent; one request in flight, so a retry never reorders a partition.
 */
export class KafkaSink implements MessageSink {
  private connected: Promise<void> | undefined;
  private readonly producer: KafkaJs.Producer;

  constructor(kafka: KafkaJs.Kafka) {
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  }

  private connect() {
    this.connected ??= this.producer.connect().catch((err: unknown) => {
      this.connected = undefined;
      throw err;
    });
    return this.connected;
  }

  async send(messages: readonly SinkMessage[]): Promise<void> {
    if (!messages.length) return;
    await this.connect();
    const byTopic = new Map<string, KafkaJs.Message[]>();
    for (const m of messages) {
      const list = byTopic.get(m.topic) ?? [];
      list.push({ key: m.key, value: m.value, headers: m.headers });
      byTopic.set(m.topic, list);
    }
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })) });
  }

  async close(): Promise<void> {
    if (this.connected) await this.producer.disconnect();
    this.connected = undefined;
  }
}

/** A message as the inbound handlers read it: kafkajs's buffers turned into strings. */
export type InboundMessage = {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
};

const text = (v: Buffer | string | null | undefined): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : v.toString('utf8'));

export const inboundOf = (topic: string, partition: number, m: KafkaJs.KafkaMessage): InboundMessage => {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.headers ?? {})) {
    const first = Array.isArray(v) ? v[0] : v;
    const s = text(first);
    if (s !== null) headers[k] = s;
  }
  return { topic, partition, offset: m.offset, key: text(m.key), value: text(m.value), headers };
};

/**
 * A consumer group on one topic: each message is handed to `handle` and its offset committed
 * only after `handle` resolved (at least once: after a crash the message comes again, so the
 * handler must be idempotent). A handler that throws is retried by kafkajs; refusals are not
 * thrown but sent to a dead-letter topic by the handler itself.
 */
export class KafkaSubscription {
  private readonly consumer: KafkaJs.Consumer;

  constructor(
    kafka: KafkaJs.Kafka,
    private readonly topic: string,
    groupId: string,
    private readonly handle: (message: InboundMessage) => Promise<void>,
  ) {
    this.consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
  }

  async start(options: { fromBeginning?: boolean } = {}): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [this.topic], fromBeginning: options.fromBeginning ?? true });
    await this.consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        await this.handle(inboundOf(topic, partition, message));
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}

/** Creates the topics that do not exist yet (the relay's and the inbound ones); on a broker without auto-creation, run at start. */
export const ensureTopics = async (kafka: KafkaJs.Kafka, topics: readonly string[], numPartitions = 6): Promise<void> => {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t));
    if (missing.length) await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions })) });
  } finally {
    await admin.disconnect();
  }
};
