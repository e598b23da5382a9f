import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Client } from 'pg';

/**
 * Leases for background jobs, so that several hosts on one database run each job exactly
 * once: the timer poller, the category status job, every asynchronous projection and every
 * reaction (process manager). A lease is a PostgreSQL session-level advisory lock held on
 * ONE dedicated connection per host (never a pooled one):
 *
 * - a host that dies, however it dies, loses its session and with it every lease at once
 *   (a killed process closes its socket; a machine that vanishes is detected by the server's
 *   TCP keepalives, set short on this session); another host takes them on its next try
 *   (every `pollMs`, 2 s by default), so a job is taken over within seconds;
 * - every try also proves the session alive; a lease counts as held only while the last
 *   successful round trip is younger than three polls, so a host cut from the database stops
 *   its jobs before anyone else may take them, and reconnects on the next tick;
 * - the database knows who holds what: the session's application_name is
 *   `tpl-lease:<host id>` (pg_locks joined with pg_stat_activity; `holders()`).
 *
 * Jobs stay safe without the lease too (the projector's batches take a transaction lock,
 * timers and category changes are appends with an expected version): the lease makes them
 * run on one host instead of racing on all of them.
 *
 * Local mode (no connection string: the embedded store, where one host owns its DATA_DIR):
 * every lease asked for is held.
 */
export const LEASE_NAMESPACE = 7_310_334;
const APP_PREFIX = 'tpl-lease:';

export type LeaseOptions = {
  /** the service's PostgreSQL URL; undefined: local mode (one host, every lease held) */
  connectionString?: string | undefined;
  /** how often leases not held are tried and held ones confirmed (ms) */
  pollMs?: number;
  /** this host's name in the database (default: hostname and process id) */
  hostId?: string;
  /** told when a lease is taken or lost */
  onChange?: (name: string, held: boolean) => void;
  onError?: (error: unknown) => void;
};

export type LeaseHolder = { name: string; hostId: string };

/** What jobs ask of the leases: to be considered for one, and whether this host holds it now. */
export type LeaseGate = {
  want(name: string): void;
  holds(name: string): boolean;
};

/** Waits at most ms for work (the timer does not hold the process). */
const within = async (ms: number, work: Promise<unknown>) => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((r) => (timer = setTimeout(r, ms)).unref())]);
  clearTimeout(timer);
};

export class Leases implements LeaseGate {
  readonly hostId: string;
  private readonly wanted = new Set<string>();
  private readonly held = new Set<string>();
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private confirmedAt = 0;
  private ticking: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: LeaseOptions = {}) {
    this.hostId = options.hostId ?? `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  get local(): boolean {
    return !this.options.connectionString;
  }

  private get pollMs() {
    return this.options.pollMs ?? 2_000;
  }

  want(name: string): void {
    if (this.wanted.has(name)) return;
    this.wanted.add(name);
    if (this.local) this.held.add(name);
    else if (this.timer) void this.tick();
  }

  holds(name: string): boolean {
    if (this.closed) return false;
    if (this.local) return this.held.has(name);
    return this.held.has(name) && Date.now() - this.confirmedAt < this.pollMs * 3;
  }

  /** The leases this host holds now. */
  names(): string[] {
    return [...this.held].filter((n) => this.holds(n)).sort();
  }

  /** Takes what it can at once, then tries and confirms every pollMs. */
  async start(): Promise<void> {
    if (this.local || this.timer || this.closed) return;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  /** One round: confirm the session, try every lease wanted and not held. */
  tick(): Promise<void> {
    this.ticking ??= this.round().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.closed || this.local) return;
    try {
      const client = await this.connect();
      const missing = [...this.wanted].filter((n) => !this.held.has(n));
      // one round trip: the session is alive (confirmedAt) and the free leases are ours
      const { rows } = await client.query<{ name: string; got: boolean }>(
        'SELECT name, pg_try_advisory_lock($1, hashtext(name)) AS got FROM unnest($2::text[]) AS name',
        [LEASE_NAMESPACE, missing],
      );
      this.confirmedAt = Date.now();
      for (const r of rows) {
        if (!r.got) continue;
        this.held.add(r.name);
        this.options.onChange?.(r.name, true);
      }
    } catch (err) {
      this.lost(err);
    }
  }

  private async connect(): Promise<Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new Client({
        connectionString: this.options.connectionString,
        application_name: `${APP_PREFIX}${this.hostId}`.slice(0, 63),
        keepAlive: true,
        keepAliveInitialDelayMillis: 5_000,
        // a round trip that hangs is a lost session
        query_timeout: Math.max(this.pollMs * 2, 2_000),
        connectionTimeoutMillis: Math.max(this.pollMs * 2, 2_000),
      });
      client.on('error', (err) => this.lost(err));
      await client.connect();
      // the server notices a vanished host within about 11 s (and drops its leases) instead of hours
      await client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
      this.client = client;
      return client;
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** The session is gone (or unsure): nothing is held any more; the next tick reconnects. */
  private lost(err: unknown) {
    const had = [...this.held];
    this.held.clear();
    this.confirmedAt = 0;
    const client = this.client;
    this.client = undefined;
    if (client) void client.end().catch(() => undefined);
    for (const n of had) this.options.onChange?.(n, false);
    if (!this.closed) this.options.onError?.(err);
  }

  /** Who holds which lease across every host on this database (local mode: this host). */
  async holders(): Promise<LeaseHolder[]> {
    if (this.local) return this.names().map((name) => ({ name, hostId: this.hostId }));
    const client = await this.connect();
    const names = [...this.wanted];
    const { rows } = await client.query<{ name: string; app: string }>(
      `SELECT n.name, a.application_name AS app
         FROM unnest($2::text[]) AS n(name)
         JOIN pg_locks l ON l.locktype = 'advisory' AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid = $1::int::oid AND l.objid = hashtext(n.name)::oid AND l.objsubid = 2 AND l.granted
         JOIN pg_stat_activity a ON a.pid = l.pid
        ORDER BY n.name`,
      [LEASE_NAMESPACE, names],
    );
    return rows.map((r) => ({ name: r.name, hostId: r.app.startsWith(APP_PREFIX) ? r.app.slice(APP_PREFIX.length) : r.app }));
  }

  /** Stops trying and gives every lease back (the session ends: PostgreSQL releases them all). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    const had = [...this.held];
    this.held.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    if (client) {
      await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      await within(2_000, client.end().catch(() => undefined));
    }
    for (const n of had) this.options.onChange?.(n, false);
  }
}
