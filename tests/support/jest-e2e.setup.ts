import os from 'node:os';
import path from 'node:path';

// every embedded host of the tests starts on a copy of one pristine PGlite cluster, not a new initdb
process.env.PGLITE_TEMPLATE_DIR ??= path.join(os.tmpdir(), 'tpl-pglite-templates');
// No retries: a journey that fails once has failed (scripts/test.mjs also counts any retried test as failed).
jest.setTimeout(120_000);
