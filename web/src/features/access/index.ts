import type { FieldWidget, WebContext } from '../../shared/context';
import { registrationRoutes } from './registrations/routes';
import { MenuTreeField } from './roles/MenuTreeField';

/** Users' rights: the registrations screen; a role's menus ticked in a tree (the entity kit's role form). */
export const accessContext: WebContext = {
  name: 'access',
  routes: registrationRoutes,
  fieldWidgets: { role: { menus: MenuTreeField as FieldWidget } },
};
