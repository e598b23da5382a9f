import { date, num, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, amountField, billingActions, billingColumns, billingFilters, billingLifecycle, chargeHeader, lineAmountField, otherBillRoutes } from './common';

/**
 * Package warehouse bill (包仓单, spec 02 packagewarehousebill with detail): a cargo owner takes
 * whole warehouse areas for a period at a lump sum, whatever it stores there; one line per
 * area (or per cost item of it: the area's fee, its utilities...) at quantity x price, the
 * quantity in the line's unit (months, m², the area as one). amount = Σ lines, each rounded
 * half up to the cent. docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const packagewarehousebill = defineDocument({
  name: 'packagewarehousebill',
  service: 'bl-billing',
  streamType: 'PackageWarehouseBill',
  title: L('包仓单', 'Package warehouse bill', '包倉單'),
  billType: 45,
  billNo: { serialCode: 'packagewarehousebill', prefix: 'BC', serialName: L('包仓单号', 'Package warehouse bill number', '包倉單號') },
  header: {
    ...chargeHeader(),
    agreementCode: ref(L('物流协议', 'Fee agreement', '物流協議'), 'lgagreement'),
    periodStart: date(L('包仓开始日期', 'Period from', '包倉開始日期'), { required: true }),
    periodEnd: date(L('包仓结束日期', 'Period to', '包倉結束日期'), { required: true }),
    amount: amountField(),
  },
  lines: {
    key: 'details',
    label: L('包仓明细', 'Areas', '包倉明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true }),
      costtypeCode: ref(L('费用类型', 'Cost type', '費用類型'), 'costtype'),
      area: num(L('面积(m²)', 'Area (m²)', '面積(m²)'), 'measure'),
      unitCode: ref(L('计费单位', 'Charging unit', '計費單位'), 'unit'),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
      price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true }),
      amount: lineAmountField(),
      lineRemark: text(L('行备注', 'Line remark', '行備註'), { max: 200 }),
    },
    uniqueBy: ['warehouseAreaCode', 'costtypeCode'],
    totals: {
      area: { of: 'area', label: L('总面积(m²)', 'Total area (m²)', '總面積(m²)'), scale: 2 },
      amount: { of: 'amount', label: L('总金额', 'Total amount', '總金額'), scale: 2 },
    },
  },
  refine: (c, ctx) => {
    if (typeof c.periodStart === 'string' && typeof c.periodEnd === 'string' && c.periodEnd < c.periodStart) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'validation.endBeforeStart' });
    }
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'periodStart', 'periodEnd', 'amount', 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'customerCode', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 14, icon: 'home' },
  routes: otherBillRoutes('packagewarehousebill'),
  feeds: [],
  example: {
    billDate: '2026-11-01',
    customerCode: 'C006',
    agreementCode: 'AG-C006-2026',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    details: [{ warehouseAreaCode: 'SH1-C', area: 420, unitCode: 'PCS', qty: 1, price: 36000 }],
  },
});
