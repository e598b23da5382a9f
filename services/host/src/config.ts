import path from 'node:path';
import type { DocumentDef } from '@tpl/contracts';
import { kafkaFromEnv, type KurrentEvents } from '@tpl/event-store';
import { integrationFromEnv, type IntegrationConfig } from './integration';

/** Everything the host reads from its environment, in one place. */
export type HostConfig = {
  port: number;
  host: string;
  /** PostgreSQL URL; unset: embedded PGlite in dataDir */
  databaseUrl: string | undefined;
  /** the service's own PostgreSQL login (a role that owns no table); default: databaseUrl's server as tpl_app */
  appDatabaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL connections for requests (DATABASE_POOL_SIZE, default 20) and for the background jobs (DATABASE_JOBS_POOL_SIZE, default 6) */
  poolSize?: number | undefined;
  jobsPoolSize?: number | undefined;
  /** the built console; served on the API's port when present */
  webDist: string;
  seedDemo: boolean;
  /** demo consignment orders for the operator tenant (only when it has none) */
  seedSamples: boolean;
  /** the demo month (issue 15): receipts, shipments and storage of demo cargo owners last month and this one (only when the tenant has no receipt) */
  seedDemoMonth?: boolean;
  /** the document types served (default: every description in contracts' registry); tests add sample types */
  documents?: readonly DocumentDef[];
  /** events out to Kafka through the outbox, orders in (KAFKA_BROKERS; tests give a sink); unset: no outbox */
  integration?: IntegrationConfig | undefined;
  /** EVENT_STORE=kurrentdb: events in KurrentDB at KURRENTDB_URL, read models in PostgreSQL (ADR 0007) */
  kurrentdbUrl?: string | undefined;
  /** tests: KurrentDB's side given instead of connected (MemoryKurrent where no server runs) */
  kurrentEvents?: KurrentEvents | undefined;
};

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): HostConfig => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  databaseUrl: env.DATABASE_URL || undefined,
  appDatabaseUrl: env.DATABASE_APP_URL || undefined,
  poolSize: connectionsFromEnv(env, 'DATABASE_POOL_SIZE'),
  jobsPoolSize: connectionsFromEnv(env, 'DATABASE_JOBS_POOL_SIZE'),
  dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
  webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
  seedDemo: env.SEED_DEMO !== 'false',
  seedSamples: env.SEED_DEMO !== 'false' && env.SEED_SAMPLES !== 'false',
  seedDemoMonth: env.SEED_DEMO !== 'false' && env.SEED_SAMPLES !== 'false' && env.SEED_DEMO_MONTH !== 'false',
  integration: integrationFromEnv(kafkaFromEnv(env), env),
  kurrentdbUrl: kurrentdbFromEnv(env),
});

/** A pool's size from the environment: unset is the default; anything but a whole number from 1 to 500 is refused at start. */
const connectionsFromEnv = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new Error(`${name}=${text}: expected a whole number of connections from 1 to 500`);
  return n;
};

/** EVENT_STORE=kurrentdb needs KURRENTDB_URL; any other value but postgres (the default) is refused. */
const kurrentdbFromEnv = (env: NodeJS.ProcessEnv): string | undefined => {
  const kind = env.EVENT_STORE || 'postgres';
  if (kind === 'postgres') return undefined;
  if (kind !== 'kurrentdb') throw new Error(`EVENT_STORE=${kind}: expected postgres or kurrentdb`);
  if (!env.KURRENTDB_URL) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL (kurrentdb://host:2113?tls=false)');
  return env.KURRENTDB_URL;
};
