import http from 'node:http';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { HostProcess, type LogLine } from '../support/host-process';

/**
 * HOST_WORKERS: one host command, several processes on one machine (services/host/src/cluster.ts).
 * The production entry point starts with two workers on a fresh PostgreSQL database: requests on
 * new connections are answered by both, each a host with its own id; a worker killed with SIGKILL
 * is replaced while the other serves; SIGTERM to the primary stops every worker and it exits 0.
 */
const LIST = '/api/bl-transport/consignment/list';

const get = (url: string) =>
  new Promise<number>((resolve, reject) => {
    // a new connection each time (no keep-alive): the cluster hands connections out in turn
    const req = http.get(url, { agent: false, headers: { Connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('one host command, several processes (HOST_WORKERS=2 on PostgreSQL)', () => {
  let db: TestDatabase;
  let host: HostProcess;
  const serving = () => host.lines.filter((l): l is LogLine & { worker: number; pid: number; host: string } => l.msg === 'worker serving');

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    host = new HostProcess('CL', { DATABASE_URL: db.databaseUrl!, HOST_WORKERS: '2', LOG_REQUESTS: 'true', SHUTDOWN_DELAY_MS: '0', SEED_DEMO: 'false' });
    await host.started();
  }, 300_000);

  afterAll(async () => {
    await host?.stop();
    await db?.drop();
  });

  it('announces itself once both workers serve, and both answer: each a host of its own', async () => {
    const started = host.lines.find((l) => l.msg === 'started')!;
    expect(started).toMatchObject({ workers: 2, store: 'postgres' });
    expect(serving()).toHaveLength(2);
    expect(new Set(serving().map((l) => l.host))).toEqual(new Set(['CL-1', 'CL-2']));
    // a logged route (health checks are not): signed out, each answer is a 401 from one of them
    const statuses = await Promise.all(Array.from({ length: 30 }, () => get(`${host.url}${LIST}`)));
    expect(statuses.every((s) => s === 401)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const answeredBy = new Set(host.lines.filter((l) => l.msg === 'request' && l.route === LIST).map((l) => l.host));
    expect(answeredBy).toEqual(new Set(['CL-1', 'CL-2']));
  });

  it('replaces a worker that dies, while the other serves', async () => {
    const [first] = serving();
    process.kill(first!.pid, 'SIGKILL');
    // once the primary has seen it die, the survivor takes every new connection
    await host.waitFor((l) => l.msg === 'worker died', 'the death noticed');
    expect(await get(`${host.url}/api/health/ready`)).toBe(200);
    const replaced = await host.waitFor((l) => l.msg === 'worker serving' && Number(l.worker) === 3, 'a third worker');
    expect(replaced.pid).not.toBe(first!.pid);
    expect(host.lines.find((l) => l.msg === 'worker died')).toMatchObject({ pid: first!.pid, signal: 'SIGKILL' });
    // announced once: the replacement does not start the host again
    expect(host.lines.filter((l) => l.msg === 'started')).toHaveLength(1);
    expect(await get(`${host.url}/api/health/ready`)).toBe(200);
  }, 60_000);

  it('stops every worker on SIGTERM, and the primary exits 0', async () => {
    const pids = serving().map((l) => l.pid).filter(alive);
    expect(pids).toHaveLength(2);
    host.kill('SIGTERM');
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(pids.filter(alive)).toEqual([]);
    // each worker logs its own stop; the primary's is the one that counts the workers
    expect(host.lines.filter((l) => l.msg === 'stopped' && l.signal === 'SIGTERM')).toHaveLength(2);
    expect(host.lines.find((l) => l.msg === 'stopped' && l.workers !== undefined)).toMatchObject({ level: 'info', workers: 2 });
  }, 60_000);
});
