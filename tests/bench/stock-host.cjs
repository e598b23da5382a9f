// The host under load in a process of its own, for the stock benchmark (tests/bench/stock.mjs):
// starts the built host on the given PostgreSQL database (migrations, the demo tenants and users)
// on a free port, tells its parent the URL over IPC and serves until it is killed.
// Usage (forked with an IPC channel): node stock-host.cjs <databaseUrl> <dataDir>
const { startHost } = require('@tpl/host');

const [databaseUrl, dataDir] = process.argv.slice(2);
startHost({ port: 0, host: '127.0.0.1', databaseUrl, dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: false }, { logLevels: ['error'] })
  .then((host) => process.send({ url: host.url }))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
