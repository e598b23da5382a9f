import { consignmentDocument, documentByName } from '@tpl/contracts';
import type { RouteGrant } from '../../shared/menuGrant';
import type { WebContext } from '../../shared/context';
import { oldConsignmentRoutes, transportRoutes } from './routes';
import { transportViewExtras } from './extras';

const deliveryList = documentByName('deliverybill')?.routes.list;
const orderList: RouteGrant = { menus: [consignmentDocument.routes.list] };

/**
 * Transport: the dispatcher board, the signing screen (in place of the delivery bill's generic
 * edit screen: before the kit's routes), the chain timeline, the order's old paths; the order's
 * timeline and the delivery bill's signing beside the kit's view.
 */
export const transportContext: WebContext = {
  name: 'transport',
  overrides: transportRoutes,
  routes: oldConsignmentRoutes,
  pageGrants: {
    ...(deliveryList ? { [documentByName('deliverybill')!.routes.edit]: { menus: [deliveryList] } } : {}),
    '/transport/consignment': orderList,
    '/transport/consignment/new': orderList,
    '/transport/consignment/:id': orderList,
    '/transport/consignment/:id/edit': orderList,
  },
  viewExtras: transportViewExtras,
};
