import { Controller, Get, Inject, Query } from '@nestjs/common';
import { menuRoutesQuerySchema, ok, parseOrThrow, systemRoutes as R, topMenusQuerySchema } from '@tpl/contracts';
import { EveryUser, Meta, type RequestMeta } from '@tpl/identity';
import { RECORDS, type RecordsPort } from '@tpl/masterdata';
import { Access, type MenuData } from './access';

type TopMenuData = { menuCode: string; menuName: string; icon?: string; sort?: number; menus?: string[] };

type MenuNode = MenuData & { id: string; children: MenuNode[]; meta: { i18n: string; isShow: boolean } };


/**
 * The shell's menu calls (spec 01 section 7): the user's menu tree per top menu, the
 * button permission codes, and the top menus. What a user sees is what the user's roles
 * were allocated (role.menus); the admin role sees everything. Built from the menu,
 * top menu and role records of system administration.
 */
@Controller()
export class MenusController {
  constructor(
    @Inject(RECORDS) private readonly records: RecordsPort,
    @Inject(Access) private readonly access: Access,
  ) {}

  private async topMenuRecords(tenantId: string) {
    return (await this.records.live(tenantId, ['topmenu'])).map((r) => ({ id: r.id, data: r.data as TopMenuData }));
  }

  private tree(menus: { id: string; data: MenuData }[], codes: Set<string>, category: 'MENU' | 'ALL', roots?: Set<string>) {
    const nodes = new Map<string, MenuNode>();
    for (const m of menus) {
      if (!codes.has(m.data.code)) continue;
      if (category === 'MENU' && (m.data.category ?? 'MENU') !== 'MENU') continue;
      nodes.set(m.data.code, { ...m.data, id: m.id, children: [], meta: { i18n: m.data.alias ?? m.data.code, isShow: m.data.isShow !== 0 } });
    }
    const top: MenuNode[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId ? nodes.get(n.parentId) : undefined;
      if (parent) parent.children.push(n);
      else if (!roots || roots.has(n.code)) top.push(n);
    }
    const sort = (list: MenuNode[]) => {
      list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.code.localeCompare(b.code));
      for (const n of list) sort(n.children);
      return list;
    };
    return sort(top);
  }

  @EveryUser()
  @Get(R.menuRoutes.path)
  async routes(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { topMenuId } = parseOrThrow(menuRoutesQuerySchema, query, 'menu');
    const { menus, codes } = await this.access.allowed(meta.user);
    let roots: Set<string> | undefined;
    if (topMenuId) {
      const tops = await this.topMenuRecords(meta.user.tenantId);
      const top = tops.find((t) => t.id === topMenuId || t.data.menuCode === topMenuId);
      roots = new Set(top?.data.menus ?? []);
    }
    return ok(this.tree(menus, codes, 'MENU', roots));
  }

  /** Button permission codes as a tree of code and children (the console flattens it to code -> true). */
  @EveryUser()
  @Get(R.menuButtons.path)
  async buttons(@Meta() meta: RequestMeta) {
    const { menus, codes } = await this.access.allowed(meta.user);
    const buttons = menus.filter((m) => m.data.category === 'BUTTON' && codes.has(m.data.code));
    const byParent = new Map<string, { code: string; children: never[] }[]>();
    for (const b of buttons) {
      const list = byParent.get(b.data.parentId ?? '') ?? [];
      list.push({ code: b.data.code, children: [] });
      byParent.set(b.data.parentId ?? '', list);
    }
    return ok([...byParent.entries()].map(([code, children]) => ({ code, children })));
  }

  @EveryUser()
  @Get(R.topMenus.path)
  async topMenus(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { filter } = parseOrThrow(topMenusQuerySchema, query, 'topmenu');
    const tops = await this.topMenuRecords(meta.user.tenantId);
    const { codes } = await this.access.allowed(meta.user);
    return ok(
      tops
        .filter((t) => filter !== '1' || (t.data.menus ?? []).some((c) => codes.has(c)))
        .sort((a, b) => (a.data.sort ?? 0) - (b.data.sort ?? 0))
        .map((t) => ({ id: t.id, menuName: t.data.menuName, icon: t.data.icon ?? '', path: '', menuCode: t.data.menuCode, sort: t.data.sort ?? 0 })),
    );
  }
}
