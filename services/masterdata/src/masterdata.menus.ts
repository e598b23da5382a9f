import { SYSENUM_BUILTIN, actionsOf, buttonCode, entities, type EntityAction } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

/** The master-data areas: [service, menu code, name, the console's i18n key of the group]. */
const AREAS: readonly [string, string, string, string][] = [
  ['bl-system', 'system', '系统管理', 'md.services.system'],
  ['bl-resource', 'resource', '资源管理', 'md.services.resource'],
  ['bl-basic', 'basic', '基础资料', 'md.services.basic'],
  ['bl-transport', 'transportData', '运输基础资料', 'md.services.transport'],
  ['bl-flow', 'flowData', '流程配置', 'md.services.flow'],
];

const ACTION_NAMES: Record<EntityAction, string> = { add: '新增', edit: '修改', delete: '删除', import: '导入', export: '导出', reset_password: '重置密码', domain_login: '域登录' };

/**
 * Master data's menus: an area per service, an entry per entity with its command buttons
 * (`<entity>_add` ... `<entity>_export`). Keepers keep the basic data, finance reads its
 * agreements, customers and cost types, the auditor exports everything.
 */
export const masterdataMenus: ContextMenus = {
  add: (tree) => {
    AREAS.forEach(([service, code, name, alias], i) => {
      tree.menu(code, name, `/md/${code}`, undefined, 10 + i, alias);
      entities
        .filter((d) => d.service === service)
        .forEach((d, k) => {
          tree.menu(`md_${d.name}`, d.title[0], `/md/${d.name}`, code, k + 1, `${d.name}.title`);
          actionsOf(d).forEach((a, n) => tree.button(buttonCode(d, a), `${d.title[0]} ${ACTION_NAMES[a]}`, `md_${d.name}`, n + 1));
          // the enumerations the descriptions define, read only, right beside the tenant's own
          if (d.name === 'sysenum') tree.menu(SYSENUM_BUILTIN.code, SYSENUM_BUILTIN.name, SYSENUM_BUILTIN.path, code, k + 1, SYSENUM_BUILTIN.alias);
        });
    });
  },
  grants: (tree) => ({
    keeper: tree.writes('basic'),
    finance: ['lgagreement', 'customer', 'costtype'].flatMap((n) => [`md_${n}`, `${n}_export`]),
    auditor: entities.map((d) => buttonCode(d, 'export')),
  }),
  top: { data: ['basic', 'transportData'], admin: ['system', 'resource', 'flowData'] },
};
