import { DEMO_TENANTS } from '@tpl/identity';
import { configFromEnv } from './config';
import { startHost } from './host';

const main = async () => {
  const config = configFromEnv();
  const started = Date.now();
  const host = await startHost(config, { logLevels: process.env.LOG_LEVEL === 'debug' ? ['error', 'warn', 'log', 'debug'] : ['error', 'warn'] });
  const where = config.databaseUrl ? `PostgreSQL ${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')}` : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const lines = [
    '',
    `  3PL operations console is up in ${((Date.now() - started) / 1000).toFixed(1)} s on ${where}`,
    '',
    `  Open      ${host.url}/`,
    `  API docs  ${host.url}/api/docs`,
    '',
    '  Demo sign-ins (tenant / account / password):',
    ...DEMO_TENANTS.flatMap((t) => t.users.map((u) => `    ${t.tenantId}  ${u.account.padEnd(11)} ${u.password.padEnd(8)} ${u.roles.join(', ')}  (${t.name})`)),
    '',
  ];
  console.log(lines.join('\n'));
  const stop = async (signal: string) => {
    console.log(`\n${signal}: stopping`);
    await host.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((err) => {
  const debug = process.env.LOG_LEVEL === 'debug';
  console.error(`\nThe console could not start: ${err instanceof Error ? (debug ? err.stack : err.message) : String(err)}`);
  if (!debug) console.error('(LOG_LEVEL=debug shows the details)');
  process.exit(1);
});
