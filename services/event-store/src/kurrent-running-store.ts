import type { Pool, PoolClient } from 'pg';
import type { KurrentEventStore } from './kurrent-event-store';
import type { AsyncProjection, Projector } from './projector';
import { joined } from './sql';
import { SerialFirstError } from './serial';
import { StaleVersionError, inRange, type ReadStreamOptions, type AppendOptions, type AppendResult, type EventStorePort, type InlineProjection, type NewEvent, type ReadAllOptions, type StoredEvent, type UnitOfWork } from './port';
import { runAsSystem } from './tenant-context';
import { OUTBOX_PROJECTION } from './outbox/outbox';

/**
 * The product's event store when EVENT_STORE=kurrentdb (ADR 0007): events in KurrentDB, read
 * models, checkpoints, serial numbers and everything else in PostgreSQL.
 *
 * - Inline projections cannot share KurrentDB's write: here they are asynchronous projections
 *   of the projector, which follows $all with its checkpoints in PostgreSQL (one transaction
 *   per batch with the checkpoint's move, as for every asynchronous projection).
 * - Read-your-writes: an append answers only once every such projection that handles one of
 *   its event types has passed the append's position (it runs them itself rather than wait
 *   for a poll), so a screen read right after a command sees it, as with inline projections.
 * - `also` statements (a document's list row, folded by the command) run in PostgreSQL right
 *   after KurrentDB accepted the events: idempotent upserts of the state after them.
 * - A unit of work: its SQL (serial numbers, checks) runs in one PostgreSQL transaction; its
 *   appends are held and sent to KurrentDB, each with its expected version, just before that
 *   transaction commits. A stale one rolls the SQL back (the serial number is given back).
 *   KurrentDB has no transaction across streams: a unit of work that appends to several
 *   streams can be cut after some of them (ADR 0007, the limits of this mode).
 */
/** What the running store needs of KurrentDB (KurrentEventStore; an in-memory stand-in in its tests). */
export type KurrentEvents = Pick<KurrentEventStore, 'readStream' | 'appendAt' | 'readAll' | 'head' | 'pending' | 'close'>;

export class KurrentRunningStore implements EventStorePort {
  private readonly inline: InlineProjection[] = [];
  private projector: Projector | undefined;

  constructor(
    readonly events: KurrentEvents,
    private readonly pool: Pool,
  ) {}

  registerInline(projection: InlineProjection): void {
    this.inline.push(projection);
  }

  /** The inline projections as the projector's: the same names, tables and statements, fed from $all. */
  asyncProjections(): AsyncProjection[] {
    return this.inline.map((p) => ({
      name: p.name,
      tables: p.tables,
      handles: p.handles,
      project: (events) => p.project(events),
      // the outbox is never replayed: that would publish every event again
      ...(p.name === OUTBOX_PROJECTION ? { rebuildable: false } : {}),
    }));
  }

  /** The projector that keeps them: appends wait on it. */
  follow(projector: Projector): void {
    this.projector = projector;
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.events.readStream(streamName, options);
  }

  readAll(after: string, limit: number, options?: ReadAllOptions, db?: unknown): Promise<StoredEvent[]> {
    return this.events.readAll(after, limit, options, db);
  }

  head(options?: ReadAllOptions, db?: unknown) {
    return this.events.head(options, db);
  }

  pending(after: string, options?: ReadAllOptions, db?: unknown) {
    return this.events.pending(after, options, db);
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { cursor, ...result } = await this.events.appendAt(streamName, events, options);
    if (options.also?.length) await this.pool.query(joined(options.also));
    await this.caughtUp(events, cursor);
    return result;
  }

  async withTransaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    const held: { streamName: string; events: NewEvent[]; options: AppendOptions }[] = [];
    const written: { events: NewEvent[]; cursor: string }[] = [];
    try {
      await client.query('BEGIN');
      // what this unit of work appended is read back by its own later commands (not yet in KurrentDB)
      const heldOf = (streamName: string): StoredEvent[] =>
        held
          .filter((h) => h.streamName === streamName)
          .flatMap((h) => h.events.map((e, i) => ({ streamName, version: h.options.expectedVersion + i + 1, globalPosition: '', type: e.type, data: e.data, metadata: h.options.metadata })));
      const result = await work({
        readStream: async (s, o = {}) => {
          const all = [...(await this.events.readStream(s)), ...heldOf(s)];
          return all.filter((e) => inRange(e.version, o));
        },
        append: async (streamName, events, options) => {
          if (options.serial) throw new SerialFirstError();
          const mine = heldOf(streamName);
          if (mine.length && mine[mine.length - 1]!.version !== options.expectedVersion) throw new StaleVersionError(streamName, options.expectedVersion);
          held.push({ streamName, events, options });
          if (options.also?.length) await client.query(joined(options.also));
          return { nextVersion: options.expectedVersion + events.length, globalPositions: events.map(() => '') };
        },
        query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows,
      });
      for (const h of held) written.push({ events: h.events, cursor: (await this.events.appendAt(h.streamName, h.events, h.options)).cursor });
      await client.query('COMMIT');
      for (const w of written) await this.caughtUp(w.events, w.cursor);
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Runs every projection that handles one of these events until it has passed `cursor`. */
  private async caughtUp(events: NewEvent[], cursor: string): Promise<void> {
    const projector = this.projector;
    if (!projector) return;
    const types = new Set(events.map((e) => e.type));
    for (const p of this.inline) {
      if (!p.handles.some((t) => types.has(t))) continue;
      await runAsSystem(() => projector.reach(p.name, cursor));
    }
  }

  async close(): Promise<void> {
    await this.events.close();
  }
}
