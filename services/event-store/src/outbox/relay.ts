import type { Pool, PoolClient } from 'pg';
import { runAsSystem } from '../tenant-context';
import type { MessageSink, SinkMessage } from './outbox';
import type { ProjectionStatus, StatusSource } from '../projector';
import type { LeaseGate } from '../leases';
import type { GaugeSource } from '../metrics';

/**
 * The relay: sends the outbox's rows to the sink in the readers' order (writing transaction,
 * then id, after a cursor kept in tpl_checkpoints as `outbox-relay`), a batch at a time, and
 * deletes them and moves the cursor once the sink acknowledged them. One relay runs across hosts: each batch is a
 * transaction that first takes an advisory lock (try: a host that does not get it leaves the
 * batch to the one that has it), as the projector's batches do.
 *
 * - At least once: a crash or a refused send between the send and the commit leaves the rows,
 *   and they go again; consumers deduplicate by the `message-id` header (the event's id).
 * - Order per stream: a row carries its append's transaction id, and rows go in (transaction id,
 *   id) order, only of transactions older than every one still running (as readAll hands out
 *   events): nothing can appear behind the cursor, and since an append never follows a stream
 *   version a younger transaction wrote, a stream's events go in the stream's order. Keyed by
 *   stream, one document's events reach its partition in order. (Following ids alone would
 *   skip a row whose transaction took its id early and committed late; scanning from the
 *   start after deletes would wade through dead index entries.)
 * - The transaction takes a transaction id only at its DELETE, just before it commits: a slow
 *   send never holds back the readers of the global order (readAll waits for older open
 *   transactions).
 */
export type RelayOptions = {
  /** how often it looks for rows (ms; 0 or less: only when asked) */
  pollMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
  /** several hosts: only the holder of the lease `outbox-relay` polls (leases.ts); the batch's lock keeps it exact without */
  leases?: LeaseGate;
  /** test hook: after the send, before the rows are deleted */
  afterSend?: (messages: readonly SinkMessage[]) => Promise<void>;
};

/** The relay's lag, as the projections' status shows it (GET /api/bl-report/projections) and the metrics gauge reads it. */
export type RelayStatus = {
  /** rows not yet acknowledged by the sink */
  pending: number;
  /** seconds since the oldest of them was written (0 when none), by the database's clock */
  lagSeconds: number;
  oldestPendingAt: string | null;
  newestPendingAt: string | null;
  /** id of the newest row written (the outbox's head) */
  head: string;
  /** id of the last row the sink acknowledged ('0': none yet) */
  position: string;
  /** messages this process relayed since it started, and when it last did */
  relayed: number;
  lastRelayedAt: string | null;
};

/** The relay's name: its line in the projections' status and its cursor's row in tpl_checkpoints. */
export const RELAY_NAME = 'outbox-relay';

const LOCK_NAMESPACE = 7_310_334;
const LOCK_KEY = 1;
const DEFAULT_BATCH = 500;

type Row = { id: string; tx: string; topic: string; message_key: string; headers: Record<string, string>; payload: string };

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private relayedCount = 0;
  private lastRelayed: Date | null = null;
  private ensured = false;

  constructor(
    private readonly pool: Pool,
    private readonly sink: MessageSink,
    private readonly options: RelayOptions = {},
  ) {}

  start(): void {
    const ms = this.options.pollMs ?? 200;
    if (this.timer || !(ms > 0)) return;
    const leases = this.options.leases;
    leases?.want(RELAY_NAME);
    this.timer = setInterval(() => {
      if (leases && !leases.holds(RELAY_NAME)) return;
      void this.run().catch((e: unknown) => this.report(e));
    }, ms);
    this.timer.unref();
  }

  /** Stops polling and waits for the batch under way (the sink and the pool are closed by their owners). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private report(error: unknown) {
    if (this.options.onError) this.options.onError(error);
    else console.error(`outbox relay failed: ${error instanceof Error ? error.stack : String(error)}`);
  }

  /** Relays batches until the outbox is empty or another host holds the relay; how many this call sent. One run at a time in a process. */
  run(): Promise<number> {
    this.running ??= runAsSystem(() => this.runBatches()).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Runs until the outbox holds no row written before this call (tests, the bench). */
  async drain(): Promise<void> {
    for (;;) {
      await this.run();
      const { pending } = await this.status();
      if (pending === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async runBatches(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, more } = await this.batch();
      total += sent;
      if (!more) return total;
    }
  }

  private async batch(): Promise<{ sent: number; more: boolean }> {
    const size = this.options.batchSize ?? DEFAULT_BATCH;
    const client: PoolClient = await this.pool.connect();
    try {
      if (!this.ensured) {
        // outside the batch's transaction: it takes a transaction id only at its DELETE
        await client.query('INSERT INTO tpl_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [RELAY_NAME]);
        this.ensured = true;
      }
      await client.query('BEGIN');
      const { rows: lock } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [LOCK_NAMESPACE, LOCK_KEY]);
      if (!lock[0]?.ok) {
        await client.query('ROLLBACK');
        return { sent: 0, more: false };
      }
      const { rows: at } = await client.query<{ cursor: string }>('SELECT cursor FROM tpl_checkpoints WHERE name = $1', [RELAY_NAME]);
      const [tx, id] = (at[0]?.cursor ?? '0') === '0' ? ['0', '0'] : at[0]!.cursor.split(':');
      // rows after the cursor, only of transactions older than every one still running: none can
      // still appear before them (a row deleted behind the cursor is never scanned again)
      const { rows } = await client.query<Row>('SELECT * FROM tpl_outbox_after($1::xid8, $2::bigint, $3)', [tx, id, size]);
      if (!rows.length) {
        await client.query('ROLLBACK');
        return { sent: 0, more: false };
      }
      const messages = rows.map((r) => ({ topic: r.topic, key: r.message_key, value: r.payload, headers: r.headers }));
      await this.sink.send(messages);
      await this.options.afterSend?.(messages);
      const last = rows[rows.length - 1]!;
      await client.query('DELETE FROM tpl_outbox WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      await client.query('UPDATE tpl_checkpoints SET cursor = $2, position = $3, updated_at = now() WHERE name = $1', [RELAY_NAME, `${last.tx}:${last.id}`, last.id]);
      await client.query('COMMIT');
      this.relayedCount += rows.length;
      this.lastRelayed = new Date();
      return { sent: rows.length, more: rows.length === size };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  status(): Promise<RelayStatus> {
    return runAsSystem(async () => {
      const { rows } = await this.pool.query<{ n: string; oldest: Date | null; newest: Date | null; age: number | null; head: string | null; position: string | null }>(
        `SELECT count(*)::text AS n, min(created_at) AS oldest, max(created_at) AS newest,
                EXTRACT(EPOCH FROM clock_timestamp() - min(created_at))::double precision AS age,
                (SELECT last_value::text FROM tpl_outbox_id_seq) AS head,
                (SELECT position::text FROM tpl_checkpoints WHERE name = $1) AS position
           FROM tpl_outbox`,
        [RELAY_NAME],
      );
      const r = rows[0]!;
      const pending = Number(r.n);
      return {
        pending,
        lagSeconds: pending && r.age !== null ? Math.max(0, Math.round(Number(r.age) * 1000) / 1000) : 0,
        oldestPendingAt: r.oldest ? r.oldest.toISOString() : null,
        newestPendingAt: r.newest ? r.newest.toISOString() : null,
        head: r.head ?? '0',
        position: r.position ?? '0',
        relayed: this.relayedCount,
        lastRelayedAt: this.lastRelayed ? this.lastRelayed.toISOString() : null,
      };
    });
  }
}

/** The relay as a line of the projections' status: position = rows acknowledged up to, head = newest row written. */
export const relayStatusSource = (relay: OutboxRelay): StatusSource => ({
  name: RELAY_NAME,
  status: async (): Promise<ProjectionStatus> => {
    const s = await relay.status();
    return {
      name: RELAY_NAME,
      kind: 'relay',
      position: s.pending ? s.position : s.head,
      head: s.head,
      lagEvents: s.pending,
      lagSeconds: s.lagSeconds,
      oldestPendingAt: s.oldestPendingAt,
      newestPendingAt: s.newestPendingAt,
      rebuilding: false,
      rebuildStartedAt: null,
      updatedAt: s.lastRelayedAt,
    };
  },
});

/** The outbox's lag for this host's metrics (Metrics.addGauge): rows not yet acknowledged by Kafka, and the age of the oldest. */
export const relayGauges = (relay: OutboxRelay): GaugeSource[] => [
  { name: 'tpl_outbox_lag_events', help: 'Outbox rows not yet acknowledged by Kafka', read: async () => [{ value: (await relay.status()).pending }] },
  { name: 'tpl_outbox_lag_seconds', help: 'Age in seconds of the oldest outbox row not yet acknowledged by Kafka', read: async () => [{ value: (await relay.status()).lagSeconds }] },
];
