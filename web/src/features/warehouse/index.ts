import { LOAD_BILL_PAGES, REPORT_PATHS, SHOW_IMAGE_PATH, WAREHOUSE_SCREENS, documents, loadbill } from '@tpl/contracts';
import type { ViewExtras, WebContext } from '../../shared/context';
import { lazyPart } from '../../shared/lazyPage';
import { reportRoutes } from './reports/routes';
import { warehouseRoutes } from './routes';
import { warehouseViewExtras } from './extras';
import { holdsImages } from './screens/images';

const ScreenLinks = lazyPart(() => import('./screens/links').then((m) => m.ScreenLinks));
const warehouseDocuments = documents.filter((d) => d.service === 'bl-warehouse');
const withScreens = warehouseDocuments.filter((d) => holdsImages(d) || Object.values(WAREHOUSE_SCREENS).some((s) => s.of === d.name));
const loadList = { menus: [loadbill.routes.list] };

/** The views of the warehouse documents that have read-only screens offer them (links.tsx); the load bill's its sheet and times (extras.tsx). */
const viewExtras: ViewExtras = { ...Object.fromEntries(withScreens.map((d) => [d.name, { toolbar: ScreenLinks }])), ...warehouseViewExtras };

/**
 * The warehouse: the stock reports and the bin board (reports/), the put-away list, the load
 * sheet and the load's times (reached from the load bill's view), the read-only screens of one
 * document (screens/); its documents are the kit's. Scan mode (scan/) is outside the signed-in
 * layout: the router names its route table itself (web/src/router.tsx), which must stay light.
 */
export const warehouseContext: WebContext = {
  name: 'warehouse',
  routes: [...reportRoutes, ...warehouseRoutes],
  pageGrants: {
    [REPORT_PATHS.stockDetailShow]: { menus: [REPORT_PATHS.stockDetail] },
    [LOAD_BILL_PAGES.show]: loadList,
    [LOAD_BILL_PAGES.timeEdit]: loadList,
    // a document's screens belong to its list's entry; the photos to any warehouse document's
    ...Object.fromEntries(Object.values(WAREHOUSE_SCREENS).map((s) => [s.path, { menus: [s.list] }])),
    [SHOW_IMAGE_PATH]: { menus: withScreens.filter(holdsImages).map((d) => d.routes.list) },
  },
  viewExtras,
};
