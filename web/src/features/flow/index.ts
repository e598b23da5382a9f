import { documentByName } from '@tpl/contracts';
import type { WebContext } from '../../shared/context';
import { flowRoutes } from './routes';
import { flowPaths, inboxTabs } from './paths';
import { ReviewBanner, ReviewTag } from './ReviewInfo';
import { useProcessNames } from './hooks';

const inboxEntries = inboxTabs.map(flowPaths.inbox);

/**
 * Approvals: the designer, definitions, inbox, task and leave pages. The process page also
 * belongs to the entry of the document type it shows the review of (a cargo owner reads the
 * approval of its own order from the order).
 */
export const flowContext: WebContext = {
  name: 'flow',
  routes: flowRoutes,
  review: { Tag: ReviewTag, Banner: ReviewBanner, useProcessNames },
  pageGrants: {
    '/flowable/work/detail': {
      menus: (search) => {
        const reviewed = documentByName(search.get('documentType') ?? '');
        return [...inboxEntries, flowPaths.start, flowPaths.definitions, ...(reviewed ? [reviewed.routes.list] : [])];
      },
    },
    '/task/process/leave/form/:processDefinitionId': { menus: [flowPaths.start] },
    '/task/process/leave/handle/:taskId/:processInstanceId/:businessId': { menus: inboxEntries },
    '/task/process/leave/detail/:processInstanceId/:businessId': { menus: [...inboxEntries, flowPaths.start] },
  },
};
