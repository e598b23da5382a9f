import type { Migration } from '../migrations';
import type { InlineProjection, SqlText, StoredEvent } from '../port';
import { literal } from '../sql';
import type { UpcasterRegistry } from '../upcasters';

/**
 * The transactional outbox (docs/INTEGRATION.md). Every published event is written to
 * tpl_outbox by an inline projection, so the row commits in the append's own transaction or
 * not at all: no event is published that the store does not hold, none held is left
 * unpublished. The relay (relay.ts) sends the rows to the sink in the readers' order and deletes them.
 *
 * A row is the message as it will be sent: topic, key (the stream: one document's events stay
 * in order on one partition), headers and the JSON value.
 */
export const OUTBOX_TABLE = 'tpl_outbox';
/** The outbox's name among the inline projections (and the projector's, on KurrentDB: never rebuilt). */
export const OUTBOX_PROJECTION = 'outbox';

export const outboxMigrations: Migration[] = [
  {
    id: 'event-store/010-outbox',
    sql: `
CREATE TABLE IF NOT EXISTS tpl_outbox (
  id bigserial PRIMARY KEY,
  message_id text NOT NULL,
  tenant_id text NOT NULL,
  topic text NOT NULL,
  message_key text NOT NULL,
  headers jsonb NOT NULL,
  payload text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- the writing transaction: the relay follows (tx, id) as readAll follows the events, so it never
  -- skips a row a slower transaction commits later with a smaller id
  tx xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX IF NOT EXISTS tpl_outbox_order ON tpl_outbox (tx, id);
-- the relay's read, with its own planner settings (row security makes the planner expect a
-- handful of rows and prefer a scan and a sort over the index)
CREATE OR REPLACE FUNCTION tpl_outbox_after(v_after_tx xid8, v_after_id bigint, v_limit int)
RETURNS TABLE (id text, tx text, topic text, message_key text, headers jsonb, payload text)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_sort = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $body$
  SELECT o.id::text, o.tx::text, o.topic, o.message_key, o.headers, o.payload
    FROM tpl_outbox o
   WHERE (o.tx, o.id) > (v_after_tx, v_after_id)
     AND o.tx < pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY o.tx, o.id
   LIMIT v_limit
$body$;
`,
  },
];

/** A message as a sink sends it. */
export type SinkMessage = { topic: string; key: string; value: string; headers: Record<string, string> };

/**
 * Where the relay delivers: Kafka (kafka.ts) or memory (tests, the bench). `send` resolves
 * only when every message is acknowledged; it rejects when any may not have been (the relay
 * then keeps the rows and sends them again: at least once).
 */
export interface MessageSink {
  send(messages: readonly SinkMessage[]): Promise<void>;
  close(): Promise<void>;
}

/** Every message sent, in order: the sink of the tests and the bench. `failures`: how many next sends reject. */
export class MemorySink implements MessageSink {
  readonly messages: SinkMessage[] = [];
  failures = 0;
  async send(messages: readonly SinkMessage[]): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('memory sink: send refused (test)');
    }
    this.messages.push(...messages);
  }
  async close(): Promise<void> {}
}

/** What the outbox publishes: event type -> topic. */
export type OutboxCatalogue = ReadonlyMap<string, string>;

const streamTypeOf = (streamName: string) => streamName.split('-', 1)[0]!;

/** The message of one event: headers (strings) and the JSON value (docs/INTEGRATION.md). */
export const messageOf = (e: StoredEvent, topic: string, schemaVersion: number): SinkMessage & { id: string; tenantId: string } => {
  const id = e.id!;
  const m = e.metadata;
  const value = {
    id,
    type: e.type,
    schemaVersion,
    tenantId: m.tenantId,
    streamId: e.streamName,
    streamType: streamTypeOf(e.streamName),
    version: e.version,
    occurredAt: m.occurredAt,
    correlationId: m.correlationId,
    causationId: m.causationId ?? '',
    actor: { userId: m.actor.userId, account: m.actor.account },
    data: e.data,
  };
  return {
    id,
    tenantId: m.tenantId,
    topic,
    key: e.streamName,
    value: JSON.stringify(value),
    headers: {
      'message-id': id,
      'tenant-id': m.tenantId,
      'event-type': e.type,
      'schema-version': String(schemaVersion),
      'correlation-id': m.correlationId,
      'causation-id': m.causationId ?? '',
      'stream-id': e.streamName,
      'stream-version': String(e.version),
      'occurred-at': m.occurredAt,
      'content-type': 'application/json',
    },
  };
};

/**
 * The outbox as an inline projection: one multi-row INSERT per append, riding in its
 * transaction (the append path is not touched). Only the catalogue's types are written.
 */
export const outboxProjection = (catalogue: OutboxCatalogue, upcasters: UpcasterRegistry): InlineProjection => ({
  name: OUTBOX_PROJECTION,
  tables: [OUTBOX_TABLE],
  handles: [...catalogue.keys()],
  project(events: StoredEvent[]): SqlText[] {
    const rows = events.flatMap((e) => {
      const topic = catalogue.get(e.type);
      if (!topic) return [];
      const m = messageOf(e, topic, upcasters.currentVersion(e.type));
      return [`(${[m.id, m.tenantId, m.topic, m.key, m.headers, m.value].map(literal).join(', ')})`];
    });
    if (!rows.length) return [];
    return [`INSERT INTO tpl_outbox (message_id, tenant_id, topic, message_key, headers, payload) VALUES ${rows.join(', ')}` as SqlText];
  },
});
