import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEAD_LETTER_TOPIC, INBOUND_CONSIGNMENT_TOPIC, INBOUND_GROUP, MATERIAL_INBOUND_GROUP, MATERIAL_INBOUND_TOPIC, TOPICS } from '@tpl/contracts';
import {
  KafkaSink,
  KafkaSubscription,
  OutboxRelay,
  ensureTopics,
  kafkaClient,
  relayGauges,
  relayStatusSource,
  type KafkaOptions,
  type MessageSink,
  type Storage,
} from '@tpl/event-store';
import { DocumentCommands, DocumentService } from '@tpl/documents';
import { AuthService } from '@tpl/identity';
import { ConsignmentInbound, type ExternalWording } from '@tpl/transport';
import { MaterialInbox, MessageCatalogue } from '@tpl/masterdata';

/**
 * Events out to Kafka and orders in from it (docs/INTEGRATION.md). Given, the host writes
 * every published event to the outbox (in the append's transaction) and runs the relay;
 * with Kafka, the relay's sink is a kafkajs producer and the inbound consumer takes
 * consignment orders. Tests give a sink of their own (MemorySink) and no Kafka.
 */
export type IntegrationConfig = {
  /** KAFKA_BROKERS: the relay sends there and the inbound consumer reads there */
  kafka?: KafkaOptions | undefined;
  /** where the relay sends (default: Kafka); dead letters go to deadLetters, else here */
  sink?: MessageSink;
  deadLetters?: MessageSink;
  /** OUTBOX_POLL_MS, 200 by default; 0: only when asked (tests) */
  relayPollMs?: number;
  /** KAFKA_INBOUND=false: no consumer on this host (the relay still runs) */
  inbound?: boolean;
};

export type Integration = {
  relay: OutboxRelay;
  inbound: ConsignmentInbound;
  close(): Promise<void>;
};

export const integrationFromEnv = (kafka: KafkaOptions | undefined, env: NodeJS.ProcessEnv = process.env): IntegrationConfig | undefined =>
  kafka ? { kafka, relayPollMs: Number(env.OUTBOX_POLL_MS ?? 200), inbound: env.KAFKA_INBOUND !== 'false' } : undefined;

export const startIntegration = async (app: NestFastifyApplication, storage: Storage, config: IntegrationConfig, onError: (what: string, e: unknown) => void): Promise<Integration> => {
  const kafka = config.kafka ? kafkaClient(config.kafka) : undefined;
  if (kafka) await ensureTopics(kafka, [...Object.values(TOPICS), INBOUND_CONSIGNMENT_TOPIC, MATERIAL_INBOUND_TOPIC, DEAD_LETTER_TOPIC]);
  const own = kafka && (!config.sink || !config.deadLetters) ? new KafkaSink(kafka) : undefined;
  const sink = config.sink ?? own;
  if (!sink) throw new Error('integration: neither a sink nor Kafka brokers given');
  const relay = new OutboxRelay(storage.db.pool, sink, { pollMs: config.relayPollMs ?? 200, leases: storage.leases, onError: (e) => onError('outbox relay', e) });
  storage.projector.addStatusSource(relayStatusSource(relay));
  for (const gauge of relayGauges(relay)) storage.metrics.addGauge(gauge);
  relay.start();
  const auth = app.get(AuthService);
  // a refusal worded for the sending system as its tenant's outerrormsg says (master data's catalogue)
  const catalogue = app.get(MessageCatalogue, { strict: false });
  const external: ExternalWording = (tenantId, code, vars) => catalogue.external(tenantId, code, 'en', vars);
  const inbound = new ConsignmentInbound(app.get(DocumentService), app.get(DocumentCommands), (t) => auth.tenantExists(t), config.deadLetters ?? sink, external);
  let subscription: KafkaSubscription | undefined;
  let materials: KafkaSubscription | undefined;
  if (kafka && config.inbound !== false) {
    subscription = new KafkaSubscription(kafka, INBOUND_CONSIGNMENT_TOPIC, INBOUND_GROUP, async (m) => {
      await inbound.handle(m);
    });
    await subscription.start();
    // the customer's materials wait in master data's inbox until a material sync takes them (the dialog offers Kafka as the source)
    const inbox = app.get(MaterialInbox);
    materials = new KafkaSubscription(kafka, MATERIAL_INBOUND_TOPIC, MATERIAL_INBOUND_GROUP, async (m) => {
      if (!(await inbox.receive(m))) onError('material inbox', new Error(`message ${m.topic}/${m.partition}/${m.offset} refused: headers message-id and tenant-id, and a JSON value of materials, are required`));
    });
    await materials.start();
    inbox.enabled = true;
  }
  return {
    relay,
    inbound,
    close: async () => {
      await subscription?.stop();
      await materials?.stop();
      await relay.stop();
      await own?.close();
    },
  };
};
