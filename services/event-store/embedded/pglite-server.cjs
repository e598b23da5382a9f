// Embedded PostgreSQL (PGlite) served on a loopback port so the ordinary `pg` driver,
// the event store and every migration run unchanged (DESIGN section 4). It runs in its
// own process so the WebAssembly engine never blocks the HTTP event loop.
// argv: dataDir [port]. Reports {ready, port} to the parent over IPC; exits with its parent.
const { PGlite } = require('@electric-sql/pglite');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');
const fs = require('node:fs');
const path = require('node:path');

const [dataDir, portArg] = process.argv.slice(2);

/**
 * PGLITE_TEMPLATE_DIR (the test hosts set it): a new data directory starts as a copy of a
 * pristine cluster kept there, made once per PGlite version by initdb and put in place by a
 * rename, so a half-made one is never copied. initdb in WebAssembly takes seconds; a copy a
 * fraction of one. Without it, or for a directory that holds a cluster already, nothing changes.
 */
async function fromTemplate() {
  const base = process.env.PGLITE_TEMPLATE_DIR;
  if (!base || (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)) return;
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const template = path.join(base, `pglite-${JSON.parse(fs.readFileSync(pkg, 'utf8')).version}`);
  if (!fs.existsSync(template)) {
    fs.mkdirSync(base, { recursive: true });
    const making = fs.mkdtempSync(path.join(base, 'making-'));
    const pristine = new PGlite(making);
    await pristine.waitReady;
    await pristine.close();
    try {
      fs.renameSync(making, template);
    } catch {
      // another process put its template in place first
      fs.rmSync(making, { recursive: true, force: true });
    }
  }
  fs.cpSync(template, dataDir, { recursive: true });
}

async function main() {
  await fromTemplate();
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  await db.waitReady;
  // One backend: the host's pool holds a single connection so extended-protocol messages
  // of two clients can never interleave inside PGlite.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: Number(portArg || 0), maxConnections: 8 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const stop = async () => {
    try {
      await server.stop();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.send) process.send({ ready: true, port });
  else console.log(`PGlite listening on 127.0.0.1:${port}`);
}

main().catch((err) => {
  if (process.send) process.send({ ready: false, error: String(err && err.stack ? err.stack : err) });
  console.error(err);
  process.exit(1);
});
