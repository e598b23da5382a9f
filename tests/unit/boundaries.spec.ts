import fs from 'node:fs';
import path from 'node:path';

/**
 * Bounded contexts talk through each other's package facade (its index), never through
 * deep imports or relative paths into another package (STYLE: boundaries you can see).
 */
const root = path.resolve(__dirname, '..', '..');
const packages = ['contracts', 'workflows', 'services/event-store', 'services/identity', 'services/records', 'services/transport', 'services/host'];

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });

describe('package boundaries', () => {
  for (const pkg of packages) {
    it(`${pkg} imports other packages only through their facade`, () => {
      const offenders: string[] = [];
      const pkgRoot = path.join(root, pkg);
      for (const file of sources(path.join(pkgRoot, 'src'))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/from\s+'([^']+)'/g)) {
          const spec = m[1]!;
          if (/^@tpl\/[^/]+\/.+/.test(spec)) offenders.push(`${path.relative(root, file)}: deep import ${spec}`);
          if (spec.startsWith('.')) {
            const target = path.resolve(path.dirname(file), spec);
            if (!target.startsWith(pkgRoot + path.sep)) offenders.push(`${path.relative(root, file)}: reaches outside its package via ${spec}`);
          }
        }
      }
      expect(offenders).toEqual([]);
    });
  }

  it('contracts and workflows stay free of server code (the console imports them)', () => {
    for (const pkg of ['contracts', 'workflows']) {
      for (const file of sources(path.join(root, pkg, 'src'))) {
        const text = fs.readFileSync(file, 'utf8');
        expect(text).not.toMatch(/from '(@nestjs\/|pg'|node:|@tpl\/(event-store|identity|transport|host))/);
      }
    }
  });
});
