import type { EntityListExtra, FieldWidget, WebContext } from '../../shared/context';
import { registrationRoutes } from './registrations/routes';
import { lazyPart } from '../../shared/lazyPage';

// the menu tree loads with the first role form that shows it
const MenuTreeField = lazyPart(() => import('./roles/MenuTreeField').then((m) => m.MenuTreeField as FieldWidget));
// the role list's "allocate resources": a dialog with the tree, saved after a confirmation
const AllocateResources = lazyPart(() => import('./roles/AllocateResources').then((m) => m.AllocateResources as EntityListExtra));

/** Users' rights: the registrations screen; a role's menus ticked in a tree (the entity kit's role form). */
export const accessContext: WebContext = {
  name: 'access',
  routes: registrationRoutes,
  fieldWidgets: { role: { menus: MenuTreeField as FieldWidget } },
  listExtras: { role: AllocateResources as EntityListExtra },
};
