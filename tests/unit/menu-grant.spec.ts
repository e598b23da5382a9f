import { grantedMenu, isGranted } from '../../web/src/shared/menuGrant';
import type { MenuNode } from '../../web/src/shared/menu';

const node = (code: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({ id: code, code, name: code, path, ...extra });

// a dispatcher's menus: transport master data, the consignment order, an inbox, a hidden page, an external page
const dispatcher: MenuNode[] = [
  node('transportData', '/md/transportData', { children: [node('md_basiccar', '/md/basiccar'), node('md_basicdriver', '/md/basicdriver')] }),
  node('transport', '/transport', { children: [node('consignment', '/transportManagement/consignmentOrderbill'), node('hiddenPage', '/transport/hidden', { isShow: 0 })] }),
  node('flow', '/flowable', { children: [node('flow_todo', '/flowable/work/todo')] }),
  node('admins', '/system', { children: [node('md_role', '/md/role', { meta: { roles: ['admin'] } })] }),
  node('docs', 'https://example.com/docs'),
];

/** The console's side of the menus' grant (layout/menuGrant.ts): which typed URL shows its page, which the 403 page. */
describe('routes granted by the menus', () => {
  const granted = (pathname: string, search = '', grant = {}) => isGranted([grantedMenu(dispatcher, ['dispatcher'])], pathname, search, grant);

  it('given an entry of the menus, then its page and the pages under it are granted', () => {
    expect(granted('/md/basiccar')).toBe(true);
    expect(granted('/md/basiccar/new')).toBe(true);
    expect(granted('/md/basiccar/0b6f1c1e-0000-4000-8000-000000000000/edit')).toBe(true);
  });

  it('given a typed URL no entry names, then it is not granted (a dispatcher typing /md/role)', () => {
    expect(granted('/md/role')).toBe(false);
    expect(granted('/md/lgagreement')).toBe(false);
    expect(granted('/md/basiccarx')).toBe(false);
    // an entry restricted to another role grants nothing
    expect(isGranted([grantedMenu(dispatcher, ['admin'])], '/md/role', '', {})).toBe(true);
  });

  it("given a page that belongs to another entry (a document's form), then that entry grants it", () => {
    const form = { menus: ['/transportManagement/consignmentOrderbill'] };
    expect(granted('/transportManagement/consignmentOrderbillAdd', '', form)).toBe(true);
    expect(granted('/warehousingManagement/isinstockbillAdd', '', { menus: ['/warehousingManagement/isinstockbill'] })).toBe(false);
    // the process page: the inbox, or the entry of the document it reviews
    const detail = { menus: (q: URLSearchParams) => (q.get('documentType') === 'isinstockbill' ? ['/warehousingManagement/isinstockbill'] : ['/flowable/work/todo']) };
    expect(granted('/flowable/work/detail', '?documentType=consignment', detail)).toBe(true);
    expect(isGranted([[node('rk', '/warehousingManagement/isinstockbill')]], '/flowable/work/detail', '?documentType=isinstockbill', detail)).toBe(true);
    expect(isGranted([[node('rk', '/warehousingManagement/isinstockbill')]], '/flowable/work/detail', '?documentType=consignment', detail)).toBe(false);
  });

  it('given an entry hidden from the side menu, then its page is still granted; the shell pages are open to all', () => {
    expect(granted('/transport/hidden')).toBe(true);
    expect(isGranted([], '/info/index', '', { open: true })).toBe(true);
    expect(isGranted([], '/info/index', '', {})).toBe(false);
  });
});
