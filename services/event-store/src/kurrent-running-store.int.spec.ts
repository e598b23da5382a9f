import { Client } from 'pg';
import { openStorage, type Storage } from './open';
import { MemoryKurrent } from './kurrent-memory';
import { StaleVersionError, type EventMetadata, type InlineProjection, type SqlText } from './port';
import { literal } from './sql';
import { runAsSystem, runInTenant } from './tenant-context';
import { NotRebuildableError } from './projector';

const PG_ADMIN = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const meta: EventMetadata = { tenantId: 't1', actor: { userId: 'u1', account: 'tester', name: 'Tester' }, occurredAt: '2026-11-26T00:00:00.000Z', correlationId: 'c', causationId: 'k' };
const opts = (expectedVersion: number, also?: SqlText[]) => ({ expectedVersion, metadata: meta, streamType: 'Counter', ...(also ? { also } : {}) });

/** An inline projection of the product's kind: a row per stream counting its events. */
const counting: InlineProjection = {
  name: 'krs-counts',
  tables: ['krs_counts'],
  handles: ['Counted'],
  project: (events) => events.map((e) => `INSERT INTO krs_counts (stream, n) VALUES (${literal(e.streamName)}, 1) ON CONFLICT (stream) DO UPDATE SET n = krs_counts.n + 1` as SqlText),
};

/**
 * The running store of EVENT_STORE=kurrentdb on the real PostgreSQL: inline projections kept by
 * the projector (its timers off: only the appends' own waits move it), read-your-writes, `also`
 * statements, units of work whose SQL commits only with their appends.
 */
describe('KurrentDB as the running store (KurrentDB side in memory, PostgreSQL real)', () => {
  let storage: Storage;
  let kurrent: MemoryKurrent;
  let admin: Client;
  const name = `tpl_krs_${Date.now()}`;
  const rows = async (table: string) => runAsSystem(async () => (await storage.db.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows);

  beforeAll(async () => {
    admin = new Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    kurrent = new MemoryKurrent();
    storage = await openStorage({
      databaseUrl: url.toString(),
      migrations: [{ id: 'test/krs', sql: 'CREATE TABLE krs_counts (stream text PRIMARY KEY, n int NOT NULL); CREATE TABLE krs_side (k text PRIMARY KEY);' }],
      projections: [counting],
      kurrentEvents: kurrent,
      projector: { pollMs: 0 },
      outbox: new Map([['Counted', 'tpl.test']]),
    });
  }, 300_000);
  afterAll(async () => {
    await storage?.db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('keeps the inline projection as an asynchronous one, and an append answers only once it is applied', async () => {
    expect(storage.events).not.toBe(storage.store);
    expect(storage.projector.names()).toContain('krs-counts');
    await runInTenant('t1', () => storage.events.append('Counter-t1-a', [{ type: 'Counted', data: {} }, { type: 'Counted', data: {} }], opts(0)));
    // no poll ran: the append itself ran the projection up to its position
    expect(await rows('krs_counts')).toEqual([{ stream: 'Counter-t1-a', n: 2 }]);
    expect(kurrent.log).toHaveLength(2);
    const [status] = (await storage.projector.status()).filter((s) => s.name === 'krs-counts');
    expect(status).toMatchObject({ lagEvents: 0, position: '2' });
  });

  it('runs `also` after KurrentDB accepted the events, and refuses a stale version without writing either', async () => {
    await runInTenant('t1', () => storage.events.append('Counter-t1-b', [{ type: 'Counted', data: {} }], opts(0, [`INSERT INTO krs_side (k) VALUES ('b1')` as SqlText])));
    expect(await rows('krs_side')).toEqual([{ k: 'b1' }]);
    await expect(runInTenant('t1', () => storage.events.append('Counter-t1-b', [{ type: 'Counted', data: {} }], opts(0, [`INSERT INTO krs_side (k) VALUES ('b2')` as SqlText])))).rejects.toBeInstanceOf(StaleVersionError);
    expect(await rows('krs_side')).toEqual([{ k: 'b1' }]);
    expect((await storage.events.readStream('Counter-t1-b')).map((e) => e.version)).toEqual([1]);
  });

  it('commits a unit of work’s SQL with its appends, and rolls the SQL back when an append is stale', async () => {
    await runInTenant('t1', () =>
      storage.events.withTransaction(async (uow) => {
        await uow.query(`INSERT INTO krs_side (k) VALUES ('u1')`);
        // held until the SQL is ready to commit: KurrentDB has nothing yet
        await uow.append('Counter-t1-c', [{ type: 'Counted', data: {} }], opts(0));
        expect(kurrent.log.filter((e) => e.streamName === 'Counter-t1-c')).toHaveLength(0);
      }),
    );
    expect((await rows('krs_side')).map((r) => r.k)).toContain('u1');
    expect(await rows('krs_counts')).toEqual(expect.arrayContaining([{ stream: 'Counter-t1-c', n: 1 }]));
    await expect(
      runInTenant('t1', () =>
        storage.events.withTransaction(async (uow) => {
          await uow.query(`INSERT INTO krs_side (k) VALUES ('u2')`);
          await uow.append('Counter-t1-c', [{ type: 'Counted', data: {} }], opts(0));
        }),
      ),
    ).rejects.toBeInstanceOf(StaleVersionError);
    expect((await rows('krs_side')).map((r) => r.k)).not.toContain('u2');
    // a unit of work that fails before its end sends nothing to KurrentDB
    const before = kurrent.log.length;
    await expect(
      runInTenant('t1', () =>
        storage.events.withTransaction(async (uow) => {
          await uow.append('Counter-t1-d', [{ type: 'Counted', data: {} }], opts(0));
          throw new Error('decided against it');
        }),
      ),
    ).rejects.toThrow('decided against it');
    expect(kurrent.log).toHaveLength(before);
  });

  it('fills the outbox from $all too (at least once, checkpointed), and never rebuilds it', async () => {
    const n = Number((await rows('tpl_outbox')).length);
    await runInTenant('t1', () => storage.events.append('Counter-t1-e', [{ type: 'Counted', data: {} }], opts(0)));
    expect((await rows('tpl_outbox')).length).toBe(n + 1);
    await expect(storage.projector.rebuild('outbox')).rejects.toBeInstanceOf(NotRebuildableError);
  });

  it('rebuilds the projection from $all into the same rows', async () => {
    const live = await rows('krs_counts');
    await storage.projector.rebuild('krs-counts');
    await storage.projector.catchUp('krs-counts');
    expect(await rows('krs_counts')).toEqual(live);
  });
});
