import { randomUUID } from 'node:crypto';
import type { Dashboard, ProjectionStatus } from '@tpl/contracts';
import { consignmentFactsProjection, FACTS_TABLE } from '@tpl/report';
import { runAsSystem, runInTenant } from '@tpl/event-store';
import { sampleConsignment } from '@tpl/transport';
import { REVIEW_MANAGER } from '@tpl/workflow';
import { ApiClient, data } from '../support/api-client';
import { STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { until } from '../support/until';

const C = '/api/bl-transport/consignment';
const P = '/api/bl-report/projections';
const FACTS = consignmentFactsProjection.name;

/**
 * The projector as the service runs it, on both stores: the report's projection follows the
 * global order asynchronously; the platform administrator reads every projection's lag
 * and rebuilds one from zero while commands keep working; a ConsignmentCreated written at
 * schema version 1 (before isReview existed) is read at version 2 everywhere.
 */
describe.each(STORES)('projections on the %s store', (kind) => {
  let t: TestHost;
  let platform: ApiClient;
  let tenantAdmin: ApiClient;
  let dispatcher: ApiClient;

  const statusOf = async (name: string) => data(await platform.get<ProjectionStatus[]>(P)).find((s) => s.name === name)!;
  const facts = () => runAsSystem(async () => (await t.host.storage.db.pool.query(`SELECT * FROM ${FACTS_TABLE} ORDER BY tenant_id, id`)).rows);
  const consignmentEvents = () =>
    runAsSystem(async () => Number((await t.host.storage.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM emt_messages WHERE message_type LIKE 'Consignment%'`)).rows[0]!.n));

  beforeAll(async () => {
    t = await startTestHost(kind);
    platform = await t.client().as('000000', 'admin', 'admin');
    tenantAdmin = await t.client().as('100001', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
  }, 300_000);
  afterAll(async () => t?.stop());

  it('lists every projection and reaction with its checkpoint and lag, to the platform administrator only', async () => {
    await t.host.storage.projector.catchUp();
    const list = data(await platform.get<ProjectionStatus[]>(P));
    expect(list.map((s) => [s.name, s.kind])).toEqual(expect.arrayContaining([[FACTS, 'projection'], [REVIEW_MANAGER, 'reaction']]));
    for (const s of list) expect(s).toMatchObject({ lagEvents: 0, lagSeconds: 0, rebuilding: false, position: s.head });
    // a tenant's own administrator passes the guard and is refused by the platform check; others by the guard
    expect((await tenantAdmin.get(P)).status).toBe(403);
    expect((await tenantAdmin.get(P)).body.msg).toBe('You are not allowed to do this');
    expect((await dispatcher.get(P)).status).toBe(403);
    expect((await new ApiClient(t.url).get(P)).status).toBe(401);
    expect((await tenantAdmin.post(`${P}/rebuild?name=${FACTS}`)).status).toBe(403);
    expect((await dispatcher.post(`${P}/rebuild?name=${FACTS}`)).status).toBe(403);
  });

  it('shows the report trailing the writes until the projector catches up, then level', async () => {
    const projector = t.host.storage.projector;
    await projector.catchUp();
    await projector.stop(); // the timers stop: nothing follows until asked
    try {
      const before = data(await tenantAdmin.get<Dashboard>('/api/bl-report/dashboard')).consignments.total;
      data(await dispatcher.post(`${C}/submit`, consignmentInput()));
      data(await dispatcher.post(`${C}/submit`, consignmentInput()));
      const behind = await statusOf(FACTS);
      expect(behind.lagEvents).toBe(2);
      expect(behind.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(behind.oldestPendingAt).not.toBeNull();
      expect(data(await tenantAdmin.get<Dashboard>('/api/bl-report/dashboard')).consignments.total).toBe(before);
      await projector.catchUp(FACTS);
      expect(await statusOf(FACTS)).toMatchObject({ lagEvents: 0, lagSeconds: 0, oldestPendingAt: null });
      expect(data(await tenantAdmin.get<Dashboard>('/api/bl-report/dashboard')).consignments.total).toBe(before + 2);
    } finally {
      projector.start();
    }
  });

  it('rebuilds a projection from zero while the service keeps taking commands; rebuilt equals live', async () => {
    const projector = t.host.storage.projector;
    await projector.catchUp();
    const live = await facts();
    expect(live.length).toBeGreaterThan(0);
    await projector.stop();
    try {
      const started = data(await platform.post<ProjectionStatus>(`${P}/rebuild?name=${FACTS}`));
      // emptied and back at zero in one transaction, marked rebuilding until it reaches the head
      expect(started).toMatchObject({ name: FACTS, position: '0', rebuilding: true, lagEvents: await consignmentEvents() });
      expect(await facts()).toEqual([]);
      // the service goes on: a command during the rebuild
      const during = data(await dispatcher.post<{ id: string }>(`${C}/submit`, consignmentInput()));
      await projector.catchUp(FACTS);
      const rebuilt = await facts();
      expect(await statusOf(FACTS)).toMatchObject({ rebuilding: false, lagEvents: 0 });
      expect(rebuilt.filter((r) => r.id !== during.id)).toEqual(live);
      expect(rebuilt.find((r) => r.id === during.id)).toMatchObject({ tenant_id: '100001', state: 'Draft', is_deleted: false });
    } finally {
      projector.start();
    }
  });

  it('refuses to rebuild an unknown projection (404), a reaction (409) and a malformed name (400)', async () => {
    const unknown = await platform.post(`${P}/rebuild?name=no-such-projection`);
    expect([unknown.status, unknown.body.msg]).toEqual([404, 'No projection is named "no-such-projection"']);
    const reaction = await platform.post(`${P}/rebuild?name=${REVIEW_MANAGER}`);
    expect(reaction.status).toBe(409);
    expect((await platform.post(`${P}/rebuild`)).status).toBe(400);
    expect((await platform.post(`${P}/rebuild?name=${encodeURIComponent("x'; DROP TABLE rpt_consignments;--")}`)).status).toBe(400);
    expect((await platform.post(`${P}/rebuild?name=${FACTS}&extra=1`)).status).toBe(400);
  });

  it('reads a ConsignmentCreated written at schema version 1 (no isReview) as version 2 (isReview 0), in streams, in the global order and in the report', async () => {
    const { store, db, projector } = t.host.storage;
    expect(store.upcasters.currentVersion('ConsignmentCreated')).toBe(2);
    const id = randomUUID();
    const stream = `Consignment-100001-${id}`;
    const content = sampleConsignment(0, '2026-11-23');
    const v1 = { id, billNo: 'OLD-V1-0001', content };
    const metadata = { tenantId: '100001', actor: { userId: 'u-old', account: 'old', name: 'Old Code' }, occurredAt: '2025-01-02T03:04:05.000Z', correlationId: 'before-review', causationId: 'before-review' };
    // written straight into the store as code without review wrote it: version '1', no isReview
    await runInTenant('100001', () =>
      db.pool.query(
        `INSERT INTO emt_messages (stream_id, stream_position, partition, message_data, message_metadata, message_schema_version, message_type, message_id, transaction_id)
         SELECT $1, 1, partition, $2, $3, '1', 'ConsignmentCreated', $4, pg_current_xact_id() FROM emt_messages LIMIT 1`,
        [stream, JSON.stringify(v1), JSON.stringify(metadata), randomUUID()],
      ),
    );
    const stored = await runInTenant('100001', async () => (await db.pool.query(`SELECT message_data, message_schema_version FROM emt_messages WHERE stream_id = $1`, [stream])).rows[0]);
    expect(stored.message_schema_version).toBe('1');
    expect(stored.message_data).not.toHaveProperty('isReview');

    const [read] = await runInTenant('100001', () => store.readStream(stream));
    expect(read!.data).toEqual({ ...v1, isReview: 0 });
    // the global order hands an event out once every transaction begun before it has ended; a
    // background job of this or another suite may hold one open for a moment, so wait for it
    const readAll = () =>
      runAsSystem(async () => {
        const out = [];
        let after = '0';
        for (;;) {
          const batch = await store.readAll(after, 1000, { types: ['ConsignmentCreated'] });
          if (!batch.length) return out;
          out.push(...batch);
          after = batch.at(-1)!.cursor!;
        }
      });
    const all = await until('the version-1 event in the global order', async () => {
      const read = await readAll();
      return read.some((e) => e.streamName === stream) ? read : undefined;
    }, 30_000);
    expect(all.find((e) => e.streamName === stream)!.data).toEqual({ ...v1, isReview: 0 });
    // every ConsignmentCreated the projector hands on carries isReview, whichever version stored it
    expect(all.every((e) => [0, 1, 2].includes((e.data as { isReview: number }).isReview))).toBe(true);
    await projector.catchUp(FACTS);
    expect((await facts()).find((r) => r.id === id)).toMatchObject({ tenant_id: '100001', state: 'Draft', created_by: 'u-old' });

    // today's code writes the current version, and the data as decided
    const made = data(await dispatcher.post<{ id: string }>(`${C}/submit`, consignmentInput()));
    const now = await runInTenant('100001', async () =>
      (await db.pool.query(`SELECT message_data, message_schema_version FROM emt_messages WHERE stream_id = $1 AND stream_position = 1`, [`Consignment-100001-${made.id}`])).rows[0],
    );
    expect(now.message_schema_version).toBe('2');
    expect(now.message_data).toHaveProperty('isReview');
    // other types stay at version 1
    const changedVersions = await runAsSystem(async () => (await db.pool.query(`SELECT DISTINCT message_schema_version AS v FROM emt_messages WHERE message_type <> 'ConsignmentCreated'`)).rows.map((r) => r.v));
    expect(changedVersions).toEqual(['1']);
  });
});
