import { BILLING_REPORTS, BILLING_REPORT_MENUS, billingReportNames, type BillingReportDef } from '@tpl/contracts';
import { byMonth } from '../../web/src/features/billing/figures';

// The billing console's pure parts, given/when/then: the dashboard's month figures, and one page per spec 01 /acct route.
describe('billing console', () => {
  it('sums the month bills per month, oldest first, exact to the cent', () => {
    const rows = [
      { month: '2026-11', totalCost: 0.1, amountDue: 0.1, paidAmount: 0 },
      { month: '2026-10', totalCost: 610, amountDue: 610, paidAmount: 600 },
      { month: '2026-11', totalCost: 0.2, amountDue: 0.2, paidAmount: 0.2 },
    ];
    expect(byMonth(rows)).toEqual([
      { month: '2026-10', totalCost: 610, amountDue: 610, paidAmount: 600, bills: 1 },
      { month: '2026-11', totalCost: 0.3, amountDue: 0.3, paidAmount: 0.2, bills: 2 },
    ]);
  });

  it('gives every report a page at each spec route it answers, under its group, with unique menu codes', () => {
    const views = billingReportNames.flatMap((n) => BILLING_REPORTS[n].views.map((v) => `/${(BILLING_REPORTS[n] as BillingReportDef).group ?? 'acct'}/${v}`));
    expect(BILLING_REPORT_MENUS.map((m) => m.path)).toEqual(views);
    expect(new Set(BILLING_REPORT_MENUS.map((m) => m.code)).size).toBe(BILLING_REPORT_MENUS.length);
    expect(new Set(billingReportNames.map((n) => BILLING_REPORTS[n].api)).size).toBe(billingReportNames.length);
    // every route spec 01 lists for the billing reports has its page
    const spec = [
      ...['report/costbillView', 'report/costbillDayAcctSum', 'report/costbilldeatilSum', 'report/costbilldeatilIn', 'report/costbilldeatilOut', 'report/yearsmonthinDetail',
        'lcr/costbilldeatilSum', 'lcr/costbilldeatilIn', 'lcr/costbilldeatilOut', 'lcr/costbillZaFeIn', 'lcr/costbillZaFeOut', 'lcr/costbillZaFeYunshu', 'lcr/costbillZaFeZhuangxie',
        'lcr/inOutSideBoardDetail', 'lcr/ylmatReportDetail', 'lcr/ylmatReportDayWare', 'lcr/packmatReport', 'lcr/importmatReport', 'lcr/ylmatReportbillSum'].map((v) => `/acct/${v}`),
      '/reportManagement/empCostMonthDetailView',
      '/reportManagement/costLadingView',
      // beside spec 01's routes: spec 02's costacct (the receivables ledger), costdetail (the charges by bill), costbilldetailpack (the package
      // material charges) and monthbegininv (the month-opening stock), issue 30
      '/acct/costacct',
      '/acct/costbilldetailpack',
      '/acct/costdetail',
      '/acct/monthbegininv',
    ];
    expect(BILLING_REPORT_MENUS.map((m) => m.path).sort()).toEqual(spec.sort());
    // each incidental-fee route its own report (its own kind), the piece-work reports for the warehouse's staff only
    expect(BILLING_REPORT_MENUS.find((m) => m.path === '/acct/lcr/costbillZaFeZhuangxie')).toMatchObject({ report: 'costbillZaFeZhuangxie', group: 'acct', staffOnly: false });
    expect(BILLING_REPORT_MENUS.filter((m) => m.staffOnly).map((m) => m.code)).toEqual(['rm_empCostMonthDetailView', 'rm_costLadingView']);
  });
});
