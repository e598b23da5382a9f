import { consignmentDocument, documentByName } from '@tpl/contracts';
import type { RouteGrant } from '../../shared/menuGrant';
import type { WebContext } from '../../shared/context';
import { oldConsignmentRoutes, transportRoutes } from './routes';
import { transportViewExtras } from './extras';

/** A confirmation screen (a document's edit route) is granted with its document's list. */
const grantedWithList = (name: string): Record<string, RouteGrant> => {
  const def = documentByName(name);
  return def ? { [def.routes.edit]: { menus: [def.routes.list] } } : {};
};
const orderList: RouteGrant = { menus: [consignmentDocument.routes.list] };

/**
 * Transport: the dispatcher board, the signing, arrival and review confirmations (in place of
 * the delivery, loading and arrival bills' generic edit screens: before the kit's routes), the
 * chain timeline, the order's old paths; the order's timeline and each confirmation beside the
 * kit's view of its bill.
 */
export const transportContext: WebContext = {
  name: 'transport',
  overrides: transportRoutes,
  routes: oldConsignmentRoutes,
  pageGrants: {
    ...grantedWithList('deliverybill'),
    ...grantedWithList('loadingbill'),
    ...grantedWithList('arrivalbill'),
    '/transport/consignment': orderList,
    '/transport/consignment/new': orderList,
    '/transport/consignment/:id': orderList,
    '/transport/consignment/:id/edit': orderList,
  },
  viewExtras: transportViewExtras,
};
