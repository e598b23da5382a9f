import type { ContextMenus } from '@tpl/event-store';

/** Guest registrations from social sign-in, decided by the tenant's administrator (under system administration). */
export const identityMenus: ContextMenus = {
  add: (tree) => {
    tree.menu('registration', '注册申请', '/system/registrations', 'system', 90, 'registration.title');
    tree.button('registration_approve', 'approve', 'registration', 1);
    tree.button('registration_reject', 'reject', 'registration', 2);
  },
};
