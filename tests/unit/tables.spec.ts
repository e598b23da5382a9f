import fs from 'node:fs';
import path from 'node:path';

/**
 * No context reads another's tables (ADR 0005): it reacts to that context's events or asks one
 * of its ports. Every table is owned by the package whose migrations create it; the kernel's
 * (event-store: the event store, checkpoints, serial numbers, migrations) are everyone's floor.
 * Any other package's code (comments aside) naming the table is a violation.
 */
const root = path.resolve(__dirname, '..', '..');
const KERNEL = 'services/event-store';
const packages = fs
  .readdirSync(path.join(root, 'services'))
  .filter((name) => fs.existsSync(path.join(root, 'services', name, 'src')))
  .map((name) => `services/${name}`);

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.spec\.ts$/.test(e.name) ? [p] : [];
  });

/** The code without its comments (a comment may name another context's table to explain). */
const code = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/^\s*--.*$/gm, '');

/** The tables a package's migrations create: literal names, and `${CONST}` names resolved in the package. */
const tablesOf = (pkg: string): string[] => {
  const files = sources(path.join(root, pkg, 'src')).map(code);
  const consts = new Map<string, string>();
  for (const text of files) for (const m of text.matchAll(/export const (\w+) = '(\w+)'/g)) consts.set(m[1]!, m[2]!);
  const out = new Set<string>();
  for (const text of files) {
    for (const m of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(?:\$\{(\w+)\}|(\w+))/g)) {
      const name = m[1] ? consts.get(m[1]) : m[2];
      if (name) out.add(name);
    }
  }
  return [...out];
};

const owners = new Map(packages.flatMap((pkg) => tablesOf(pkg).map((t) => [t, pkg] as const)));

describe("contexts' tables", () => {
  it('are found: every context with a read model owns tables', () => {
    for (const table of ['idn_users', 'md_records', 'doc_headers', 'wh_stock', 'wf_instances', 'rpt_consignments', 'tpl_serials']) expect(owners.get(table)).toBeDefined();
    expect(owners.get('md_records')).toBe('services/masterdata');
  });

  for (const pkg of packages) {
    it(`${pkg} names no other context's table`, () => {
      const foreign = [...owners].filter(([, owner]) => owner !== pkg && owner !== KERNEL);
      const offenders: string[] = [];
      for (const file of sources(path.join(root, pkg, 'src'))) {
        const text = code(file);
        for (const [table, owner] of foreign) if (new RegExp(`\\b${table}\\b`).test(text)) offenders.push(`${path.relative(root, file)}: ${table} (${owner})`);
      }
      expect(offenders).toEqual([]);
    });
  }
});
