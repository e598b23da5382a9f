import { TASK_STEPS } from '@tpl/contracts';
import type { WebContext } from '../../shared/context';
import { lazyPart } from '../../shared/lazyPage';
import { productionRoutes } from './routes';

// the step buttons load when first shown
const links = () => import('./stepLinks');

/**
 * Production (secondary processing): its documents are the kit's screens; it adds the lot
 * genealogy page and the production task's issue and receipt pages (reached from the task's view
 * and from the task list, the one task ticked).
 */
export const productionContext: WebContext = {
  name: 'production',
  routes: productionRoutes,
  // the step pages belong to the task list's entry
  pageGrants: Object.fromEntries(Object.values(TASK_STEPS).map((s) => [s.path, { menus: [s.list] }])),
  viewExtras: {
    secproductive: {
      toolbar: lazyPart(() => links().then((m) => m.TaskStepLinks)),
      list: lazyPart(() => links().then((m) => m.TaskStepListButtons)),
    },
  },
};
