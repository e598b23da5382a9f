import type { WebContext } from '../../shared/context';
import { billingRoutes } from './routes';
import { billingViewExtras } from './extras';
import { BillingDashboardCard } from './BillingDashboardCard';

/** Billing: its reports; the month bills' generate, PDF and charges beside the kit's screens; its card on the dashboard. */
export const billingContext: WebContext = {
  name: 'billing',
  routes: billingRoutes,
  viewExtras: billingViewExtras,
  dashboardCards: [BillingDashboardCard],
};
