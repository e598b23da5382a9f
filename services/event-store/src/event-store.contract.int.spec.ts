import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openStorage } from './open';
import { KurrentEventStore } from './kurrent-event-store';
import { StaleVersionError, type EventMetadata, type EventStorePort } from './port';
import { runInTenant } from './tenant-context';

/**
 * One contract, every implementation of the port: embedded PGlite, PostgreSQL, and
 * KurrentDB when KURRENTDB_URL names a server (none can run on these machines).
 */
const PG_ADMIN = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const KURRENT = process.env.KURRENTDB_URL;

type Subject = { store: EventStorePort; close(): Promise<void> };

const subjects: [string, () => Promise<Subject>][] = [
  [
    'embedded PGlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-contract-'));
      const { db, store } = await openStorage({ dataDir: dir, migrations: [], projections: [] });
      return { store, close: async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
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
      const { db, store } = await openStorage({ databaseUrl: url.toString(), migrations: [], projections: [] });
      return {
        store,
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
    const store = KurrentEventStore.connect(KURRENT);
    return { store, close: () => store.close() };
  }]);
} else {
  test.skip('KurrentDB contract: skipped, set KURRENTDB_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) to run it', () => undefined);
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

describe.each(subjects)('event store contract: %s', (_, make) => {
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

  it('reads all events in global order after a position', () => inTenant(async () => {
    const stream = `Contract-${randomUUID()}`;
    await s.store.append(stream, [{ type: 'G1', data: {} }], opts(0));
    const tail = async (after: string): Promise<string> => {
      let pos = after;
      for (;;) {
        const batch = await s.store.readAll(pos, 500);
        if (!batch.length) return pos;
        pos = batch[batch.length - 1]!.globalPosition;
      }
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
});
