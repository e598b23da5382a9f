import { date, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, cancelAction, closeAction, ownerHeader, plannedNotBeforeBill, pricedOrderLines, upstreamLifecycle } from './common';

/** Open once approved; booked inbounds take their part (and give it back), each telling which booking and how much of each line. */
const flow = upstreamLifecycle({
  open: ['Approved', L('已审核', 'Approved', '已審核')],
  partly: ['Booking', L('部分预约', 'Partly booked', '部分預約')],
  done: ['Booked', L('已预约', 'Booked', '已預約')],
  word: 'Booking',
  reporter: L('预约入库单', 'Booked inbound', '預約入庫單'),
  labels: { record: L('登记预约', 'Record booking', '登記預約'), complete: L('预约完成', 'Fully booked', '預約完成'), giveBack: L('退回预约', 'Booking given back', '退回預約') },
  at: 'bookedAt',
});

/**
 * Purchase apply (采购申请, spec 02 "purchase apply"): the cargo owner's request that goods it
 * bought from a supplier be received, with what it paid for them. It sits upstream of the booked
 * inbound: bookings are made from an approved apply, each taking what is left of its lines; what
 * they book adds up on its lines (bookedQty) and it is fully booked when all is. States and rules:
 * docs/DOMAIN.md "Purchase apply and receipt bill".
 */
export const purchaseapplybill = defineDocument({
  name: 'purchaseapplybill',
  service: 'bl-warehouse',
  streamType: 'PurchaseApply',
  title: L('采购申请', 'Purchase apply', '採購申請'),
  billType: 10,
  billNo: { serialCode: 'purchaseapplybill', prefix: 'CG', serialName: L('采购申请号', 'Purchase apply number', '採購申請號') },
  header: {
    ...ownerHeader(),
    supplierCode: ref(L('供应商', 'Supplier', '供應商'), 'supplier', { required: true }),
    // the owner's own purchase order number, as it sent it
    sourceBillNo: text(L('采购订单号', 'Purchase order number', '採購訂單號'), { max: 40 }),
    planDate: date(L('预计到货日期', 'Expected arrival', '預計到貨日期'), { required: true }),
  },
  lines: pricedOrderLines('bookedQty', L('已预约数量', 'Booked', '已預約數量'), L('已预约总数', 'Total booked', '已預約總數')),
  refine: plannedNotBeforeBill,
  lifecycle: { initial: 'Draft', states: flow.states },
  actions: {
    audit: auditAction(),
    close: closeAction(),
    cancel: cancelAction(),
    // sent by a booked inbound when it is confirmed (the quantities land on the lines: bookedQty), or cancelled after (given back)
    ...flow.actions,
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'sourceBillNo' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'supplierCode', 'sourceBillNo', 'planDate', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalAmount', path: 'totals.amount', label: L('总金额', 'Total amount', '總金額') },
      { key: 'totalBooked', path: 'totals.bookedQty', label: L('已预约总数', 'Total booked', '已預約總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'supplierCode', match: 'exact' }, { key: 'sourceBillNo', match: 'contains' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'warehousingManagement', sort: 0, icon: 'shopping-cart' },
  routes: {
    list: '/warehousingManagement/purchaseapplybill',
    new: '/warehousingManagement/purchaseapplybillForm',
    view: '/warehousingManagement/purchaseapplybillFormView/:id',
    edit: '/warehousingManagement/purchaseapplybillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    supplierCode: 'S001',
    planDate: '2026-11-25',
    details: [{ materialCode: 'M001', qty: 20, price: 12.35 }],
  },
});
