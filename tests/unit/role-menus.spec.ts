import i18next, { type TFunction } from 'i18next';
import { demoMenus } from '@tpl/access';
import { contextMenus } from '@tpl/host';
import { buttonWords, menuLabel, menuTree, searchTree, toggleMenu, type MenuRecord } from '../../web/src/features/access/roles/menuTree';
import { messages } from '../../web/src/i18n/messages';

/**
 * The role editor's tree (web/src/features/access/roles/menuTree.ts) over the demo's own menu
 * records: every entry and button in the user's words, searchable, and ticking that gives a role
 * what it needs to see a page and use its buttons.
 */
const records = demoMenus(contextMenus()).menus as unknown as MenuRecord[];
const tree = menuTree(records);
const words = buttonWords();

let t: TFunction;
let exists: (key: string) => boolean;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: messages.en } }, interpolation: { escapeValue: false } });
  t = i18n.t;
  exists = (key) => i18n.exists(key);
});
const label = (code: string) => menuLabel(records.find((r) => r.code === code)!, words, { t: (k, v) => t(k, v), exists });

describe('the role editor\'s menu tree', () => {
  it('hangs every record under its parent (buttons under their page)', () => {
    const transport = tree.find((n) => n.code === 'transport')!;
    const consignment = transport.children.find((n) => n.code === 'consignment')!;
    expect(consignment.children.map((n) => n.code)).toEqual(expect.arrayContaining(['consignment_add', 'consignment_audit']));
    const count = (nodes: typeof tree): number => nodes.reduce((n, x) => n + 1 + count(x.children), 0);
    expect(count(tree)).toBe(records.length);
  });

  it('names every menu and button in the user\'s words, never a code or a key', () => {
    expect(label('consignment')).toBe('Consignment order');
    expect(label('consignment_audit')).toBe('Audit');
    expect(label('customer_add')).toBe('New');
    expect(label('flow_task_claim')).toBe('Claim tasks');
    expect(label('*')).toBe('All permissions');
    const raw = records.filter((r) => r.category === 'BUTTON').map((r) => [r.code, label(r.code)]).filter(([code, said]) => said === code || /^[a-z_]+( [a-z_]+)?$/.test(said!));
    expect(raw).toEqual([]);
  });

  it('finds entries by words or code and keeps the branch leading to them', () => {
    const found = searchTree(tree, 'audit', (n) => label(n.code));
    const codes = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
    expect(codes(found)).toEqual(expect.arrayContaining(['transport', 'consignment', 'consignment_audit']));
    expect(codes(found)).not.toContain('consignment_add');
    expect(searchTree(tree, '', (n) => label(n.code))).toHaveLength(tree.length);
  });

  it('ticking a page gives its buttons and the menus above it; unticking takes it and its buttons, keeping the rest', () => {
    const on = toggleMenu(tree, [], 'consignment', true);
    expect(on).toEqual(expect.arrayContaining(['transport', 'consignment', 'consignment_add', 'consignment_audit']));
    const button = toggleMenu(tree, [], 'dispatch_issue', true);
    expect(button.sort()).toEqual(['dispatch', 'dispatch_issue', 'transport'].sort());
    const off = toggleMenu(tree, [...on, 'unknown_code'], 'consignment', false);
    expect(off).toEqual(expect.arrayContaining(['transport', 'unknown_code']));
    expect(off.some((c) => c.startsWith('consignment'))).toBe(false);
  });
});
