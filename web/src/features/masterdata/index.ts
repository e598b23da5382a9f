import type { WebContext } from '../../shared/context';
import { masterdataRoutes } from './routes';

/** Master data: every entity type on the entity kit's screens (features/md). */
export const masterdataContext: WebContext = { name: 'masterdata', routes: masterdataRoutes };
