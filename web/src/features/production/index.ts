import type { WebContext } from '../../shared/context';
import { productionRoutes } from './routes';

/** Production (secondary processing): its documents are the kit's screens; it adds the lot genealogy page. */
export const productionContext: WebContext = {
  name: 'production',
  routes: productionRoutes,
};
