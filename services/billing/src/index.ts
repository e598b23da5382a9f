import { billingProjection } from './charges/billing.projection';
import { monthBillsProjection } from './monthbill/bills.projection';
import { reportFactsProjection } from './charges/report-facts.projection';

export * from './billing.module';
export * from './charges/pricing';
export { billingProjection, billingStatements, BILLING_PROJECTION, STOCK_LINES, AGREEMENTS, OTHER_EVENTS } from './charges/billing.projection';
export { MonthBills } from './monthbill/month-bills';
export { MonthBillDecisions } from './monthbill/monthbill.decisions';
export { GENERATE_BUTTON } from './monthbill/monthbill.controller';
export { MONTH_BILLS, ONE_BILL_PER_MONTH, isSecondBillOfMonth, monthBillsProjection } from './monthbill/bills.projection';

/** Inline (the generate command reads its own bills at once) and asynchronous (the facts billed, from other contexts' events) read models. */
export const billingProjections = [monthBillsProjection];
export const billingAsyncProjections = [billingProjection, reportFactsProjection];
export { reportFactsProjection, reportFactStatements, BILLING_REPORT_PROJECTION } from './charges/report-facts.projection';
