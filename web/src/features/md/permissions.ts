import { actionsOf, buttonCode, mayManageIn, type EntityAction, type EntityDef } from '@tpl/contracts';
import { usePermissions } from '../../auth/permissions';
import { useSession } from '../../auth/session';

export type EntityButtons = Record<EntityAction, boolean>;

/**
 * Which of an entity's commands the user may run: its button code `<entity>_<action>`
 * (admin and the wildcard pass), and tenants only in the platform tenant. The server
 * refuses the others anyway; here we only spare the user the buttons.
 */
export const useEntityButtons = (def: EntityDef): EntityButtons => {
  const { hasPermission } = usePermissions();
  const session = useSession();
  const manageable = session ? mayManageIn(def, session.token.tenantId) : false;
  const offered = new Set(actionsOf(def));
  const can = (a: EntityAction) => manageable && offered.has(a) && hasPermission(buttonCode(def, a));
  return { add: can('add'), edit: can('edit'), delete: can('delete'), import: can('import'), export: can('export'), reset_password: can('reset_password'), domain_login: can('domain_login') };
};
