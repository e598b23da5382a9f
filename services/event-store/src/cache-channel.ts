import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * How every cache of every host hears that what it keeps has changed. A cache subscribes to a
 * topic ('access', 'sessions', ...) and drops the key it is told (a tenant id, a session id;
 * `*` is everything: the channel lost notices and cannot say which). A writer publishes after
 * its change committed: this host's subscribers are told before publish resolves, the other
 * hosts through the database.
 *
 * PostgreSQL: NOTIFY on one channel, heard on one LISTEN connection per host (notices reach
 * every listener in commit order). The embedded store has one host per data directory (a lock
 * file keeps it so): the channel is in-process there.
 */
export type CacheChannel = {
  readonly kind: 'postgres' | 'local';
  /** tells every host's subscribers of the topic that key changed (this host's at once) */
  publish(topic: string, key: string): Promise<void>;
  /** calls drop(key) on each notice of the topic; answers the unsubscribe */
  subscribe(topic: string, drop: (key: string) => void): () => void;
  /** resolves once every notice committed before the call has reached this host's subscribers */
  sync(): Promise<void>;
  close(): Promise<void>;
};

/** Every notice of every topic: `*` for the key. */
export const ALL_KEYS = '*';
const CHANNEL = 'tpl_cache';
const SYNC = '\u0000sync';

type Notice = { o: string; t: string; k: string };
type Outgoing = { notices: Notice[]; sent: Promise<void> };

class Subscribers {
  private readonly byTopic = new Map<string, Set<(key: string) => void>>();

  add(topic: string, drop: (key: string) => void): () => void {
    const set = this.byTopic.get(topic) ?? new Set();
    this.byTopic.set(topic, set);
    set.add(drop);
    return () => set.delete(drop);
  }

  tell(topic: string, key: string): void {
    for (const drop of this.byTopic.get(topic) ?? []) {
      try {
        drop(key);
      } catch (err) {
        console.error(`cache ${topic} failed to drop ${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  tellAll(): void {
    for (const topic of this.byTopic.keys()) this.tell(topic, ALL_KEYS);
  }
}

/** One process, one host: subscribers are told in place. */
export class LocalCacheChannel implements CacheChannel {
  readonly kind = 'local' as const;
  private readonly subscribers = new Subscribers();

  publish(topic: string, key: string): Promise<void> {
    this.subscribers.tell(topic, key);
    return Promise.resolve();
  }

  subscribe(topic: string, drop: (key: string) => void): () => void {
    return this.subscribers.add(topic, drop);
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Several hosts on one PostgreSQL database: publish sends NOTIFY, a listening connection of
 * each host tells its subscribers (its own notices skipped: they were told at publish). A lost
 * listening connection is opened again, and every cache is dropped whole, since notices sent
 * in between were missed.
 */
export class PostgresCacheChannel implements CacheChannel {
  readonly kind = 'postgres' as const;
  private readonly origin = randomUUID();
  private readonly subscribers = new Subscribers();
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private closed = false;
  private readonly waiting = new Map<string, () => void>();
  private retry: NodeJS.Timeout | undefined;
  /** the notices waiting for the one query in flight (joined by whatever is published meanwhile) */
  private next: Outgoing | undefined;
  /** settles when the query in flight has (its failure is its own publishers') */
  private sending: Promise<void> = Promise.resolve();

  private constructor(private readonly connectionString: string) {}

  static async open(connectionString: string): Promise<PostgresCacheChannel> {
    const channel = new PostgresCacheChannel(connectionString);
    await channel.connect();
    return channel;
  }

  private connect(): Promise<Client> {
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.connectionString, application_name: 'tpl-cache-channel' });
      client.on('notification', (msg) => this.heard(msg.payload));
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        this.connecting = undefined;
        throw err;
      }
      this.client = client;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.connecting = undefined;
    if (this.closed) return;
    // whatever was published while nobody listened is unknown: everything goes
    this.subscribers.tellAll();
    const again = (delay: number) => {
      this.retry = setTimeout(() => {
        this.connect().then(
          () => this.subscribers.tellAll(),
          () => !this.closed && again(Math.min(delay * 2, 5_000)),
        );
      }, delay);
      this.retry.unref();
    };
    again(100);
  }

  private heard(payload: string | undefined): void {
    if (!payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.t === SYNC) {
      if (notice.o === this.origin) this.waiting.get(notice.k)?.();
      return;
    }
    if (notice.o === this.origin) return;
    this.subscribers.tell(notice.t, notice.k);
  }

  /**
   * Notices go out one query at a time on the listening connection: those published while one
   * is on its way wait and then leave together, in the order they were published. (Sent at once,
   * each was queued behind the one running, which pg deprecates and pg 9 refuses.)
   */
  private notify(notice: Notice): Promise<void> {
    if (!this.next) {
      const batch: Outgoing = { notices: [], sent: Promise.resolve() };
      batch.sent = this.sending.then(() => {
        if (this.next === batch) this.next = undefined;
        return this.send(batch.notices);
      });
      this.sending = batch.sent.catch(() => undefined);
      this.next = batch;
    }
    this.next.notices.push(notice);
    return this.next.sent;
  }

  private async send(notices: Notice[]): Promise<void> {
    // published after the close: no listening connection is opened again for them
    if (this.closed) return;
    const client = this.client ?? (await this.connect());
    // one pg_notify per element, called in the array's order (a sort would compute them first);
    // NOTIFY folds a payload repeated in one transaction into one notice, which drops the key once
    await client.query('SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n', [CHANNEL, notices.map((n) => JSON.stringify(n))]);
  }

  async publish(topic: string, key: string): Promise<void> {
    this.subscribers.tell(topic, key);
    try {
      await this.notify({ o: this.origin, t: topic, k: key });
    } catch (err) {
      // the change is committed; the other hosts drop everything when their listener comes back
      console.error(`cache notice ${topic}/${key} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  subscribe(topic: string, drop: (key: string) => void): () => void {
    return this.subscribers.add(topic, drop);
  }

  async sync(): Promise<void> {
    const nonce = randomUUID();
    const heard = new Promise<void>((resolve) => this.waiting.set(nonce, resolve));
    try {
      await this.notify({ o: this.origin, t: SYNC, k: nonce });
      await heard;
    } finally {
      this.waiting.delete(nonce);
    }
  }

  async close(): Promise<void> {
    // what was published before the close still goes out (a host's last changes reach the
    // others), waited for at most 2 s (a connection that no longer answers does not hold a shutdown)
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.sending, new Promise((r) => (timer = setTimeout(r, 2_000)).unref())]);
    clearTimeout(timer);
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    for (const resolve of this.waiting.values()) resolve();
    if (client) await client.end().catch(() => undefined);
  }
}

/**
 * A small cache whose entries a channel drops by key: `keyOf` says under which channel key an
 * entry falls (its tenant, itself). A load that started before a drop is not kept (it may have
 * read what the change replaced). Entries also expire after ttlMs, the last line should a
 * notice be lost with no sign of it.
 */
export class ChannelCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; at: number; keys: string[]; settled?: { v: V } }>();
  private generation = 0;

  constructor(
    private readonly options: { ttlMs: number; max?: number },
  ) {}

  /** Hooks the cache to a topic of the channel. */
  listen(channel: CacheChannel, topic: string): () => void {
    return channel.subscribe(topic, (key) => this.drop(key));
  }

  /** The cached value for id, or load() kept under the channel keys given. */
  get(id: string, keys: string[], load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.options.ttlMs) return hit.value;
    const generation = this.generation;
    const value = load();
    const entry = { value, at: Date.now(), keys: [id, ...keys] };
    this.entries.set(id, entry);
    value.then(
      () => {
        // dropped while loading: answer this caller, keep nothing
        if (generation !== this.generation && this.entries.get(id) === entry) this.entries.delete(id);
      },
      () => this.entries.get(id) === entry && this.entries.delete(id),
    );
    if (this.entries.size > (this.options.max ?? 10_000)) this.entries.clear();
    return value;
  }

  /** Sets an entry (a session just revoked). */
  set(id: string, keys: string[], value: V): void {
    this.entries.set(id, { value: Promise.resolve(value), at: Date.now(), keys: [id, ...keys], settled: { v: value } });
    if (this.entries.size > (this.options.max ?? 10_000)) this.entries.clear();
  }

  /** Where the cache stands: a value read after this may be kept (remember) only if nothing was dropped since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a value read since mark(), unless a drop came in between (it may have read what the change replaced). */
  remember(id: string, keys: string[], value: V, since: number): void {
    if (since === this.generation) this.set(id, keys, value);
  }

  /** The value kept for id (set or remembered, not a load under way), while fresh. */
  peek(id: string): V | undefined {
    const hit = this.entries.get(id);
    return hit?.settled && Date.now() - hit.at < this.options.ttlMs ? hit.settled.v : undefined;
  }

  /** Drops every entry under the key (`*`: all). */
  drop(key: string): void {
    this.generation++;
    if (key === ALL_KEYS) return this.entries.clear();
    for (const [id, e] of this.entries) if (e.keys.includes(key)) this.entries.delete(id);
  }
}
