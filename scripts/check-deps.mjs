// The install is reproducible and fits the Node the README names:
//  - every package's optional dependencies are in package-lock.json (other platforms' binaries
//    included), so `npm ci` succeeds on any machine;
//  - every package's engines.node range includes the oldest Node the README supports;
//  - no parser of uploaded files with known advisories (SheetJS 0.18.x);
//  - type packages are dev dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const semver = require(path.join(root, 'node_modules', 'semver'));
const NODE_MIN = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node; // ">=20.19"
const oldest = semver.minVersion(NODE_MIN).version;
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
const problems = [];

/** Node's lookup: the package's own node_modules, then each enclosing one, then the root's. */
const resolves = (from, name) => {
  for (let dir = from; ; ) {
    if (lock[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('node_modules/');
    dir = i <= 0 ? '' : dir.slice(0, i - 1);
  }
};

for (const [key, pkg] of Object.entries(lock)) {
  if (!key) continue;
  for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
    if (!resolves(key, dep)) problems.push(`${key}: optional dependency ${dep} is missing from package-lock.json (npm ci fails on its platform)`);
  }
  const range = pkg.engines?.node;
  if (typeof range === 'string' && !semver.satisfies(oldest, range)) problems.push(`${key}@${pkg.version}: engines.node "${range}" excludes Node ${oldest}`);
  if (key.endsWith('node_modules/xlsx')) problems.push(`${key}@${pkg.version}: SheetJS from the npm registry has unfixed advisories; read .xlsx with exceljs`);
}

for (const [key, pkg] of Object.entries(lock)) {
  if (key.includes('node_modules')) continue;
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (dep.startsWith('@types/')) problems.push(`${key || '(root)'}: ${dep} is a type package; make it a dev dependency`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`dependencies: ${Object.keys(lock).length - 1} packages, every optional binary locked, every engines range includes Node ${oldest}`);
