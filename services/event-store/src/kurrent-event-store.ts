import {
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@kurrent/kurrentdb-client';
import {
  StaleVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStorePort,
  type NewEvent,
  type StoredEvent,
} from './port';

type Recorded = {
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
};

const toStored = (e: Recorded): StoredEvent => ({
  streamName: e.streamId,
  version: Number(e.revision) + 1,
  globalPosition: String(e.position?.commit ?? 0n),
  type: e.type,
  data: e.data,
  metadata: e.metadata as EventMetadata,
});

/**
 * The same port on KurrentDB, for operators who run it instead of PostgreSQL. Stream
 * versions are KurrentDB revisions + 1; the global position is the $all commit position.
 * Inline SQL projections cannot share KurrentDB's write, so read models follow it
 * asynchronously by global position (see docs/ARCHITECTURE.md).
 */
export class KurrentEventStore implements EventStorePort {
  private constructor(private readonly client: KurrentDBClient) {}

  static connect(connectionString: string): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString`${connectionString}`);
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((e) => jsonEvent({ type: e.type, data: (e.data ?? {}) as Record<string, unknown>, metadata: options.metadata })),
        { streamState: options.expectedVersion === 0 ? NO_STREAM : BigInt(options.expectedVersion - 1) },
      );
      const commit = String(result.position?.commit ?? 0n);
      return { nextVersion: Number(result.nextExpectedRevision) + 1, globalPositions: events.map(() => commit) };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) throw new StaleVersionError(streamName, options.expectedVersion);
      throw err;
    }
  }

  async readStream(streamName: string, options: { toVersion?: number } = {}): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamName, {
        direction: FORWARDS,
        fromRevision: START,
        ...(options.toVersion !== undefined ? { maxCount: options.toVersion } : {}),
      });
      for await (const resolved of read) if (resolved.event) out.push(toStored(resolved.event as unknown as Recorded));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll(after: string, limit: number): Promise<StoredEvent[]> {
    const from = after === '0' ? START : { commit: BigInt(after), prepare: BigInt(after) };
    const out: StoredEvent[] = [];
    const read = this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: limit + 1, filter: excludeSystemEvents() });
    for await (const resolved of read) {
      const e = resolved.event as unknown as Recorded | undefined;
      if (!e || String(e.position?.commit) === after) continue;
      out.push(toStored(e));
      if (out.length === limit) break;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
