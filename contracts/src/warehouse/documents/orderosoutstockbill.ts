import { date, docRef, mobile, num, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, cancelAction, closeAction, goodsFills, goodsLeft, goodsLine, ownerHeader, plannedNotBeforeBill, reviewedDraft, reportFields, stockType } from './common';

/**
 * Outbound order (出库订单, spec 02 orderosoutstockbill): what a cargo owner asks to have
 * shipped. Outbound bills allocate, pick and ship against it, in parts; what they ship adds
 * up on its lines (shippedQty) and no line may be shipped beyond its ordered quantity. Made from
 * a confirmed sales order (soNo), it takes what is left of it when it is confirmed, and gives it
 * back when cancelled before shipping (docs/DOMAIN.md "Sales orders and delivery notices (issue 30)").
 */
export const orderosoutstockbill = defineDocument({
  name: 'orderosoutstockbill',
  service: 'bl-warehouse',
  streamType: 'OutboundOrder',
  title: L('出库订单', 'Outbound order', '出庫訂單'),
  billType: 21,
  billNo: { serialCode: 'orderosoutstockbill', prefix: 'YC', serialName: L('出库订单号', 'Outbound order number', '出庫訂單號') },
  header: {
    ...ownerHeader(),
    stockType: stockType(),
    sourceBillNo: text(L('来源单号', 'Source bill number', '來源單號'), { max: 40 }),
    // the sales order it orders out: picked among the confirmed ones, and what is left copied
    soNo: docRef(L('销售订单号', 'Sales order number', '銷售訂單號'), 'ossobill', { states: ['Confirmed', 'Ordering'] }),
    planDate: date(L('计划发货日期', 'Planned shipping date', '計劃發貨日期'), { required: true }),
    receiverName: text(L('收货人', 'Receiver', '收貨人'), { max: 50 }),
    receiverMobile: mobile(L('收货人手机号', 'Receiver mobile', '收貨人手機號')),
    receiverAddress: text(L('收货地址', 'Delivery address', '收貨地址'), { max: 200 }),
  },
  sources: {
    // order out what is left of a sales order
    ossobill: {
      states: ['Confirmed', 'Ordering'],
      label: L('生成出库订单', 'Order out', '生成出庫訂單'),
      copy: (o) => ({
        customerCode: o.customerCode,
        warehouseAreaCode: o.warehouseAreaCode,
        stockType: 'NORMAL',
        soNo: o.billNo,
        ...(o.sourceBillNo ? { sourceBillNo: o.sourceBillNo } : {}),
        ...(o.planDate ? { planDate: o.planDate } : {}),
        ...Object.fromEntries((['receiverName', 'receiverMobile', 'receiverAddress'] as const).filter((k) => o[k]).map((k) => [k, o[k]])),
        ...(!o.receiverName && o.consigneeName ? { receiverName: String(o.consigneeName).slice(0, 50) } : {}),
        details: goodsLeft(o, 'orderedQty'),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: { ...goodsLine(), applyLineNumber: num(L('销售订单行号', 'Sales order line', '銷售訂單行號'), 'count'), shippedQty: num(L('已发数量', 'Shipped', '已發數量'), 'quantity', { generated: true }) },
    uniqueBy: ['materialCode', 'batchNo'],
    fills: goodsFills(),
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      weg: { of: 'weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)'), scale: 3 },
      volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
      shippedQty: { of: 'shippedQty', label: L('已发总数', 'Total shipped', '已發總數'), scale: 3 },
    },
  },
  refine: plannedNotBeforeBill,
  lifecycle: {
    initial: 'Draft',
    states: {
      ...reviewedDraft('Audited'),
      Audited: { label: L('待发货', 'Awaiting shipment', '待發貨'), tone: 'processing', on: { RECORD_SHIPMENT: 'Shipping', COMPLETE_SHIPMENT: 'Shipped', CANCEL: 'Cancelled' } },
      Shipping: { label: L('发货中', 'Shipping', '發貨中'), tone: 'warning', on: { RECORD_SHIPMENT: 'Shipping', COMPLETE_SHIPMENT: 'Shipped', CLOSE: 'Closed' } },
      Shipped: { label: L('已发货', 'Shipped', '已發貨'), tone: 'success', final: true },
      Closed: { label: L('已关闭', 'Closed', '已關閉'), tone: 'default', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: auditAction(),
    close: closeAction(),
    cancel: cancelAction(),
    recordShipment: { label: L('登记发货', 'Record shipment', '登記發貨'), event: 'RECORD_SHIPMENT', fact: 'ShipmentRecorded', system: true, fields: reportFields(L('出库单', 'Outbound bill', '出庫單')), into: 'lastShipment' },
    completeShipment: { label: L('发货完成', 'Shipment complete', '發貨完成'), event: 'COMPLETE_SHIPMENT', fact: 'ShipmentCompleted', system: true, fields: reportFields(L('出库单', 'Outbound bill', '出庫單')), into: 'lastShipment', at: 'shippedAt' },
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'receiverName' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'stockType', 'sourceBillNo', 'planDate', 'receiverName', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalShipped', path: 'totals.shippedQty', label: L('已发总数', 'Total shipped', '已發總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'sourceBillNo', match: 'contains' }, { key: 'soNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  // customers send their orders as spreadsheets: one draft per customer bill number (sourceBillNo)
  import: true,
  menu: { parent: 'outWarehouseManagement', sort: 1, icon: 'file-text' },
  routes: {
    list: '/outWarehouseManagement/orderOsoutstockbill',
    new: '/outWarehouseManagement/orderOsoutstockbillForm',
    view: '/outWarehouseManagement/orderOsoutstockbillFormView/:id',
    edit: '/outWarehouseManagement/orderOsoutstockbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    stockType: 'NORMAL',
    planDate: '2026-11-24',
    details: [{ materialCode: 'M001', qty: 20, qtyWeg: 10 }],
  },
});
