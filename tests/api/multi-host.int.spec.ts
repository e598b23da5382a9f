import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { consignmentDocument } from '@tpl/contracts';
import { documentFactStates } from '@tpl/workflows';
import { LEASE_NAMESPACE } from '@tpl/event-store';
import { ApiClient, data, md5, type Answer } from '../support/api-client';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { HostProcess } from '../support/host-process';
import { until } from '../support/until';

/**
 * Issue 16 items 4 and 7: two host PROCESSES (the production entry point, main.ts) on one
 * PostgreSQL database serve the same tenants. Commands go through both; mid-load the host
 * holding the jobs' leases is killed (SIGKILL); the other takes the leases over and nothing
 * is lost or done twice: every acknowledged command's events are in the store, every
 * escalation timer fired exactly once, the review process started once per document, and the
 * asynchronous projections (the report's and a test one that ADDS per event) equal a count
 * from the events. Then the survivor is stopped with SIGTERM during a request held in the
 * database: readiness says draining, the request completes, the process exits 0.
 */
const C = '/api/bl-transport/consignment';
const F = '/api/bl-flow';
const TENANT = '100001';
const CONSIGNMENT_TYPES = Object.keys(documentFactStates(consignmentDocument));
const REPORT_PROJECTION = 'test-consignment-counts';

/** The sample review process with its escalation due in 2 seconds instead of 24 hours. */
const fastReviewXml = () =>
  fs.readFileSync(path.resolve(__dirname, '../../workflows/src/bpmn/samples/consignment-review.bpmn'), 'utf8').replace('PT24H', 'PT2S');

type Acked = { id: string; version: number; host: string };
type Result = { id: string; version: number };

const hostEnv = (db: TestDatabase, extra: Record<string, string> = {}) => ({
  DATABASE_URL: db.databaseUrl!,
  LEASE_POLL_MS: '500',
  FLOW_TIMER_POLL_MS: '400',
  FLOW_POLL_MS: '300',
  PROJECTOR_POLL_MS: '200',
  LOG_REQUESTS: 'true',
  TPL_TEST_COUNTS: '1',
  ...extra,
});

describe('several hosts on one PostgreSQL database', () => {
  let db: TestDatabase;
  let admin: Client;
  const hosts: HostProcess[] = [];

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    admin = new Client({ connectionString: db.databaseUrl });
    await admin.connect();
    // one after the other: the first migrates and seeds (demo master data and samples), the second finds it done
    const a = new HostProcess('A', hostEnv(db, { SEED_SAMPLES: 'true' }));
    hosts.push(a);
    await a.started();
    const b = new HostProcess('B', hostEnv(db, { SHUTDOWN_DELAY_MS: '3000', METRICS_TOKEN: 'scrape-secret' }));
    hosts.push(b);
    await b.started();
  }, 300_000);

  afterAll(async () => {
    for (const h of hosts) await h.stop();
    await admin?.end();
    await db?.drop();
  });

  /** Who holds which lease, from PostgreSQL itself (application_name tpl-lease:<host>). */
  const leaseHolders = async () =>
    (
      await admin.query<{ app: string; n: string }>(
        `SELECT a.application_name AS app, count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = $1::int::oid AND l.objsubid = 2 AND l.granted GROUP BY 1`,
        [LEASE_NAMESPACE],
      )
    ).rows.map((r) => ({ host: r.app.replace('tpl-lease:', ''), leases: Number(r.n) }));

  const checkpointOf = async (name: string) =>
    Number((await admin.query<{ p: string }>('SELECT position AS p FROM tpl_checkpoints WHERE name = $1', [name])).rows[0]?.p ?? -1);

  it('sessions, refresh, lockout and sign-out hold across hosts', async () => {
    const [a, b] = hosts as [HostProcess, HostProcess];
    // signed in on A, served by B
    const onA = await new ApiClient(a.url).as(TENANT, 'dispatcher');
    const onB = new ApiClient(b.url);
    onB.token = onA.token;
    expect((await onB.get('/api/bl-system/user/getUserInfo')).status).toBe(200);
    // refresh rotated on B; the old refresh token reused on A revokes the session everywhere
    const refresh = (c: ApiClient, token: string) =>
      c.post(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'refresh_token', tenantId: TENANT, refreshToken: token, scope: 'all' })}`);
    const first = onA.token!;
    const rotated = data(await refresh(onB, first.refreshToken)) as typeof first;
    expect((await refresh(onA, first.refreshToken)).status).toBe(401);
    expect((await refresh(onB, rotated.refreshToken)).status).toBe(401);
    // five wrong passwords, spread over both hosts, lock the account on both
    const wrong = (c: ApiClient) =>
      c.post(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'auditor', password: md5('wrong'), type: 'account' })}`);
    for (const h of [a, b, a, b, a]) expect((await wrong(new ApiClient(h.url))).status).toBe(401);
    const locked = await new ApiClient(b.url).post(
      `/api/bl-auth/token?${new URLSearchParams({ grantType: 'password', tenantId: TENANT, account: 'auditor', password: md5('demo123'), type: 'account' })}`,
    );
    expect(locked.status).toBe(401);
    expect(locked.body.msg).toMatch(/locked until/);
    // signed out on A: B refuses the token too (its cache hears through the cache channel)
    const keeper = await new ApiClient(a.url).as(TENANT, 'keeper');
    const keeperOnB = new ApiClient(b.url);
    keeperOnB.token = keeper.token;
    expect((await keeperOnB.get('/api/bl-system/user/getUserInfo')).status).toBe(200);
    expect((await keeper.get('/api/bl-auth/logout')).status).toBe(200);
    await until('B refuses the signed-out token', async () => ((await keeperOnB.get('/api/bl-system/user/getUserInfo')).status === 401 ? true : undefined), 30_000);
  }, 300_000);

  it('runs every job once across hosts, and a killed host loses nothing (SIGKILL mid-load)', async () => {
    const [a, b] = hosts as [HostProcess, HostProcess];
    // every lease is held, each by one host
    const before = await until('every lease held', async () => {
      const h = await leaseHolders();
      return h.length && h.reduce((s, x) => s + x.leases, 0) >= 4 ? h : undefined;
    });
    // the victim: the host whose poller fires the escalation timers
    const timerHolder = (
      await admin.query<{ app: string }>(
        `SELECT a.application_name AS app FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = $1::int::oid AND l.objid = hashtext('workflow-timers')::oid AND l.objsubid = 2 AND l.granted`,
        [LEASE_NAMESPACE],
      )
    ).rows[0]!.app.replace('tpl-lease:', '');
    const victim = hosts.find((h) => h.name === timerHolder)!;
    const survivor = victim === a ? b : a;

    const adminA = await new ApiClient(a.url).as(TENANT, 'admin', 'admin');
    data(await adminA.post(`${F}/manager/deploy-upload`, { xml: fastReviewXml() }));
    data(await adminA.post(`${F}/review-config/submit`, { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const token = (await new ApiClient(a.url).as(TENANT, 'dispatcher')).token!;

    const alive = new Set([a, b]);
    const acked: Acked[] = [];
    const reviewed: string[] = [];
    const perHost = new Map<string, number>();
    let turn = 0;
    let killedAt = 0;
    /** One command on the next living host; a host that dies under it: the same command on the other. */
    const send = async (path: string, body: unknown): Promise<{ answer: Answer<Result>; host: HostProcess }> => {
      for (;;) {
        const live = [...alive];
        const host = live[turn++ % live.length]!;
        const c = new ApiClient(host.url);
        c.token = token;
        try {
          return { answer: await c.post<Result>(path, body), host };
        } catch {
          // connection refused or reset: that host is gone; nothing was acknowledged
          if (host === victim && killedAt) alive.delete(host);
        }
      }
    };
    const ack = (r: { answer: Answer<Result>; host: HostProcess }) => {
      const d = data(r.answer);
      acked.push({ id: d.id, version: d.version, host: r.host.name });
      perHost.set(r.host.name, (perHost.get(r.host.name) ?? 0) + 1);
      return d;
    };
    const versionOf = async (id: string) => {
      const c = new ApiClient(survivor.url);
      c.token = token;
      return data(await c.get<{ version: number }>(`${C}/detail?id=${id}`)).version;
    };
    /** A change, again on a fresh version if a lost answer's change did land (409 stale). */
    const change = async (id: string, version: number, n: number): Promise<Result> => {
      const r = await send(`${C}/submit`, { id, version, ...consignmentInput({ remark: `change ${n}` }) });
      if (r.answer.status === 409) return change(id, await versionOf(id), n);
      return ack(r);
    };
    const worker = async (w: number, rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const made = ack(await send(`${C}/submit`, consignmentInput({ remark: `w${w} r${i}` })));
        let cur = await change(made.id, made.version, 1);
        cur = await change(cur.id, cur.version, 2);
        if (i % 2 === 0) {
          const r = await send(`${C}/submit-review`, { id: cur.id, version: cur.version });
          if (r.answer.status === 409) {
            const v = await versionOf(cur.id);
            if (v === cur.version) throw new Error(`submit-review refused: ${r.answer.body.msg}`);
          } else ack(r);
          reviewed.push(cur.id);
        }
      }
    };
    const WORKERS = 4;
    const ROUNDS = 8;
    const killer = (async () => {
      // mid-load: a third of the commands acknowledged, and some escalation timers already due
      await until('a third of the load', async () => (acked.length >= (WORKERS * ROUNDS * 3.5) / 3 ? true : undefined), 180_000);
      killedAt = Date.now();
      victim.kill('SIGKILL');
      await victim.exited;
      alive.delete(victim);
    })();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w, ROUNDS)));
    await killer;

    // the survivor took every lease over
    const after = await until('the survivor holds every lease', async () => {
      const h = await leaseHolders();
      return h.length === 1 && h[0]!.host === survivor.name && h[0]!.leases >= before.reduce((s, x) => s + x.leases, 0) ? h : undefined;
    });
    const takenOver = await survivor.waitFor((l) => l.msg === 'lease workflow-timers taken' && Date.parse(l.time) >= killedAt, 'the timers lease taken over');
    // every escalation timer fired (by whichever host held the lease then), every projection at its head
    // the review process manager has seen every event (so every review process and its timer exists);
    // then every timer due by a cut-off two timers' durations later has fired
    const position = async () => Number((await admin.query<{ p: string | null }>('SELECT max(global_position) AS p FROM emt_messages')).rows[0]!.p ?? 0);
    await until('the review process manager at the head', async () => ((await checkpointOf('review-process-manager')) >= (await position()) ? true : undefined));
    const cut = (await admin.query<{ t: Date }>("SELECT now() + interval '4 seconds' AS t")).rows[0]!.t;
    // (the demo's orders waiting in review have their timers 24 hours away: not due)
    const timersDue = async () =>
      Number((await admin.query<{ n: string }>('SELECT count(*) FILTER (WHERE due_at <= $1) AS n FROM wf_timers', [cut])).rows[0]!.n) +
      ((await admin.query<{ past: boolean }>('SELECT now() > $1 AS past', [cut])).rows[0]!.past ? 0 : 1);
    await until('every timer due fired', async () => ((await timersDue()) === 0 ? true : undefined));
    const head = async (types: readonly string[]) =>
      Number((await admin.query<{ p: string | null }>('SELECT max(global_position) AS p FROM emt_messages WHERE message_type = ANY($1)', [types])).rows[0]!.p ?? 0);
    const reportName = (await admin.query<{ name: string }>("SELECT name FROM tpl_checkpoints WHERE name LIKE 'report%' OR name LIKE '%consignment-facts%'")).rows.map((r) => r.name);
    for (const name of [REPORT_PROJECTION, ...reportName]) {
      await until(`${name} at its head`, async () => ((await checkpointOf(name)) >= (await head(CONSIGNMENT_TYPES)) ? true : undefined));
    }

    // 1. every acknowledged command's events are in the store
    const streams = new Map(
      (await admin.query<{ stream_id: string; stream_position: string }>('SELECT stream_id, stream_position FROM emt_streams')).rows.map((r) => [r.stream_id.slice(-36), Number(r.stream_position)]),
    );
    const missing = acked.filter((x) => !(Number(streams.get(x.id) ?? 0) >= x.version));
    expect(missing).toEqual([]);

    // 2. no timer fired twice, and every one scheduled fired
    // every timer scheduled and due by now: how many times it fired (exactly once each)
    const timers = (
      await admin.query<{ stream_id: string; key: string; fired: string }>(
        `SELECT s.stream_id, s.message_data->>'timerKey' AS key, count(f.global_position) AS fired
           FROM emt_messages s
           LEFT JOIN emt_messages f ON f.stream_id = s.stream_id AND f.message_type = 'TimerFired' AND f.message_data->>'timerKey' = s.message_data->>'timerKey'
          WHERE s.message_type = 'TimerScheduled' AND (s.message_data->>'dueAt')::timestamptz <= $1
          GROUP BY 1, 2`,
        [cut],
      )
    ).rows;
    const scheduled = timers.length;
    expect(timers.filter((t) => Number(t.fired) !== 1)).toEqual([]);
    const fired = timers.reduce((s, t) => s + Number(t.fired), 0);
    const escalated = Number((await admin.query<{ n: string }>("SELECT count(*) AS n FROM emt_messages WHERE message_type = 'TaskEscalated'")).rows[0]!.n);
    expect(scheduled).toBeGreaterThan(0);
    expect(escalated).toBe(fired);

    // 3. the review process manager started one process per document submitted for review
    const instances = (await admin.query<{ business_key: string; n: string }>(`SELECT business_key, count(*) AS n FROM wf_instances WHERE tenant_id = $1 GROUP BY 1`, [TENANT])).rows;
    expect(instances.filter((r) => Number(r.n) > 1)).toEqual([]);
    const started = new Set(instances.map((r) => r.business_key));
    expect(reviewed.filter((id) => !started.has(id))).toEqual([]);

    // 4. no projection row counted twice: the adding projection and the report equal counts from the events
    const fromEvents = (
      await admin.query<{ tenant_id: string; t: string; n: string }>(
        `SELECT message_metadata->>'tenantId' AS tenant_id, message_type AS t, count(*) AS n FROM emt_messages WHERE message_type = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2`,
        [CONSIGNMENT_TYPES],
      )
    ).rows.map((r) => `${r.tenant_id} ${r.t} ${r.n}`);
    const projected = (await admin.query<{ tenant_id: string; event_type: string; n: string }>('SELECT tenant_id, event_type, n FROM tst_consignment_counts ORDER BY 1, 2')).rows.map(
      (r) => `${r.tenant_id} ${r.event_type} ${r.n}`,
    );
    expect(projected).toEqual(fromEvents);
    const orders = Number(
      (
        await admin.query<{ n: string }>(
          `SELECT count(DISTINCT stream_id) AS n FROM emt_messages WHERE message_type = ANY($1) AND message_metadata->>'tenantId' = $2`,
          [CONSIGNMENT_TYPES, TENANT],
        )
      ).rows[0]!.n,
    );
    const reportRows = Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM rpt_consignments WHERE tenant_id = $1', [TENANT])).rows[0]!.n);
    expect(reportRows).toBe(orders);

    console.log(
      [
        'two hosts, one database (PostgreSQL):',
        `  acknowledged commands: ${acked.length} (${[...perHost].map(([h, n]) => `host ${h}: ${n}`).join(', ')}); ${reviewed.length} submitted for review`,
        `  killed host ${victim.name} (SIGKILL) a third into the load; leases before: ${before.map((x) => `${x.host}=${x.leases}`).join(' ')}, after: ${after.map((x) => `${x.host}=${x.leases}`).join(' ')}`,
        `  workflow-timers lease taken over by ${survivor.name} ${((Date.parse(takenOver.time) - killedAt) / 1000).toFixed(1)} s after the kill`,
        `  timers scheduled ${scheduled}, fired ${fired}, fired twice 0; escalations ${escalated}; review processes ${instances.length}, started twice 0`,
        `  consignment orders in the events ${orders}, rows in rpt_consignments ${reportRows}; counted per event type: ${projected.length} rows equal to the events' counts`,
        `  acknowledged commands missing from the store: ${missing.length}`,
      ].join('\n'),
    );
  }, 300_000);

  it('answers health, metrics and one JSON log line per request; SIGTERM finishes the request under way, then exits 0', async () => {
    const b = hosts.find((h) => h.name === 'B')!;
    expect(b.url).not.toBe('');
    const live = await fetch(`${b.url}/api/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${b.url}/api/health/ready`);
    expect([ready.status, ((await ready.json()) as { data: unknown }).data]).toEqual([200, { status: 'ready', database: true, migrations: true, draining: false }]);

    const dispatcher = await new ApiClient(b.url).as(TENANT, 'dispatcher');
    // a request with our correlation id: its log line names route, status, ms, tenant and the id
    const made = await dispatcher.post<Result>(`${C}/submit`, consignmentInput(), { 'X-Correlation-Id': 'multi-host-trace-1' });
    expect(made.status).toBe(200);
    const line = await b.waitFor((l) => l.msg === 'request' && l.correlationId === 'multi-host-trace-1', 'the request line');
    expect(line).toMatchObject({ level: 'info', host: 'B', method: 'POST', route: `${C}/submit`, status: 200, tenant: TENANT });
    expect(typeof line.ms).toBe('number');
    // probes are counted, not logged
    expect(b.lines.filter((l) => l.msg === 'request' && String(l.route).startsWith('/api/health'))).toEqual([]);

    // Prometheus: latency by route, projection lag, the store's position, the leases held here
    expect((await fetch(`${b.url}/metrics`)).status).toBe(401);
    const scrape = await fetch(`${b.url}/metrics`, { headers: { Authorization: 'Bearer scrape-secret' } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    expect(text).toContain(`tpl_http_request_duration_seconds_bucket{le="0.5",method="POST",route="${C}/submit",status="200"}`);
    expect(text).toMatch(/tpl_projection_lag_events\{projection="test-consignment-counts",kind="projection"\} \d+/);
    expect(text).toMatch(/tpl_projection_lag_seconds\{projection="review-process-manager",kind="reaction"\} [\d.]+/);
    expect(text).toMatch(/tpl_event_store_position [1-9]\d*/);
    expect(text).toContain('tpl_lease_held{lease="workflow-timers"} 1');

    // a create held in the database (the serial table locked by another session): in flight when SIGTERM comes
    const blocker = new Client({ connectionString: db.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE tpl_serials IN EXCLUSIVE MODE');
    const slow = dispatcher.post<Result>(`${C}/submit`, consignmentInput({ remark: 'in flight at SIGTERM' }), { 'X-Correlation-Id': 'multi-host-in-flight' });
    await until('the create waits on the lock', async () => {
      const { rows } = await admin.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND usename = 'tpl_app'",
      );
      return Number(rows[0]!.n) > 0 ? true : undefined;
    });
    b.kill('SIGTERM');
    await b.waitFor((l) => l.msg === 'draining', 'draining');
    // readiness goes false at once (the load balancer stops sending), liveness stays
    const draining = await fetch(`${b.url}/api/health/ready`);
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { data: unknown }).data).toMatchObject({ status: 'draining', draining: true });
    // the request completes once the database lets it, and is in the store
    await blocker.query('ROLLBACK');
    await blocker.end();
    const answer = await slow;
    expect(answer.status).toBe(200);
    const stream = await admin.query<{ n: string }>('SELECT stream_position AS n FROM emt_streams WHERE stream_id LIKE $1', [`%${answer.body.data.id}`]);
    expect(Number(stream.rows[0]!.n)).toBe(answer.body.data.version);
    expect(await b.exited).toEqual({ code: 0, signal: null });
    const said = b.lines.map((l) => l.msg);
    expect(said).toEqual(expect.arrayContaining(['draining', 'stopped']));
    // the jobs gave their leases back before the process ended (not only by dying)
    expect(said.lastIndexOf('lease workflow-timers given up')).toBeGreaterThan(said.indexOf('draining'));
    expect(said.lastIndexOf('lease workflow-timers given up')).toBeLessThan(said.indexOf('stopped'));
    expect(b.lines.find((l) => l.correlationId === 'multi-host-in-flight')).toMatchObject({ status: 200 });
    // its leases went with it
    expect(await leaseHolders()).toEqual([]);
    await expect(fetch(`${b.url}/api/health/live`)).rejects.toThrow();
  }, 300_000);
});
