import type { ProjectionStatus } from '@tpl/contracts';
import { MemoryKurrent, runAsSystem } from '@tpl/event-store';
import { data, type ApiClient } from '../support/api-client';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { seedTransportFleet, walkOrderToSigned } from '../support/transport-chain';
import { TransportChain } from '@tpl/transport';
import { describeWith, kurrentServer, type Server } from '../support/containers';

const C = '/api/bl-transport/consignment';
const found = kurrentServer();

type Result = { id: string; version: number; billNo: string; state: string };

/** KurrentDB's side: a server (KURRENTDB_URL, or testcontainers where Docker is), or the in-memory stand-in. */
type Side = { start(): Promise<{ options: { kurrentdbUrl?: string; kurrentEvents?: MemoryKurrent }; server?: Server }> };
const memory: Side = { start: async () => ({ options: { kurrentEvents: new MemoryKurrent() } }) };
const real: Side = {
  start: async () => {
    const server = await found.server!();
    return { options: { kurrentdbUrl: server.address }, server };
  },
};

/**
 * The product on KurrentDB (EVENT_STORE=kurrentdb, ADR 0007): the consignment journey through
 * the API, its list, detail and history; master data and sign-in read models kept by the
 * projector from $all and read right after their writes. On a real server when one is given
 * (KURRENTDB_URL) or Docker can start one, skipped (and counted so) otherwise; always on the
 * in-memory stand-in of KurrentDB's side (the running store, the host and PostgreSQL real).
 */
const journey = (side: Side) => () => {
  let server: Server | undefined;
  let t: TestHost;
  let dispatcher: ApiClient;

  beforeAll(async () => {
    const started = await side.start();
    server = started.server;
    // users, roles and master data were seeded through events in KurrentDB: sign-in reads their projections
    t = await startTestHost('postgres', '/nonexistent', false, started.options);
    await seedTransportFleet(t);
    dispatcher = await t.client().as('100001', 'dispatcher');
    expect(t.host.storage.events).not.toBe(t.host.storage.store);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await server?.stop();
  }, 300_000);

  it('creates, audits, dispatches an order and walks it to signed through the chain; list, detail and history follow at once', async () => {
    const made = data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput()));
    expect(made).toMatchObject({ version: 1, state: 'Draft' });
    expect(made.billNo).toMatch(/\d/);
    const v = data(await dispatcher.post<Result>(`${C}/audit`, { id: made.id, version: 1 })).version;
    const accepted = data(await dispatcher.post<Result>(`${C}/dispatch`, { id: made.id, version: v, ...dispatchInput }));
    expect(accepted).toMatchObject({ state: 'Accepted', version: 3 });
    // a stale version is refused by KurrentDB's expected revision: 409
    expect((await dispatcher.post(`${C}/audit`, { id: made.id, version: 1 })).status).toBe(409);
    // the note walks the chain and the order follows it (process managers fed from $all)
    await walkOrderToSigned(dispatcher, made.id, '沪A10001', 'L01', 'Han Mei');
    await t.host.app.get(TransportChain).drain();
    const doc = data(await dispatcher.get<{ state: string; version: number; billNo: string }>(`${C}/detail?id=${made.id}`));
    expect(doc).toMatchObject({ state: 'Signed', version: 7, billNo: made.billNo });
    const history = data(await dispatcher.get<{ type: string }[]>(`${C}/history?id=${made.id}`));
    expect(history.map((h) => h.type)).toEqual(['ConsignmentCreated', 'ConsignmentAudited', 'ConsignmentAccepted', 'ConsignmentDispatched', 'ConsignmentLoaded', 'ConsignmentArrived', 'ConsignmentSigned']);
    const list = data(await dispatcher.get<{ records: { id: string; state: string }[] }>(`${C}/list?billNo=${made.billNo}`));
    expect(list.records).toEqual([expect.objectContaining({ id: made.id, state: 'Signed' })]);
  }, 300_000);

  it('numbers bills gap-free under concurrent creates, and shows the projections fed from $all caught up', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => dispatcher.post<Result>(`${C}/submit`, consignmentInput())));
    const numbers = made.map((r) => data(r).billNo).sort();
    expect(new Set(numbers).size).toBe(8);
    const platform = await t.client().as('000000', 'admin', 'admin');
    await t.host.storage.projector.catchUp();
    const status = data(await platform.get<ProjectionStatus[]>('/api/bl-report/projections'));
    expect(status.map((s) => s.name)).toEqual(expect.arrayContaining(['records']));
    for (const s of status) expect(s.lagEvents).toBe(0);
    // nothing went to PostgreSQL's event tables: the events are KurrentDB's
    const { rows } = await runAsSystem(() => t.host.storage.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM emt_messages'));
    expect(Number(rows[0]!.n)).toBe(0);
  }, 300_000);
};

describe('the consignment journey on KurrentDB (its side in memory)', journey(memory));
describeWith(found)('the consignment journey on a KurrentDB server', journey(real));
