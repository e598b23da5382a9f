import type { ContextMenus, MenuTree } from '@tpl/event-store';

type Rec = Record<string, unknown>;

/** The top menus the console's header shows, each with the groups the contexts put on it. */
const TOP_MENUS = [
  { menuCode: 'work', menuName: '工作台', sort: 1 },
  { menuCode: 'data', menuName: '基础资料', sort: 2 },
  { menuCode: 'admin', menuName: '系统管理', sort: 3 },
] as const;

/** A tree the contexts add to (MenuTree): entries and buttons as menu records, in the order added. */
const treeOf = (menus: Rec[]): MenuTree => {
  const codes = new Set<string>();
  const push = (record: Rec) => {
    const code = String(record.code);
    if (codes.has(code)) return;
    codes.add(code);
    menus.push(record);
  };
  const under = (parent: string) => menus.filter((m) => m.parentId === parent).map((m) => String(m.code));
  return {
    menu: (code, name, path, parent, sort = 0, alias) =>
      push({ code, name, path, category: 'MENU', isShow: 1, isOpen: 0, sort, ...(parent ? { parentId: parent } : {}), ...(alias ? { alias } : {}) }),
    button: (code, name, parent, sort) => push({ code, name, path: '', category: 'BUTTON', action: 'TOOLBAR', isShow: 1, sort, ...(parent ? { parentId: parent } : {}) }),
    has: (code) => codes.has(code),
    under,
    writes: (area) => under(area).flatMap((m) => [m, ...under(m)]),
    entries: () => menus.filter((m) => m.category === 'MENU').map((m) => String(m.code)),
  };
};

/**
 * The demo's menu tree from every context's menus (ServiceContext.menus), in the order given:
 * each adds its entries and buttons; then each says what the demo roles get of the whole tree
 * (a role's codes are the union of what the contexts give it) and which of its groups go on
 * which top menu.
 */
export const composeMenus = (contributions: readonly ContextMenus[]) => {
  const menus: Rec[] = [];
  const tree = treeOf(menus);
  for (const c of contributions) c.add?.(tree);
  const allocations: Record<string, string[]> = {};
  const tops: Record<string, string[]> = {};
  for (const c of contributions) {
    for (const [role, codes] of Object.entries(c.grants?.(tree) ?? {})) allocations[role] = [...new Set([...(allocations[role] ?? []), ...codes])];
    const top = typeof c.top === 'function' ? c.top(tree) : (c.top ?? {});
    for (const [menuCode, groups] of Object.entries(top)) tops[menuCode] = [...new Set([...(tops[menuCode] ?? []), ...groups])];
  }
  const topmenus: Rec[] = TOP_MENUS.map((t) => ({ ...t, menus: tops[t.menuCode] ?? [] }));
  return { menus, topmenus, allocations };
};
