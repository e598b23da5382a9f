import path from 'node:path';
import type { DocumentDef } from '@tpl/contracts';

/** Everything the host reads from its environment, in one place. */
export type HostConfig = {
  port: number;
  host: string;
  /** PostgreSQL URL; unset: embedded PGlite in dataDir */
  databaseUrl: string | undefined;
  /** the service's own PostgreSQL login (a role that owns no table); default: databaseUrl's server as tpl_app */
  appDatabaseUrl?: string | undefined;
  dataDir: string;
  /** the built console; served on the API's port when present */
  webDist: string;
  seedDemo: boolean;
  /** demo consignment orders for the operator tenant (only when it has none) */
  seedSamples: boolean;
  /** the document types served (default: every description in contracts' registry); tests add sample types */
  documents?: readonly DocumentDef[];
};

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): HostConfig => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  databaseUrl: env.DATABASE_URL || undefined,
  appDatabaseUrl: env.DATABASE_APP_URL || undefined,
  dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
  webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
  seedDemo: env.SEED_DEMO !== 'false',
  seedSamples: env.SEED_DEMO !== 'false' && env.SEED_SAMPLES !== 'false',
});
