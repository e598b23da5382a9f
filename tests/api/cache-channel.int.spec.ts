import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { startHost, type Host } from '@tpl/host';
import { ALL_KEYS, ChannelCache, LocalCacheChannel, PostgresCacheChannel } from '@tpl/event-store';
import type { Page } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { PG_ADMIN_URL, freshDatabase, type TestDatabase } from '../support/databases';

type Row = Record<string, unknown> & { id: string; version: number };

/**
 * The cache channel: a cache on one host hears at once that what it keeps changed on another.
 * PostgreSQL: NOTIFY, one listening connection per host; the embedded store: in process.
 */
describe('the cache channel', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Two hosts' channels on the test database, closed after the work. */
  const twoHosts = async (work: (a: PostgresCacheChannel, b: PostgresCacheChannel) => Promise<void>) => {
    const a = await PostgresCacheChannel.open(db.databaseUrl!);
    const b = await PostgresCacheChannel.open(db.databaseUrl!);
    try {
      await work(a, b);
    } finally {
      await a.close();
      await b.close();
    }
  };

  it('tells this host at publish and the other hosts through PostgreSQL, each notice once', async () => {
    await twoHosts(async (a, b) => {
      const heardA: string[] = [];
      const heardB: string[] = [];
      a.subscribe('sessions', (k) => heardA.push(k));
      b.subscribe('sessions', (k) => heardB.push(k));
      b.subscribe('other', (k) => heardB.push(`other:${k}`));
      const publishing = a.publish('sessions', 'tenant-1');
      // this host's subscribers are told before anything is sent
      expect(heardA).toEqual(['tenant-1']);
      await publishing;
      await b.sync();
      expect(heardB).toEqual(['tenant-1']);
      await a.sync();
      // a host does not hear its own notice a second time
      expect(heardA).toEqual(['tenant-1']);
    });
  });

  it('sends notices published at once one query at a time: the other host hears each, in order', async () => {
    await twoHosts(async (a, b) => {
      const heard: string[] = [];
      b.subscribe('access', (k) => heard.push(k));
      const keys = Array.from({ length: 200 }, (_, i) => `tenant-${i}`);
      await Promise.all(keys.map((k) => a.publish('access', k)));
      await b.sync();
      expect(heard).toEqual(keys);
    });
  });

  // pg's warning goes to the real process, out of a test's reach: the channel runs in a process of its own
  it('queues no notice behind another on the listening connection (pg deprecates that, and pg 9 refuses it)', () => {
    const script = `
      const { PostgresCacheChannel } = require('@tpl/event-store');
      (async () => {
        const a = await PostgresCacheChannel.open(process.env.DATABASE_URL);
        const b = await PostgresCacheChannel.open(process.env.DATABASE_URL);
        const heard = [];
        b.subscribe('sessions', (k) => heard.push(k));
        for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 50 }, (_, i) => a.publish('sessions', round + ':' + i)));
        await Promise.all([a.sync(), b.sync(), a.sync()]);
        await a.close();
        await b.close();
        console.log('heard ' + heard.length);
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: path.resolve(__dirname, '..', '..'),
      env: { ...process.env, DATABASE_URL: db.databaseUrl! },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toContain('already executing a query');
    expect(run.stdout.trim()).toBe('heard 150');
    expect(run.status).toBe(0);
  });

  it('sends what was published before it closed, and drops what comes after quietly', async () => {
    const a = await PostgresCacheChannel.open(db.databaseUrl!);
    const b = await PostgresCacheChannel.open(db.databaseUrl!);
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.subscribe('sessions', (k) => heardA.push(k));
    b.subscribe('sessions', (k) => heardB.push(k));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const publishing = a.publish('sessions', 'last-before-close');
      await a.close();
      await publishing;
      await a.publish('sessions', 'after-close');
      await b.sync();
      // the other host hears the change made before the close; this host's own subscribers hear both
      expect(heardB).toEqual(['last-before-close']);
      expect(heardA).toEqual(['last-before-close', 'after-close']);
      // nothing to send the late one on, and nothing logged for it
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([]);
    } finally {
      logged.mockRestore();
      await b.close();
    }
  });

  it('drops everything when the listening connection is lost, and listens again', async () => {
    await twoHosts(async (a, b) => {
      const heard: string[] = [];
      b.subscribe('access', (k) => heard.push(k));
      const admin = new Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'tpl-cache-channel'`,
          [new URL(db.databaseUrl!).pathname.slice(1)],
        );
        expect(rows.length).toBe(2);
        // which one is b's is not known from here: both are cut, both come back
        for (const r of rows) await admin.query('SELECT pg_terminate_backend($1)', [r.pid]);
      } finally {
        await admin.end();
      }
      // the loss itself drops everything, and so does listening again
      await waitFor(() => heard.filter((k) => k === ALL_KEYS).length >= 2);
      heard.length = 0;
      await a.publish('access', 'tenant-2');
      await b.sync();
      expect(heard).toEqual(['tenant-2']);
    });
  });

  it('keeps no value loaded while a drop came in, and drops by any key an entry names', async () => {
    const channel = new LocalCacheChannel();
    const cache = new ChannelCache<number>({ ttlMs: 60_000 });
    cache.listen(channel, 't');
    let loads = 0;
    let release!: () => void;
    const slow = cache.get('s1', ['tenant'], () => new Promise<number>((r) => (release = () => r(++loads))));
    await channel.publish('t', 'tenant');
    release();
    expect(await slow).toBe(1);
    // the load that overlapped the drop was not kept
    expect(await cache.get('s1', ['tenant'], async () => ++loads)).toBe(2);
    expect(await cache.get('s1', ['tenant'], async () => ++loads)).toBe(2);
    await channel.publish('t', 'tenant');
    expect(await cache.get('s1', ['tenant'], async () => ++loads)).toBe(3);
    await channel.publish('t', 's1');
    expect(await cache.get('s1', ['tenant'], async () => ++loads)).toBe(4);
    await channel.publish('t', 'somebody-else');
    expect(await cache.get('s1', ['tenant'], async () => ++loads)).toBe(4);
  });
});

const waitFor = async (ok: () => boolean) => {
  // bounded by the test's own timeout, never by a clock in the assertion
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
};

/** Two hosts on one PostgreSQL database: what one host changes, the other's caches drop at once. */
describe('two hosts on one PostgreSQL database share their caches\' invalidations', () => {
  let db: TestDatabase;
  let a: Host;
  let b: Host;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    // the samples: the master data a consignment order names
    const config = { host: '127.0.0.1', databaseUrl: db.databaseUrl!, webDist: '/nonexistent', seedDemo: true, seedSamples: true };
    a = await startHost({ ...config, port: 0, dataDir: `${db.dataDir}/a` }, { logLevels: ['error'] });
    b = await startHost({ ...config, port: 0, dataDir: `${db.dataDir}/b` }, { logLevels: ['error'] });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db.drop();
  });

  /** the same session on the other host */
  const onB = (c: ApiClient) => {
    const other = new ApiClient(b.url);
    other.token = c.token;
    return other;
  };

  it('a sign-out on one host ends the session on the other', async () => {
    const onA = await new ApiClient(a.url).as('100001', 'dispatcher');
    const there = onB(onA);
    // the other host has the session cached as live
    expect((await there.get('/api/bl-transport/consignment/list')).status).toBe(200);
    expect((await onA.get('/api/bl-auth/logout')).status).toBe(200);
    await b.storage.channel.sync();
    expect((await there.get('/api/bl-transport/consignment/list')).status).toBe(401);
  });

  it('a role changed on one host changes what its users may do on the other', async () => {
    const admin = await new ApiClient(a.url).as('100001', 'admin', 'admin');
    const approver = onB(await new ApiClient(a.url).as('100001', 'approver'));
    const unit = { code: 'CCU', name: 'Channel unit', type: 'QUANTITY', rate: 1 };
    // the other host has the approver's rules cached: no unit_add
    expect((await approver.post('/api/bl-basic/unit/submit', unit)).status).toBe(403);
    const r = data(await admin.get<Page<Row>>('/api/bl-system/role/list?roleAlias=approver')).records.find((x) => x.roleAlias === 'approver')!;
    data(await admin.post('/api/bl-system/role/submit', { ...r, menus: [...((r.menus as string[]) ?? []), 'unit_add'] }));
    await b.storage.channel.sync();
    expect((await approver.post('/api/bl-basic/unit/submit', unit)).status).toBe(200);
  });

  it("a change decided on this host's last written state is refused when the other host wrote since, and the next change reads what it wrote", async () => {
    const { consignmentInput } = await import('../support/fixtures');
    const C = '/api/bl-transport/consignment';
    const onA = await new ApiClient(a.url).as('100001', 'dispatcher');
    const there = onB(onA);
    const made = data(await onA.post<Row>(`${C}/submit`, consignmentInput()));
    // A writes version 2 (and keeps what it wrote), B writes version 3 on top
    const v2 = data(await onA.post<Row>(`${C}/submit`, { ...consignmentInput({ remark: 'by A' }), id: made.id, version: made.version }));
    const v3 = data(await there.post<Row>(`${C}/submit`, { ...consignmentInput({ remark: 'by B' }), id: made.id, version: v2.version }));
    expect(v3.version).toBe(3);
    // a client that saw version 2 asks A: A's kept state is version 2, the store's version 3: 409, nothing written
    onA.lang = 'en';
    const stale = await onA.post(`${C}/submit`, { ...consignmentInput({ remark: 'stale' }), id: made.id, version: 2 });
    expect(stale.status).toBe(409);
    expect(data(await onA.get<Row>(`${C}/detail?id=${made.id}`))).toMatchObject({ version: 3, remark: 'by B' });
    // at version 3, A reads the stream again and decides on B's write
    const v4 = data(await onA.post<Row>(`${C}/submit`, { ...consignmentInput({ remark: 'by A again' }), id: made.id, version: 3 }));
    expect(v4.version).toBe(4);
    const history = data(await onA.get<{ type: string }[]>(`${C}/history?id=${made.id}`));
    expect(history).toHaveLength(4);
    // and A's kept version 4 serves the next change at version 4
    expect(data(await onA.post<Row>(`${C}/submit`, { ...consignmentInput({ remark: 'fifth' }), id: made.id, version: 4 })).version).toBe(5);
    expect(data(await there.get<Row>(`${C}/detail?id=${made.id}`))).toMatchObject({ version: 5, remark: 'fifth' });
  });

  it("a document each host has read shows the other host's changes at its next read (each keeps its fold and reads only the events since)", async () => {
    const { consignmentInput } = await import('../support/fixtures');
    const C = '/api/bl-transport/consignment';
    const onA = await new ApiClient(a.url).as('100001', 'dispatcher');
    const there = onB(onA);
    let doc = data(await onA.post<Row>(`${C}/submit`, consignmentInput({ remark: 'v1' })));
    for (let v = 2; v <= 6; v++) {
      // both hosts hold the document folded at the last version; the writer alternates
      expect(data(await onA.get<Row>(`${C}/detail?id=${doc.id}`))).toMatchObject({ version: v - 1, remark: `v${v - 1}` });
      expect(data(await there.get<Row>(`${C}/detail?id=${doc.id}`))).toMatchObject({ version: v - 1, remark: `v${v - 1}` });
      const writer = v % 2 ? onA : there;
      doc = data(await writer.post<Row>(`${C}/submit`, { ...consignmentInput({ remark: `v${v}` }), id: doc.id, version: doc.version }));
    }
    // an auditor's "as of" is folded from the start, whatever is kept
    expect(data(await there.get<Row>(`${C}/detail?id=${doc.id}&version=3`))).toMatchObject({ version: 3, remark: 'v3' });
    expect(data(await onA.get<Row>(`${C}/detail?id=${doc.id}`))).toMatchObject({ version: 6, remark: 'v6' });
  });

  it('a customer marked invalid on one host is refused by the other host, which had found it usable', async () => {
    const { consignmentInput } = await import('../support/fixtures');
    const CUSTOMER = '/api/bl-basic/customer';
    const admin = await new ApiClient(a.url).as('100001', 'admin', 'admin');
    const there = onB(await new ApiClient(a.url).as('100001', 'dispatcher'));
    there.lang = 'en';
    const made = data(await admin.post<Row>(`${CUSTOMER}/submit`, { code: 'C-HOSTS', name: 'Two-host customer' }));
    // an order carries its customer's own goods
    data(await admin.post('/api/bl-basic/material/submit', { code: 'M-HOSTS', name: 'Two-host goods', categoryCode: 'FOOD', unitCode: 'PCS', custCode: 'C-HOSTS' }));
    const order = () => consignmentInput({ customerCode: 'C-HOSTS', lines: [{ materialCode: 'M-HOSTS', name: 'Two-host goods', qty: 1, weg: 1, volume: 0.1, packages: 1 }] });
    // B checks the code twice: the second answer is what B kept
    data(await there.post('/api/bl-transport/consignment/submit', order()));
    data(await there.post('/api/bl-transport/consignment/submit', order()));
    const row = data(await admin.get<Page<Row>>(`${CUSTOMER}/list?code=C-HOSTS`)).records[0]!;
    expect(row.id).toBe(made.id);
    data(await admin.post(`${CUSTOMER}/submit`, { code: 'C-HOSTS', name: 'Two-host customer', invalid: 1, id: row.id, version: row.version }));
    await b.storage.channel.sync();
    const refused = await there.post('/api/bl-transport/consignment/submit', order());
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Customer code "C-HOSTS" is marked invalid and cannot be chosen');
  });

  it('a serial code and a review configuration changed on one host number and mark the other host\'s next create', async () => {
    const { consignmentInput } = await import('../support/fixtures');
    const admin = await new ApiClient(a.url).as('100001', 'admin', 'admin');
    const there = onB(admin);
    // the other host has the tenant's serial code (none: the default prefix) and review configuration cached
    const before = data(await there.post<{ id: string; billNo: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
    expect(before.billNo).not.toMatch(/^CQ/);
    expect(data(await there.get<{ isReview: number }>(`/api/bl-transport/consignment/detail?id=${before.id}`)).isReview).toBe(0);
    const code = data(await admin.get<Page<Row>>('/api/bl-system/syscode/list?seqCode=consignment')).records.find((r) => r.seqCode === 'consignment');
    const { seqCurrentValue: _shown, ...record } = code ?? { seqCurrentValue: undefined };
    data(await admin.post('/api/bl-system/syscode/submit', { ...record, seqCode: 'consignment', seqName: 'Consignment orders', prefixValue: 'CQ', minValue: 1, maxValue: 99999 }));
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    await b.storage.channel.sync();
    const after = data(await there.post<{ id: string; billNo: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
    expect(after.billNo).toMatch(/^CQ\d{8}\d{5}$/);
    expect(data(await there.get<{ isReview: number }>(`/api/bl-transport/consignment/detail?id=${after.id}`)).isReview).toBe(1);
  });
});
