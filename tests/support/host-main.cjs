// The real entry point (services/host/src/main.ts) in a process of its own, for the multi-host
// and shutdown tests (tests/api/multi-host.int.spec.ts, through host-process.ts): configured by the environment as in
// production (DATABASE_URL, PORT, LOG_FORMAT=json, ...), it prints a JSON line {"msg":"started","url":...}
// and stops on SIGTERM as main.ts does. The sources are TypeScript: compiled on load with the
// repository's own compiler (swc), with @tpl/* mapped to their sources as jest.config.js maps them.
// TPL_TEST_COUNTS=1 adds a test projection that ADDS one per consignment event (tst_consignment_counts),
// so a batch applied twice by two hosts would count twice.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const root = path.resolve(__dirname, '..', '..');
const sources = {
  contracts: 'contracts/src/index.ts',
  workflows: 'workflows/src/index.ts',
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const m = /^@tpl\/([\w-]+)$/.exec(request);
  if (m) return path.join(root, sources[m[1]] ?? `services/${m[1]}/src/index.ts`);
  return resolve.call(this, request, parent, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const COUNTS = 'tst_consignment_counts';

const addCounts = async () => {
  const { Client } = require('pg');
  const owner = new Client({ connectionString: process.env.DATABASE_URL });
  await owner.connect();
  await owner.query(`CREATE TABLE IF NOT EXISTS ${COUNTS} (tenant_id text NOT NULL, event_type text NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, event_type))`);
  await owner.end();
  const { Projector } = require('@tpl/event-store');
  const { consignmentDocument } = require('@tpl/contracts');
  const { documentFactStates } = require('@tpl/workflows');
  const handles = Object.keys(documentFactStates(consignmentDocument));
  const projection = {
    name: 'test-consignment-counts',
    tables: [COUNTS],
    handles,
    project: (events) => {
      const n = new Map();
      for (const e of events) {
        const key = `${e.metadata.tenantId}\u0000${e.type}`;
        n.set(key, (n.get(key) ?? 0) + 1);
      }
      const rows = [...n].map(([k, count]) => ({ tenant_id: k.split('\u0000')[0], event_type: k.split('\u0000')[1], n: count }));
      return [
        {
          text: `INSERT INTO ${COUNTS} (tenant_id, event_type, n)
                 SELECT tenant_id, event_type, n FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, event_type text, n bigint)
                 ON CONFLICT (tenant_id, event_type) DO UPDATE SET n = ${COUNTS}.n + EXCLUDED.n`,
          values: [JSON.stringify(rows)],
        },
      ];
    },
  };
  const start = Projector.prototype.start;
  Projector.prototype.start = function () {
    if (!this.has(projection.name)) this.register(projection);
    return start.call(this);
  };
};

(async () => {
  if (process.env.TPL_TEST_COUNTS === '1') await addCounts();
  require(path.join(root, 'services/host/src/main.ts'));
})().catch((err) => {
  console.error(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
