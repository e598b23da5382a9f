/**
 * The narrow port every bounded context writes and reads events through. Two
 * implementations: Emmett's PostgreSQL store (default, also on embedded PGlite) and
 * KurrentDB. Both pass the same contract suite.
 */
export type EventMetadata = {
  tenantId: string;
  /** deptId: the actor's department at the time (what data scopes by department read) */
  actor: { userId: string; account: string; name: string; deptId?: string };
  occurredAt: string;
  correlationId: string;
  causationId?: string;
};

export type NewEvent = { type: string; data: unknown };

export type StoredEvent = {
  streamName: string;
  /** 1-based position of the event in its stream: the document version after it */
  version: number;
  /** position in the store's global order, as a decimal string (bigint) */
  globalPosition: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

/** A SQL statement already made safe (literals escaped), run inside the append's transaction. */
export type SqlText = string & { readonly __sql: unique symbol };

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
};

export type AppendResult = { nextVersion: number; globalPositions: string[] };

export class StaleVersionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamName} is no longer at version ${expectedVersion}`);
    this.name = 'StaleVersionError';
  }
}

export interface EventStorePort {
  readStream(streamName: string, options?: { toVersion?: number }): Promise<StoredEvent[]>;
  append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** events after a global position, in commit order; never skips a slower concurrent commit */
  readAll(after: string, limit: number): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

export type UnitOfWork = {
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
