#!/usr/bin/env node
/**
 * Counts the import arrows of contracts and web that run the wrong way (issue 29): from a lower
 * floor to a higher one ("back-up"), and between two sibling contexts. It reads dependency-cruiser's
 * JSON of the two tiers and classifies each module by the floor its path puts it on, in the
 * layout before issue 29 (`--layout=old`) or after it (default). Spec files are left out (a spec
 * may exercise the composed contracts). Usage: node scripts/floors.mjs [--layout=old] [--list]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = process.env.FLOORS_ROOT ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const old = process.argv.includes('--layout=old');
const list = process.argv.includes('--list');

const r = spawnSync(process.execPath, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--no-config', '-T', 'json', '--ts-pre-compilation-deps', '--ts-config', 'tsconfig.depcruise.json', '--do-not-follow', 'node_modules', '--exclude', '(^|/)(dist|node_modules)/', 'contracts/src', 'web/src'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
if (r.status !== 0 && !r.stdout) { console.error(r.stderr); process.exit(2); }
const json = JSON.parse(r.stdout);

/** [floor, context] of a module: floor 0 kernel / shared, 1 kit, 2 context, 3 composition / app. */
const OLD = {
  contracts: (p) => {
    if (/^(index|light)\.ts$|^api\/(routes|system-routes)\.ts$|^(documents|entities)\/(registry|index)\.ts$|^entities\/routes\.ts$|^i18n\/messages\.ts$|^integration\//.test(p)) return [3];
    const m = p.match(/^(entities|documents)\/(basic|system|resource|transport|flow|warehouse|billing)\//);
    if (m) return [2, { basic: 'masterdata', system: 'masterdata', resource: 'masterdata' }[m[2]] ?? m[2]];
    const c = p.match(/^(auth|authz|flow|warehouse|transport|billing|report)\//);
    if (c) return [2, c[1] === 'auth' ? 'identity' : c[1] === 'authz' ? 'access' : c[1]];
    const w = p.match(/^i18n\/(auth|authz|flow|warehouse|stock-reports|transport|billing-core|billing-docs|report)\.ts$/);
    if (w) return [2, { auth: 'identity', authz: 'access', 'stock-reports': 'warehouse', 'billing-core': 'billing', 'billing-docs': 'billing' }[w[1]] ?? w[1]];
    return [0];
  },
  web: (p) => {
    if (/^(App|main|router|signedInRoutes)\.tsx?$|^layout\/|^i18n\/(messages|words\/)|^features\/pages\//.test(p)) return [3];
    if (/^features\/(documents|md)\//.test(p)) return [1];
    const c = p.match(/^features\/([^/]+)\//);
    if (c) return [2, { reports: 'warehouse', scan: 'warehouse', system: 'access' }[c[1]] ?? c[1]];
    return [0];
  },
};
const NEW = {
  contracts: (p) => {
    if (/^(index|light|contexts)\.ts$|^api\/routes\.ts$|^(documents|entities)\/(registry|index)\.ts$|^entities\/routes\.ts$|^i18n\/(messages|format)\.ts$|^integration\/|^compose\//.test(p)) return [3];
    const c = p.match(/^(auth|authz|masterdata|flow|warehouse|transport|billing|report)\//);
    if (c) return [2, c[1]];
    return [0];
  },
  web: (p) => {
    if (/^(App|main|router|signedInRoutes|contexts)\.tsx?$|^layout\/|^i18n\/(messages|words\/)|^features\/pages\//.test(p)) return [3];
    if (/^features\/(documents|md)\//.test(p)) return [1];
    const c = p.match(/^features\/([^/]+)\//);
    if (c) return [2, c[1]];
    return [0];
  },
};
const floors = old ? OLD : NEW;
const place = (source) => {
  const m = source.match(/^(contracts|web)\/src\/(.*)$/);
  if (!m) return undefined;
  return { tier: m[1], floor: floors[m[1]](m[2]) };
};
const counts = { contracts: { up: [], sibling: [] }, web: { up: [], sibling: [] } };
for (const mod of json.modules) {
  if (/\.spec\.tsx?$/.test(mod.source)) continue;
  const from = place(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const to = place(dep.resolved);
    if (!to || to.tier !== from.tier) continue;
    const arrow = `${mod.source} -> ${dep.resolved}`;
    if (to.floor[0] > from.floor[0]) counts[from.tier].up.push(arrow);
    else if (from.floor[0] === 2 && to.floor[0] === 2 && from.floor[1] !== to.floor[1]) counts[from.tier].sibling.push(arrow);
  }
}
// i18n's runtime loads one language's composed words on demand (the build replaces each by the tree alone):
// the one back-up arrow the rules name and allow (web-i18n-runtime-loads-only-the-words)
const exempt = (arrow) => /^web\/src\/i18n\/index\.ts -> web\/src\/i18n\/words\/[a-z]+\.ts$/.test(arrow);
for (const tier of ['contracts', 'web']) {
  const allowed = counts[tier].up.filter(exempt).length;
  console.log(`${tier}: ${counts[tier].up.length} back-up arrows (lower floor -> higher${allowed ? `; ${allowed} of them i18n's runtime loading the composed words on demand` : ''}), ${counts[tier].sibling.length} between sibling contexts`);
  if (list) for (const a of [...counts[tier].up.map((x) => `  up       ${x}`), ...counts[tier].sibling.map((x) => `  sibling  ${x}`)]) console.log(a);
}
