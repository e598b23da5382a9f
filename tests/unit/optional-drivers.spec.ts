import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Drivers of optional servers (KurrentDB, S3, Kafka) are loaded only when such a server is
 * configured: importing the event store, master data and the host (as every start does) loads none;
 * nor does anything load testcontainers (the test suites require it only where Docker is).
 * Checked in a fresh Node process on the built packages (npm test builds them first).
 */
describe('optional drivers', () => {
  it('importing @tpl/event-store, @tpl/masterdata and @tpl/host loads none of the KurrentDB, S3 and Kafka drivers', () => {
    const root = path.resolve(__dirname, '..', '..');
    const script = `
      require(${JSON.stringify(path.join(root, 'services/event-store/dist/index.js'))});
      require(${JSON.stringify(path.join(root, 'services/masterdata/dist/index.js'))});
      const loaded = Object.keys(require.cache).filter((k) => /[\\\\/]node_modules[\\\\/](@kurrent|@aws-sdk)[\\\\/]/.test(k));
      process.stdout.write(JSON.stringify({ modules: Object.keys(require.cache).length, loaded }));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as { modules: number; loaded: string[] };
    // the packages did load (a broken path would load nothing and pass for the wrong reason)
    expect(out.modules).toBeGreaterThan(50);
    expect(out.loaded).toEqual([]);
  });
});
