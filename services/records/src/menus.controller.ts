import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { Pool } from 'pg';
import { z } from 'zod';
import { ok, parseOrThrow } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { Meta, type RequestMeta } from '@tpl/identity';
import { RECORDS_TABLE } from './records.migrations';

type MenuData = {
  code: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  category?: 'MENU' | 'BUTTON';
  action?: string;
  isOpen?: number;
  isShow?: number;
  sort?: number;
  parentId?: string;
};
type MenuNode = MenuData & { id: string; children: MenuNode[]; meta: { i18n: string; isShow: boolean } };

const routesQuery = z.object({ topMenuId: z.string().max(64).optional() });
const topQuery = z.object({ filter: z.string().max(2).optional() });

/**
 * The shell's menu calls (spec 01 section 7): the user's menu tree per top menu, the
 * button permission codes, and the top menus. What a user sees is what the user's roles
 * were allocated (role.menus); the admin role sees everything. Built from the menu,
 * top menu and role records of system administration.
 */
@Controller()
export class MenusController {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  private async records<T>(tenantId: string, entity: string) {
    const { rows } = await this.pool.query<{ id: string; data: T }>(
      `SELECT id, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted`,
      [tenantId, entity],
    );
    return rows;
  }

  /** Menu codes the user may see: allocated to one of the roles, with every ancestor (so the tree holds together). */
  private async allowed(meta: RequestMeta) {
    const menus = await this.records<MenuData>(meta.user.tenantId, 'menu');
    const byCode = new Map(menus.map((m) => [m.data.code, m]));
    let codes: Set<string>;
    if (meta.user.roles.includes('admin')) codes = new Set(byCode.keys());
    else {
      const roles = await this.records<{ roleAlias: string; menus?: string[] }>(meta.user.tenantId, 'role');
      codes = new Set(roles.filter((r) => meta.user.roles.includes(r.data.roleAlias)).flatMap((r) => r.data.menus ?? []));
      for (const c of [...codes]) {
        let parent = byCode.get(c)?.data.parentId;
        for (let depth = 0; parent && depth < 20; depth++) {
          codes.add(parent);
          parent = byCode.get(parent)?.data.parentId;
        }
      }
    }
    return { menus, codes };
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

  @Get('/api/bl-system/menu/routes')
  async routes(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { topMenuId } = parseOrThrow(routesQuery, query, 'menu');
    const { menus, codes } = await this.allowed(meta);
    let roots: Set<string> | undefined;
    if (topMenuId) {
      const tops = await this.records<{ menuCode: string; menus?: string[] }>(meta.user.tenantId, 'topmenu');
      const top = tops.find((t) => t.id === topMenuId || t.data.menuCode === topMenuId);
      roots = new Set(top?.data.menus ?? []);
    }
    return ok(this.tree(menus, codes, 'MENU', roots));
  }

  /** Button permission codes as a tree of code and children (the console flattens it to code -> true). */
  @Get('/api/bl-system/menu/buttons')
  async buttons(@Meta() meta: RequestMeta) {
    const { menus, codes } = await this.allowed(meta);
    const buttons = menus.filter((m) => m.data.category === 'BUTTON' && codes.has(m.data.code));
    const byParent = new Map<string, { code: string; children: never[] }[]>();
    for (const b of buttons) {
      const list = byParent.get(b.data.parentId ?? '') ?? [];
      list.push({ code: b.data.code, children: [] });
      byParent.set(b.data.parentId ?? '', list);
    }
    return ok([...byParent.entries()].map(([code, children]) => ({ code, children })));
  }

  @Get('/api/bl-system/topmenu/listByParams')
  async topMenus(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { filter } = parseOrThrow(topQuery, query, 'topmenu');
    const tops = await this.records<{ menuCode: string; menuName: string; icon?: string; sort?: number; menus?: string[] }>(meta.user.tenantId, 'topmenu');
    const { codes } = await this.allowed(meta);
    return ok(
      tops
        .filter((t) => filter !== '1' || (t.data.menus ?? []).some((c) => codes.has(c)))
        .sort((a, b) => (a.data.sort ?? 0) - (b.data.sort ?? 0))
        .map((t) => ({ id: t.id, menuName: t.data.menuName, icon: t.data.icon ?? '', path: '', menuCode: t.data.menuCode, sort: t.data.sort ?? 0 })),
    );
  }
}
