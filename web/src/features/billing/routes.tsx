import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { BILLING_REPORT_MENUS } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';

// loads with its first visit (its own chunk)
const BillingReportPage = lazyPage(() => import('./BillingReportPage').then((m) => m.BillingReportPage));

/** Spec 01 /acct and /reportManagement: the billing reports, one page per spec route (report/..., lcr/..., the piece-work reports). */
export const billingRoutes: RouteObject[] = BILLING_REPORT_MENUS.map((m) => ({
  path: m.path,
  element: <BillingReportPage key={m.path} name={m.report} />,
  handle: { name: m.name, titleKey: m.alias, title: (t: TFunction) => t(m.alias) },
}));
