import type * as Kurrent from '@kurrent/kurrentdb-client';

/** The KurrentDB driver, loaded only when a KurrentDB store is opened (KURRENTDB_URL configured), never by merely importing this package. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kurrent = (): typeof Kurrent => require('@kurrent/kurrentdb-client') as typeof Kurrent;
import { UpcasterRegistry } from './upcasters';
import { SerialFirstError } from './serial';
import {
  StaleVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStorePort,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type UnitOfWork,
} from './port';

type Recorded = {
  id?: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
  created?: Date;
};

/** KurrentDB has no schema-version column: the version travels in the event's metadata and is taken out on read. */
const SCHEMA_VERSION = 'schemaVersion';

/**
 * A reader's cursor on $all: "<commit>:<prepare>", the event's position ('0': the start). The
 * projector compares cursors as (first, second) pairs, which is $all's order here.
 */
const cursorOf = (p: { commit: bigint; prepare: bigint } | undefined) => (p ? `${p.commit}:${p.prepare}` : '0');
const positionOf = (cursor: string) => {
  const m = /^(\d+):(\d+)$/.exec(cursor);
  if (!m) throw new Error(`not a KurrentDB read cursor: ${cursor}`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The same port on KurrentDB, for operators who run it instead of PostgreSQL. Stream
 * versions are KurrentDB revisions + 1; the global position is the $all commit position.
 * Inline SQL projections cannot share KurrentDB's write, so read models follow it
 * asynchronously by global position (see docs/ARCHITECTURE.md).
 */
/** How far pending() counts: the status shows "at least" this many behind. */
const PENDING_CAP = 10_000;

export class KurrentEventStore implements EventStorePort {
  private constructor(
    private readonly client: Kurrent.KurrentDBClient,
    readonly upcasters: UpcasterRegistry,
  ) {}

  static connect(connectionString: string, upcasters: UpcasterRegistry = new UpcasterRegistry()): KurrentEventStore {
    return new KurrentEventStore(kurrent().KurrentDBClient.connectionString`${connectionString}`, upcasters);
  }

  private toStored(e: Recorded): StoredEvent {
    const { [SCHEMA_VERSION]: schemaVersion, ...metadata } = (e.metadata ?? {}) as Record<string, unknown>;
    return this.upcasters.upcast(
      {
        ...(e.id ? { id: e.id } : {}),
        streamName: e.streamId,
        version: Number(e.revision) + 1,
        // the events of one append share a commit position; the prepare position is each one's own
        globalPosition: String(e.position?.prepare ?? 0n),
        cursor: cursorOf(e.position),
        type: e.type,
        data: e.data,
        metadata: metadata as EventMetadata,
      },
      schemaVersion as string | number | undefined,
    );
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { cursor: _cursor, ...result } = await this.appendAt(streamName, events, options);
    return result;
  }

  /** The append, with the cursor of its last event: read models wait until they have passed it (read-your-writes). */
  async appendAt(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult & { cursor: string }> {
    // no serial is taken here (takesSerials is not set): the caller takes it first
    if (options.serial) throw new SerialFirstError();
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((e) =>
          kurrent().jsonEvent({
            type: e.type,
            data: (e.data ?? {}) as Record<string, unknown>,
            metadata: { ...options.metadata, [SCHEMA_VERSION]: this.upcasters.currentVersion(e.type) },
          }),
        ),
        { streamState: options.expectedVersion === 0 ? kurrent().NO_STREAM : BigInt(options.expectedVersion - 1) },
      );
      const at = String(result.position?.prepare ?? 0n);
      return { nextVersion: Number(result.nextExpectedRevision) + 1, globalPositions: events.map(() => at), cursor: cursorOf(result.position) };
    } catch (err) {
      if (err instanceof kurrent().WrongExpectedVersionError) throw new StaleVersionError(streamName, options.expectedVersion);
      throw err;
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    // a stream's version is its revision + 1: the events after version v start at revision v
    const from = options.fromVersion ?? 0;
    if (options.toVersion !== undefined && options.toVersion <= from) return out;
    try {
      const read = this.client.readStream(streamName, {
        direction: kurrent().FORWARDS,
        fromRevision: from > 0 ? BigInt(from) : kurrent().START,
        ...(options.toVersion !== undefined ? { maxCount: options.toVersion - from } : {}),
      });
      for await (const resolved of read) if (resolved.event) out.push(this.toStored(resolved.event as unknown as Recorded));
    } catch (err) {
      if (err instanceof kurrent().StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  private filterOf(options: ReadAllOptions) {
    return options.types ? kurrent().eventTypeFilter({ regex: `^(${options.types.map(escapeRegex).join('|')})$` }) : kurrent().excludeSystemEvents();
  }

  /** Events after a cursor ("<commit>:<prepare>" of the last event read; '0': from the start), in $all's order. `_db`: the projector's connection, unused here. */
  async readAll(after: string, limit: number, options: ReadAllOptions = {}, _db?: unknown): Promise<StoredEvent[]> {
    const from = after === '0' ? kurrent().START : positionOf(after);
    const out: StoredEvent[] = [];
    const read = this.client.readAll({ direction: kurrent().FORWARDS, fromPosition: from, maxCount: limit + 1, filter: this.filterOf(options) });
    for await (const resolved of read) {
      const e = resolved.event as unknown as Recorded | undefined;
      // the read starts at the cursor's own event: skip it, not the rest of its append
      if (!e || cursorOf(e.position) === after) continue;
      out.push(this.toStored(e));
      if (out.length === limit) break;
    }
    return out;
  }

  /** The newest event (of these types) in $all: where a follower has caught up. */
  async head(options: ReadAllOptions = {}, _db?: unknown): Promise<{ cursor: string; position: string }> {
    const read = this.client.readAll({ direction: kurrent().BACKWARDS, fromPosition: kurrent().END, maxCount: 1, filter: this.filterOf(options) });
    for await (const resolved of read) {
      const e = resolved.event as unknown as Recorded | undefined;
      if (e?.position) return { cursor: cursorOf(e.position), position: String(e.position.prepare) };
    }
    return { cursor: '0', position: '0' };
  }

  /**
   * Events (of these types) after a cursor: how many (counted up to PENDING_CAP, a read of
   * $all), and when the oldest and newest were written, by KurrentDB's clock.
   */
  async pending(after: string, options: ReadAllOptions = {}, _db?: unknown): Promise<{ count: number; oldestAt: Date | null; newestAt: Date | null; oldestAgeSeconds: number }> {
    const from = after === '0' ? kurrent().START : positionOf(after);
    let count = 0;
    let oldestAt: Date | null = null;
    let newestAt: Date | null = null;
    const read = this.client.readAll({ direction: kurrent().FORWARDS, fromPosition: from, maxCount: PENDING_CAP + 1, filter: this.filterOf(options) });
    for await (const resolved of read) {
      const e = resolved.event as unknown as Recorded | undefined;
      if (!e || cursorOf(e.position) === after) continue;
      count++;
      oldestAt ??= e.created ?? null;
      newestAt = e.created ?? newestAt;
      if (count === PENDING_CAP) break;
    }
    return { count, oldestAt, newestAt, oldestAgeSeconds: oldestAt ? Math.max(0, (Date.now() - oldestAt.getTime()) / 1000) : 0 };
  }

  /**
   * KurrentDB has no transaction across streams: the work's appends go one by one, each with
   * its expected version (a stale one still fails that append). Read models are PostgreSQL's,
   * fed asynchronously, so a unit of work here has no SQL of its own.
   */
  async withTransaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return work({
      readStream: (s, o) => this.readStream(s, o),
      append: (s, e, o) => this.append(s, e, o),
      query: () => Promise.reject(new Error('KurrentDB units of work run no SQL; read models follow asynchronously')),
    });
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
