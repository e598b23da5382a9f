import { z } from 'zod';
import { KIT_FACTS, eventTypeOf, type DocumentDef, type DocumentService } from '../documents/define';
import { documents } from '../documents/registry';
import { STOCK_ACCOUNT, stockEventTypes } from '../warehouse/stock';

/**
 * What leaves the product for an operator's other systems (docs/INTEGRATION.md): the events of
 * every document type and the stock facts, each on its context's topic, keyed by its stream
 * (so a consumer sees one document's events in order). Identity's, access's, master data's
 * and workflow's events never leave (password hashes, sessions, approvals' internals).
 */
export const TOPICS = {
  transport: 'tpl.transport',
  warehouse: 'tpl.warehouse',
  billing: 'tpl.billing',
  gate: 'tpl.gate',
  production: 'tpl.production',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** A document type's context (its service) -> its topic. */
const topicOfService: Record<DocumentService, Topic> = {
  'bl-transport': TOPICS.transport,
  'bl-warehouse': TOPICS.warehouse,
  'bl-billing': TOPICS.billing,
  'bl-gate': TOPICS.gate,
  'bl-production': TOPICS.production,
};

/** Every fact a document of this type can record: the kit's and each action's. */
const factsOf = (def: DocumentDef): string[] => [...new Set([...Object.values(KIT_FACTS), ...Object.values(def.actions).map((a) => a.fact)])];

/**
 * The published event types and their topics: from the document descriptions (a new type is
 * published by its registry line, nothing else) and the stock ledger's facts.
 */
export const publishedEvents = (docs: readonly DocumentDef[] = documents): ReadonlyMap<string, Topic> => {
  const out = new Map<string, Topic>();
  for (const def of docs) for (const fact of factsOf(def)) out.set(eventTypeOf(def, fact), topicOfService[def.service]);
  for (const type of stockEventTypes) out.set(type, TOPICS.warehouse);
  return out;
};

/** Stream types whose events are published, and their topics (docs/INTEGRATION.md's table). */
export const publishedStreams = (docs: readonly DocumentDef[] = documents): ReadonlyMap<string, Topic> =>
  new Map<string, Topic>([...docs.map((d) => [d.streamType, topicOfService[d.service]] as const), [STOCK_ACCOUNT, TOPICS.warehouse]]);

/** Kafka header names every outgoing message carries (values are strings). */
export const MESSAGE_HEADERS = {
  /** the event's id: the same on every delivery of it; consumers deduplicate by it */
  messageId: 'message-id',
  tenantId: 'tenant-id',
  eventType: 'event-type',
  schemaVersion: 'schema-version',
  correlationId: 'correlation-id',
  causationId: 'causation-id',
  /** the stream (also the message key) and the event's version in it */
  streamId: 'stream-id',
  streamVersion: 'stream-version',
  occurredAt: 'occurred-at',
  contentType: 'content-type',
} as const;

/** The value of an outgoing message (JSON): the event's fact and where it comes from. */
export const outboundMessageSchema = z.object({
  id: z.string(),
  type: z.string(),
  schemaVersion: z.number().int().positive(),
  tenantId: z.string(),
  streamId: z.string(),
  streamType: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  /** who did it: their user id and account (no names: the consumer has its own directory) */
  actor: z.object({ userId: z.string(), account: z.string() }),
  data: z.unknown(),
});
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;

// ------------------------------------------------------------------ inbound

/** Consignment orders from a customer's system: each message becomes a draft consignment order. */
export const INBOUND_CONSIGNMENT_TOPIC = 'tpl.inbound.consignment-orders';
/** Inbound messages refused (invalid, unknown tenant or customer...): the message as it came, with the reason in headers and value. */
export const DEAD_LETTER_TOPIC = 'tpl.inbound.dead-letter';
export const INBOUND_GROUP = 'tpl-inbound-consignment';

/**
 * The headers an inbound consignment order carries: `message-id` (the sender's id for this
 * order: a second message with the same id is the same order, taken once) and `tenant-id`
 * (the operator's tenant it is for). The value is the consignment's submit body as the API
 * takes it (POST /api/bl-transport/consignment/submit without id): the same fields, the same rules.
 */
export const inboundHeadersSchema = z.object({
  [MESSAGE_HEADERS.messageId]: z.string().trim().min(1).max(200),
  [MESSAGE_HEADERS.tenantId]: z.string().regex(/^\d{6}$/),
});

/** Why an inbound message was refused (the dead letter's value.reason). */
export const REFUSALS = ['invalidHeaders', 'invalidJson', 'invalidContent', 'unknownTenant', 'unknownReference', 'refused'] as const;
export type Refusal = (typeof REFUSALS)[number];

/** A dead letter's value: the reason, worded in English, and the message as it came. */
export const deadLetterSchema = z.object({
  reason: z.enum(REFUSALS),
  message: z.string(),
  /** the fields named by a content refusal */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
  /** a refusal by a rule: our message code, and the tenant's code for it when its outerrormsg names one (docs/DOMAIN.md "The message catalogue") */
  code: z.string().optional(),
  externalCode: z.string().optional(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  key: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  value: z.string().nullable(),
  refusedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
