export * from './money';
export * from './charges';
export * from './reports';
export * from './entities/billingrules';
export { PAY_METHODS, paymentsOf, type PaymentLine, type PayMethod } from './documents/monthbill';
export * from './version-stamp';

import type { ContractsContext } from '../api/context';
import { valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading } from './documents/index';
import { monthbill } from './documents/monthbill';
import { baccount } from './documents/baccount';
import { billingWords } from './words';
import { billingRoutes } from './charges';
import { billingPrintRoutes, billingReportRoutes } from './reports';

/** Billing's front door: the other charges and the piece-work (issue 15), the month bill and the account; its words. */
export const billingContracts: ContractsContext = {
  name: 'billing',
  documents: [valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading, monthbill, baccount],
  routes: { billing: billingRoutes, billingReports: billingReportRoutes, billingPrint: billingPrintRoutes },
  words: [billingWords],
};
