import { actionsOf, buttonCode, entities, type EntityAction } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

const ACTION_NAMES: Record<EntityAction, string> = { add: '新增', edit: '修改', delete: '删除', import: '导入', export: '导出', reset_password: '重置密码', domain_login: '域登录' };

/** The gate's master data (the entities of its service), as entries under its group. */
const gateEntities = () => entities.filter((d) => d.service === 'bl-gate');

/**
 * The gate's menus (issue 31): its group (named before the kit adds the appointment under it), the
 * guard's check-in screen, the notices' reading screens (reached from a registration, granted with
 * the appointments) and its master data with their buttons. The guard works the appointments and
 * the check-in screen and reads the gates, inspection locations, docks and notices; the keeper
 * keeps the gate's master data (the docks are the warehouse's) and reads the appointments.
 */
export const gateMenus: ContextMenus = {
  add: (tree) => {
    tree.menu('appointmentManagement', '门岗预约', '/appointment', undefined, 10, 'menu.appointmentManagement');
    tree.menu('gateCheckIn', '门岗签到', '/appointment/gateCheckIn', 'appointmentManagement', 0, 'menu.gateCheckIn');
    gateEntities().forEach((d, k) => {
      tree.menu(`md_${d.name}`, d.title[0], `/md/${d.name}`, 'appointmentManagement', 10 + k, `${d.name}.title`);
      actionsOf(d).forEach((a, n) => tree.button(buttonCode(d, a), `${d.title[0]} ${ACTION_NAMES[a]}`, `md_${d.name}`, n + 1));
    });
  },
  grants: (tree) => ({
    guard: ['appointmentManagement', 'appointment', ...tree.under('appointment'), 'gateCheckIn', ...gateEntities().map((d) => `md_${d.name}`), 'attach_add'],
    keeper: ['appointmentManagement', ...tree.writes('appointmentManagement')],
  }),
  top: { work: ['appointmentManagement'] },
};
