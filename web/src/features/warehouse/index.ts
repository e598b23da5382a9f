import { LOAD_BILL_PAGES, REPORT_PATHS, loadbill } from '@tpl/contracts';
import type { WebContext } from '../../shared/context';
import { reportRoutes } from './reports/routes';
import { warehouseRoutes } from './routes';
import { warehouseViewExtras } from './extras';

const loadList = { menus: [loadbill.routes.list] };

/**
 * The warehouse: the stock reports and the bin board (reports/), the put-away list, the load
 * sheet and the load's times (reached from the load bill's view); its documents are the kit's. Scan mode (scan/) is outside the signed-in layout: the router
 * names its route table itself (web/src/router.tsx), which must stay light.
 */
export const warehouseContext: WebContext = {
  name: 'warehouse',
  routes: [...reportRoutes, ...warehouseRoutes],
  pageGrants: { [REPORT_PATHS.stockDetailShow]: { menus: [REPORT_PATHS.stockDetail] }, [LOAD_BILL_PAGES.show]: loadList, [LOAD_BILL_PAGES.timeEdit]: loadList },
  viewExtras: warehouseViewExtras,
};
