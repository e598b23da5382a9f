import { date, mobile, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, cancelAction, closeAction, ownerHeader, plannedNotBeforeBill, pricedOrderLines, upstreamLifecycle } from './common';

/** Open once confirmed; outbound orders take their part (and give it back), each telling which order and how much of each line. */
const flow = upstreamLifecycle({
  open: ['Confirmed', L('已确认', 'Confirmed', '已確認')],
  partly: ['Ordering', L('部分下单', 'Partly ordered out', '部分下單')],
  done: ['Completed', L('已完成', 'Completed', '已完成')],
  word: 'Order',
  reporter: L('出库订单', 'Outbound order', '出庫訂單'),
  labels: { record: L('登记下单', 'Record outbound order', '登記下單'), complete: L('下单完成', 'Fully ordered out', '下單完成'), giveBack: L('退回下单', 'Outbound order given back', '退回下單') },
  at: 'completedAt',
});

/**
 * Sales order (销售订单, spec 02 ossobill): the cargo owner's customer's order as the owner sends
 * it: who buys (the consignee, its contact and address), when the goods are wanted, what at which
 * price. It sits upstream of the outbound order: outbound orders are made from a confirmed sales
 * order, each taking what is left of its lines; what they order out adds up on its lines
 * (orderedQty) and it completes when all is. States and rules: docs/DOMAIN.md "Sales orders and
 * delivery notices (issue 30)".
 */
export const ossobill = defineDocument({
  name: 'ossobill',
  service: 'bl-warehouse',
  streamType: 'SalesOrder',
  title: L('销售订单', 'Sales order', '銷售訂單'),
  billType: 26,
  billNo: { serialCode: 'ossobill', prefix: 'XS', serialName: L('销售订单号', 'Sales order number', '銷售訂單號') },
  header: {
    ...ownerHeader(),
    // the owner's own number for the order (its customer's PO), as it sent it
    sourceBillNo: text(L('客户订单号', 'Customer order number', '客戶訂單號'), { max: 40 }),
    consigneeName: text(L('客户(收货单位)', 'Customer (consignee)', '客戶(收貨單位)'), { required: true, max: 100 }),
    receiverName: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    receiverMobile: mobile(L('联系人手机号', 'Contact mobile', '聯絡人手機號')),
    receiverAddress: text(L('收货地址', 'Delivery address', '收貨地址'), { required: true, max: 200 }),
    planDate: date(L('要求到货日期', 'Wanted by', '要求到貨日期'), { required: true }),
  },
  lines: pricedOrderLines('orderedQty', L('已下单数量', 'Ordered out', '已下單數量'), L('已下单总数', 'Total ordered out', '已下單總數')),
  refine: plannedNotBeforeBill,
  lifecycle: { initial: 'Draft', states: flow.states },
  actions: {
    audit: { ...auditAction(), label: L('确认', 'Confirm', '確認') },
    close: closeAction(),
    cancel: cancelAction(),
    // sent by an outbound order when it is confirmed (the quantities land on the lines: orderedQty), or cancelled after (given back)
    ...flow.actions,
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'consigneeName' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'sourceBillNo', 'consigneeName', 'planDate', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalAmount', path: 'totals.amount', label: L('总金额', 'Total amount', '總金額') },
      { key: 'totalOrdered', path: 'totals.orderedQty', label: L('已下单总数', 'Total ordered out', '已下單總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'sourceBillNo', match: 'contains' }, { key: 'consigneeName', match: 'contains' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 0, icon: 'shopping-cart' },
  routes: {
    list: '/outWarehouseManagement/ossobill',
    new: '/outWarehouseManagement/ossobillForm',
    view: '/outWarehouseManagement/ossobillFormView/:id',
    edit: '/outWarehouseManagement/ossobillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    consigneeName: 'Harbour Mart',
    receiverName: 'Chan Tai Man',
    receiverAddress: '12 Harbour Road',
    planDate: '2026-11-25',
    details: [{ materialCode: 'M001', qty: 20, price: 12.35 }],
  },
});
