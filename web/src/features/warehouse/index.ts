import { REPORT_PATHS } from '@tpl/contracts';
import type { WebContext } from '../../shared/context';
import { reportRoutes } from './reports/routes';
import { warehouseRoutes } from './routes';

/**
 * The warehouse: the stock reports and the bin board (reports/), the put-away list; its
 * documents are the kit's. Scan mode (scan/) is outside the signed-in layout: the router
 * names its route table itself (web/src/router.tsx), which must stay light.
 */
export const warehouseContext: WebContext = {
  name: 'warehouse',
  routes: [...reportRoutes, ...warehouseRoutes],
  pageGrants: { [REPORT_PATHS.stockDetailShow]: { menus: [REPORT_PATHS.stockDetail] } },
};
