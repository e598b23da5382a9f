/**
 * The narrow port every bounded context writes and reads events through. Two
 * implementations: Emmett's PostgreSQL store (default, also on embedded PGlite) and
 * KurrentDB. Both pass the same contract suite.
 */
import type { SerialTake } from './serial';

export type EventMetadata = {
  tenantId: string;
  /** deptId: the actor's department at the time (what data scopes by department read) */
  actor: { userId: string; account: string; name: string; deptId?: string };
  occurredAt: string;
  correlationId: string;
  /**
   * What caused this event: the id of the command that decided it (made once where the
   * command enters, shared by all its events) or, for a reaction, the id of the event it
   * reacts to. Never made up at append time. Events written before issue 12 may lack it.
   */
  causationId: string;
};

export type NewEvent = { type: string; data: unknown };

export type StoredEvent = {
  /** the event's own id (what a reaction to it names as its causation) */
  id?: string;
  streamName: string;
  /** 1-based position of the event in its stream: the document version after it */
  version: number;
  /** position in the store's global order, as a decimal string (bigint) */
  globalPosition: string;
  /** where a reader of the global order goes on from after this event (readAll's `after`); set by readAll */
  cursor?: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

/** A SQL statement already made safe (literals escaped), run inside the append's transaction. */
export type SqlText = string & { readonly __sql: unique symbol };

/** A parameterised statement ($1…): sent with bind values where it travels alone (see sql.ts `params`). */
export type ParamStatement = { text: string; values: unknown[] };

/** A statement of an append or a projection's batch: SQL made safe with sql(), or a parameterised one. */
export type Statement = SqlText | ParamStatement;

/**
 * An inline projection: turns appended events into SQL that runs in the same
 * transaction as the append, so a screen reading the table sees the change at once.
 * Pure: the same events always give the same statements, so it can be rebuilt from zero.
 */
export type InlineProjection = {
  name: string;
  /** the tables it owns, truncated on rebuild */
  tables: string[];
  handles: readonly string[];
  project(events: StoredEvent[]): SqlText[];
};

export type AppendOptions = {
  /** the stream version the caller decided on; 0 for a new stream */
  expectedVersion: number;
  metadata: EventMetadata;
  streamType: string;
  /**
   * Read-model statements that need more than the events (a document's list row, folded): run in
   * the append's transaction. Parameterised ones let a store send the append with them as one
   * named statement (parsed and planned once per connection).
   */
  also?: Statement[];
  /**
   * In a unit of work: this append is its last statement, so the store may send the COMMIT
   * with it (one round trip fewer, and a row lock taken earlier in the transaction, a serial
   * number's, is held one round trip shorter). The unit of work takes nothing after it (its
   * queries and appends refuse); a store that cannot commits at the end as usual.
   */
  commit?: boolean;
  /**
   * A serial number taken in the append's own statement, written in for its placeholder in the
   * events and `also` (stores with `takesSerials`); the append commits with it (`commit`).
   */
  serial?: SerialTake;
};

/** serial: the number an append took for AppendOptions.serial */
export type AppendResult = { nextVersion: number; globalPositions: string[]; serial?: string };

export class StaleVersionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamName} is no longer at version ${expectedVersion}`);
    this.name = 'StaleVersionError';
  }
}

/** toVersion: up to and including that version (an auditor's "as of"); fromVersion: only the events after that version (a reader holding the stream folded so far) */
export type ReadStreamOptions = { toVersion?: number; fromVersion?: number };
/** Whether a stream version falls in a read's range (the stores that filter in memory). */
export const inRange = (version: number, o: ReadStreamOptions): boolean =>
  (o.fromVersion === undefined || version > o.fromVersion) && (o.toVersion === undefined || version <= o.toVersion);

/** types: only events of these types (a projection reads only what it handles) */
export type ReadAllOptions = { types?: readonly string[] | undefined };

/**
 * Reads return events at the current schema version of their type: the store's upcaster
 * registry (upcasters.ts) turns older versions into the current one on the way out, so no
 * fold, projection or reaction ever sees an old shape. Appends record the current version.
 */
export interface EventStorePort {
  readStream(streamName: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Events after a cursor ('0': from the start; else the `cursor` of the last event read),
   * in an order where none can still appear before one already handed out: a follower never
   * skips a slower concurrent commit. Within a stream, the order is the stream's.
   */
  readAll(after: string, limit: number, options?: ReadAllOptions): Promise<StoredEvent[]>;
  /** runs work (reads, serial numbers, appends to several streams) in one transaction: all of it commits or none */
  withTransaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Runs work on one connection without a transaction: each append is its own transaction, as
   * on the store itself, but the work takes a connection once, not once per statement (under
   * load every take waits its turn in the pool). Optional: without it, work runs on the store.
   */
  withSession?<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /** appends in a unit of work may take a serial number in their own statement (AppendOptions.serial) */
  readonly takesSerials?: boolean;
  /**
   * Offered only by a store that is the one writer of its database (the embedded store: one
   * process owns it): what it tells of its appends, whatever their path. A store shared with
   * other hosts or processes must not offer it, as their appends cannot be told.
   */
  readonly appends?: AppendWatch;
  close(): Promise<void>;
}

/**
 * A sole writer's appends as they happen (EventStorePort.appends). A reader that keeps folded
 * streams (FoldedStreams) knows from it, without reading, that a stream it read whole has no
 * newer event: a read begun when no append was unsettled, and during which none began, saw every
 * event there is; the streams of later appends are told as they begin.
 */
export type AppendWatch = {
  /** appends begun so far, to any stream */
  readonly begun: number;
  /** appends begun whose unit of work has not ended yet (committed or rolled back) */
  readonly unsettled: number;
  /** the listener is told the stream of every append as it begins, before it is sent */
  listen(listener: (streamName: string) => void): void;
};

/** A sole writer's AppendWatch: its store calls begin() as an append begins and settle() once that append's unit of work has ended. */
export class AppendWatcher implements AppendWatch {
  begun = 0;
  unsettled = 0;
  private readonly listeners: ((streamName: string) => void)[] = [];
  listen(listener: (streamName: string) => void): void {
    this.listeners.push(listener);
  }
  begin(streamName: string): void {
    this.begun++;
    this.unsettled++;
    for (const listener of this.listeners) listener(streamName);
  }
  settle(appends: number): void {
    this.unsettled -= appends;
  }
}

export type UnitOfWork = {
  readStream(streamName: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
};

/** What an auditor reads of one event: who, when, which request, and the fact itself. */
export const historyEntryOf = (e: StoredEvent, data: unknown = e.data) => ({
  type: e.type,
  version: e.version,
  actor: e.metadata.actor,
  time: e.metadata.occurredAt,
  correlationId: e.metadata.correlationId,
  ...(e.metadata.causationId ? { causationId: e.metadata.causationId } : {}),
  globalPosition: e.globalPosition,
  data,
});
