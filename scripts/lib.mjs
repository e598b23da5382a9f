// Shared steps of the two commands (npm start, npm test): install when the lock file
// changed, build what changed, nothing more. Node built-ins only: this runs before install.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const log = (msg) => console.log(`\x1b[36m›\x1b[0m ${msg}`);

export const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
};

export const must = (cmd, args, opts) => {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
};

const hashFiles = (entries) => {
  const h = createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else {
      h.update(path.relative(root, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const e of entries) walk(path.join(root, e));
  return h.digest('hex');
};

export const checkNode = () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node.js 20.19 or newer is needed (found ${process.versions.node}).`);
    process.exit(1);
  }
};

/**
 * `npm ci` (exactly package-lock.json) when the lock file changed since the last install, or
 * nothing is installed. The lock lists every platform's optional binaries (scripts/check-deps.mjs
 * checks it in the test run), so this works on any machine.
 */
export const install = () => {
  const stamp = path.join(root, 'node_modules', '.tpl-install-stamp');
  const want = hashFiles(['package-lock.json']);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  log('installing dependencies (npm ci)…');
  // --prefer-offline: a package already in npm's cache is taken from it without asking the registry again
  must('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stamp, want);
};

/** Server packages: tsc's incremental build (a no-op in about a second when nothing changed). */
export const buildServer = () => {
  log('building services (tsc -b)…');
  must('npx', ['tsc', '-b', 'tsconfig.json']);
};

const webStamp = () => ({
  file: path.join(root, 'web', 'dist', '.build-hash'),
  want: hashFiles(['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contracts/src', 'workflows/src']),
});
const VITE_BUILD = ['vite', 'build', '--logLevel', 'warn'];

/** The console: vite build only when its sources (or the contracts and machines it reads) changed. */
export const buildWeb = () => {
  const { file, want } = webStamp();
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === want) return;
  log('building the console (vite build)…');
  must('npx', VITE_BUILD, { cwd: path.join(root, 'web') });
  fs.writeFileSync(file, want);
};

/** buildWeb beside other work (npm test builds it while the static checks run); exits on failure. */
export const buildWebAsync = () => {
  const { file, want } = webStamp();
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === want) return Promise.resolve();
  log('building the console (vite build), beside the static checks…');
  return new Promise((resolve) => {
    const child = spawn('npx', VITE_BUILD, { cwd: path.join(root, 'web'), stdio: 'inherit' });
    child.once('error', (err) => {
      console.error(`\n✗ vite build: ${err.message}`);
      process.exit(1);
    });
    child.once('close', (code) => {
      if (code !== 0) {
        console.error(`\n✗ npx ${VITE_BUILD.join(' ')} failed with exit code ${code}`);
        process.exit(code ?? 1);
      }
      fs.writeFileSync(file, want);
      resolve();
    });
  });
};
