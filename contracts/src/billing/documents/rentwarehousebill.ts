import { date, num, ref } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, amountField, billingActions, billingColumns, billingFilters, billingLifecycle, chargeHeader, otherBillRoutes } from './common';

/**
 * Rent warehouse bill (租仓单, spec 02 rentwarehousebill, no detail): floor space of one area
 * rented to a cargo owner by the square metre and the day. days = periodEnd - periodStart + 1
 * (both days count) and amount = rentArea x price x days, rounded half up to the cent, are
 * computed. docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const rentwarehousebill = defineDocument({
  name: 'rentwarehousebill',
  service: 'bl-billing',
  streamType: 'RentWarehouseBill',
  title: L('租仓单', 'Rent warehouse bill', '租倉單'),
  billType: 46,
  billNo: { serialCode: 'rentwarehousebill', prefix: 'ZU', serialName: L('租仓单号', 'Rent warehouse bill number', '租倉單號') },
  header: {
    ...chargeHeader(),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true, filter: true }),
    periodStart: date(L('起租日期', 'Rent from', '起租日期'), { required: true }),
    periodEnd: date(L('止租日期', 'Rent to', '止租日期'), { required: true }),
    rentArea: num(L('租用面积(m²)', 'Area rented (m²)', '租用面積(m²)'), 'measure', { required: true, positive: true }),
    price: num(L('单价(元/m²/天)', 'Price (per m² per day)', '單價(元/m²/天)'), 'unitPrice', { required: true }),
    days: num(L('计租天数', 'Days', '計租天數'), 'count', { generated: true }),
    amount: amountField(),
  },
  refine: (c, ctx) => {
    if (typeof c.periodStart === 'string' && typeof c.periodEnd === 'string' && c.periodEnd < c.periodStart) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'validation.endBeforeStart' });
    }
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'periodStart', 'periodEnd', 'rentArea', 'price', 'days', 'amount', 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'customerCode', match: 'exact' }, { key: 'warehouseAreaCode', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 15, icon: 'shop' },
  routes: otherBillRoutes('rentwarehousebill'),
  feeds: [],
  example: {
    billDate: '2026-11-30',
    customerCode: 'C004',
    warehouseAreaCode: 'SH1-B',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    rentArea: 150,
    price: 1.2,
  },
});
