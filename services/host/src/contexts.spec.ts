import fs from 'node:fs';
import path from 'node:path';
import { CONTEXTS, KEPT_ORDER, inOrder, storeOf } from './contexts';

const services = path.resolve(__dirname, '..', '..');

describe('the contexts the host composes (contexts.ts)', () => {
  it('are every service package but the kernel and the host, each once, named by its folder', () => {
    const names = CONTEXTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const folders = fs.readdirSync(services, { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(path.join(services, e.name, 'package.json')));
    expect([...names].sort()).toEqual(folders.map((e) => e.name).filter((n) => n !== 'event-store' && n !== 'host').sort());
  });

  it('keep orders that name only contexts of the list', () => {
    const names = new Set(CONTEXTS.map((c) => c.name));
    for (const named of Object.values(KEPT_ORDER)) expect(named.filter((n) => !names.has(n))).toEqual([]);
  });

  it('run their migrations in the order they ran before the list (applied ids are recorded), each id once', () => {
    const before = ['identity', 'masterdata', 'documents', 'warehouse', 'transport', 'billing', 'workflow', 'report'];
    expect(CONTEXTS.filter((c) => c.migrations?.length && before.includes(c.name)).map((c) => c.name)).toEqual(before);
    const ids = storeOf(CONTEXTS).migrations.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('put the contexts a kept order names first, in its order, and the others after in the list order', () => {
    const list = [{ name: 'a' }, { name: 'transport' }, { name: 'b' }, { name: 'report' }, { name: 'billing' }];
    expect(inOrder(list, 'asyncProjections').map((c) => c.name)).toEqual(['report', 'billing', 'transport', 'a', 'b']);
    expect(inOrder(list).map((c) => c.name)).toEqual(['a', 'transport', 'b', 'report', 'billing']);
  });
});
