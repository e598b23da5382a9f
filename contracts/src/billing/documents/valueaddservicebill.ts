import { num, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, amountField, billingActions, billingColumns, billingFilters, billingLifecycle, chargeHeader, lineAmountField, otherBillRoutes } from './common';

/**
 * Value-added service bill (增值服务单, spec 02 valueaddservicebill): services beyond storage and
 * handling done for a cargo owner (labelling, repacking, palletising...), one line per cost
 * type at its price. amount = Σ price x qty (each line rounded half up to the cent) and
 * totalQty = Σ qty are computed; `versionStamp` (the spec's `version`, yyyyMMddHHmmssffffff)
 * is stamped from the time of each change. docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const valueaddservicebill = defineDocument({
  name: 'valueaddservicebill',
  service: 'bl-billing',
  streamType: 'ValueAddServiceBill',
  title: L('增值服务单', 'Value-added service bill', '增值服務單'),
  billType: 42,
  billNo: { serialCode: 'valueaddservicebill', prefix: 'ZZ', serialName: L('增值服务单号', 'Value-added service bill number', '增值服務單號') },
  header: {
    ...chargeHeader(),
    agreementCode: ref(L('物流协议', 'Fee agreement', '物流協議'), 'lgagreement', { filter: true }),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
    amount: amountField(),
    totalQty: num(L('总数量', 'Total quantity', '總數量'), 'quantity', { generated: true }),
  },
  lines: {
    key: 'details',
    label: L('服务明细', 'Services', '服務明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      costtypeCode: ref(L('费用类型', 'Cost type', '費用類型'), 'costtype', { required: true }),
      unitCode: ref(L('计费单位', 'Charging unit', '計費單位'), 'unit'),
      price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true }),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
      amount: lineAmountField(),
      lineRemark: text(L('行备注', 'Line remark', '行備註'), { max: 200 }),
    },
    uniqueBy: ['costtypeCode', 'unitCode', 'price'],
    fills: { costtypeCode: { set: { unitCode: 'unitCode', price: 'price' }, ifEmpty: true } },
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      amount: { of: 'amount', label: L('总金额', 'Total amount', '總金額'), scale: 2 },
    },
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'agreementCode', 'amount', 'totalQty',
      { key: 'versionStamp', path: 'versionStamp', label: L('版本', 'Version', '版本'), kind: 'text' }, 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'customerCode', match: 'exact' }, { key: 'agreementCode', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 11, icon: 'appstore-add' },
  routes: otherBillRoutes('valueaddservicebill'),
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    agreementCode: 'AG-C001-2026',
    details: [
      { costtypeCode: 'VAS-LABEL', unitCode: 'PCS', price: 0.35, qty: 1200 },
      { costtypeCode: 'VAS-WRAP', unitCode: 'PLT', price: 15, qty: 8 },
    ],
  },
});
