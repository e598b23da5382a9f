export * from './billing.module';
export * from './charges/pricing';
export { billingProjection, billingStatements, BILLING_PROJECTION, STOCK_LINES, AGREEMENTS, OTHER_EVENTS } from './charges/billing.projection';
export { MonthBills } from './monthbill/month-bills';
export { MonthBillDecisions } from './monthbill/monthbill.decisions';
export { GENERATE_BUTTON } from './monthbill/monthbill.controller';
export { MONTH_BILLS, ONE_BILL_PER_MONTH, isSecondBillOfMonth, monthBillsProjection } from './monthbill/bills.projection';
export * from './billing.context';
export { reportFactsProjection, reportFactStatements, BILLING_REPORT_PROJECTION } from './charges/report-facts.projection';
