import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * Several host processes on one machine (HOST_WORKERS=N, PostgreSQL only): Node runs a
 * service's JavaScript on one core, so one process leaves the others to PostgreSQL and
 * nothing else. Each worker is a whole host (its own pool, leases and host id), exactly
 * as hosts on several machines are: any of them takes any request, and the background
 * jobs run once across them all under their leases (ADR on several hosts). They share the
 * listening port through Node's cluster module; a connection stays with the worker that
 * accepted it.
 *
 * The primary starts one worker first and waits until it serves (it runs the migrations and
 * seeds the demo), then the others; it replaces a worker that dies, unless workers keep dying
 * (five within a minute: something is wrong that a restart will not mend, and the primary
 * exits with code 1); SIGTERM or SIGINT reaches every worker, each drains and stops as a single
 * host does, and the primary exits once all have.
 */
export type ClusterMessage = { tpl: 'ready'; url: string; hostId: string };

/** HOST_WORKERS: how many host processes (default 1: no cluster); more than 1 needs DATABASE_URL. */
export const hostWorkersFromEnv = (env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env.HOST_WORKERS;
  if (raw === undefined || raw === '') return 1;
  const n = raw === 'auto' ? os.availableParallelism() : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`HOST_WORKERS=${raw}: expected a whole number from 1 to 64, or auto (one per core)`);
  if (n > 1 && !env.DATABASE_URL) throw new Error(`HOST_WORKERS=${raw} needs DATABASE_URL: the embedded database belongs to one process`);
  return n;
};

/** A worker tells the primary it serves (a no-op outside a cluster). */
export const reportReady = (url: string, hostId: string): void => {
  if (cluster.isWorker && process.send) process.send({ tpl: 'ready', url, hostId } satisfies ClusterMessage);
};

export type PrimaryEvents = {
  /** the first worker serves: its URL (every worker shares its port) */
  ready(url: string): void;
  /** every worker serves */
  allReady(workers: number): void;
  log(level: 'info' | 'error', message: string, fields?: Record<string, unknown>): void;
};

const REPLACE_DELAY_MS = 1_000;
const DEATHS_TOLERATED = 5;
const DEATH_WINDOW_MS = 60_000;

/** The primary's life: forks, waits, replaces, forwards stop signals; resolves with its exit code. */
export const runPrimary = (workers: number, events: PrimaryEvents): Promise<number> =>
  new Promise((resolve) => {
    const live = new Set<Worker>();
    const deaths: number[] = [];
    let stopping = false;
    let exitCode = 0;
    let firstReady = false;
    let announced = false;
    let ready = 0;

    const fork = (): Promise<void> =>
      new Promise((started) => {
        const worker = cluster.fork();
        live.add(worker);
        worker.on('message', (m: ClusterMessage) => {
          if (m?.tpl !== 'ready') return;
          events.log('info', 'worker serving', { worker: worker.id, pid: worker.process.pid, host: m.hostId });
          if (!firstReady) {
            firstReady = true;
            events.ready(m.url);
          }
          // once: a worker replaced later serves again without a second announcement
          if (++ready === workers && !announced) {
            announced = true;
            events.allReady(workers);
          }
          started();
        });
        worker.on('exit', (code, signal) => {
          live.delete(worker);
          started();
          if (stopping) {
            if (!live.size) resolve(exitCode);
            return;
          }
          const now = Date.now();
          deaths.push(now);
          while (deaths.length && now - deaths[0]! > DEATH_WINDOW_MS) deaths.shift();
          events.log('error', 'worker died', { worker: worker.id, pid: worker.process.pid, code, signal });
          if (deaths.length >= DEATHS_TOLERATED || !firstReady) {
            // dying at start (the first worker could not start) or over and over: stop them all
            stopping = true;
            exitCode = 1;
            events.log('error', firstReady ? `${deaths.length} workers died within a minute: stopping` : 'the first worker could not start: stopping');
            if (!live.size) resolve(exitCode);
            for (const w of live) w.process.kill('SIGTERM');
            return;
          }
          ready = Math.max(0, ready - 1);
          setTimeout(() => !stopping && void fork(), REPLACE_DELAY_MS).unref();
        });
      });

    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      events.log('info', 'stopping workers', { signal, workers: live.size });
      if (!live.size) resolve(exitCode);
      for (const w of live) w.process.kill(signal);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));

    // the first migrates and seeds; the others start beside each other once it serves
    void fork().then(async () => {
      if (stopping) return;
      await Promise.all(Array.from({ length: workers - 1 }, () => fork()));
    });
  });
