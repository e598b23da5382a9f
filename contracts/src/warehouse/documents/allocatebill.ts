import { lineRef, num, plate, ref, rows, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { subQty } from '../units';
import { L, ownerHeader } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, reviewedStates, stockRowLine } from './stockrow';

/**
 * Allocate bill (调拨单, spec 02 "allocate"): one owner's goods sent from one warehouse of the
 * operator to another (another root of the area tree; a move inside one warehouse is the
 * warehouse transfer). Its lines name stock rows of the source area, as a transfer's do.
 * Confirming allocates them (nothing else ships them), shipping takes them out of the source
 * bins into transit (`TRANSIT-<billNo>`, still the owner's), receiving puts them into bins of
 * the target warehouse, in one go or several; cancelling before shipping releases them.
 * States and decisions: docs/DOMAIN.md "Allocate bill".
 */
export const allocatebill = defineDocument({
  name: 'allocatebill',
  service: 'bl-warehouse',
  streamType: 'AllocateBill',
  title: L('调拨单', 'Allocate bill', '調撥單'),
  billType: 29,
  billNo: { serialCode: 'allocatebill', prefix: 'DB', serialName: L('调拨单号', 'Allocate bill number', '調撥單號') },
  header: {
    ...ownerHeader(),
    warehouseAreaCode: ref(L('调出库区', 'From area', '調出庫區'), 'warehousearea', { required: true, pick: { holdsPlaces: '1' } }),
    targetWarehouseAreaCode: ref(L('调入库区', 'To area', '調入庫區'), 'warehousearea', { required: true, pick: { holdsPlaces: '1' } }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...stockRowLine({ place: L('调出库位', 'From location', '調出庫位') }),
      receivedQty: num(L('已收数量', 'Received', '已收數量'), 'quantity', { generated: true }),
      shortQty: num(L('短收数量', 'Short', '短收數量'), 'quantity', { generated: true }),
    },
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      receivedQty: { of: 'receivedQty', label: L('已收总数', 'Total received', '已收總數'), scale: 3 },
      shortQty: { of: 'shortQty', label: L('短收总数', 'Total short', '短收總數'), scale: 3 },
    },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      ...reviewedStates({ event: 'CONFIRM', target: 'Confirmed' }),
      // the lines' stock is allocated to the bill in the source warehouse
      Confirmed: { label: L('已分配', 'Allocated', '已分配'), tone: 'processing', on: { SHIP: 'Shipped', CANCEL: 'Cancelled' } },
      // out of the source bins, on the way: still the owner's stock
      Shipped: { label: L('在途', 'In transit', '在途'), tone: 'warning', on: { RECEIVE: 'Receiving', COMPLETE_RECEIPT: 'Received', CLOSE_SHORT: 'Received' } },
      // a part arrived; the rest stays in transit until the next receipt, or until the bill is closed short
      Receiving: { label: L('部分到货', 'Partly received', '部分到貨'), tone: 'warning', on: { RECEIVE: 'Receiving', COMPLETE_RECEIPT: 'Received', CLOSE_SHORT: 'Received' } },
      Received: { label: L('已到货', 'Received', '已到貨'), tone: 'success', final: true },
    },
  },
  actions: {
    // the facts named as a keeper says them: 分配时间 / 分配人, 发运时间 / 发运人 (not the states they lead to)
    confirm: { label: L('确认调拨', 'Confirm and allocate', '確認調撥'), event: 'CONFIRM', fact: 'Confirmed', factLabel: L('分配', 'Allocated', '分配'), at: 'confirmedAt', by: 'confirmedBy', confirm: true },
    ship: { label: L('调出发运', 'Ship out', '調出發運'), event: 'SHIP', fact: 'Shipped', factLabel: L('发运', 'Shipped', '發運'), at: 'shippedAt', by: 'shippedBy', confirm: true },
    receive: {
      label: L('调入收货', 'Receive', '調入收貨'),
      event: 'RECEIVE',
      fact: 'Received',
      factLabel: L('调入收货', 'Received', '調入收貨'),
      fields: {
        placements: rows(L('收货明细', 'Receipts', '收貨明細'), {
          lineNumber: lineRef(L('明细行', 'Line', '明細行'), 'lineNumber', { required: true }),
          targetPlaceCode: ref(L('调入库位', 'To location', '調入庫位'), 'warehouseplace', { required: true }),
          qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
        }, { minRows: 1 }),
      },
      into: 'lastReceipt',
      // what is still in transit, each line to be given its bin of the target warehouse (or the suggestions taken in one click)
      initial: (doc) => ({
        placements: ((doc.details as { lineNumber?: number; qty?: number; receivedQty?: number }[] | undefined) ?? [])
          .map((l) => ({ lineNumber: l.lineNumber, qty: subQty(l.qty ?? 0, l.receivedQty ?? 0) }))
          .filter((p) => p.qty > 0),
      }),
      suggest: { route: 'receiveSuggestions', label: L('填入建议库位', 'Fill in the suggested locations', '填入建議庫位') },
    },
    // what never arrived is written off the transit place, with the reason (lost, damaged on the way, the carrier's claim)
    closeShort: {
      label: L('短收结案', 'Close short', '短收結案'),
      event: 'CLOSE_SHORT',
      fact: 'ClosedShort',
      factLabel: L('短收结案', 'Closed short', '短收結案'),
      fields: { reason: text(L('短收原因', 'Reason for the shortage', '短收原因'), { required: true, max: 200 }) },
      as: { reason: 'shortReason' },
      at: 'closedShortAt',
      by: 'closedShortBy',
      danger: true,
      confirm: true,
    },
    // sent by the bill itself once nothing is left in transit
    completeReceipt: { label: L('到货完成', 'Receipt complete', '到貨完成'), event: 'COMPLETE_RECEIPT', fact: 'ReceiptCompleted', factLabel: L('到货完成', 'Receipt completed', '到貨完成'), system: true, at: 'receivedAt' },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' } },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'targetWarehouseAreaCode', 'carNo', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalReceivedQty', path: 'totals.receivedQty', label: L('已收总数', 'Total received', '已收總數') },
      { key: 'shippedAt', path: 'shippedAt', label: L('发运时间', 'Shipped at', '發運時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 9, icon: 'swap' },
  routes: {
    list: '/outWarehouseManagement/allocatebill',
    new: '/outWarehouseManagement/allocatebillForm',
    view: '/outWarehouseManagement/allocatebillFormView/:id',
    edit: '/outWarehouseManagement/allocatebillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    targetWarehouseAreaCode: 'SZ1-A',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 5 }],
  },
});
