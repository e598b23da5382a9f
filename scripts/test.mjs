// npm test: installs what the tests need (npm packages, Debian's chromium, slapd and ldap-utils), makes sure
// PostgreSQL is up, builds, then runs every suite: static checks, unit, API integration
// (embedded and PostgreSQL) and the end-to-end journeys in Chromium. Static checks: the lock and
// engines, types, and the package boundaries (dependency-cruiser). Last line:
// "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { buildServer, buildWebAsync, checkNode, install, log, root, run } from './lib.mjs';

/** Seconds since the run began, printed with each phase (a CI log shows where its time went). */
const started = Date.now();
const since = () => `${Math.round((Date.now() - started) / 1000)} s`;
const phases = [];
const phase = (name) => {
  phases.push([name, Date.now()]);
  log(`${name} (at ${since()})`);
};

checkNode();
phase('install');
install();

const canConnect = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.setTimeout(2000, () => (s.destroy(), resolve(false)));
  });

const ensurePostgres = async () => {
  if (process.env.TEST_PG_ADMIN_URL || (await canConnect(5432))) return;
  log('PostgreSQL is down on 127.0.0.1:5432: starting it…');
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  for (const v of versions) run('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'start']);
  for (let i = 0; i < 30 && !(await canConnect(5432)); i++) await new Promise((r) => setTimeout(r, 1000));
  if (!(await canConnect(5432))) {
    console.error('PostgreSQL could not be started on 127.0.0.1:5432');
    process.exit(1);
  }
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** the same engine without the browser's window and WebUI: the journeys' browser when present (tests/support/browser.ts) */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const ensureChromium = () => {
  const missing = [
    ...(fs.existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(process.env.CHROMIUM_PATH || fs.existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (!missing.length) return;
  log(`installing Debian's ${missing.join(' and ')} for the browser tests…`);
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo'];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return run(cmd, rest, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  if (apt(['update']) !== 0) console.warn('apt-get update failed; installing from the lists at hand');
  for (const pkg of missing) {
    // the headless shell is a speed-up: without it the journeys run in the full browser
    if (apt(['install', '-y', '--no-install-recommends', pkg]) !== 0 && pkg === 'chromium') break;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error('chromium could not be installed; the browser tests need it');
    process.exit(1);
  }
};

/**
 * Debian's slapd and ldap-utils for the directory sign-in suite (tests/support/slapd.ts starts its
 * own throwaway slapd). The package's own service must not start: debconf is told to leave slapd
 * unconfigured, and a policy-rc.d (ours, removed after, unless the machine has one) refuses every
 * service start during the install. A failed install only skips that suite, which says so.
 */
const SLAPD_PACKAGES = [['/usr/sbin/slapd', 'slapd'], ['/usr/bin/ldapadd', 'ldap-utils']];
const ensureSlapd = () => {
  const missing = SLAPD_PACKAGES.filter(([file]) => !fs.existsSync(file)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  log(`installing Debian's ${missing.join(' and ')} for the directory sign-in tests…`);
  const root = !process.getuid || process.getuid() === 0;
  // as root, or through sudo
  const as = (cmd, args) => (root ? [cmd, args] : ['sudo', [cmd, ...args]]);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const policy = '/usr/sbin/policy-rc.d';
  const ours = root && !fs.existsSync(policy);
  const skipped = (why) => console.warn(`${missing.join(' and ')} could not be installed${why}; the directory sign-in suite will be skipped`);
  try {
    spawnSync(...as('debconf-set-selections', []), { input: 'slapd slapd/no_configuration boolean true\n', stdio: ['pipe', 'inherit', 'inherit'], env });
    if (ours) fs.writeFileSync(policy, '#!/bin/sh\n# npm test: no service starts while slapd installs\nexit 101\n', { mode: 0o755 });
    const install = () => run(...as('apt-get', ['install', '-y', '--no-install-recommends', ...missing]), { env });
    if (install() !== 0) {
      // the package lists may be old or missing (chromium's install updates them only when it runs)
      run(...as('apt-get', ['update']), { env });
      if (install() !== 0) skipped('');
    }
  } catch (err) {
    skipped(` (${err.message})`);
  } finally {
    if (ours) fs.rmSync(policy, { force: true });
  }
};

await ensurePostgres();
ensureChromium();
ensureSlapd();
phase('build');
buildServer();

/**
 * The suites' scratch files (embedded databases, their seeded copies, Chromium's profiles) go to
 * memory when the machine has a tmpfs with room: a test host's start copies a 45 MB cluster, and
 * PGlite syncs its files, which a disk makes several times slower. TMPDIR for every suite;
 * what a dead run left there for more than a day is removed.
 */
const SHM = '/dev/shm';
const useMemoryTmp = () => {
  if (process.env.TEST_TMPDIR === 'disk' || !fs.existsSync(SHM)) return;
  try {
    const { bavail, bsize } = fs.statfsSync(SHM);
    if (bavail * bsize < 4 * 1024 ** 3) return;
    const dir = path.join(SHM, 'tpl-tests');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) {
      const entry = path.join(dir, name);
      if (Date.now() - fs.statSync(entry).mtimeMs > 24 * 3600_000) fs.rmSync(entry, { recursive: true, force: true });
    }
    process.env.TMPDIR = dir;
    log(`scratch files in memory: ${dir}`);
  } catch (err) {
    console.warn(`scratch files stay in ${os.tmpdir()}: ${err.message}`);
  }
};
useMemoryTmp();

/**
 * Seeded test databases for this run (tests/support/templates.ts): a folder of PGlite clusters
 * and PostgreSQL template databases named after it (tpltemplates_<stamp>_<key>). Removed after
 * the suites; a run that died leaves them, and the next run removes what is older than a day
 * and drops the databases whose folder is gone.
 */
const TEMPLATE_PARENT = os.tmpdir();
const templates = path.join(TEMPLATE_PARENT, `tpltemplates_${Date.now().toString(36)}${process.pid}`);
const dropTemplates = async (keep) => {
  for (const name of fs.readdirSync(TEMPLATE_PARENT).filter((n) => n.startsWith('tpltemplates_'))) {
    const dir = path.join(TEMPLATE_PARENT, name);
    if (name !== keep && Date.now() - fs.statSync(dir).mtimeMs > 24 * 3600_000) fs.rmSync(dir, { recursive: true, force: true });
  }
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
  try {
    await c.connect();
    const { rows } = await c.query("SELECT datname FROM pg_database WHERE datname LIKE 'tpltemplates\\_%'");
    for (const { datname } of rows) {
      const folder = datname.split('_').slice(0, 2).join('_');
      if (folder !== keep && !fs.existsSync(path.join(TEMPLATE_PARENT, folder))) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } catch (err) {
    console.warn(`the test template databases could not be tidied: ${err.message}`);
  } finally {
    await c.end().catch(() => undefined);
  }
};
await dropTemplates();
fs.mkdirSync(templates, { recursive: true });
process.env.TEST_HOST_TEMPLATES = templates;

const reports = path.join(root, 'tests', '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

/** What the boundary rules cruise: every package's sources and the cross-package suites. */
const BOUNDARY_SOURCES = ['contracts/src', 'workflows/src', 'services', 'web/src', 'tests'];

/**
 * The static checks, two at a time (each is one process on one core): each one's output is
 * printed whole once it ends, in the order given.
 */
const checks = async (list) => {
  const outcomes = new Array(list.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < list.length; i = next++) {
      const [, cmd, args] = list[i];
      outcomes[i] = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        child.stdout.on('data', (b) => out.push(b));
        child.stderr.on('data', (b) => out.push(b));
        child.once('error', (err) => resolve({ ok: false, out: [Buffer.from(String(err))] }));
        child.once('close', (code) => resolve({ ok: code === 0, out }));
      });
    }
  };
  await Promise.all([worker(), worker()]);
  list.forEach(([name], i) => {
    log(`check: ${name}`);
    process.stdout.write(Buffer.concat(outcomes[i].out));
    totals[outcomes[i].ok ? 'passed' : 'failed'] += 1;
    summary.push(`${outcomes[i].ok ? '✓' : '✗'} ${name}`);
  });
};

/**
 * Workers per tier. Every file runs in a worker process that is replaced once it holds more than
 * WORKER_MEMORY after a file (a host, its PGlite and NestJS modules are not all freed between
 * files; one long-lived process ran out of heap in CI). Integration files each make their own
 * database and listen on port 0, so two run side by side; so do the browser journeys
 * (each drives a host and a Chromium of its own: one alone left a 2-core machine a third idle,
 * waiting on the browser; two side by side took the journeys from 936 s to 627 s, all green).
 * TEST_E2E_WORKERS=1 runs them one at a time.
 */
const WORKER_MEMORY = '1200MB';
const JEST_WORKERS = {
  // jest's default is one worker fewer than the cores: one on a 2-core machine
  unit: [`--maxWorkers=${os.availableParallelism?.() ?? os.cpus().length}`],
  integration: [`--maxWorkers=${process.env.TEST_INTEGRATION_WORKERS ?? 2}`, `--workerIdleMemoryLimit=${WORKER_MEMORY}`],
  e2e: [`--maxWorkers=${process.env.TEST_E2E_WORKERS ?? 2}`, `--workerIdleMemoryLimit=${WORKER_MEMORY}`],
};

const jest = (project) => {
  phase(`suite: ${project}`);
  const out = path.join(reports, `${project}.json`);
  run('npx', ['jest', '--selectProjects', project, '--json', `--outputFile=${out}`, ...JEST_WORKERS[project]]);
  if (!fs.existsSync(out)) {
    totals.failed += 1;
    summary.push(`✗ ${project}: the runner produced no report`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  const failedSuites = r.numFailedTestSuites - 0;
  // a test that passed only when run again (a jest.retryTimes left anywhere) failed the first time: it counts as failed
  const retried = r.testResults.flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'passed' && (a.invocations ?? 1) > 1)
      .map((a) => `${path.relative(root, file.name)}: ${a.fullName} (run ${a.invocations} times)`),
  );
  const passed = r.numPassedTests - retried.length;
  const failed = r.numFailedTests + retried.length;
  totals.passed += passed;
  totals.failed += failed + (r.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  summary.push(
    `${failed || r.numRuntimeErrorTestSuites ? '✗' : '✓'} ${project}: ${passed} passed, ${failed} failed, ${r.numPendingTests} skipped in ${r.numTotalTestSuites} files` +
      (failedSuites ? ` (${failedSuites} files failed)` : '') +
      (retried.length ? ` (${retried.length} passed only when retried, counted as failed)` : ''),
  );
  for (const name of retried) summary.push(`    retried: ${name}`);
  // each failure named with the first lines of its message, at the end where a cut log still shows it
  const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
  for (const file of r.testResults) {
    const where = path.relative(root, file.name);
    const failures = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (!failures.length && file.status === 'failed') summary.push(`    ${where}: ${plain(file.message ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 400) ?? 'failed'}`);
    for (const a of failures) {
      const message = plain((a.failureMessages ?? []).join('\n')).split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('at ')).slice(0, 2).join(' | ');
      summary.push(`    ${where}: ${a.fullName}: ${message.slice(0, 600)}`);
    }
  }
};

phase('checks');
const webBuilt = buildWebAsync();
await checks([
  ['dependencies: lock complete, engines fit Node 20 (scripts/check-deps.mjs)', 'node', ['scripts/check-deps.mjs']],
  ['types: web console (tsc --noEmit)', 'npx', ['tsc', '-p', 'web', '--noEmit']],
  ['types: tests (tsc --noEmit)', 'npx', ['tsc', '-p', 'tests', '--noEmit']],
  ['boundaries: package imports (dependency-cruiser, .dependency-cruiser.cjs)', 'npx', ['depcruise', '--config', '.dependency-cruiser.cjs', ...BOUNDARY_SOURCES]],
]);
await webBuilt;
jest('unit');
jest('integration');
jest('e2e');

fs.rmSync(templates, { recursive: true, force: true });
await dropTemplates();

phase('end');
const took = phases.slice(0, -1).map(([name, at], i) => `${name} ${Math.round((phases[i + 1][1] - at) / 1000)} s`);
console.log('\n' + summary.join('\n'));
console.log(`time: ${took.join(', ')}; in all ${since()}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed ? 1 : 0);
