import type { ServiceContext } from '@tpl/event-store';
import { BillingModule, billingMigrations } from './billing.module';
import { billingProjection } from './charges/billing.projection';
import { carryOversProjection, monthBillsProjection } from './monthbill/bills.projection';
import { reportFactsProjection } from './charges/report-facts.projection';
import { billingMenus } from './billing.menus';

/** Inline (the generate command reads its own bills at once) and asynchronous (the facts billed, from other contexts' events) read models. */
export const billingProjections = [monthBillsProjection, carryOversProjection];
export const billingAsyncProjections = [billingProjection, reportFactsProjection];

/**
 * The billing context's front door to the host: fee agreements, charges, month bills and the
 * other billing documents; its read models of the facts it bills, which the projector keeps
 * from other contexts' events.
 */
export const billingContext: ServiceContext = {
  name: 'billing',
  menus: billingMenus,
  module: () => BillingModule,
  migrations: billingMigrations,
  projections: billingProjections,
  asyncProjections: billingAsyncProjections,
};
