// npm start: install, build and serve the product on its embedded default (PGlite in
// DATA_DIR, default ./.data), demo tenants seeded; prints the URL and the demo sign-ins.
// PORT, HOST, DATA_DIR and DATABASE_URL are honoured. The log is text for a person at a
// terminal or a pipe (LOG_FORMAT=json asks for the JSON lines the container images use).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, buildWeb, checkNode, install, log, root } from './lib.mjs';

checkNode();
install();
buildServer();
buildWeb();
log('starting the host…');
const child = spawn(process.execPath, [path.join(root, 'services/host/dist/main.js')], { cwd: root, stdio: 'inherit', env: { LOG_FORMAT: 'text', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
