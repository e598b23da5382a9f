import type { EntityListExtra, FieldWidget, WebContext } from '../../shared/context';
import { lazyPart } from '../../shared/lazyPage';
import { masterdataRoutes } from './routes';

// the catalogue's message picker loads with the first catalogue form that shows it
const MessageCodeField = lazyPart(() => import('./messages/MessageCodeField').then((m) => m.MessageCodeField as FieldWidget));
// the material list's sync dialog loads with the first material list
const MaterialSyncButton = lazyPart(() => import('./MaterialSyncButton').then((m) => m.MaterialSyncButton as EntityListExtra));

/**
 * Master data: every entity type on the entity kit's screens (features/md); the message
 * catalogue's records (errormsginfo, outerrormsg) name their message by its words, from a picker;
 * the material list has the material sync dialog (物料同步).
 */
export const masterdataContext: WebContext = {
  name: 'masterdata',
  routes: masterdataRoutes,
  fieldWidgets: { errormsginfo: { code: MessageCodeField as FieldWidget }, outerrormsg: { code: MessageCodeField as FieldWidget } },
  listExtras: { material: MaterialSyncButton as EntityListExtra },
};
