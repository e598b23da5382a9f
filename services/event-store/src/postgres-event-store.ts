import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { defaultTag, getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { asText, inlineParams, keepsNamedStatements, literal, prepared, sql, withParts } from './sql';
import { SERIAL_EXHAUSTED, SerialExhaustedError, SerialFirstError, serialArgs } from './serial';
import type { Migration } from './migrations';
import { runAsSystem } from './tenant-context';
import { UpcasterRegistry } from './upcasters';
import {
  AppendWatcher,
  StaleVersionError,
  type AppendOptions,
  type AppendWatch,
  type AppendResult,
  type EventMetadata,
  type EventStorePort,
  type InlineProjection,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type Statement,
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
  {
    // Readers follow (transaction id, global position): every transaction older than the
    // oldest one still running is complete, so that order never hands out an event while an
    // earlier one can still appear. Global positions alone can: a transaction that took its
    // id early (a serial number) and appended late commits a later position while a younger
    // transaction holding an earlier position is still open. An append refuses (stale, 409)
    // to follow a version written by a younger transaction, so a stream's events keep their
    // order in the readers' order too.
    //
    // The reads are functions with their own planner settings: row-level security makes the
    // planner expect a handful of rows and prefer a full scan and a sort over this index
    // (measured: 0.8 s instead of 25 ms a page of 10,000 at 200,000 events).
    id: 'event-store/005-read-in-transaction-order',
    sql: `
CREATE INDEX IF NOT EXISTS tpl_messages_transaction_order ON emt_messages (transaction_id, global_position);
CREATE OR REPLACE FUNCTION tpl_read_all(v_partition text, v_after_tx xid8, v_after_position bigint, v_limit int, v_types text[])
RETURNS TABLE (tx text, message_id text, stream_id text, version int, "position" text, message_type text,
               message_schema_version text, message_data text, message_metadata text)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_sort = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $body$
  SELECT transaction_id::text, message_id, stream_id, stream_position::int, global_position::text, message_type,
         message_schema_version, message_data::text, message_metadata::text
    FROM emt_messages
   WHERE partition = v_partition AND is_archived = FALSE
     AND (transaction_id, global_position) > (v_after_tx, v_after_position)
     AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     AND (v_types IS NULL OR message_type = ANY (v_types))
   -- qualified: the output columns of the same names are text
   ORDER BY emt_messages.transaction_id, emt_messages.global_position
   LIMIT v_limit
$body$;
CREATE OR REPLACE FUNCTION tpl_read_head(v_partition text, v_types text[])
RETURNS TABLE (tx text, "position" text)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_sort = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $body$
  SELECT transaction_id::text, global_position::text
    FROM emt_messages
   WHERE partition = v_partition AND is_archived = FALSE AND (v_types IS NULL OR message_type = ANY (v_types))
   ORDER BY emt_messages.transaction_id DESC, emt_messages.global_position DESC
   LIMIT 1
$body$;
CREATE OR REPLACE FUNCTION tpl_read_pending(v_partition text, v_after_tx xid8, v_after_position bigint, v_types text[])
RETURNS TABLE (n bigint, oldest timestamptz, newest timestamptz, age double precision)
LANGUAGE sql STABLE
SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $body$
  SELECT count(*), min(created), max(created), EXTRACT(EPOCH FROM clock_timestamp() - min(created))::double precision
    FROM emt_messages
   WHERE partition = v_partition AND is_archived = FALSE
     AND (transaction_id, global_position) > (v_after_tx, v_after_position)
     AND (v_types IS NULL OR message_type = ANY (v_types))
$body$;
CREATE OR REPLACE FUNCTION tpl_append(
  v_message_ids text[], v_messages_data jsonb[], v_messages_metadata jsonb[], v_schema_versions text[],
  v_message_types text[], v_message_kinds text[], v_stream_id text, v_stream_type text,
  v_expected_stream_position bigint, v_partition text
) RETURNS TABLE (next_stream_position bigint, global_positions bigint[]) LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  IF v_expected_stream_position > 0 AND EXISTS (
    SELECT 1 FROM emt_messages
     WHERE stream_id = v_stream_id AND partition = v_partition AND is_archived = FALSE
       AND stream_position = v_expected_stream_position AND transaction_id > pg_current_xact_id()
  ) THEN
    RAISE EXCEPTION 'stream % was last written by a younger transaction', v_stream_id USING ERRCODE = '${STALE}';
  END IF;
  SELECT * INTO r FROM emt_append_to_stream(v_message_ids, v_messages_data, v_messages_metadata, v_schema_versions,
    v_message_types, v_message_kinds, v_stream_id, v_stream_type, v_expected_stream_position, v_partition);
  IF r.success IS NOT TRUE THEN
    RAISE EXCEPTION 'stream % is not at version %', v_stream_id, v_expected_stream_position USING ERRCODE = '${STALE}';
  END IF;
  RETURN QUERY SELECT r.next_stream_position, r.global_positions;
END
$fn$;
`,
  },
  {
    // How far every reader may go: the newest event, of any type, of a transaction older than
    // every one still running. A reader of some types only that has read everything up to it
    // moves its cursor there, so its next read starts after the events it does not handle
    // instead of passing over them again on every poll (a projection of a rare event type
    // otherwise rescans the whole log written since its last event). Archived events count:
    // readers never hand them out, so passing them is the same as reading them.
    id: 'event-store/011-read-horizon',
    sql: `
CREATE OR REPLACE FUNCTION tpl_read_horizon(v_partition text)
RETURNS TABLE (tx text, "position" text)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_sort = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $body$
  SELECT transaction_id::text, global_position::text
    FROM emt_messages
   WHERE partition = v_partition AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY emt_messages.transaction_id DESC, emt_messages.global_position DESC
   LIMIT 1
$body$;
`,
  },
];

/**
 * Where a reader of the global order stands: after the event with this transaction id and
 * global position ("<transaction id>:<global position>"; "0" before the first event).
 */
export const parseCursor = (cursor: string): { tx: bigint; position: bigint } => {
  if (!cursor || cursor === '0') return { tx: 0n, position: 0n };
  const m = /^(\d+):(\d+)$/.exec(cursor);
  if (!m) throw new Error(`not a read cursor: ${cursor}`);
  return { tx: BigInt(m[1]!), position: BigInt(m[2]!) };
};

/** -1, 0 or 1 as cursor a is before, at or after cursor b. */
export const compareCursors = (a: string, b: string): number => {
  const x = parseCursor(a);
  const y = parseCursor(b);
  if (x.tx !== y.tx) return x.tx < y.tx ? -1 : 1;
  return x.position === y.position ? 0 : x.position < y.position ? -1 : 1;
};

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
  tx: string;
  message_id?: string;
  stream_id: string;
  version: number;
  position: string;
  message_type: string;
  message_schema_version: string;
  /** JSON text: parsed here with the plain JSON.parse */
  message_data: string;
  message_metadata: string;
};

/**
 * The columns tpl_read_all returns and readStream selects. Events come back as JSON text
 * and plain numbers, parsed here. Emmett's driver setup
 * replaces pg's jsonb and int8 parsers process-wide (a JSON reviver on every value that also
 * turns long numeric strings into BigInt, and BigInt positions); reading events through it
 * cost about a third of a projection rebuild, and a BigInt in a fold breaks arithmetic and
 * serialization. (The converted columns get names of their own: ORDER BY global_position must
 * still mean the bigint column, not a text alias.)
 */
const COLUMNS = `transaction_id::text AS tx, message_id, stream_id, stream_position::int AS version, global_position::text AS position, message_type,
  message_schema_version, message_data::text AS message_data, message_metadata::text AS message_metadata`;

/** A client, a pool or a unit of work's connection: anything that runs a query. */
export type Queryable = Pick<Pool, 'query'>;

/** Where unprojected events stand: how many after a position, and when the oldest and newest of them were written. */
export type PendingEvents = { count: number; oldestAt: Date | null; newestAt: Date | null; oldestAgeSeconds: number };

/** The newest committed event (of some types): its cursor and global position. */
export type Head = { cursor: string; position: string };

/** A cursor's two parts as the read functions take them. */
const cursorParams = (cursor: string) => {
  const { tx, position } = parseCursor(cursor);
  return [tx.toString(), position.toString()];
};
const typesParam = (options: ReadAllOptions) => (options.types ? [...options.types] : null);

/**
 * sql()'s literal, except that a value holding a serial take's placeholder is written as that
 * literal with the number taken earlier in the query put in (the transaction's tpl.serial
 * setting; inside JSON text, tpl.serial_json, the number as a JSON string's content).
 */
const takingSerial = (placeholder: string) => (v: unknown): string => {
  const text = literal(v);
  if (!text.includes(placeholder)) return text;
  const json = (v !== null && typeof v === 'object') || (typeof v === 'string' && /^[[{]/.test(v) && isJsonText(v));
  return json
    ? `(replace(${text}, ${literal(placeholder)}, current_setting('tpl.serial_json')))::jsonb`
    : `replace(${text}, ${literal(placeholder)}, current_setting('tpl.serial'))`;
};
const isJsonText = (v: string) => {
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
};

const isStale = (err: unknown): boolean => {
  const e = err as { code?: string; table?: string; constraint?: string; detail?: string };
  if (e.code === STALE) return true;
  // two creators of the same new stream: the loser hits the streams table's key
  return e.code === '23505' && /emt_streams|idx_streams_unique|stream_id/.test(`${e.table ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`);
};

export type PostgresStoreOptions = {
  /** old event versions turned into current ones on read; appends record the current version */
  upcasters?: UpcasterRegistry;
  /** this store is the one writer of its database (the embedded store, locked to one process): it tells its appends (EventStorePort.appends) */
  soleWriter?: boolean;
};

export class PostgresEventStore implements EventStorePort {
  private readonly projections: InlineProjection[] = [];
  readonly upcasters: UpcasterRegistry;
  /** the plain append and the stream reads as named statements: where the pool keeps them (sql.ts) */
  private readonly namedStatements: boolean;
  readonly takesSerials = true;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
    options: PostgresStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.namedStatements = keepsNamedStatements(pool);
    this.watcher = options.soleWriter ? new AppendWatcher() : undefined;
  }

  private readonly watcher: AppendWatcher | undefined;
  get appends(): AppendWatch | undefined {
    return this.watcher;
  }

  private toStored = (r: Row): StoredEvent =>
    this.upcasters.upcast(
      {
        ...(r.message_id ? { id: r.message_id } : {}),
        streamName: r.stream_id,
        version: r.version,
        globalPosition: r.position,
        cursor: `${r.tx}:${r.position}`,
        type: r.message_type,
        data: JSON.parse(r.message_data) as unknown,
        metadata: JSON.parse(r.message_metadata) as EventMetadata,
      },
      r.message_schema_version,
    );

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

  readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return this.readStreamWith(this.pool, streamName, options);
  }

  /** named: as a named statement (not in a transaction's first statement, which travels inlined with its BEGIN) */
  private async readStreamWith(db: Queryable, streamName: string, options: ReadStreamOptions, named = this.namedStatements): Promise<StoredEvent[]> {
    const params: unknown[] = [streamName, defaultTag];
    let range = '';
    // Each bound is a sub-select of its value: the planner does not see the value when it plans,
    // so a plan for one value costs what the plan for any value does, and the named statement
    // keeps its one plan. (Seen by the planner, a bound made every plan for a value look cheaper
    // than the statement's own; once the table had statistics, PostgreSQL planned the read again
    // at every call: the embedded store's detail page lost 38 % of its rate to that planning.)
    if (options.fromVersion !== undefined) {
      params.push(options.fromVersion);
      range += ` AND stream_position > (SELECT $${params.length}::bigint)`;
    }
    if (options.toVersion !== undefined) {
      params.push(options.toVersion);
      range += ` AND stream_position <= (SELECT $${params.length}::bigint)`;
    }
    const text = `SELECT ${COLUMNS}
         FROM emt_messages
        WHERE stream_id = $1 AND partition = $2 AND is_archived = FALSE${range}
        ORDER BY stream_position`;
    // a named statement: parsed and planned once per connection, not at every read
    // (each range has its own: from, to, both or neither)
    const name = `tpl_read_stream${options.fromVersion !== undefined ? '_from' : ''}${options.toVersion !== undefined ? '_to' : ''}`;
    const { rows } = await db.query<Row>(named ? { name, text, values: params } : { text, values: params });
    return rows.map(this.toStored);
  }

  /**
   * Events after a cursor in readers' order (transaction id, then global position), only of
   * transactions older than every one still running: an event is handed out only when no
   * event before it can still appear. `db`: the connection to read on (a projector's batch
   * reads inside its own transaction).
   */
  async readAll(after: string, limit: number, options: ReadAllOptions = {}, db: Queryable = this.pool): Promise<StoredEvent[]> {
    const { rows } = await db.query<Row>('SELECT * FROM tpl_read_all($1, $2::xid8, $3::bigint, $4, $5)', [defaultTag, ...cursorParams(after), limit, typesParam(options)]);
    return rows.map(this.toStored);
  }

  /** The newest committed event (of these types), in readers' order: where a follower has caught up. */
  async head(options: ReadAllOptions = {}, db: Queryable = this.pool): Promise<Head> {
    const { rows } = await db.query<{ tx: string; position: string }>('SELECT * FROM tpl_read_head($1, $2)', [defaultTag, typesParam(options)]);
    const r = rows[0];
    return r ? { cursor: `${r.tx}:${r.position}`, position: r.position } : { cursor: '0', position: '0' };
  }

  /**
   * The cursor of the newest event (any type) every reader may already see: nothing at or
   * before it can still appear. Read before a reader's own read, it tells a reader of some
   * types that came back with less than a full page how far it has really looked.
   */
  async horizon(db: Queryable = this.pool): Promise<string> {
    const { rows } = await db.query<{ tx: string; position: string }>('SELECT * FROM tpl_read_horizon($1)', [defaultTag]);
    const r = rows[0];
    return r ? `${r.tx}:${r.position}` : '0';
  }

  /** Committed events (of these types) after a cursor: how many, and when the oldest and newest were written. */
  async pending(after: string, options: ReadAllOptions = {}, db: Queryable = this.pool): Promise<PendingEvents> {
    // the age by the database's own clock: the writers' clock, whatever the host's says
    const { rows } = await db.query<{ n: string; oldest: Date | null; newest: Date | null; age: number | null }>(
      'SELECT n::text AS n, oldest, newest, age FROM tpl_read_pending($1, $2::xid8, $3::bigint, $4)',
      [defaultTag, ...cursorParams(after), typesParam(options)],
    );
    const r = rows[0]!;
    return { count: Number(r.n), oldestAt: r.oldest, newestAt: r.newest, oldestAgeSeconds: r.age === null ? 0 : Number(r.age) };
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.watcher?.begin(streamName);
    try {
      return await this.appendWith((q) => this.pool.query(q as string), streamName, events, options);
    } finally {
      this.watcher?.settle(1);
    }
  }

  /** Runs work (reads, serial numbers, appends) in one transaction: all of it commits or none. */
  async withTransaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // set once an append sent the COMMIT with itself (AppendOptions.commit)
    let committed = false;
    const open = () => {
      if (committed) throw new Error('the unit of work committed with its last append: nothing may follow it');
    };
    // The BEGIN travels with the transaction's first statement (one round trip fewer), its bind
    // values written in as literals; one that cannot be (a named statement, quotes in its text)
    // goes after a BEGIN of its own.
    let begun = false;
    const send = async (q: string | QueryConfig, params?: unknown[]): Promise<QueryResult> => {
      if (begun) return client.query(q as string, params);
      begun = true;
      const inlined = typeof q === 'string' ? inlineParams(q, params) : q.name ? undefined : inlineParams(q.text, q.values);
      if (inlined === undefined) {
        await client.query('BEGIN');
        return client.query(q as string, params);
      }
      const results = (await client.query(`BEGIN;\n${inlined}`)) as unknown as QueryResult[];
      const rest = results.slice(1);
      return (rest.length === 1 ? rest[0] : rest) as QueryResult;
    };
    const db: Queryable = { query: send as Queryable['query'] };
    let appended = 0;
    try {
      const uow: UnitOfWork = {
        readStream: (s, o = {}) => (open(), this.readStreamWith(db, s, o, false)),
        append: async (s, e, o) => {
          open();
          // settled when the unit of work ends: until its COMMIT or ROLLBACK, a reader cannot know what it wrote
          this.watcher?.begin(s);
          appended++;
          if (!o.commit) return this.appendWith((q) => send(q as string), s, e, o);
          committed = true;
          try {
            return await this.appendWith((q) => send(q as string), s, e, o, true);
          } catch (err) {
            // refused before anything was sent: the unit of work goes on (the number taken first)
            if (err instanceof SerialFirstError) committed = false;
            throw err;
          }
        },
        query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => {
          open();
          return (await send(text, params)).rows as R[];
        },
      };
      const result = await work(uow);
      if (!committed && begun) await client.query('COMMIT');
      return result;
    } catch (err) {
      if (begun) await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      this.watcher?.settle(appended);
    }
  }

  /** One connection for a command's reads and its append, no transaction (EventStorePort.withSession). */
  async withSession<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work({
        readStream: (s, o = {}) => this.readStreamWith(client, s, o),
        append: async (s, e, o) => {
          // each append is its own transaction here: settled once it has been answered
          this.watcher?.begin(s);
          try {
            return await this.appendWith((q) => client.query(q as string), s, e, o);
          } finally {
            this.watcher?.settle(1);
          }
        },
        query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows,
      });
    } finally {
      client.release();
    }
  }

  /** Clears a projection's tables and replays every event through it: platform work, across tenants. */
  rebuild(projection: InlineProjection, batchSize = 1000): Promise<number> {
    return runAsSystem(() => this.replay(projection, batchSize));
  }

  /**
   * A rebuild reads every committed event, not only those below the cluster's oldest open
   * transaction (the followers' horizon in tpl_read_all: a transaction open in any database of
   * the cluster holds it back, and a rebuild would leave out every event written since). Writers
   * are shut out for the rebuild (SHARE: an append waits, and the lock waits for appends in
   * flight), so what its snapshot sees is everything, and nothing is appended between its pages.
   */
  private async replay(projection: InlineProjection, batchSize: number): Promise<number> {
    let after = '0';
    let count = 0;
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE emt_messages IN SHARE MODE');
      for (const t of projection.tables) await client.query(sql('DELETE FROM %I', t));
      for (;;) {
        const { rows } = await client.query<Row>(
          `SELECT transaction_id::text AS tx, message_id, stream_id, stream_position::int AS version, global_position::text AS "position", message_type,
                  message_schema_version, message_data::text AS message_data, message_metadata::text AS message_metadata
             FROM emt_messages
            WHERE partition = $1 AND is_archived = FALSE AND (transaction_id, global_position) > ($2::xid8, $3::bigint)
            ORDER BY transaction_id, global_position
            LIMIT $4`,
          [defaultTag, ...cursorParams(after), batchSize],
        );
        const batch = rows.map(this.toStored);
        if (batch.length === 0) break;
        const mine = batch.filter((e) => projection.handles.includes(e.type));
        const statements = projection.project(mine);
        if (statements.length) await client.query(statements.join(';\n'));
        count += mine.length;
        after = batch[batch.length - 1]!.cursor!;
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
    /** in a transaction of the caller's: send its COMMIT with the append (one round trip) */
    andCommit = false,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append(): no events');
    // the events' ids, made once: inline projections name the event they come from
    const ids = events.map(() => randomUUID());
    const stored: StoredEvent[] = events.map((e, i) => ({
      id: ids[i]!,
      streamName,
      version: options.expectedVersion + i + 1,
      globalPosition: '',
      type: e.type,
      data: e.data,
      metadata: options.metadata,
    }));
    const statements: Statement[] = [];
    for (const p of this.projections) {
      const mine = stored.filter((e) => p.handles.includes(e.type));
      if (mine.length) statements.push(...p.project(mine));
    }
    if (options.also?.length) statements.push(...options.also);
    const take = options.serial;
    // the number is written in for its placeholder in the values this store writes out itself;
    // a statement made as text elsewhere (an inline projection's) that holds it could not be
    if (take && statements.some((s) => typeof s === 'string' && s.includes(take.placeholder))) throw new SerialFirstError();
    let result: unknown;
    try {
      if (!take && !andCommit && statements.every((s) => typeof s !== 'string')) {
        // One parameterised statement, a named one planned once per connection: the append, with
        // its parameterised read-model statements (a draft's list row) as parts of it, so they
        // commit together (measured at 64 connections: 473 → 550 changes/s on average over three
        // alternating pairs, against the same work as a multi-statement text parsed and planned
        // at every call)
        const { text, values } = withParts({ text: APPEND_SQL, values: this.appendValues(ids, streamName, events, options) }, statements as Exclude<Statement, string>[]);
        result = await run(prepared(this.pool, text, values));
      } else {
        // One round trip: the append and its inline projections as one multi-statement
        // query, which PostgreSQL runs as a single (implicit or enclosing) transaction.
        // With andCommit the transaction's COMMIT ends the same query: a failed statement skips
        // it and leaves the transaction aborted (the caller rolls back), so nothing half-written.
        // With a serial take, its number is taken first in the same query and written in for the
        // placeholder (takingSerial), so the serial's row is locked from there to the commit only.
        const lit = take ? takingSerial(take.placeholder) : literal;
        result = await run(
          [
            ...(take ? [sql(`SELECT set_config('tpl.serial', s, true) AS serial, set_config('tpl.serial_json', substr(x.j, 2, length(x.j) - 2), true)
              FROM tpl_next_serial(%L, %L, %L, %L, %L, %L, %L) AS s, LATERAL (SELECT to_jsonb(s)::text AS j) AS x`, ...serialArgs(take))] : []),
            this.appendStatement(ids, streamName, events, options, lit),
            ...statements.map((s) => asText(s, lit)),
            ...(andCommit ? ['COMMIT'] : []),
          ].join(';\n'),
        );
      }
    } catch (err) {
      if (isStale(err)) throw new StaleVersionError(streamName, options.expectedVersion);
      if (take && (err as { code?: string }).code === SERIAL_EXHAUSTED) throw new SerialExhaustedError(take.seqCode, take.spec.max);
      throw err;
    }
    type Rows = { rows: Record<string, unknown>[] };
    const results = (Array.isArray(result) ? result : [result]) as Rows[];
    const row = results[take ? 1 : 0]!.rows[0] as { next_stream_position: string; global_positions: string[] };
    return {
      nextVersion: Number(row.next_stream_position),
      globalPositions: row.global_positions.map(String),
      ...(take ? { serial: String(results[0]!.rows[0]!.serial) } : {}),
    };
  }

  private appendValues(ids: string[], streamName: string, events: NewEvent[], options: AppendOptions): unknown[] {
    return [
      ids,
      events.map((e) => JSON.stringify(e.data ?? {})),
      events.map(() => JSON.stringify(options.metadata)),
      events.map((e) => String(this.upcasters.currentVersion(e.type))),
      events.map((e) => e.type),
      events.map(() => 'E'),
      streamName,
      options.streamType,
      options.expectedVersion,
      defaultTag,
    ];
  }

  private appendStatement(ids: string[], streamName: string, events: NewEvent[], options: AppendOptions, lit: (v: unknown) => string = literal): string {
    const arr = (values: unknown[], type: string) => `ARRAY[${values.map(lit).join(',')}]::${type}[]`;
    return `SELECT * FROM tpl_append(${[
      arr(ids, 'text'),
      arr(events.map((e) => e.data ?? {}), 'jsonb'),
      arr(events.map(() => options.metadata), 'jsonb'),
      arr(events.map((e) => String(this.upcasters.currentVersion(e.type))), 'text'),
      arr(events.map((e) => e.type), 'text'),
      arr(events.map(() => 'E'), 'text'),
      literal(streamName),
      literal(options.streamType),
      literal(options.expectedVersion),
      literal(defaultTag),
    ].join(', ')})`;
  }
}
