import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openStorage } from './open';
import { KurrentEventStore } from './kurrent-event-store';
import { PostgresEventStore } from './postgres-event-store';
import { StaleVersionError, type EventMetadata, type EventStorePort, type Statement, type StoredEvent, type UnitOfWork } from './port';
import { FoldedStreams, loadStream, type Fold } from './command';
import { runInTenant } from './tenant-context';
import { params, sql } from './sql';
import { nextSerial, SerialExhaustedError, SerialFirstError, serialTake, type SerialTake } from './serial';
import { UnknownSchemaVersionError, UpcasterRegistry, type Upcaster } from './upcasters';

/**
 * One contract, every implementation of the port: embedded PGlite, PostgreSQL, and
 * KurrentDB when KURRENTDB_URL names a server (none can run on these machines).
 */
const PG_ADMIN = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const KURRENT = process.env.KURRENTDB_URL;

/** A read model written by the appends' `also` statements (a document's list row, in the product). */
const ALSO_TABLE = { id: 'contract/also-rows', sql: 'CREATE TABLE IF NOT EXISTS contract_also (id text PRIMARY KEY, n int NOT NULL, doc jsonb NOT NULL, note text)' };
const alsoRow = (id: string, n: number, note: string | null = null) =>
  params('INSERT INTO contract_also (id, n, doc, note) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n, doc = EXCLUDED.doc, note = EXCLUDED.note', [id, n, { n, tags: ['a', "it's"] }, note]);

/** store: today's code; old: code from before ContractShaped v2, on the same data. */
type Subject = { store: EventStorePort; old: EventStorePort; close(): Promise<void> };

/** A step of a test type: v1 had no `b`, read as 0. */
const upcasters: Upcaster[] = [{ eventType: 'ContractShaped', fromVersion: 1, upcast: (d) => ({ b: 0, ...(d as object) }) }];

const subjects: [string, () => Promise<Subject>][] = [
  [
    'embedded PGlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-contract-'));
      const { db, store } = await openStorage({ dataDir: dir, migrations: [ALSO_TABLE], projections: [], upcasters });
      const old = new PostgresEventStore(db.pool, db.connectionString);
      return { store, old, close: async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const name = `tpl_contract_${Date.now()}`;
      const admin = new Client({ connectionString: PG_ADMIN });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      const { db, store } = await openStorage({ databaseUrl: url.toString(), migrations: [ALSO_TABLE], projections: [], upcasters });
      return {
        store,
        old: new PostgresEventStore(db.pool, db.connectionString),
        close: async () => {
          await db.close();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        },
      };
    },
  ],
];
if (KURRENT) {
  subjects.push(['KurrentDB', async () => {
    const store = KurrentEventStore.connect(KURRENT, UpcasterRegistry.of(upcasters));
    const old = KurrentEventStore.connect(KURRENT);
    return { store, old, close: async () => (await store.close(), await old.close()) };
  }]);
  // the product's store in EVENT_STORE=kurrentdb mode: KurrentDB's events, PostgreSQL's SQL (ADR 0007)
  subjects.push(['KurrentDB as the running store', async () => {
    const name = `tpl_contract_k_${Date.now()}`;
    const admin = new Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    const { db, events } = await openStorage({ databaseUrl: url.toString(), migrations: [ALSO_TABLE], projections: [], upcasters, kurrentdbUrl: KURRENT });
    const old = KurrentEventStore.connect(KURRENT);
    return {
      store: events,
      old,
      close: async () => {
        await events.close();
        await old.close();
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }]);
} else {
  test.skip('KurrentDB contract (the store, and the store as the running product uses it): skipped, set KURRENTDB_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) to run it', () => undefined);
}

const meta: EventMetadata = {
  tenantId: 't1',
  actor: { userId: 'u1', account: 'tester', name: 'Tester' },
  occurredAt: '2026-11-23T00:00:00.000Z',
  correlationId: 'corr',
  causationId: 'cause',
};
/** appends run in their tenant's scope (row-level security on the PostgreSQL stores) */
const inTenant = (fn: () => Promise<void>) => runInTenant(meta.tenantId, fn);
const opts = (expectedVersion: number) => ({ expectedVersion, metadata: meta, streamType: 'Contract' });

describe.each(subjects)('event store contract: %s', (name, make) => {
  let s: Subject;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => s?.close());

  it('appends to a new stream and reads the events back with versions and metadata', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    const r = await s.store.append(stream, [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { quote: "it's" } }], opts(0));
    expect(r.nextVersion).toBe(2);
    const events = await s.store.readStream(stream);
    expect(events.map((e) => [e.version, e.type, e.data])).toEqual([
      [1, 'A', { n: 1 }],
      [2, 'B', { quote: "it's" }],
    ]);
    expect(events[0]!.metadata).toEqual(meta);
    expect((await s.store.readStream(stream, { toVersion: 1 })).map((e) => e.type)).toEqual(['A']);
  }));

  it('reads only the events after a version, and a range of versions', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, ['A', 'B', 'C', 'D'].map((type) => ({ type, data: {} })), opts(0));
    const types = async (o: { fromVersion?: number; toVersion?: number }) => (await s.store.readStream(stream, o)).map((e) => `${e.version}${e.type}`);
    expect(await types({ fromVersion: 2 })).toEqual(['3C', '4D']);
    expect(await types({ fromVersion: 0 })).toEqual(['1A', '2B', '3C', '4D']);
    expect(await types({ fromVersion: 4 })).toEqual([]);
    expect(await types({ fromVersion: 1, toVersion: 3 })).toEqual(['2B', '3C']);
    expect(await types({ fromVersion: 3, toVersion: 3 })).toEqual([]);
  }));

  it('folds a stream once per new event for a reader that keeps its folds (FoldedStreams), whoever appended them', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    const seen: number[] = [];
    type Tally = { n: number; types: string[] };
    const fold: Fold<Tally> = {
      initial: () => ({ n: 0, types: [] }),
      evolve: (t, e) => (seen.push(e.version), { n: t.n + 1, types: [...t.types, e.type] }),
    };
    const folds = new FoldedStreams();
    expect(await folds.load(s.store, stream, fold)).toEqual({ state: { n: 0, types: [] }, version: 0 });
    await s.store.append(stream, [{ type: 'A', data: {} }, { type: 'B', data: {} }], opts(0));
    expect(await folds.load(s.store, stream, fold)).toEqual({ state: { n: 2, types: ['A', 'B'] }, version: 2 });
    // a caller changing what it was handed changes nothing kept
    const handed = await folds.load(s.store, stream, fold);
    handed.state.types.push('tampered');
    handed.state.n = 99;
    // another writer (the store itself, as another host would) appends: only its event is folded
    await s.store.append(stream, [{ type: 'C', data: {} }], opts(2));
    expect(await folds.load(s.store, stream, fold)).toEqual({ state: { n: 3, types: ['A', 'B', 'C'] }, version: 3 });
    expect(await folds.load(s.store, stream, fold)).toEqual({ state: { n: 3, types: ['A', 'B', 'C'] }, version: 3 });
    expect(seen).toEqual([1, 2, 3]);
    // the same read without the kept folds agrees
    expect((await loadStream(s.store, stream, fold)).state).toEqual({ n: 3, types: ['A', 'B', 'C'] });
  }));

  it('keeps at most its bound of folded streams, the least recently read going first', () => inTenant(async () => {
    const streams = [0, 1, 2].map(() => `Contract-${randomUUID()}`);
    for (const st of streams) await s.store.append(st, [{ type: 'A', data: {} }], opts(0));
    let folded = 0;
    const fold: Fold<number> = { initial: () => 0, evolve: (n) => (folded++, n + 1) };
    const folds = new FoldedStreams(2);
    await folds.load(s.store, streams[0]!, fold);
    await folds.load(s.store, streams[1]!, fold);
    await folds.load(s.store, streams[0]!, fold); // kept: streams[1] is now the oldest read
    await folds.load(s.store, streams[2]!, fold); // pushes streams[1] out
    expect(folded).toBe(3);
    await folds.load(s.store, streams[0]!, fold);
    expect(folded).toBe(3);
    await folds.load(s.store, streams[1]!, fold);
    expect(folded).toBe(4);
  }));

  it('tells its appends only where it is the one writer of its database (the embedded store)', () => {
    expect(s.store.appends !== undefined).toBe(name === 'embedded PGlite');
  });

  // FoldedStreams on a sole writer: a fold read whole is answered without reading until an append
  // to its stream begins, by any path; elsewhere every load reads, as before
  describe('folds held whole', () => {
    const tally: Fold<string[]> = { initial: () => [], evolve: (t, e) => [...t, e.type] };
    /** the store, its reads counted, and each read held back after it ran until `hold` settles (when given) */
    const counted = () => {
      const c = {
        reads: 0,
        hold: undefined as Promise<void> | undefined,
        store: {
          readStream: async (stream: string, o?: { fromVersion?: number }) => {
            c.reads++;
            const events = await s.store.readStream(stream, o);
            await c.hold;
            return events;
          },
          get appends() {
            return s.store.appends;
          },
        },
      };
      return c;
    };
    const sole = () => s.store.appends !== undefined;

    it('answers a fold read whole without reading, and reads again after an append, in a session or in a transaction', () => inTenant(async () => {
      const stream = `Contract-${randomUUID()}`;
      const c = counted();
      const folds = new FoldedStreams();
      await s.store.append(stream, [{ type: 'A', data: {} }], opts(0));
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A']);
      expect(await folds.load(c.store, stream, tally)).toEqual({ state: ['A'], version: 1 });
      expect(c.reads).toBe(sole() ? 1 : 2);

      await s.store.append(stream, [{ type: 'B', data: {} }], opts(1));
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B']);
      await s.store.withSession!(async (uow) => void (await uow.append(stream, [{ type: 'C', data: {} }], opts(2))));
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B', 'C']);
      await s.store.withTransaction(async (uow) => void (await uow.append(stream, [{ type: 'D', data: {} }], opts(3))));
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B', 'C', 'D']);
      const before = c.reads;
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B', 'C', 'D']);
      expect(c.reads - before).toBe(sole() ? 0 : 1);

      // a rolled back append: read again, nothing new; then whole again
      await expect(
        s.store.withTransaction(async (uow) => {
          await uow.append(stream, [{ type: 'X', data: {} }], opts(4));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const atRollback = c.reads;
      expect(await folds.load(c.store, stream, tally)).toEqual({ state: ['A', 'B', 'C', 'D'], version: 4 });
      expect(c.reads - atRollback).toBe(1);
      await folds.load(c.store, stream, tally);
      expect(c.reads - atRollback).toBe(sole() ? 1 : 2);
      // another stream's append leaves this whole fold alone
      await s.store.append(`Contract-${randomUUID()}`, [{ type: 'A', data: {} }], opts(0));
      await folds.load(c.store, stream, tally);
      expect(c.reads - atRollback).toBe(sole() ? 1 : 3);
    }));

    it('does not hold whole a read an append began during: that read may have run before the append', () => inTenant(async () => {
      const stream = `Contract-${randomUUID()}`;
      const c = counted();
      const folds = new FoldedStreams();
      await s.store.append(stream, [{ type: 'A', data: {} }], opts(0));
      let release!: () => void;
      c.hold = new Promise((r) => (release = r));
      // the read runs (it sees A only), then is held back while B is appended and committed
      const first = folds.load(c.store, stream, tally);
      while (c.reads === 0) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 50));
      await s.store.append(stream, [{ type: 'B', data: {} }], opts(1));
      release();
      c.hold = undefined;
      expect((await first).state).toEqual(['A']);
      // held whole, it would answer ['A'] from now on
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B']);
      expect(c.reads).toBe(2);
    }));

    it('does not hold whole a read begun while an append was unsettled (its transaction still open)', () => inTenant(async () => {
      const stream = `Contract-${randomUUID()}`;
      const c = counted();
      const folds = new FoldedStreams();
      await s.store.append(stream, [{ type: 'A', data: {} }], opts(0));
      await folds.load(c.store, stream, tally);
      let commit!: () => void;
      const open = new Promise<void>((r) => (commit = r));
      let appended!: () => void;
      const inside = new Promise<void>((r) => (appended = r));
      const tx = s.store.withTransaction(async (uow) => {
        await uow.append(stream, [{ type: 'B', data: {} }], opts(1));
        appended();
        await open;
      });
      await inside;
      // begun with B unsettled: on the embedded store this read waits for the one connection, so
      // it runs after the commit; either way it is not held whole
      const reading = folds.load(c.store, stream, tally);
      await new Promise((r) => setTimeout(r, 50));
      commit();
      await tx;
      const read = await reading;
      expect(read.version === 1 || read.version === 2).toBe(true);
      const reads = c.reads;
      expect((await folds.load(c.store, stream, tally)).state).toEqual(['A', 'B']);
      expect(c.reads).toBe(reads + 1);
    }));
  });

  it('reads an unknown stream as empty', () => inTenant(async () => {
    expect(await s.store.readStream(`Contract-${randomUUID()}`)).toEqual([]);
  }));

  it('refuses a stale expected version and a second creation of the same stream', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, [{ type: 'A', data: {} }], opts(0));
    await expect(s.store.append(stream, [{ type: 'X', data: {} }], opts(0))).rejects.toBeInstanceOf(StaleVersionError);
    await expect(s.store.append(stream, [{ type: 'X', data: {} }], opts(2))).rejects.toBeInstanceOf(StaleVersionError);
    await s.store.append(stream, [{ type: 'B', data: {} }], opts(1));
    expect((await s.store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
  }));

  it('lets exactly one of 20 concurrent appends at one version through', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, [{ type: 'A', data: {} }], opts(0));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => s.store.append(stream, [{ type: `C${i}`, data: {} }], opts(1))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(19);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(StaleVersionError);
    expect((await s.store.readStream(stream)).map((e) => e.version)).toEqual([1, 2]);
  }));

  it('commits a unit of work with its last append when asked: all of it or, when stale, none of it', () => inTenant(async () => {
    const [first, last] = [`Contract-${randomUUID()}`, `Contract-${randomUUID()}`];
    await s.store.append(last, [{ type: 'A', data: {} }], opts(0));
    await s.store.withTransaction(async (uow) => {
      await uow.append(first, [{ type: 'First', data: {} }], opts(0));
      const r = await uow.append(last, [{ type: 'Last', data: {} }], { ...opts(1), commit: true });
      expect(r.nextVersion).toBe(2);
      // the PostgreSQL stores sent the COMMIT already: the unit of work takes nothing more
      if (name !== 'KurrentDB') await expect(uow.query('SELECT 1')).rejects.toThrow(/committed/);
    });
    expect((await s.store.readStream(first)).map((e) => e.type)).toEqual(['First']);
    expect((await s.store.readStream(last)).map((e) => e.type)).toEqual(['A', 'Last']);
    const other = `Contract-${randomUUID()}`;
    await expect(
      s.store.withTransaction(async (uow) => {
        await uow.append(other, [{ type: 'Other', data: {} }], opts(0));
        await uow.append(last, [{ type: 'Stale', data: {} }], { ...opts(1), commit: true });
      }),
    ).rejects.toBeInstanceOf(StaleVersionError);
    expect(await s.store.readStream(other)).toEqual([]);
    expect((await s.store.readStream(last)).map((e) => e.type)).toEqual(['A', 'Last']);
  }));

  it("writes an append's read-model statements with it, parameterised or as text, alone, in a session or a transaction; a stale append writes none", () => inTenant(async () => {
    if (name === 'KurrentDB') return; // the plain KurrentDB store has no read models of its own: the running store writes them
    const rows = async (ids: string[]) =>
      s.store.withTransaction((uow) => uow.query<{ id: string; n: number; doc: unknown; note: string | null }>('SELECT id, n, doc, note FROM contract_also WHERE id = ANY($1) ORDER BY id', [ids]));
    const stream = `Contract-${randomUUID()}`;
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((k) => `${stream}-${k}`) as [string, string, string, string];
    // alone: two parameterised statements (sent as parts of the append's own statement where the store can)
    await s.store.append(stream, [{ type: 'A', data: {} }], { ...opts(0), also: [alsoRow(a, 1, "O'Brien -- $1"), alsoRow(b, 1)] });
    // in a session: a parameterised statement beside one made with sql()
    const inSession = <T>(work: (session: EventStorePort | UnitOfWork) => Promise<T>) => (s.store.withSession ? s.store.withSession(work) : work(s.store));
    await inSession((session) =>
      session.append(stream, [{ type: 'B', data: {} }], { ...opts(1), also: [alsoRow(a, 2, "O'Brien -- $1"), sql('INSERT INTO contract_also (id, n, doc) VALUES (%L, 1, %L)', c, { c: true })] }),
    );
    // in a transaction committed with its append (the statements travel as text with the COMMIT)
    await s.store.withTransaction((uow) => uow.append(stream, [{ type: 'C', data: {} }], { ...opts(2), also: [alsoRow(d, 3)], commit: true }));
    expect(await rows([a, b, c, d])).toEqual([
      { id: a, n: 2, doc: { n: 2, tags: ['a', "it's"] }, note: "O'Brien -- $1" },
      { id: b, n: 1, doc: { n: 1, tags: ['a', "it's"] }, note: null },
      { id: c, n: 1, doc: { c: true }, note: null },
      { id: d, n: 3, doc: { n: 3, tags: ['a', "it's"] }, note: null },
    ]);
    // stale: neither the events nor any statement of the append is written, however it travels
    await expect(s.store.append(stream, [{ type: 'X', data: {} }], { ...opts(2), also: [alsoRow(a, 9), alsoRow(`${stream}-x`, 9)] })).rejects.toBeInstanceOf(StaleVersionError);
    await expect(
      s.store.withTransaction((uow) => uow.append(stream, [{ type: 'X', data: {} }], { ...opts(1), also: [alsoRow(b, 9)], commit: true })),
    ).rejects.toBeInstanceOf(StaleVersionError);
    expect((await rows([a, b, `${stream}-x`])).map((r) => [r.id, r.n])).toEqual([[a, 2], [b, 1]]);
    expect((await s.store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
  }));

  it('takes a serial number in the append\'s own statement: written in for its placeholder in the events and statements, once per append, none when anything fails', () => inTenant(async () => {
    const spec = { prefix: `Q"\\${randomUUID().slice(0, 4)}-`, min: 7, max: 9 };
    const seqCode = `contract-${randomUUID()}`;
    const take = () => serialTake(meta.tenantId, seqCode, spec, '2026-11-27');
    const create = (t: SerialTake, stream: string, also: Statement[] = []) =>
      s.store.withTransaction((uow) => uow.append(stream, [{ type: 'Made', data: { billNo: t.placeholder, lines: [{ note: `bill ${t.placeholder} of ${t.placeholder}` }] } }], { ...opts(0), also, commit: true, serial: t }));
    const first = take();
    const stream = `Contract-${randomUUID()}`;
    if (!s.store.takesSerials) {
      // a store that cannot take it refuses before writing anything: the caller takes the number first
      await expect(create(first, stream)).rejects.toBeInstanceOf(SerialFirstError);
      expect(await s.store.readStream(stream)).toEqual([]);
      return;
    }
    const number = `${spec.prefix}2026112700007`;
    const made = await create(first, stream, [alsoRow(`${stream}-row`, 1, first.placeholder), params('INSERT INTO contract_also (id, n, doc) VALUES ($1, 2, $2)', [`${stream}-json`, { billNo: first.placeholder }])]);
    expect(made.serial).toBe(number);
    const [event] = await s.store.readStream(stream);
    expect(event!.data).toEqual({ billNo: number, lines: [{ note: `bill ${number} of ${number}` }] });
    const rows = await s.store.withTransaction((uow) => uow.query<{ id: string; doc: unknown; note: string | null }>('SELECT id, doc, note FROM contract_also WHERE id LIKE $1 ORDER BY id', [`${stream}-%`]));
    expect(rows).toEqual([
      { id: `${stream}-json`, doc: { billNo: number }, note: null },
      { id: `${stream}-row`, doc: { n: 1, tags: ['a', "it's"] }, note: number },
    ]);
    // a stale append takes no number: the next one is 8
    const stale = take();
    await expect(s.store.withTransaction((uow) => uow.append(stream, [{ type: 'Made', data: { billNo: stale.placeholder } }], { ...opts(0), commit: true, serial: stale }))).rejects.toBeInstanceOf(StaleVersionError);
    // a statement made as text that holds the placeholder cannot have the number written in: refused, nothing written
    const text = take();
    const other = `Contract-${randomUUID()}`;
    await expect(create(text, other, [sql('INSERT INTO contract_also (id, n, doc, note) VALUES (%L, 1, %L, %L)', other, {}, text.placeholder)])).rejects.toBeInstanceOf(SerialFirstError);
    expect(await s.store.readStream(other)).toEqual([]);
    // and the unit of work it was refused in goes on: the number taken first, then the append commits with it
    const firstThen = await s.store.withTransaction(async (uow) => {
      const refused = take();
      const textRow = sql('INSERT INTO contract_also (id, n, doc, note) VALUES (%L, 1, %L, %L)', `${other}-text`, {}, refused.placeholder);
      await expect(uow.append(other, [{ type: 'Made', data: { billNo: refused.placeholder } }], { ...opts(0), also: [textRow], commit: true, serial: refused })).rejects.toBeInstanceOf(SerialFirstError);
      const billNo = await nextSerial(uow, meta.tenantId, seqCode, spec, '2026-11-27');
      await uow.append(other, [{ type: 'Made', data: { billNo } }], { ...opts(0), also: [sql('INSERT INTO contract_also (id, n, doc, note) VALUES (%L, 1, %L, %L)', `${other}-text`, {}, billNo)], commit: true });
      return billNo;
    });
    expect(firstThen).toBe(`${spec.prefix}2026112700008`);
    expect((await s.store.readStream(other)).map((e) => e.data)).toEqual([{ billNo: firstThen }]);
    const more = `Contract-${randomUUID()}`;
    expect((await create(take(), more, [])).serial).toBe(`${spec.prefix}2026112700009`);
    // past the maximum: refused as exhausted, and the stream stays empty
    const third = `Contract-${randomUUID()}`;
    await expect(create(take(), third)).rejects.toBeInstanceOf(SerialExhaustedError);
    expect(await s.store.readStream(third)).toEqual([]);
  }));

  it("reads a unit of work's first statement (its BEGIN travels with it) as any other, and rolls all of it back on a later failure", () => inTenant(async () => {
    const text = 'SELECT $1::text AS a, $2::int AS b, $3::text[] AS c, $4::jsonb AS d, $5::timestamptz AS e, $6::text AS f, $7::numeric AS g';
    const params = ["it's \\ $1 -- /*", 42, ['x', 'y"z', null], { k: [1, 'two'] }, new Date('2026-11-26T10:00:00.000Z'), null, '12.345'];
    const [first, second] = await s.store.withTransaction(async (uow) => [await uow.query(text, params), await uow.query(text, params)]);
    expect(first).toEqual(second);
    expect(first[0]).toEqual({ a: "it's \\ $1 -- /*", b: 42, c: ['x', 'y"z', null], d: { k: [1, 'two'] }, e: new Date('2026-11-26T10:00:00.000Z'), f: null, g: '12.345' });
    const stream = `Contract-${randomUUID()}`;
    await expect(
      s.store.withTransaction(async (uow) => {
        await uow.query('SELECT $1::int AS n', [1]);
        await uow.append(stream, [{ type: 'Undone', data: {} }], opts(0));
        throw new Error('after the append');
      }),
    ).rejects.toThrow('after the append');
    expect(await s.store.readStream(stream)).toEqual([]);
  }));

  it('reads all events in global order after a position', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, [{ type: 'G1', data: {} }], opts(0));
    // the reader's position once it has seen G1: a transaction running elsewhere in the
    // cluster (another test file's database) can hide G1 and older events for a while
    const tail = async (after: string): Promise<string> => {
      let pos = after;
      let seen = false;
      for (let i = 0; i < 1000; i++) {
        const batch = await s.store.readAll(pos, 500);
        if (!batch.length) {
          if (seen) return pos;
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        seen ||= batch.some((e) => e.streamName === stream && e.type === 'G1');
        pos = batch[batch.length - 1]!.cursor!;
      }
      throw new Error('G1 never became visible to readAll');
    };
    const before = await tail('0');
    await s.store.append(stream, [{ type: 'G2', data: {} }, { type: 'G3', data: {} }], opts(1));
    // readers only see transactions older than every running one (cluster-wide on
    // PostgreSQL), so under load the new events appear a little later, never out of order
    let after = await s.store.readAll(before, 100);
    for (let i = 0; i < 100 && after.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await s.store.readAll(before, 100);
    }
    expect(after.map((e) => e.type)).toEqual(['G2', 'G3']);
    expect(after.every((e) => e.streamName === stream)).toBe(true);
  }));

  /** Everything after a position, waiting for commits older transactions still hide (readAll's rule). */
  const readAllUntil = async (after: string, types: string[] | undefined, done: (events: StoredEvent[]) => boolean) => {
    let events: StoredEvent[] = [];
    for (let i = 0; i < 100; i++) {
      events = await s.store.readAll(after, 1000, types ? { types } : {});
      if (done(events)) return events;
      await new Promise((r) => setTimeout(r, 100));
    }
    return events;
  };
  const headOf = async () => {
    let pos = '0';
    for (;;) {
      const batch = await s.store.readAll(pos, 500);
      if (!batch.length) return pos;
      pos = batch[batch.length - 1]!.cursor!;
    }
  };

  it('reads all events of the given types only', () => inTenant(async () => {
    const before = await headOf();
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, [{ type: 'T1', data: {} }, { type: 'T2', data: {} }, { type: 'T3', data: {} }, { type: 'T1', data: { again: true } }], opts(0));
    const mine = (es: StoredEvent[]) => es.filter((e) => e.streamName === stream);
    const typed = await readAllUntil(before, ['T1', 'T3'], (es) => mine(es).length === 3);
    expect(mine(typed).map((e) => [e.type, e.version])).toEqual([['T1', 1], ['T3', 3], ['T1', 4]]);
    expect(typed.every((e) => e.type === 'T1' || e.type === 'T3')).toBe(true);
  }));

  it('reads events an older schema version wrote through the upcasters, in readStream and readAll; old code refuses newer ones', () => inTenant(async () => {
    const before = await headOf();
    const stream = `Contract-${randomUUID()}`;
    // code from before v2 writes v1 (no b); today's code writes v2
    await s.old.append(stream, [{ type: 'ContractShaped', data: { a: 1 } }], opts(0));
    await s.store.append(stream, [{ type: 'ContractShaped', data: { a: 2, b: 5 } }], opts(1));
    expect((await s.store.readStream(stream)).map((e) => e.data)).toEqual([{ a: 1, b: 0 }, { a: 2, b: 5 }]);
    const all = await readAllUntil(before, ['ContractShaped'], (es) => es.filter((e) => e.streamName === stream).length === 2);
    expect(all.filter((e) => e.streamName === stream).map((e) => e.data)).toEqual([{ a: 1, b: 0 }, { a: 2, b: 5 }]);
    // the metadata comes back as it was written (the version is not part of it)
    expect((await s.store.readStream(stream))[0]!.metadata).toEqual(meta);
    // a version newer than the code knows is refused, not misread
    await expect(s.old.readStream(stream)).rejects.toBeInstanceOf(UnknownSchemaVersionError);
    expect((await s.old.readStream(stream, { toVersion: 1 })).map((e) => e.data)).toEqual([{ a: 1 }]);
  }));

  // two transactions open at once: PostgreSQL (the embedded store has one connection; KurrentDB's commit order has no such gap)
  (name === 'PostgreSQL' ? it : it.skip)('never skips an event whose transaction was still running when a later one was read (an older transaction appending after a younger one)', () => inTenant(async () => {
    const store = s.store as PostgresEventStore;
    const before = await headOf();
    const signal = () => {
      let open!: () => void;
      const p = new Promise<void>((r) => (open = r));
      return { p, open };
    };
    const older = signal();
    const youngerAppended = signal();
    const youngerMayCommit = signal();
    // the older transaction takes its id first (as a unit of work does with a serial number) and appends last
    const a = store.withTransaction(async (uow) => {
      await uow.query('SELECT pg_current_xact_id()');
      older.open();
      await youngerAppended.p;
      await uow.append(`Contract-old-${randomUUID()}`, [{ type: 'Older', data: {} }], opts(0));
    });
    const b = store.withTransaction(async (uow) => {
      await older.p;
      await uow.query('SELECT pg_current_xact_id()');
      await uow.append(`Contract-young-${randomUUID()}`, [{ type: 'Younger', data: {} }], opts(0));
      youngerAppended.open();
      await youngerMayCommit.p;
    });
    await a;
    // a reader now, while the younger transaction (with the smaller global position) is still open
    const seen: StoredEvent[] = [];
    let cursor = before;
    const follow = async () => {
      for (;;) {
        const batch = await store.readAll(cursor, 100, { types: ['Older', 'Younger'] });
        if (!batch.length) return;
        seen.push(...batch);
        cursor = batch[batch.length - 1]!.cursor!;
      }
    };
    await follow();
    youngerMayCommit.open();
    await b;
    const both = await readAllUntil(before, ['Older', 'Younger'], (es) => es.length === 2);
    expect(both.map((e) => e.type).sort()).toEqual(['Older', 'Younger']);
    // following from where it was, the reader gets what it has not seen: nothing is skipped
    for (let i = 0; i < 100 && seen.length < 2; i++) {
      await follow();
      if (seen.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.map((e) => e.type).sort()).toEqual(['Older', 'Younger']);
  }));

  (name === 'PostgreSQL' ? it : it.skip)('refuses an append by an older transaction after a younger one wrote the stream (the readers\' order keeps each stream\'s order)', () => inTenant(async () => {
    const store = s.store as PostgresEventStore;
    const stream = `Contract-${randomUUID()}`;
    let younger!: () => void;
    const youngerDone = new Promise<void>((r) => (younger = r));
    let olderStarted!: () => void;
    const started = new Promise<void>((r) => (olderStarted = r));
    const older = store.withTransaction(async (uow) => {
      await uow.query('SELECT pg_current_xact_id()');
      olderStarted();
      await youngerDone;
      const seen = await uow.readStream(stream);
      expect(seen).toHaveLength(1);
      await uow.append(stream, [{ type: 'Second', data: {} }], opts(1));
    });
    await started;
    await store.append(stream, [{ type: 'First', data: {} }], opts(0));
    younger();
    await expect(older).rejects.toBeInstanceOf(StaleVersionError);
    // a new transaction (a retry) is younger than the first version: it goes through
    await store.append(stream, [{ type: 'Second', data: {} }], opts(1));
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['First', 'Second']);
  }));
});
