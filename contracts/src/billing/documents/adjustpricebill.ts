import { num, oneOf, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, amountField, billingActions, billingColumns, billingFilters, billingLifecycle, chargeHeader, otherBillRoutes } from './common';

/** A month written as yyyy-MM. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Adjust-price bill (调价单, spec 02 adjustpricebill with detail): a signed adjustment of a cargo
 * owner's charges, line by line per cost type: an increase or a decrease (a credit) with its
 * reason. It never rewrites a month bill: it lands, as other costs, on the month bill of its
 * billDate (the next open month when the month it corrects, `sourceMonth`, is closed). Its
 * amount = Σ increases - Σ decreases, and may be negative. docs/DOMAIN.md "Billing documents
 * (issue 15)".
 */
export const adjustpricebill = defineDocument({
  name: 'adjustpricebill',
  service: 'bl-billing',
  streamType: 'AdjustPriceBill',
  title: L('调价单', 'Adjust-price bill', '調價單'),
  billType: 44,
  billNo: { serialCode: 'adjustpricebill', prefix: 'TJ', serialName: L('调价单号', 'Adjust-price bill number', '調價單號') },
  header: {
    ...chargeHeader(),
    sourceMonth: text(L('调整月份', 'Month adjusted', '調整月份'), { max: 7, pattern: MONTH, patternKey: 'billing.validation.month', filter: true }),
    adjustReason: text(L('调整原因', 'Reason', '調整原因'), { required: true, max: 200 }),
    amount: amountField({ signed: true }),
  },
  lines: {
    key: 'details',
    label: L('调整明细', 'Adjustments', '調整明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      costtypeCode: ref(L('费用类型', 'Cost type', '費用類型'), 'costtype', { required: true }),
      adjustType: oneOf(L('调整方向', 'Direction', '調整方向'), {
        INCREASE: L('调增', 'Increase', '調增'),
        DECREASE: L('调减', 'Decrease', '調減'),
      }, { required: true }),
      adjustAmount: num(L('调整金额', 'Amount', '調整金額'), 'money', { required: true, positive: true }),
      amount: num(L('计入金额', 'Signed amount', '計入金額'), 'signedMoney', { generated: true }),
      lineRemark: text(L('行备注', 'Line remark', '行備註'), { max: 200 }),
    },
    totals: { amount: { of: 'amount', label: L('调整合计', 'Net adjustment', '調整合計'), scale: 2 } },
  },
  refine: (c, ctx) => {
    if (typeof c.sourceMonth === 'string' && MONTH.test(c.sourceMonth) && typeof c.billDate === 'string' && c.sourceMonth > c.billDate.slice(0, 7)) {
      ctx.addIssue({ code: 'custom', path: ['sourceMonth'], message: 'billing.validation.monthAfterBill' });
    }
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'sourceMonth', 'adjustReason', 'amount', 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'customerCode', match: 'exact' }, { key: 'sourceMonth', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 13, icon: 'edit' },
  routes: otherBillRoutes('adjustpricebill'),
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    sourceMonth: '2026-10',
    adjustReason: '10月仓储费按新协议价补差',
    details: [
      { costtypeCode: 'STORAGE', adjustType: 'INCREASE', adjustAmount: 120.5 },
      { costtypeCode: 'HANDLING', adjustType: 'DECREASE', adjustAmount: 30 },
    ],
  },
});
