import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Leases } from './leases';

/**
 * Leases (several hosts, one database): one holder at a time; a holder whose session dies
 * loses them and another host takes them on its next try; closing gives them back. Advisory
 * locks need no table: the suite runs on the server's own database with names of its own.
 */
const PG_ADMIN = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Ticks a host's leases until the condition holds (each tick is one round trip). */
const tickUntil = async (l: Leases, done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) {
    await l.tick();
    if (!done()) await new Promise((r) => setTimeout(r, 20));
  }
  return done();
};

describe('leases on PostgreSQL advisory locks', () => {
  const job = `test-job-${randomUUID()}`;
  const changes: string[] = [];
  const made: Leases[] = [];
  const host = (id: string) => {
    const l = new Leases({ connectionString: PG_ADMIN, pollMs: 60_000, hostId: `${id}-${job.slice(-8)}`, onChange: (n, held) => changes.push(`${id} ${held ? 'took' : 'lost'}`) });
    made.push(l);
    return l;
  };
  let admin: Client;
  beforeAll(async () => {
    admin = new Client({ connectionString: PG_ADMIN });
    await admin.connect();
  });
  afterAll(async () => {
    for (const l of made) await l.close();
    await admin.end();
  });

  it('gives a lease to one host; the other takes it when the holder dies or lets go', async () => {
    const a = host('a');
    const b = host('b');
    a.want(job);
    b.want(job);
    await a.start();
    await b.start();
    expect([a.holds(job), b.holds(job)]).toEqual([true, false]);
    expect(await b.holders()).toEqual([{ name: job, hostId: a.hostId }]);
    expect(await tickUntil(b, () => b.holds(job))).toBe(false);

    // host a dies: its session ends (as when its process is killed) and the lock goes with it
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`tpl-lease:${a.hostId}`]);
    expect(await tickUntil(b, () => b.holds(job))).toBe(true);
    // a learns it lost the lease (its connection's error, at the latest its next round trip) and does not get it back while b holds it
    expect(await tickUntil(a, () => !a.holds(job))).toBe(true);
    await a.tick();
    expect([a.holds(job), b.holds(job)]).toEqual([false, true]);
    expect(await a.holders()).toEqual([{ name: job, hostId: b.hostId }]);

    // b stops (a graceful shutdown): a takes it over on its next try
    await b.close();
    expect(b.holds(job)).toBe(false);
    expect(await tickUntil(a, () => a.holds(job))).toBe(true);
    expect(changes).toEqual(['a took', 'a lost', 'b took', 'b lost', 'a took']);
  });

  it('holds every lease in local mode (the embedded store: one host per data directory)', async () => {
    const local = new Leases();
    local.want('x');
    await local.start();
    expect([local.local, local.holds('x'), local.holds('y')]).toEqual([true, true, false]);
    expect(await local.holders()).toEqual([{ name: 'x', hostId: local.hostId }]);
    await local.close();
    expect(local.holds('x')).toBe(false);
  });
});
