// A projector in a process of its own, for the crash tests (tests/api/projector.int.spec.ts):
// it runs the test projection over the given PostgreSQL database and, at the batch named,
// tells its parent where it stands ("inside": the batch's writes done, its checkpoint not yet
// moved, transaction open; "between": the batch committed) and how many events its committed
// batches held (a batch may be short of the size: readAll's horizon is cluster-wide), and
// waits there to be killed.
// Usage (forked with an IPC channel): node projector-child.cjs <databaseUrl> <inside|between|none> <batch> <batchSize>
// The sources are TypeScript: compiled on load with the repository's own compiler (swc).
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const root = path.resolve(__dirname, '..', '..');
const { openStorage, Projector } = require(path.join(root, 'services/event-store/src/index.ts'));
const { countsMigration, countsProjection } = require(path.join(__dirname, 'projector-counts.ts'));

const [databaseUrl, mode, at, size] = process.argv.slice(2);
const stopAt = Number(at);

const main = async () => {
  const { db, store } = await openStorage({ databaseUrl, migrations: [countsMigration], projections: [] });
  let batches = 0;
  let committed = 0;
  let inBatch = 0;
  const halt = (where) => {
    process.send({ where, batch: batches, committed });
    return new Promise(() => undefined); // never returns: the parent kills this process here
  };
  const projector = new Projector(db.pool, store, {
    pollMs: 0,
    batchSize: Number(size),
    hooks: {
      beforeCheckpoint: async (_name, events) => {
        batches += 1;
        inBatch = events.length;
        if (mode === 'inside' && batches === stopAt) await halt('inside');
      },
      afterCommit: async () => {
        committed += inBatch;
        if (mode === 'between' && batches === stopAt) await halt('between');
      },
    },
  });
  projector.register(countsProjection);
  await projector.catchUp(countsProjection.name);
  process.send({ where: 'done', batch: batches, committed });
  await db.close();
};

main().catch((err) => {
  process.send?.({ where: 'error', error: String(err && err.stack ? err.stack : err) });
  process.exit(1);
});
