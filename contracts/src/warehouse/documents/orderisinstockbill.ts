import { date, docRef, num, ref, plate, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, cancelAction, closeAction, goodsFills, goodsLeft, goodsLine, ownerHeader, ownerOf, reportFields, stockType } from './common';

/** What an inbound bill tells its booking when it receives: which bill, and how much of each booked line. */
const receiptFields = reportFields(L('入库单', 'Inbound bill', '入庫單'));

/**
 * Booked inbound (预约入库单, spec 02 orderisinstockbill): what a cargo owner announces it
 * will deliver. Inbound bills receive against it, in parts; what they receive adds up on its
 * lines (receivedQty) and no receipt may take a line beyond its booked quantity. States and
 * who moves them: docs/DOMAIN.md "Warehouse documents".
 */
export const orderisinstockbill = defineDocument({
  name: 'orderisinstockbill',
  service: 'bl-warehouse',
  streamType: 'BookedInbound',
  title: L('预约入库单', 'Booked inbound', '預約入庫單'),
  billType: 11,
  billNo: { serialCode: 'orderisinstockbill', prefix: 'YR', serialName: L('预约入库单号', 'Booked inbound number', '預約入庫單號') },
  header: {
    ...ownerHeader(),
    stockType: stockType(),
    // the purchase apply it books: picked among the approved ones, and what is left copied
    applyNo: docRef(L('采购申请号', 'Purchase apply number', '採購申請號'), 'purchaseapplybill', { states: ['Approved', 'Booking'] }),
    supplierCode: ref(L('供应商', 'Supplier', '供應商'), 'supplier'),
    sourceBillNo: text(L('来源单号', 'Source bill number', '來源單號'), { max: 40 }),
    planDate: date(L('预计到货日期', 'Expected arrival', '預計到貨日期'), { required: true }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
  },
  sources: {
    // book the delivery of what is left of a purchase apply
    purchaseapplybill: {
      states: ['Approved', 'Booking'],
      label: L('生成预约入库', 'Book inbound', '生成預約入庫'),
      copy: (a) => ({
        ...ownerOf(a),
        stockType: 'NORMAL',
        applyNo: a.billNo,
        supplierCode: a.supplierCode,
        ...(a.sourceBillNo ? { sourceBillNo: a.sourceBillNo } : {}),
        ...(a.planDate ? { planDate: a.planDate } : {}),
        details: goodsLeft(a, 'bookedQty'),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...goodsLine({ expiring: true }),
      applyLineNumber: num(L('采购申请行号', 'Purchase apply line', '採購申請行號'), 'count'),
      receivedQty: num(L('已收数量', 'Received', '已收數量'), 'quantity', { generated: true }),
    },
    uniqueBy: ['materialCode', 'batchNo'],
    fills: goodsFills(),
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      weg: { of: 'weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)'), scale: 3 },
      board: { of: 'board', label: L('总托数', 'Total pallets', '總托數'), scale: 0 },
      volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
      receivedQty: { of: 'receivedQty', label: L('已收总数', 'Total received', '已收總數'), scale: 3 },
    },
  },
  refine: (c, ctx) => {
    if (typeof c.planDate === 'string' && typeof c.billDate === 'string' && c.planDate < c.billDate) {
      ctx.addIssue({ code: 'custom', path: ['planDate'], message: 'validation.plannedBeforeBill' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: 'Audited', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      // open for receipts
      Audited: { label: L('待收货', 'Awaiting goods', '待收貨'), tone: 'processing', on: { RECORD_RECEIPT: 'Receiving', COMPLETE_RECEIPT: 'Received', CANCEL: 'Cancelled' } },
      Receiving: { label: L('收货中', 'Receiving', '收貨中'), tone: 'warning', on: { RECORD_RECEIPT: 'Receiving', COMPLETE_RECEIPT: 'Received', CLOSE: 'Closed' } },
      Received: { label: L('已收货', 'Received', '已收貨'), tone: 'success', final: true },
      // short-closed: what was not delivered is no longer expected
      Closed: { label: L('已关闭', 'Closed', '已關閉'), tone: 'default', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: auditAction(),
    close: closeAction(),
    cancel: cancelAction(),
    // sent by an inbound bill when it receives: the quantities land on the lines (receivedQty)
    recordReceipt: { label: L('登记收货', 'Record receipt', '登記收貨'), event: 'RECORD_RECEIPT', fact: 'ReceiptRecorded', system: true, fields: receiptFields, into: 'lastReceipt' },
    completeReceipt: { label: L('收货完成', 'Receipt complete', '收貨完成'), event: 'COMPLETE_RECEIPT', fact: 'ReceiptCompleted', system: true, fields: receiptFields, into: 'lastReceipt', at: 'receivedAt' },
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'sourceBillNo' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'stockType', 'supplierCode', 'sourceBillNo', 'planDate', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalReceived', path: 'totals.receivedQty', label: L('已收总数', 'Total received', '已收總數') },
      { key: 'totalWeg', path: 'totals.weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'sourceBillNo', match: 'contains' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  // customers send their bookings as spreadsheets: one draft per customer bill number (sourceBillNo)
  import: true,
  menu: { parent: 'warehousingManagement', sort: 1, icon: 'calendar' },
  routes: {
    list: '/warehousingManagement/orderIsinstockbill',
    new: '/warehousingManagement/orderIsinstockbillForm',
    view: '/warehousingManagement/orderIsinstockbillFormView/:id',
    edit: '/warehousingManagement/orderIsinstockbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    stockType: 'NORMAL',
    planDate: '2026-11-24',
    details: [{ materialCode: 'M001', batchNo: 'B20261120', qty: 100, qtyWeg: 10, boardQty: 40, volume: 1.2, expiringDate: '2027-11-20' }],
  },
});
