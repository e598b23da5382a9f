import type { WebContext } from '../../shared/context';
import { lazyPart } from '../../shared/lazyPage';
import { billingRoutes } from './routes';

// its parts load when first shown (the chart library, the explain drawer): not in every signed-in page's chunk
const extras = () => import('./extras').then((m) => m.billingViewExtras.monthbill!);

/** Billing: its reports; the month bills' generate, PDF and charges beside the kit's screens; its card on the dashboard. */
export const billingContext: WebContext = {
  name: 'billing',
  routes: billingRoutes,
  viewExtras: {
    monthbill: {
      list: lazyPart(() => extras().then((e) => e.list!)),
      toolbar: lazyPart(() => extras().then((e) => e.toolbar!)),
      details: lazyPart(() => extras().then((e) => e.details!)),
    },
  },
  dashboardCards: [lazyPart(() => import('./BillingDashboardCard').then((m) => m.BillingDashboardCard))],
};
