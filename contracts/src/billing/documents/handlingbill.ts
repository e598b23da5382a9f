import { num, oneOf, ref, plate, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, amountField, billingActions, billingColumns, billingFilters, billingLifecycle, chargeHeader, otherBillRoutes } from './common';

/**
 * Handling bill (装卸费单, spec 02 handlingbill, no detail): a loading or unloading job charged
 * to a cargo owner outside the stock stream's own handling fee (a container unstuffed by hand,
 * goods restacked, a transshipment), quoted as quantity x price in a unit; `relatedBillNo` is
 * the inbound or outbound bill it was done for (the inbound header's handlingBillCode points
 * back at it). amount = qty x price, rounded half up to the cent. docs/DOMAIN.md "Billing
 * documents (issue 15)".
 */
export const handlingbill = defineDocument({
  name: 'handlingbill',
  service: 'bl-billing',
  streamType: 'HandlingBill',
  title: L('装卸费单', 'Handling bill', '裝卸費單'),
  billType: 43,
  billNo: { serialCode: 'handlingbill', prefix: 'ZX', serialName: L('装卸费单号', 'Handling bill number', '裝卸費單號') },
  header: {
    ...chargeHeader(),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
    handlingType: oneOf(L('作业类型', 'Job', '作業類型'), {
      UNLOADING: L('卸货', 'Unloading', '卸貨'),
      LOADING: L('装货', 'Loading', '裝貨'),
      TRANSSHIP: L('倒货', 'Transshipment', '倒貨'),
      RESTACK: L('码垛整理', 'Restacking', '碼垛整理'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true, filter: true }),
    direction: oneOf(L('方向', 'Direction', '方向'), {
      IN: L('入库', 'Inbound', '入庫'),
      OUT: L('出库', 'Outbound', '出庫'),
      INSIDE: L('库内', 'In the warehouse', '庫內'),
    }, { required: true, filter: true }),
    relatedBillNo: text(L('关联单号', 'Related bill', '關聯單號'), { max: 40, filter: true }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    porterCode: ref(L('装卸工', 'Porter', '裝卸工'), 'porter'),
    unitCode: ref(L('计费单位', 'Charging unit', '計費單位'), 'unit', { required: true }),
    qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
    price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true }),
    amount: amountField(),
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'handlingType', 'direction', 'relatedBillNo', 'qty', 'unitCode', 'price', 'amount', 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'customerCode', match: 'exact' }, 'handlingType', 'direction', { key: 'relatedBillNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 12, icon: 'swap' },
  routes: otherBillRoutes('handlingbill'),
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C002',
    warehouseAreaCode: 'SH1-A',
    handlingType: 'UNLOADING',
    direction: 'IN',
    relatedBillNo: 'RK2026112400001',
    carNo: '沪A12345',
    unitCode: 'T',
    qty: 12.5,
    price: 18,
  },
});
