import os from 'node:os';
import path from 'node:path';

// every embedded host of the tests starts on a copy of one pristine PGlite cluster, not a new initdb
process.env.PGLITE_TEMPLATE_DIR ??= path.join(os.tmpdir(), 'tpl-pglite-templates');
// Generous: some tests start two or three real hosts (a restart, several hosts on one database),
// and integration files run two at a time on a 2-core machine. A hung test still fails.
jest.setTimeout(300_000);
