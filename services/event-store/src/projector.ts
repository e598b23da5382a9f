import type { Pool, PoolClient } from 'pg';
import type { Migration } from './migrations';
import type { ReadAllOptions, SqlText, Statement, StoredEvent } from './port';
import { compareCursors, parseCursor, type Head, type PendingEvents, type Queryable } from './postgres-event-store';
import { runAsSystem } from './tenant-context';
import type { LeaseGate } from './leases';

/**
 * The asynchronous projector. Read models that nobody needs to read in the same instant
 * as their own write (reports, cross-context views) follow the store's global order here,
 * instead of riding in every append's transaction:
 *
 * - one checkpoint per projection (tpl_checkpoints: the read cursor after the last event it
 *   applied, and that event's global position), so each runs, lags and rebuilds on its own;
 * - batches: up to `batchSize` events of the types it handles, read after its checkpoint
 *   (readAll never skips a slower concurrent commit), turned into a few multi-row
 *   statements, run in ONE transaction together with the checkpoint's move. A crash
 *   anywhere loses the whole batch or none of it, so delivery is at least once and the
 *   result exactly once: no gap, no double count;
 * - an advisory lock per projection, so two hosts never apply the same batch;
 * - rebuild from zero while the service runs: the projection's tables are emptied and
 *   its checkpoint set to 0 in one transaction, marked "rebuilding" until it reaches the
 *   head again.
 *
 * Reactions (process managers) follow the same order from the same checkpoint table, but
 * their effects are appends to other streams, outside the checkpoint's transaction: they
 * must be idempotent, since after a crash the events since the checkpoint come again.
 */
export const projectorMigrations: Migration[] = [
  {
    id: 'event-store/004-projection-checkpoints',
    sql: `
CREATE TABLE IF NOT EXISTS tpl_checkpoints (
  name text PRIMARY KEY,
  -- readAll's cursor after the last event applied ('<transaction id>:<global position>'), and that event's global position
  cursor text NOT NULL DEFAULT '0',
  position bigint NOT NULL DEFAULT 0,
  rebuilding boolean NOT NULL DEFAULT false,
  rebuild_started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // the cursor of the last event applied: the cursor itself may have moved on to the read
    // horizon past events the projection does not handle (NULL: written before, the cursor is it)
    id: 'event-store/012-checkpoint-applied-cursor',
    sql: `ALTER TABLE tpl_checkpoints ADD COLUMN IF NOT EXISTS applied_cursor text;`,
  },
];


/** A read model kept by the projector. Pure: the same events always give the same statements, so it can be rebuilt from zero. */
export type AsyncProjection = {
  name: string;
  /** the tables it owns, emptied on rebuild */
  tables: readonly string[];
  handles: readonly string[];
  /** the writes for a batch of its events (in global order), run in the batch's transaction with the checkpoint */
  project(events: StoredEvent[]): Statement[];
  batchSize?: number;
  /** false: never rebuilt from zero (the outbox: a replay would publish every event again) */
  rebuildable?: boolean;
};

/** A process manager fed from the global order: side effects, idempotent. */
export type Reaction = {
  name: string;
  /** the event types it reacts to; undefined: every event */
  handles?: readonly string[] | undefined;
  react(event: StoredEvent): Promise<void>;
  batchSize?: number;
  /** how often it looks for new events (ms; 0: only when asked); default: the projector's */
  pollMs?: number;
};

/** What the projector reads: PostgreSQL's store (a batch reads inside its own transaction). */
export type ProjectorSource = {
  readAll(after: string, limit: number, options?: ReadAllOptions, db?: Queryable): Promise<StoredEvent[]>;
  head(options?: ReadAllOptions, db?: Queryable): Promise<Head>;
  pending(after: string, options?: ReadAllOptions, db?: Queryable): Promise<PendingEvents>;
  /**
   * The newest event any reader may already see (PostgreSQL's store): a reader of some types
   * that read less than a full page after taking it moves its checkpoint there, and a poll that
   * finds every checkpoint there has nothing to do. Without it, every poll reads.
   */
  horizon?(db?: Queryable): Promise<string>;
};

/** Observation points (tests kill the process at them): inside a batch before its checkpoint moves, and after it committed. */
export type ProjectorHooks = {
  beforeCheckpoint?(name: string, events: StoredEvent[]): Promise<void>;
  afterCommit?(name: string, position: string): Promise<void>;
};

export type ProjectorOptions = {
  /** how often every projection looks for new events (ms; 0 or less: only when asked) */
  pollMs?: number;
  batchSize?: number;
  hooks?: ProjectorHooks;
  onError?: (name: string, error: unknown) => void;
  /**
   * Several hosts on one database: each projection and reaction polls only on the host
   * holding its lease (`projector:<name>`, leases.ts), so a reaction's effects happen once
   * and a projection is not fought over. Without it every host polls (the batch's
   * transaction lock still keeps projections exact).
   */
  leases?: LeaseGate;
};

/** The lease a projection or reaction runs under on its timer. */
export const projectorLease = (name: string) => `projector:${name}`;

export type ProjectionStatus = {
  name: string;
  kind: 'projection' | 'reaction' | 'relay';
  /** global position of the last event applied ('0': none yet) */
  position: string;
  /** global position of the newest event it handles */
  head: string;
  /** events it handles written after its checkpoint */
  lagEvents: number;
  /** seconds since the oldest of them was written (0 when caught up): how stale the read model is */
  lagSeconds: number;
  oldestPendingAt: string | null;
  newestPendingAt: string | null;
  rebuilding: boolean;
  rebuildStartedAt: string | null;
  updatedAt: string | null;
};

/** Something else that follows the store and shows its lag beside the projections (the outbox relay): listed, never rebuilt. */
export type StatusSource = { name: string; status(): Promise<ProjectionStatus> };

export class UnknownProjectionError extends Error {
  constructor(readonly projection: string) {
    super(`no projection named ${projection}`);
    this.name = 'UnknownProjectionError';
  }
}

/** Replaying side effects from zero would repeat them: only projections rebuild. */
export class NotRebuildableError extends Error {
  constructor(readonly projection: string) {
    super(`${projection} is a reaction: its effects cannot be replayed from zero`);
    this.name = 'NotRebuildableError';
  }
}

const LOCK_NAMESPACE = 7_310_333;
const DEFAULT_BATCH = 5_000;
const REACTION_BATCH = 200;
const isSqlText = (s: Statement): s is SqlText => typeof s === 'string';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Where a reader's cursor may go past its last event: a short page (not `more`) read after
 * taking the horizon has looked at everything up to it, handled or not. Undefined: stay.
 */
const passedTo = (horizon: string | undefined, more: boolean, at: string): string | undefined =>
  !more && horizon !== undefined && compareCursors(horizon, at) > 0 ? horizon : undefined;

/** A batch read ahead: from which position, and the read under way. */
type Prefetch = { after: string; events: Promise<StoredEvent[]> };

type CheckpointRow = { name: string; cursor: string; position: string; rebuilding: boolean; rebuild_started_at: Date | null; updated_at: Date | null };

export class Projector {
  private readonly projections = new Map<string, AsyncProjection>();
  private readonly reactions = new Map<string, Reaction>();
  private readonly running = new Map<string, Promise<number>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** the timers' turns under way (stop waits for them as for the runs) */
  private readonly polling = new Set<Promise<void>>();
  private readonly known = new Set<string>();
  private readonly statusSources = new Map<string, StatusSource>();
  private started = false;
  /** The last look at the horizon and the checkpoints, shared by the timers that fire together. */
  private look: { at: number; answer: Promise<{ horizon: string; cursors: Map<string, string> }> } | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly source: ProjectorSource,
    private readonly options: ProjectorOptions = {},
  ) {}

  private get pollMs() {
    return this.options.pollMs ?? 200;
  }

  private claim(name: string) {
    if (this.projections.has(name) || this.reactions.has(name) || this.statusSources?.has(name)) throw new Error(`projection ${name} is registered twice`);
  }

  register(projection: AsyncProjection): this {
    this.claim(projection.name);
    this.projections.set(projection.name, projection);
    if (this.started) this.schedule(projection.name, this.pollMs);
    return this;
  }

  addReaction(reaction: Reaction): this {
    this.claim(reaction.name);
    this.reactions.set(reaction.name, reaction);
    if (this.started) this.schedule(reaction.name, reaction.pollMs ?? this.pollMs);
    return this;
  }

  /** Shows another follower's lag in status() (the outbox relay); its name cannot be rebuilt. */
  addStatusSource(source: StatusSource): this {
    this.claim(source.name);
    this.statusSources.set(source.name, source);
    return this;
  }

  names(): string[] {
    return [...this.projections.keys(), ...this.reactions.keys()];
  }

  has(name: string): boolean {
    return this.projections.has(name) || this.reactions.has(name);
  }

  private typesOf(name: string): ReadAllOptions {
    const p = this.projections.get(name);
    if (p) return { types: p.handles };
    const r = this.reactions.get(name);
    if (r) return { types: r.handles };
    throw new UnknownProjectionError(name);
  }

  /** Follows new events in the background: each projection on its own timer. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const name of this.projections.keys()) this.schedule(name, this.pollMs);
    for (const [name, r] of this.reactions) this.schedule(name, r.pollMs ?? this.pollMs);
  }

  /** Stops the timers and waits for the batches under way (the pool closes after). */
  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers.values()) clearInterval(t);
    this.timers.clear();
    await Promise.allSettled([...this.polling, ...this.running.values()]);
  }

  private schedule(name: string, ms: number) {
    if (!(ms > 0)) return;
    const leases = this.options.leases;
    leases?.want(projectorLease(name));
    const timer = setInterval(() => {
      if (leases && !leases.holds(projectorLease(name))) return;
      const polling = this.poll(name)
        .catch((e: unknown) => this.report(name, e))
        .finally(() => this.polling.delete(polling));
      this.polling.add(polling);
    }, ms);
    timer.unref();
    this.timers.set(name, timer);
  }

  private report(name: string, error: unknown) {
    if (this.options.onError) this.options.onError(name, error);
    else console.error(`projection ${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
  }

  /**
   * A timer's turn: runs the projection only when events it has not looked at exist. One
   * look, shared by every timer firing in the same tick, reads the horizon and every
   * checkpoint; an idle host then costs the database those two small reads per poll instead
   * of a transaction per projection, each passing over every event written since the
   * projection's own last one.
   */
  private async poll(name: string): Promise<void> {
    if (!this.source.horizon) {
      await this.run(name);
      return;
    }
    const horizonOf = () => this.source.horizon!(this.pool);
    const now = Date.now();
    if (!this.look || now - this.look.at > this.pollMs / 2) {
      const answer = runAsSystem(async () => {
        const names = this.names();
        for (const n of names) await this.ensure(n);
        const [horizon, { rows }] = await Promise.all([
          horizonOf(),
          this.pool.query<{ name: string; cursor: string }>('SELECT name, cursor FROM tpl_checkpoints WHERE name = ANY($1)', [names]),
        ]);
        return { horizon, cursors: new Map(rows.map((r) => [r.name, r.cursor])) };
      });
      this.look = { at: now, answer };
      answer.catch(() => (this.look = undefined));
    }
    const { horizon, cursors } = await this.look.answer;
    if (!this.started) return; // stopped meanwhile: the pool may be closing
    const cursor = cursors.get(name);
    if (cursor !== undefined && compareCursors(cursor, horizon) >= 0) return;
    await this.run(name, horizon);
  }

  /**
   * Applies every visible event after the checkpoint, batch by batch; returns how many it
   * applied. One run per projection at a time in this process (a second caller shares it).
   * `horizon`: one read before this run (else the run reads it first).
   */
  run(name: string, horizon?: string): Promise<number> {
    if (!this.has(name)) return Promise.reject(new UnknownProjectionError(name));
    let current = this.running.get(name);
    if (!current) {
      current = runAsSystem(() => this.runBatches(name, horizon)).finally(() => this.running.delete(name));
      this.running.set(name, current);
    }
    return current;
  }

  /**
   * Runs until the checkpoint reaches the newest committed event it handles (including
   * events a reaction appends on the way). Events committed but not yet visible to readers
   * (an older transaction still open) are waited for. Tests and the bench call this; the
   * service itself relies on the timers.
   */
  async catchUp(name?: string): Promise<void> {
    for (const n of name ? [name] : this.names()) {
      for (;;) {
        await this.run(n);
        const [cursor, head] = await runAsSystem(() => Promise.all([this.cursorOf(n), this.source.head(this.typesOf(n), this.pool)]));
        if (compareCursors(cursor, head.cursor) >= 0) break;
        await pause(10);
      }
    }
  }

  /**
   * Runs a projection until it has applied every event it handles up to `cursor`: read-your-
   * writes for a store whose appends cannot carry the projection's writes (KurrentDB, ADR 0007).
   */
  async reach(name: string, cursor: string): Promise<void> {
    for (;;) {
      await this.run(name);
      const at = await this.cursorOf(name);
      if (compareCursors(at, cursor) >= 0) return;
      const [next] = await this.source.readAll(at, 1, this.typesOf(name), this.pool);
      if (!next || compareCursors(next.cursor!, cursor) > 0) return;
      await pause(5);
    }
  }

  /**
   * The cursor of the last event the projection applied (its checkpoint's cursor may be further
   * on, past events it does not handle): what it knows is the same at both, and this one moves
   * only when something it handles happens (billing's knowledge point).
   */
  async appliedCursor(name: string): Promise<string> {
    if (!this.has(name)) throw new UnknownProjectionError(name);
    return runAsSystem(async () => {
      await this.ensure(name);
      const { rows } = await this.pool.query<{ c: string }>('SELECT COALESCE(applied_cursor, cursor) AS c FROM tpl_checkpoints WHERE name = $1', [name]);
      return rows[0]?.c ?? '0';
    });
  }

  private async ensure(name: string, db: Queryable = this.pool) {
    if (this.known.has(name)) return;
    await db.query('INSERT INTO tpl_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
    this.known.add(name);
  }

  private async cursorOf(name: string, db: Queryable = this.pool): Promise<string> {
    await this.ensure(name, db);
    const { rows } = await db.query<{ cursor: string }>('SELECT cursor FROM tpl_checkpoints WHERE name = $1', [name]);
    return rows[0]?.cursor ?? '0';
  }

  private async runBatches(name: string, given?: string): Promise<number> {
    // taken before any read of this run: everything up to it is visible to those reads
    const horizon = given ?? (await this.source.horizon?.(this.pool));
    let total = 0;
    let next: Prefetch | undefined;
    for (;;) {
      const projection = this.projections.get(name);
      const batch: { count: number; more: boolean; next?: Prefetch } = projection
        ? await this.projectBatch(projection, next, horizon)
        : await this.reactBatch(this.reactions.get(name)!, horizon);
      next = batch.next;
      total += batch.count;
      if (!batch.more) return total;
    }
  }

  /** With more than one connection, the next batch is read while this one writes (its events are facts: they cannot change). */
  private get canPrefetch() {
    return (this.pool.options?.max ?? 1) > 1;
  }

  private prefetch(p: AsyncProjection, after: string, size: number): Prefetch {
    const events = this.source.readAll(after, size, { types: p.handles }, this.pool);
    // a failed read ahead is only a lost shortcut: the batch reads again in its transaction
    events.catch(() => undefined);
    return { after, events };
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * One batch: its events, its writes and its checkpoint in one transaction. `ahead`: the
   * events read ahead while the previous batch wrote, used only if the checkpoint is still
   * where they were read from (else another host moved it: read again).
   */
  private async projectBatch(p: AsyncProjection, ahead?: Prefetch, horizon?: string): Promise<{ count: number; more: boolean; next?: Prefetch }> {
    const size = p.batchSize ?? this.options.batchSize ?? DEFAULT_BATCH;
    await this.ensure(p.name);
    let next: Prefetch | undefined;
    const outcome = await this.transaction(async (client) => {
      // another host working on this projection: wait for its batch, then read its checkpoint
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NAMESPACE, p.name]);
      // a keyset page in global order: parallel workers only add their start-up (and row security makes the planner expect them to help)
      await client.query('SET LOCAL max_parallel_workers_per_gather = 0');
      const { rows } = await client.query<{ cursor: string; rebuilding: boolean }>('SELECT cursor, rebuilding FROM tpl_checkpoints WHERE name = $1', [p.name]);
      const { cursor, rebuilding } = rows[0]!;
      const prefetched = ahead && ahead.after === cursor ? await ahead.events.catch(() => undefined) : undefined;
      const events = prefetched ?? (await this.source.readAll(cursor, size, { types: p.handles }, client));
      const more = events.length === size;
      const passed = passedTo(horizon, more, events[events.length - 1]?.cursor ?? cursor);
      if (!events.length) {
        if (rebuilding || passed)
          await client.query('UPDATE tpl_checkpoints SET cursor = COALESCE($2, cursor), rebuilding = FALSE, updated_at = now() WHERE name = $1', [p.name, passed ?? null]);
        return { count: 0, more: false, last: undefined };
      }
      const last = events[events.length - 1]!;
      if (more && this.canPrefetch) next = this.prefetch(p, last.cursor!, size);
      const statements = p.project(events);
      // consecutive plain statements travel together in one round trip
      let text: string[] = [];
      const flush = async () => {
        if (text.length) await client.query(text.join(';\n'));
        text = [];
      };
      for (const s of statements) {
        if (isSqlText(s)) text.push(s);
        else {
          await flush();
          await client.query(s.text, s.values);
        }
      }
      await flush();
      await this.options.hooks?.beforeCheckpoint?.(p.name, events);
      await client.query(
        'UPDATE tpl_checkpoints SET cursor = $2, position = $3, applied_cursor = $5, rebuilding = rebuilding AND $4, updated_at = now() WHERE name = $1',
        [p.name, passed ?? last.cursor, last.globalPosition, more, last.cursor],
      );
      return { count: events.length, more, last: last.globalPosition };
    });
    if (outcome.last) await this.options.hooks?.afterCommit?.(p.name, outcome.last);
    return { ...outcome, ...(next && outcome.more ? { next } : {}) };
  }

  /** One batch of a reaction: effects one event at a time, then the checkpoint (as far as it got). */
  private async reactBatch(r: Reaction, horizon?: string): Promise<{ count: number; more: boolean }> {
    const size = r.batchSize ?? REACTION_BATCH;
    const cursor = await this.cursorOf(r.name);
    const events = await this.source.readAll(cursor, size, { types: r.handles }, this.pool);
    const more = events.length === size;
    let done: StoredEvent | undefined;
    let all = false;
    try {
      for (const e of events) {
        await r.react(e);
        done = e;
      }
      all = true;
    } finally {
      // every event reacted to: the checkpoint may pass the rest of a short page up to the horizon
      const to = (all ? passedTo(horizon, more, done?.cursor ?? cursor) : undefined) ?? done?.cursor;
      if (to) {
        // forward only: another host's reaction may have gone further meanwhile
        const at = parseCursor(to);
        await this.pool.query(
          `UPDATE tpl_checkpoints SET cursor = $2, position = COALESCE($5, position), applied_cursor = COALESCE($6, applied_cursor), updated_at = now()
            WHERE name = $1 AND (cursor = '0' OR (split_part(cursor, ':', 1)::xid8, split_part(cursor, ':', 2)::bigint) < ($3::xid8, $4::bigint))`,
          [r.name, to, String(at.tx), String(at.position), done?.globalPosition ?? null, done?.cursor ?? null],
        );
        if (done) await this.options.hooks?.afterCommit?.(r.name, done.globalPosition);
      }
    }
    return { count: events.length, more };
  }

  /**
   * Rebuilds a projection from zero without stopping anything: its tables are emptied and
   * its checkpoint set to 0 in one transaction (after any batch under way), marked
   * rebuilding; the timers (or catchUp) then replay every event until it reaches the head.
   */
  async rebuild(name: string): Promise<void> {
    const p = this.projections.get(name);
    if (p?.rebuildable === false) throw new NotRebuildableError(name);
    if (!p) throw this.reactions.has(name) || this.statusSources.has(name) ? new NotRebuildableError(name) : new UnknownProjectionError(name);
    await runAsSystem(async () => {
      await this.ensure(name);
      await this.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NAMESPACE, name]);
        for (const t of p.tables) await client.query(`DELETE FROM ${client.escapeIdentifier(t)}`);
        await client.query(
          "UPDATE tpl_checkpoints SET cursor = '0', position = 0, applied_cursor = '0', rebuilding = TRUE, rebuild_started_at = now(), updated_at = now() WHERE name = $1",
          [name],
        );
      });
    });
    if (this.started) void this.run(name).catch((e: unknown) => this.report(name, e));
  }

  /** Every projection and reaction: checkpoint, lag in events and seconds, rebuilding or not. */
  status(): Promise<ProjectionStatus[]> {
    return runAsSystem(async () => {
      for (const n of this.names()) await this.ensure(n);
      const { rows } = await this.pool.query<CheckpointRow>(
        'SELECT name, cursor, position::text AS position, rebuilding, rebuild_started_at, updated_at FROM tpl_checkpoints WHERE name = ANY($1)',
        [this.names()],
      );
      const byName = new Map(rows.map((r) => [r.name, r]));
      const out: ProjectionStatus[] = [];
      for (const name of this.names()) {
        const c = byName.get(name);
        const types = this.typesOf(name);
        const [pending, head] = await Promise.all([this.source.pending(c?.cursor ?? '0', types, this.pool), this.source.head(types, this.pool)]);
        out.push({
          name,
          kind: this.projections.has(name) ? 'projection' : 'reaction',
          position: c?.position ?? '0',
          head: head.position,
          lagEvents: pending.count,
          lagSeconds: pending.count ? Math.max(0, Math.round(pending.oldestAgeSeconds * 1000) / 1000) : 0,
          oldestPendingAt: iso(pending.oldestAt),
          newestPendingAt: iso(pending.newestAt),
          rebuilding: c?.rebuilding ?? false,
          rebuildStartedAt: iso(c?.rebuild_started_at),
          updatedAt: iso(c?.updated_at),
        });
      }
      for (const s of this.statusSources.values()) out.push(await s.status());
      return out;
    });
  }
}
