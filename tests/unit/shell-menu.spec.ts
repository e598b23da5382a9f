import { entryFor, matchesPrefix, menuLabel, menuLeaves, menuTarget, menuTestId, screenClass, searchMatches, visibleMenu, type MenuNode } from '../../web/src/shared/menu';
import { LABEL_SEPARATOR, resolveLabel } from '../../web/src/shared/widgets/pageTitle';

const node = (code: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({ id: code, code, name: code.toUpperCase(), path, ...extra });

const tree: MenuNode[] = [
  node('transport', '/transport', {
    children: [
      node('consignment', '/transport/consignment', { meta: { i18n: 'menu.consignment' } }),
      node('hidden', '/transport/hidden', { isShow: 0 }),
      node('dispatchers', '/transport/dispatch', { meta: { roles: ['dispatcher'] } }),
      node('docs', 'https://example.com/docs?a=1'),
    ],
  }),
  node('md', '/md', { children: [node('md_customer', '/md/customer'), node('md_customer_x', '/md/customerx', { meta: { isShow: false } })] }),
  node('report', '/report/stock', { tableName: 'stock_by_area', tabName: 'area' }),
];

const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);

/** The shell's menu rules (spec 01 sections 2, 6, 9), without a browser. */
describe('shell menus', () => {
  it('hides isShow 0 entries and entries whose roles exclude the current role', () => {
    expect(codes(visibleMenu(tree, ['keeper']))).toEqual(['transport', 'consignment', 'docs', 'md', 'md_customer', 'report']);
    expect(codes(visibleMenu(tree, ['dispatcher']))).toContain('dispatchers');
    // a hidden parent takes its children with it
    expect(visibleMenu([node('p', '/p', { isShow: 0, children: [node('c', '/p/c')] })], [])).toEqual([]);
  });

  it('builds an entry\'s route: tableName and tabName as query, http paths through the frame route', () => {
    expect(menuTarget(node('c', '/transport/consignment'))).toBe('/transport/consignment');
    expect(menuTarget(tree[2]!)).toBe('/report/stock?tableName=stock_by_area&tabName=area');
    const framed = new URL(menuTarget(node('docs', 'https://example.com/docs?a=1', { name: 'Docs & help' })), 'http://console');
    expect(framed.pathname).toBe('/myiframe/urlPath');
    expect(framed.searchParams.get('src')).toBe('https://example.com/docs?a=1');
    expect(framed.searchParams.get('name')).toBe('Docs & help');
  });

  it('labels an entry by its i18n key when translated, else by its name', () => {
    const known = (key: string) => (key === 'menu.consignment' ? 'Consignments' : undefined);
    expect(menuLabel({ name: '托运单', meta: { i18n: 'menu.consignment' } }, known)).toBe('Consignments');
    expect(menuLabel({ name: '自定义', meta: { i18n: 'menu.nothing' } }, known)).toBe('自定义');
    expect(menuLabel({ name: 'Plain' }, known)).toBe('Plain');
  });

  it('searches leaves by label prefix, ignoring case', () => {
    expect(menuLeaves(tree).map((n) => n.code)).toEqual(['consignment', 'hidden', 'dispatchers', 'docs', 'md_customer', 'md_customer_x', 'report']);
    expect(matchesPrefix('Customer', 'cUS')).toBe(true);
    expect(matchesPrefix('Customer', ' cus ')).toBe(true);
    expect(matchesPrefix('My customer', 'cus')).toBe(false);
    expect(matchesPrefix('Customer', '')).toBe(false);
  });

  it('answers the search closest first, in the same order whatever order the menus arrived in, at most 20', () => {
    const entries = ['Material group', 'Material in and out report', 'Unit', 'Material', 'Material category', 'material unit'].map((text) => ({ text }));
    const expected = ['Material', 'material unit', 'Material group', 'Material category', 'Material in and out report'];
    expect(searchMatches(entries, 'mat').map((e) => e.text)).toEqual(expected);
    expect(searchMatches([...entries].reverse(), 'mat').map((e) => e.text)).toEqual(expected);
    expect(searchMatches(entries, 'Material c').map((e) => e.text)).toEqual(['Material category']);
    expect(searchMatches(Array.from({ length: 30 }, (_, i) => ({ text: `Report ${i}` })), 'rep')).toHaveLength(20);
  });

  it('finds the entry of a location: exact, frame URL, or the longest path prefix at a segment boundary', () => {
    expect(entryFor(tree, '/transport/consignment')).toMatchObject({ node: { code: 'consignment' }, exact: true });
    expect(entryFor(tree, '/transport/consignment/abc/edit')).toMatchObject({ node: { code: 'consignment' }, exact: false });
    expect(entryFor(tree, '/transport/consignment/abc')?.trail.map((n) => n.code)).toEqual(['transport']);
    expect(entryFor(tree, '/md/customerx')).toMatchObject({ node: { code: 'md_customer_x' }, exact: true });
    expect(entryFor(tree, '/md/customers')).toBeUndefined();
    const src = new URLSearchParams({ src: 'https://example.com/docs?a=1', name: 'x' }).toString();
    expect(entryFor(tree, '/myiframe/urlPath', `?${src}`)).toMatchObject({ node: { code: 'docs' }, exact: true });
    expect(entryFor(tree, '/nowhere')).toBeUndefined();
  });

  it('classes screen widths 0 to 3 at 768, 992 and 1200', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 2560].map(screenClass)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('names test ids after the menu code and resolves composite labels per language', () => {
    expect(menuTestId('md_customer')).toBe('menu-md-customer');
    const i18n = { exists: (k: string) => k === 'common.edit', t: () => 'Edit' };
    expect(resolveLabel(['托运单', 'common.edit'].join(LABEL_SEPARATOR), i18n)).toBe('托运单 · Edit');
  });
});
