import type * as Kurrent from '@kurrent/kurrentdb-client';

/** The KurrentDB driver, loaded only when a KurrentDB store is opened (KURRENTDB_URL configured), never by merely importing this package. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kurrent = (): typeof Kurrent => require('@kurrent/kurrentdb-client') as typeof Kurrent;
import { UpcasterRegistry } from './upcasters';
import {
  StaleVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStorePort,
  type NewEvent,
  type ReadAllOptions,
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
};

/** KurrentDB has no schema-version column: the version travels in the event's metadata and is taken out on read. */
const SCHEMA_VERSION = 'schemaVersion';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The same port on KurrentDB, for operators who run it instead of PostgreSQL. Stream
 * versions are KurrentDB revisions + 1; the global position is the $all commit position.
 * Inline SQL projections cannot share KurrentDB's write, so read models follow it
 * asynchronously by global position (see docs/ARCHITECTURE.md).
 */
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
        globalPosition: String(e.position?.commit ?? 0n),
        cursor: String(e.position?.commit ?? 0n),
        type: e.type,
        data: e.data,
        metadata: metadata as EventMetadata,
      },
      schemaVersion as string | number | undefined,
    );
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
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
      const commit = String(result.position?.commit ?? 0n);
      return { nextVersion: Number(result.nextExpectedRevision) + 1, globalPositions: events.map(() => commit) };
    } catch (err) {
      if (err instanceof kurrent().WrongExpectedVersionError) throw new StaleVersionError(streamName, options.expectedVersion);
      throw err;
    }
  }

  async readStream(streamName: string, options: { toVersion?: number } = {}): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamName, {
        direction: kurrent().FORWARDS,
        fromRevision: kurrent().START,
        ...(options.toVersion !== undefined ? { maxCount: options.toVersion } : {}),
      });
      for await (const resolved of read) if (resolved.event) out.push(this.toStored(resolved.event as unknown as Recorded));
    } catch (err) {
      if (err instanceof kurrent().StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll(after: string, limit: number, options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const from = after === '0' ? kurrent().START : { commit: BigInt(after), prepare: BigInt(after) };
    const out: StoredEvent[] = [];
    const filter = options.types ? kurrent().eventTypeFilter({ regex: `^(${options.types.map(escapeRegex).join('|')})$` }) : kurrent().excludeSystemEvents();
    const read = this.client.readAll({ direction: kurrent().FORWARDS, fromPosition: from, maxCount: limit + 1, filter });
    for await (const resolved of read) {
      const e = resolved.event as unknown as Recorded | undefined;
      if (!e || String(e.position?.commit) === after) continue;
      out.push(this.toStored(e));
      if (out.length === limit) break;
    }
    return out;
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
