// A host for a benchmark, in its own process: starts on the given database (or the embedded
// default when none) with the demo seeded, prints `READY <url>` and serves until killed.
// BENCH_WEB_DIST: the built console to serve too (the sign-in page bench). DATABASE_POOL_SIZE and
// DATABASE_JOBS_POOL_SIZE as for the host.
// Usage: node tests/bench/server.mjs [databaseUrl]
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const require = createRequire(import.meta.url);
const { startHost, configFromEnv } = require('@tpl/host');

process.env.BENCH_QUIET = '1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-bench-'));
const { poolSize, jobsPoolSize } = configFromEnv();
const host = await startHost(
  { port: 0, host: '127.0.0.1', databaseUrl: process.argv[2] || undefined, poolSize, jobsPoolSize, dataDir, webDist: process.env.BENCH_WEB_DIST ?? '/nonexistent', seedDemo: true, seedSamples: true },
  { logLevels: ['error'] },
);
console.log(`READY ${host.url}`);
const stop = async () => {
  await host.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
