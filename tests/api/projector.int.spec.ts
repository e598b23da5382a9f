import { fork } from 'node:child_process';
import path from 'node:path';
import { compareCursors, openStorage, Projector, runAsSystem, runInTenant, type EventMetadata, type ProjectorHooks, type ProjectorSource, type Queryable, type Storage } from '@tpl/event-store';
import { Client } from 'pg';
import { freshDatabase, PG_ADMIN_URL, STORES, type TestDatabase } from '../support/databases';
import { COUNTS_TABLE, TICK, TOTALS_TABLE, countsMigration, countsProjection } from '../support/projector-counts';

/**
 * The asynchronous projector's promise: at least once delivery, exactly once effect. A test
 * projection that only ever ADDS (so a batch applied twice counts twice, one skipped is
 * missing) is killed in the middle of a batch and between batches, then run again; what it
 * holds must equal the events exactly, and equal a rebuild from zero.
 */
const STREAMS = 30;
const PER_STREAM = 20;
const EVENTS = STREAMS * PER_STREAM;
/** a type the counts projection does not handle */
const OTHER = 'TestOtherHappened';
const BATCH = 50;

const meta = (n: number): EventMetadata => ({
  tenantId: 't1',
  actor: { userId: 'u1', account: 'tester', name: 'Tester' },
  occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  correlationId: 'projector-test',
  causationId: `tick-${n}`,
});

/** 600 events over 30 streams, interleaved (each append a small transaction of its own). */
const seed = (s: Storage) =>
  runInTenant('t1', async () => {
    for (let v = 0; v < PER_STREAM; v++) {
      for (let i = 0; i < STREAMS; i++) {
        await s.store.append(`Tick-t1-${i}`, [{ type: TICK, data: { n: i * 1000 + v } }], { expectedVersion: v, metadata: meta(v), streamType: 'Tick' });
      }
    }
  });

/** What the counts must hold once every event is applied exactly once. */
const expected = () =>
  Array.from({ length: STREAMS }, (_, i) => ({
    stream: `Tick-t1-${i}`,
    events: PER_STREAM,
    sum: String(Array.from({ length: PER_STREAM }, (_, v) => i * 1000 + v).reduce((a, b) => a + b, 0)),
  })).sort((a, b) => a.stream.localeCompare(b.stream));

const snapshot = (s: Storage) =>
  runAsSystem(async () => ({
    counts: (await s.db.pool.query(`SELECT stream, events, sum::text AS sum FROM ${COUNTS_TABLE} ORDER BY stream COLLATE "C"`)).rows,
    total: Number((await s.db.pool.query<{ events: string }>(`SELECT events FROM ${TOTALS_TABLE} WHERE name = 'all'`)).rows[0]?.events ?? 0),
    checkpoint: (await s.db.pool.query<{ position: string; rebuilding: boolean }>(`SELECT position::text AS position, rebuilding FROM tpl_checkpoints WHERE name = $1`, [countsProjection.name])).rows[0],
  }));

/** Global positions of the seeded events, in order. */
const positions = (s: Storage) =>
  runAsSystem(async () => (await s.db.pool.query<{ p: string }>(`SELECT global_position::text AS p FROM emt_messages WHERE message_type = $1 ORDER BY global_position`, [TICK])).rows.map((r) => r.p));

const projectorOn = (s: Storage, hooks?: ProjectorHooks) => new Projector(s.db.pool, s.store, { pollMs: 0, batchSize: BATCH, ...(hooks ? { hooks } : {}) }).register(countsProjection);

const open = (db: TestDatabase) => openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, migrations: [countsMigration], projections: [] });

describe.each(STORES)('projector on the %s store', (kind) => {
  let db: TestDatabase;
  let s: Storage;
  let order: string[];

  beforeAll(async () => {
    db = await freshDatabase(kind);
    s = await open(db);
    await seed(s);
    order = await positions(s);
    expect(order).toHaveLength(EVENTS);
  }, 300_000);
  afterAll(async () => {
    await s?.db.close();
    await db?.drop();
  });

  it('a batch that fails after its writes leaves neither its writes nor its checkpoint; a new projector carries on with no gap and no double count', async () => {
    // what the four committed batches held: a batch is at most BATCH events, fewer when another
    // file's transaction, anywhere in the cluster, holds readAll's horizon back (files run two at a time)
    let batches = 0;
    let committed = 0;
    const failing = projectorOn(s, {
      beforeCheckpoint: async (_name, events) => {
        batches += 1;
        if (batches === 5) throw new Error('crash inside batch 5');
        committed += events.length;
      },
    });
    await expect(failing.catchUp(countsProjection.name)).rejects.toThrow('crash inside batch 5');
    // four batches applied and checkpointed; the fifth's writes rolled back with its checkpoint
    const mid = await snapshot(s);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThanOrEqual(4 * BATCH);
    expect(mid.total).toBe(committed);
    expect(mid.checkpoint!.position).toBe(order[committed - 1]);
    expect(mid.counts.reduce((n, r) => n + Number(r.events), 0)).toBe(committed);

    // a restart: a new projector from the stored checkpoint
    await projectorOn(s).catchUp(countsProjection.name);
    const after = await snapshot(s);
    expect(after.counts).toEqual(expected());
    expect(after.total).toBe(EVENTS);
    expect(after.checkpoint!.position).toBe(order.at(-1));

    // and what it holds equals a rebuild from zero
    const rebuilt = projectorOn(s);
    await rebuilt.rebuild(countsProjection.name);
    expect((await snapshot(s)).checkpoint).toEqual({ position: '0', rebuilding: true });
    await rebuilt.catchUp(countsProjection.name);
    const fromZero = await snapshot(s);
    expect(fromZero).toEqual(after);
    expect(fromZero.checkpoint!.rebuilding).toBe(false);
  });

  it('two projectors on the same projection at once apply every batch once', async () => {
    const p = projectorOn(s);
    await p.rebuild(countsProjection.name);
    await Promise.all([projectorOn(s).catchUp(countsProjection.name), projectorOn(s).catchUp(countsProjection.name), p.catchUp(countsProjection.name)]);
    const r = await snapshot(s);
    expect(r.counts).toEqual(expected());
    expect(r.total).toBe(EVENTS);
  });

  it('reports its lag in events and seconds, and catches up', async () => {
    const p = projectorOn(s);
    await p.catchUp(countsProjection.name);
    await runInTenant('t1', () => s.store.append('Tick-t1-extra', [{ type: TICK, data: { n: 0 } }, { type: TICK, data: { n: 1 } }], { expectedVersion: 0, metadata: meta(99), streamType: 'Tick' }));
    const [behind] = await p.status();
    expect(behind).toMatchObject({ name: countsProjection.name, kind: 'projection', lagEvents: 2, rebuilding: false });
    expect(behind!.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(behind!.oldestPendingAt).not.toBeNull();
    expect(behind!.newestPendingAt! >= behind!.oldestPendingAt!).toBe(true);
    expect(BigInt(behind!.head)).toBeGreaterThan(BigInt(behind!.position));
    await p.catchUp(countsProjection.name);
    const [level] = await p.status();
    expect(level).toMatchObject({ lagEvents: 0, lagSeconds: 0, oldestPendingAt: null, position: level!.head });
  });

  it('passes over the events it does not handle once: its checkpoint moves to the horizon, not past an event an older open transaction still holds', async () => {
    const p = projectorOn(s);
    await p.catchUp(countsProjection.name);
    const before = await snapshot(s);
    const cursorOf = async () =>
      (await runAsSystem(() => s.db.pool.query<{ cursor: string }>('SELECT cursor FROM tpl_checkpoints WHERE name = $1', [countsProjection.name]))).rows[0]!.cursor;
    await runInTenant('t1', async () => {
      for (let i = 0; i < 40; i++) await s.store.append(`Other-t1-${i}`, [{ type: OTHER, data: { i } }], { expectedVersion: 0, metadata: meta(i), streamType: 'Other' });
    });
    const horizon = await runAsSystem(() => s.store.horizon());
    const applied = await cursorOf();
    expect(compareCursors(horizon, applied)).toBe(1);
    expect(await p.run(countsProjection.name)).toBe(0);
    // the next read starts after the 40 events it does not handle (at the horizon its run read:
    // this one, or a later one when a transaction that held it back has ended since); nothing it
    // holds changed, and what it knows is still dated by the last event it applied
    expect(compareCursors(await cursorOf(), horizon)).toBeGreaterThanOrEqual(0);
    expect(await p.appliedCursor(countsProjection.name)).toBe(applied);
    expect(await snapshot(s)).toEqual(before);
    // what is left after the horizon is only the tail of those 40: none when nothing held the
    // horizon back, a few when another file's open transaction (txids are cluster-wide; files run
    // two at a time) kept some of them behind it when it was read
    const left = await runAsSystem(() => s.store.readAll(horizon, 100));
    expect(left.map((e) => e.type).filter((t) => t !== OTHER)).toEqual([]);
    expect(left.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: left.length }, (_, k) => 40 - left.length + k));

    if (kind !== 'postgres') return; // the embedded store has one connection: no transaction stays open beside another's
    // an older transaction takes its id and appends a handled event, then stays open while a younger one commits
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let appended!: () => void;
    const inside = new Promise<void>((r) => (appended = r));
    const older = runInTenant('t1', () =>
      s.store.withTransaction(async (uow) => {
        await uow.append('Tick-t1-late', [{ type: TICK, data: { n: 7 } }], { expectedVersion: 0, metadata: meta(100), streamType: 'Tick' });
        appended();
        await held;
      }),
    );
    try {
      await inside;
      await runInTenant('t1', () => s.store.append('Other-t1-young', [{ type: OTHER, data: { i: 0 } }], { expectedVersion: 0, metadata: meta(101), streamType: 'Other' }));
      expect(await p.run(countsProjection.name)).toBe(0);
      // the horizon stops before the open transaction: the checkpoint has not passed its event
      // (the catch-up below applies it, which it would not once passed)
      expect(compareCursors(await cursorOf(), horizon)).toBeGreaterThanOrEqual(0);
    } finally {
      release();
      await older;
    }
    await p.catchUp(countsProjection.name);
    const after = await snapshot(s);
    expect(after.total).toBe(before.total + 1);
    expect(after.counts.find((c) => c.stream === 'Tick-t1-late')).toEqual({ stream: 'Tick-t1-late', events: 1, sum: '7' });
  });

  it('an idle poll reads no events: one look at the horizon and the checkpoints, then a batch only when something new exists', async () => {
    await projectorOn(s).catchUp(countsProjection.name);
    let reads = 0;
    const source: ProjectorSource = {
      readAll: (...args) => ((reads += 1), s.store.readAll(...args)),
      head: (...args) => s.store.head(...args),
      pending: (...args) => s.store.pending(...args),
      horizon: (db?: Queryable) => s.store.horizon(db),
    };
    const polling = new Projector(s.db.pool, source, { pollMs: 25, batchSize: BATCH }).register(countsProjection);
    polling.start();
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(reads).toBe(0);
      const total = (await snapshot(s)).total;
      await runInTenant('t1', () => s.store.append('Tick-t1-poll', [{ type: TICK, data: { n: 1 } }], { expectedVersion: 0, metadata: meta(200), streamType: 'Tick' }));
      for (let i = 0; i < 200 && (await snapshot(s)).total === total; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await snapshot(s)).total).toBe(total + 1);
      expect(reads).toBeGreaterThan(0);
    } finally {
      await polling.stop();
    }
  });
});

/**
 * The same promise against a real kill: a projector in a child process, SIGKILLed while a
 * batch's transaction is open (writes done, checkpoint not moved) and right after a batch
 * committed. PostgreSQL only: the embedded database lives inside the test's own process.
 */
describe('projector killed with SIGKILL (PostgreSQL)', () => {
  let db: TestDatabase;
  let s: Storage;
  let order: string[];

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    s = await open(db);
    await seed(s);
    order = await positions(s);
  }, 300_000);
  afterAll(async () => {
    await s?.db.close();
    await db?.drop();
  });

  /** Runs the child until it reports `where` at batch `at`, then kills it there; what its committed batches held. */
  const killAt = (where: 'inside' | 'between', at: number) =>
    new Promise<number>((resolve, reject) => {
      let committed = 0;
      const child = fork(path.join(__dirname, '..', 'support', 'projector-child.cjs'), [db.databaseUrl!, where, String(at), String(BATCH)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      let killed = false;
      child.on('message', (m: { where: string; batch: number; committed?: number; error?: string }) => {
        if (m.where === where && m.batch === at) {
          killed = true;
          committed = m.committed ?? 0;
          child.kill('SIGKILL');
        } else reject(new Error(`the child reported ${m.where} at batch ${m.batch}${m.error ? `: ${m.error}` : ''}`));
      });
      child.on('exit', (_code, signal) => (killed && signal === 'SIGKILL' ? resolve(committed) : reject(new Error(`the child exited (${signal ?? _code}) before it was killed`))));
    });

  it('killed inside batch 3 and after batch 6: each restart resumes from the last committed batch, and the end result equals the events and a rebuild', async () => {
    // (a batch holds at most BATCH events, fewer while another file's transaction holds readAll's cluster-wide horizon back)
    const first = await killAt('inside', 3);
    // the killed batch's writes went with its connection: two batches, checkpoint at the end of the second
    let now = await snapshot(s);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(2 * BATCH);
    expect(now.total).toBe(first);
    expect(now.checkpoint!.position).toBe(order[first - 1]);

    // restarted, it goes on from there and is killed right after its 6th batch committed (8 in all)
    const both = first + (await killAt('between', 6));
    now = await snapshot(s);
    expect(both).toBeLessThanOrEqual(8 * BATCH);
    expect(now.total).toBe(both);
    expect(now.checkpoint!.position).toBe(order[both - 1]);
    expect(now.counts.reduce((n, r) => n + Number(r.events), 0)).toBe(both);

    // restarted once more, to the end
    await projectorOn(s).catchUp(countsProjection.name);
    const live = await snapshot(s);
    expect(live.counts).toEqual(expected());
    expect(live.total).toBe(EVENTS);

    const p = projectorOn(s);
    await p.rebuild(countsProjection.name);
    await p.catchUp(countsProjection.name);
    expect(await snapshot(s)).toEqual(live);
  });

  it('stops cleanly (a second storage on the same database, so PostgreSQL only): a poll under way is waited for, and nothing runs on the pool once stop has returned', async () => {
    const errors: unknown[] = [];
    for (let i = 0; i < 15; i++) {
      const other = await open(db);
      const p = new Projector(other.db.pool, other.store, { pollMs: 1, batchSize: BATCH, onError: (_n, e) => errors.push(e) }).register(countsProjection);
      await p.rebuild(countsProjection.name); // work for the polls to find
      p.start();
      await new Promise((r) => setTimeout(r, 3 + i));
      await p.stop();
      await other.db.close();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(errors).toEqual([]);
  });

  it('closing the storage returns once its sessions have ended (a database dropped or copied right after finds none)', async () => {
    // asked on a connection already open, right as close returns (the window is short: eight times)
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const name = new URL(db.databaseUrl!).pathname.slice(1);
    // the sessions by process id: those there before are left out (the host's own pool ends its idle
    // ones on its own clock, so a count would move under the test)
    const pids = async () =>
      new Set((await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND usename = 'tpl_app'`, [name])).rows.map((r) => r.pid));
    const newSince = async (before: Set<number>) => [...(await pids())].filter((pid) => !before.has(pid)).length;
    // several sessions on both pools
    const busy = (p: import('pg').Pool) => Promise.all(Array.from({ length: 4 }, () => runAsSystem(() => p.query('SELECT pg_sleep(0.02)'))));
    try {
      for (let i = 0; i < 8; i++) {
        const before = await pids();
        const other = await open(db);
        await Promise.all([busy(other.db.pool), busy(other.db.jobs)]);
        expect(await newSince(before)).toBeGreaterThanOrEqual(8);
        await other.db.close();
        expect(await newSince(before)).toBe(0);
      }
    } finally {
      await admin.end();
    }
  });

  it("the storage's projector works on connections of its own: it catches up while every request connection is taken", async () => {
    const other = await open(db);
    const held: import('pg').PoolClient[] = [];
    try {
      expect(other.db.pool.options.max).toBe(20);
      expect(other.db.jobs.options.max).toBe(6);
      const projector = other.projector.register(countsProjection);
      await projector.rebuild(countsProjection.name);
      // a burst of long requests holds every connection of the requests' pool
      for (let i = 0; i < other.db.pool.options.max; i++) held.push(await other.db.pool.connect());
      const caughtUp = projector.catchUp(countsProjection.name).then(() => 'caught up');
      const late = new Promise((r) => setTimeout(r, 15_000, 'still waiting for a connection after 15 s'));
      expect(await Promise.race([caughtUp, late])).toBe('caught up');
      for (const c of held.splice(0)) c.release();
      expect((await snapshot(other)).counts).toEqual(expected());
    } finally {
      for (const c of held) c.release();
      await other.db.close();
    }
  });
});
