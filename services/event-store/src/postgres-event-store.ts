import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { defaultTag, getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { literal, sql } from './sql';
import type { Migration } from './migrations';
import { runAsSystem } from './tenant-context';
import {
  StaleVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStorePort,
  type InlineProjection,
  type NewEvent,
  type StoredEvent,
  type UnitOfWork,
} from './port';

const STALE = 'TP409';
const APPEND_SQL =
  'SELECT * FROM tpl_append($1::text[], $2::jsonb[], $3::jsonb[], $4::text[], $5::text[], $6::text[], $7::text, $8::text, $9::bigint, $10::text)';

/**
 * Our append on Emmett's schema: Emmett's emt_append_to_stream does the stream-version
 * check and writes messages with their transaction id (which is what keeps the global
 * order safe for readers); tpl_append turns its "not appended" answer into an error so
 * that the inline projections batched after it in the same implicit transaction can
 * never commit on their own.
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'event-store/001-append-or-fail',
    sql: `
CREATE OR REPLACE FUNCTION tpl_append(
  v_message_ids text[], v_messages_data jsonb[], v_messages_metadata jsonb[], v_schema_versions text[],
  v_message_types text[], v_message_kinds text[], v_stream_id text, v_stream_type text,
  v_expected_stream_position bigint, v_partition text
) RETURNS TABLE (next_stream_position bigint, global_positions bigint[]) LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  SELECT * INTO r FROM emt_append_to_stream(v_message_ids, v_messages_data, v_messages_metadata, v_schema_versions,
    v_message_types, v_message_kinds, v_stream_id, v_stream_type, v_expected_stream_position, v_partition);
  IF r.success IS NOT TRUE THEN
    RAISE EXCEPTION 'stream % is not at version %', v_stream_id, v_expected_stream_position USING ERRCODE = '${STALE}';
  END IF;
  RETURN QUERY SELECT r.next_stream_position, r.global_positions;
END
$fn$;
CREATE INDEX IF NOT EXISTS tpl_messages_global_position ON emt_messages (global_position);
`,
  },
];

/** Emmett's own migration of its tables, run by the tables' owner. */
export const createEventStoreSchema = async (pool: Pool, connectionString: string): Promise<void> => {
  const emmett = getPostgreSQLEventStore(connectionString, { connectionOptions: { pool }, schema: { autoMigration: 'None' } });
  try {
    await emmett.schema.migrate();
  } finally {
    // Emmett may hold connections of its own; the pool stays open (its opener owns it)
    await emmett.close();
  }
};

type Row = {
  stream_id: string;
  stream_position: string;
  global_position: string;
  message_type: string;
  message_data: unknown;
  message_metadata: EventMetadata;
};

const toStored = (r: Row): StoredEvent => ({
  streamName: r.stream_id,
  version: Number(r.stream_position),
  globalPosition: String(r.global_position),
  type: r.message_type,
  data: r.message_data,
  metadata: r.message_metadata,
});

const isStale = (err: unknown): boolean => {
  const e = err as { code?: string; table?: string; constraint?: string; detail?: string };
  if (e.code === STALE) return true;
  // two creators of the same new stream: the loser hits the streams table's key
  return e.code === '23505' && /emt_streams|idx_streams_unique|stream_id/.test(`${e.table ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`);
};

export class PostgresEventStore implements EventStorePort {
  private readonly projections: InlineProjection[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
    private readonly options: { namedStatements: boolean } = { namedStatements: true },
  ) {}

  /** Creates Emmett's schema; our own migrations (tpl_append, read tables) run after it. */
  createSchema(): Promise<void> {
    return createEventStoreSchema(this.pool, this.connectionString);
  }

  registerInline(projection: InlineProjection): void {
    this.projections.push(projection);
  }

  get inlineProjections(): readonly InlineProjection[] {
    return this.projections;
  }

  async readStream(streamName: string, options: { toVersion?: number } = {}): Promise<StoredEvent[]> {
    const params: unknown[] = [streamName, defaultTag];
    let upTo = '';
    if (options.toVersion !== undefined) {
      params.push(options.toVersion);
      upTo = 'AND stream_position <= $3';
    }
    const { rows } = await this.pool.query<Row>(
      `SELECT stream_id, stream_position, global_position, message_type, message_data, message_metadata
         FROM emt_messages
        WHERE stream_id = $1 AND partition = $2 AND is_archived = FALSE ${upTo}
        ORDER BY stream_position`,
      params,
    );
    return rows.map(toStored);
  }

  async readAll(after: string, limit: number, db: Pick<Pool, 'query'> = this.pool): Promise<StoredEvent[]> {
    // Only transactions older than every one still running: a slower concurrent commit
    // with a smaller global position can never be skipped by a reader.
    const { rows } = await db.query<Row>(
      `SELECT stream_id, stream_position, global_position, message_type, message_data, message_metadata
         FROM emt_messages
        WHERE partition = $1 AND is_archived = FALSE AND global_position > $2
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY global_position
        LIMIT $3`,
      [defaultTag, after, limit],
    );
    return rows.map(toStored);
  }

  append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return this.appendWith((q) => this.pool.query(q as string), streamName, events, options);
  }

  /** Runs work (reads, serial numbers, appends) in one transaction: all of it commits or none. */
  async withTransaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const uow: UnitOfWork = {
        append: (s, e, o) => this.appendWith((q) => client.query(q as string), s, e, o),
        query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
          (await client.query<R>(text, params)).rows,
      };
      const result = await work(uow);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Clears a projection's tables and replays every event through it: platform work, across tenants. */
  rebuild(projection: InlineProjection, batchSize = 1000): Promise<number> {
    return runAsSystem(() => this.replay(projection, batchSize));
  }

  private async replay(projection: InlineProjection, batchSize: number): Promise<number> {
    let after = '0';
    let count = 0;
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const t of projection.tables) await client.query(sql('DELETE FROM %I', t));
      for (;;) {
        const batch = await this.readAll(after, batchSize, client);
        if (batch.length === 0) break;
        const mine = batch.filter((e) => projection.handles.includes(e.type));
        const statements = projection.project(mine);
        if (statements.length) await client.query(statements.join(';\n'));
        count += mine.length;
        after = batch[batch.length - 1]!.globalPosition;
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return count;
  }

  async close(): Promise<void> {
    // the pool belongs to whoever opened the database
  }

  private async appendWith(
    run: (query: string | { name?: string; text: string; values: unknown[] }) => Promise<unknown>,
    streamName: string,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append(): no events');
    const stored: StoredEvent[] = events.map((e, i) => ({
      streamName,
      version: options.expectedVersion + i + 1,
      globalPosition: '',
      type: e.type,
      data: e.data,
      metadata: options.metadata,
    }));
    const statements: string[] = [];
    for (const p of this.projections) {
      const mine = stored.filter((e) => p.handles.includes(e.type));
      if (mine.length) statements.push(...p.project(mine));
    }
    let result: unknown;
    try {
      if (statements.length === 0) {
        // no projection: one parameterised statement; on PostgreSQL a named one, planned once per
        // connection (PGlite's socket mishandles named statements after an error, so not there)
        const values = this.appendValues(streamName, events, options);
        result = await run(this.options.namedStatements ? { name: 'tpl_append', text: APPEND_SQL, values } : { text: APPEND_SQL, values });
      } else {
        // One round trip: the append and its inline projections as one multi-statement
        // query, which PostgreSQL runs as a single (implicit or enclosing) transaction.
        result = await run([this.appendStatement(streamName, events, options), ...statements].join(';\n'));
      }
    } catch (err) {
      if (isStale(err)) throw new StaleVersionError(streamName, options.expectedVersion);
      throw err;
    }
    const first = (Array.isArray(result) ? result[0] : result) as { rows: { next_stream_position: string; global_positions: string[] }[] };
    const row = first.rows[0]!;
    return { nextVersion: Number(row.next_stream_position), globalPositions: row.global_positions.map(String) };
  }

  private appendValues(streamName: string, events: NewEvent[], options: AppendOptions): unknown[] {
    return [
      events.map(() => randomUUID()),
      events.map((e) => JSON.stringify(e.data ?? {})),
      events.map(() => JSON.stringify(options.metadata)),
      events.map(() => '1'),
      events.map((e) => e.type),
      events.map(() => 'E'),
      streamName,
      options.streamType,
      options.expectedVersion,
      defaultTag,
    ];
  }

  private appendStatement(streamName: string, events: NewEvent[], options: AppendOptions): string {
    const arr = (values: unknown[], type: string) => `ARRAY[${values.map(literal).join(',')}]::${type}[]`;
    return `SELECT * FROM tpl_append(${[
      arr(events.map(() => randomUUID()), 'text'),
      arr(events.map((e) => e.data ?? {}), 'jsonb'),
      arr(events.map(() => options.metadata), 'jsonb'),
      arr(events.map(() => '1'), 'text'),
      arr(events.map((e) => e.type), 'text'),
      arr(events.map(() => 'E'), 'text'),
      literal(streamName),
      literal(options.streamType),
      literal(options.expectedVersion),
      literal(defaultTag),
    ].join(', ')})`;
  }
}
