import os from 'node:os';
import path from 'node:path';

// every embedded host of the tests starts on a copy of one pristine PGlite cluster, not a new initdb
process.env.PGLITE_TEMPLATE_DIR ??= path.join(os.tmpdir(), 'tpl-pglite-templates');
// No retries: a journey that fails once has failed (scripts/test.mjs also counts any retried test as failed).
// A limit for a hung journey, not a speed check: a journey of several sign-ins that takes 60-100 s
// alone took more than 120 s beside the other worker's in CI (stop 34), so the limit is 240 s.
jest.setTimeout(240_000);
