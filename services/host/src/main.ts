import cluster from 'node:cluster';
import { DEMO_TENANTS } from '@tpl/identity';
import { hostWorkersFromEnv, reportReady, runPrimary } from './cluster';
import { configFromEnv, type HostConfig } from './config';
import { startHost } from './host';
import { JsonLog, type LogFormat } from './observability';

/** json when a machine reads the output (a container, a pipe), text on a terminal; LOG_FORMAT decides. */
const logFormat = (): LogFormat => (process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'text' ? process.env.LOG_FORMAT : process.stdout.isTTY ? 'text' : 'json');

const whereOf = (config: HostConfig) =>
  config.databaseUrl ? `PostgreSQL ${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')}` : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;

const banner = (url: string, config: HostConfig, seconds: number, workers: number) =>
  [
    '',
    `  3PL operations console is up in ${seconds.toFixed(1)} s on ${whereOf(config)}${workers > 1 ? `, ${workers} host processes` : ''}`,
    '',
    `  Open      ${url}/`,
    `  API docs  ${url}/api/docs`,
    '',
    '  Demo sign-ins (tenant / account / password):',
    ...DEMO_TENANTS.flatMap((t) => t.users.map((u) => `    ${t.tenantId}  ${u.account.padEnd(11)} ${u.password.padEnd(8)} ${u.roles.join(', ')}  (${t.name})`)),
    '',
  ].join('\n');

/** HOST_WORKERS > 1: this process only starts, watches and stops the host processes (cluster.ts). */
const primary = async (workers: number, config: HostConfig, format: LogFormat, started: number) => {
  const log = format === 'json' ? new JsonLog({ host: `${process.env.HOSTNAME ?? 'host'}-primary-${process.pid}` }) : undefined;
  let url = '';
  const code = await runPrimary(workers, {
    ready: (u) => (url = u),
    allReady: (n) => {
      const seconds = (Date.now() - started) / 1000;
      if (log) log.write('info', 'started', { url, store: 'postgres', seconds, workers: n });
      else console.log(banner(url, config, seconds, n));
    },
    log: (level, message, fields) => {
      if (log) log.write(level, message, fields ?? {});
      else (level === 'error' ? console.error : console.log)(`  ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    },
  });
  if (log) log.write(code ? 'error' : 'info', 'stopped', { workers });
  else console.log(code ? '  stopped: the workers could not be kept running' : '  every host process stopped');
  process.exit(code);
};

const main = async () => {
  const workers = hostWorkersFromEnv();
  const config = configFromEnv();
  const started = Date.now();
  const format = logFormat();
  if (workers > 1 && cluster.isPrimary) return primary(workers, config, format, started);
  const debug = process.env.LOG_LEVEL === 'debug';
  const host = await startHost(config, {
    logFormat: format,
    logLevels: debug ? ['error', 'warn', 'log', 'debug'] : format === 'json' ? ['error', 'warn', 'log'] : ['error', 'warn'],
    ...(process.env.LOG_REQUESTS ? { requestLog: process.env.LOG_REQUESTS === 'true' } : {}),
    // each worker of several is a host of its own: its own id, or two would hold the same leases
    ...(process.env.HOST_ID ? { hostId: cluster.isWorker ? `${process.env.HOST_ID}-${cluster.worker!.id}` : process.env.HOST_ID } : {}),
  });
  const log = format === 'json' ? new JsonLog({ host: host.hostId }) : undefined;
  const seconds = (Date.now() - started) / 1000;
  // a worker of several: the primary tells the world once they all serve
  if (cluster.isWorker) reportReady(host.url, host.hostId);
  else if (log) log.write('info', 'started', { url: host.url, store: config.databaseUrl ? 'postgres' : 'embedded', seconds });
  else console.log(banner(host.url, config, seconds, 1));
  // SIGTERM (Kubernetes, compose, systemd): readiness 503 at once; after SHUTDOWN_DELAY_MS the
  // server stops accepting, requests under way finish, jobs give their leases back, the pool
  // closes. Past SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainDelayMs = Number(process.env.SHUTDOWN_DELAY_MS ?? (signal === 'SIGTERM' ? 5_000 : 0));
    const deadline = setTimeout(() => {
      if (log) log.write('error', 'shutdown timed out', { signal });
      else console.error(`${signal}: shutdown timed out`);
      process.exit(1);
    }, Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000));
    deadline.unref();
    if (log) log.write('info', 'draining', { signal, drainDelayMs });
    else console.log(`\n${signal}: stopping`);
    try {
      await host.close({ drainDelayMs });
    } catch (err) {
      if (log) log.write('error', 'shutdown failed', { signal, error: String(err) });
      else console.error(`${signal}: ${String(err)}`);
      process.exit(1);
    }
    if (log) log.write('info', 'stopped', { signal });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((err) => {
  const debug = process.env.LOG_LEVEL === 'debug';
  console.error(`\nThe console could not start: ${err instanceof Error ? (debug ? err.stack : err.message) : String(err)}`);
  if (!debug) console.error('(LOG_LEVEL=debug shows the details)');
  process.exit(1);
});
