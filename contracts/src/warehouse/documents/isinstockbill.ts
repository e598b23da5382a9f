import { datetime, docRef, flag, lineRef, num, ref, rows, plate, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { subQty } from '../units';
import { L, cancelAction, inboundFees, goodsFills, goodsLeft, goodsLine, ownerHeader, ownerOf, photosField, stockType } from './common';
import { soundOf } from './isrecbill';

/**
 * Inbound bill (入库单, spec 02 isinstockbill): goods counted in at the dock. Receiving puts
 * them into stock, into the place a line names or else the area's receiving dock
 * (`RECV-<area>`); put-away then moves them to their places (suggested by the material's
 * put-away strategy, the keeper may choose others). Against a booked inbound (applyNo) it
 * may take no line beyond what was booked. States: docs/DOMAIN.md "Warehouse documents".
 */
export const isinstockbill = defineDocument({
  name: 'isinstockbill',
  service: 'bl-warehouse',
  streamType: 'InboundBill',
  title: L('入库单', 'Inbound bill', '入庫單'),
  billType: 12,
  billNo: { serialCode: 'isinstockbill', prefix: 'RK', serialName: L('入库单号', 'Inbound bill number', '入庫單號') },
  header: {
    ...ownerHeader(),
    stockType: stockType(),
    // the booking received against: picked among those open for receipts, and its owner, area and what is left copied
    applyNo: docRef(L('预约入库单号', 'Booked inbound number', '預約入庫單號'), 'orderisinstockbill', { states: ['Audited', 'Receiving'] }),
    // the dock's count it receives (made from a confirmed receipt bill): the receipt bill hears when it received
    recNo: docRef(L('收货单号', 'Receipt bill number', '收貨單號'), 'isrecbill', { states: ['Confirmed'] }),
    supplierCode: ref(L('供应商', 'Supplier', '供應商'), 'supplier'),
    sourceBillNo: text(L('来源单号', 'Source bill number', '來源單號'), { max: 40 }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    forkliftDriver: text(L('叉车司机', 'Forklift driver', '叉車司機'), { max: 50 }),
    cabinTemperature: text(L('车厢温度', 'Cabin temperature', '車廂溫度'), { max: 20 }),
    unloadStartTime: datetime(L('卸货开始时间', 'Unloading started', '卸貨開始時間')),
    unloadEndTime: datetime(L('卸货结束时间', 'Unloading ended', '卸貨結束時間')),
    isBagWarehouse: flag(L('包仓', 'Bag warehouse', '包倉')),
    ...inboundFees(),
    photos: photosField(),
  },
  sources: {
    // receive what is left of a booking
    orderisinstockbill: {
      states: ['Audited', 'Receiving'],
      label: L('收货', 'Receive goods', '收貨'),
      copy: (b) => ({
        ...ownerOf(b),
        applyNo: b.billNo,
        ...(b.supplierCode ? { supplierCode: b.supplierCode } : {}),
        ...(b.sourceBillNo ? { sourceBillNo: b.sourceBillNo } : {}),
        ...(b.carNo ? { carNo: b.carNo } : {}),
        details: goodsLeft(b, 'receivedQty'),
      }),
    },
    // receive what the dock counted sound (counted less damaged) against the receipt bill's booking
    isrecbill: {
      states: ['Confirmed'],
      label: L('入库', 'Receive into stock', '入庫'),
      copy: (r) => ({
        ...ownerOf(r),
        stockType: 'NORMAL',
        applyNo: r.applyNo,
        recNo: r.billNo,
        ...(r.supplierCode ? { supplierCode: r.supplierCode } : {}),
        ...(r.carNo ? { carNo: r.carNo } : {}),
        details: soundOf(r),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...goodsLine({ expiring: true }),
      applyLineNumber: num(L('预约行号', 'Booked line', '預約行號'), 'count'),
      warehousePlaceCode: ref(L('库位', 'Location', '庫位'), 'warehouseplace'),
      barcode: text(L('条码', 'Barcode', '條碼'), { max: 64 }),
      mantissa: num(L('尾数', 'Loose pieces', '尾數'), 'quantity', { generated: true }),
      putAwayQty: num(L('已上架数量', 'Put away', '已上架數量'), 'quantity', { generated: true }),
    },
    uniqueBy: ['materialCode', 'batchNo'],
    fills: goodsFills(),
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      weg: { of: 'weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)'), scale: 3 },
      board: { of: 'board', label: L('总托数', 'Total pallets', '總托數'), scale: 0 },
      volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
      putAwayQty: { of: 'putAwayQty', label: L('已上架总数', 'Total put away', '已上架總數'), scale: 3 },
    },
  },
  refine: (c, ctx) => {
    if (typeof c.unloadStartTime === 'string' && typeof c.unloadEndTime === 'string' && c.unloadEndTime < c.unloadStartTime) {
      ctx.addIssue({ code: 'custom', path: ['unloadEndTime'], message: 'validation.dateRange' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      // counted goods, not yet in stock; a bill that needs review is approved before it receives
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, RECEIVE: { target: 'Received', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing', on: { RECEIVE: 'Received', CANCEL: 'Cancelled' } },
      // in stock at the dock (or directly in the lines' places)
      Received: { label: L('已收货', 'Received', '已收貨'), tone: 'warning', on: { PUT_AWAY: 'PuttingAway', COMPLETE_PUT_AWAY: 'Stored' } },
      PuttingAway: { label: L('上架中', 'Putting away', '上架中'), tone: 'warning', on: { PUT_AWAY: 'PuttingAway', COMPLETE_PUT_AWAY: 'Stored' } },
      Stored: { label: L('已上架', 'Stored', '已上架'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    receive: {
      label: L('收货', 'Receive', '收貨'),
      event: 'RECEIVE',
      fact: 'Received',
      // insotckTime: when the goods came in; a late entry may name an earlier time
      fields: { receivedAt: datetime(L('入库时间', 'Received at', '入庫時間')) },
      nowFields: ['receivedAt'],
      by: 'receivedBy',
      confirm: true,
    },
    putAway: {
      label: L('上架', 'Put away', '上架'),
      event: 'PUT_AWAY',
      fact: 'PutAway',
      fields: {
        placements: rows(L('上架明细', 'Placements', '上架明細'), {
          lineNumber: lineRef(L('明细行', 'Line', '明細行'), 'lineNumber', { required: true }),
          warehousePlaceCode: ref(L('库位', 'Location', '庫位'), 'warehouseplace', { required: true }),
          qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
        }, { minRows: 1 }),
        putAwayAt: datetime(L('上架时间', 'Put away at', '上架時間')),
      },
      nowFields: ['putAwayAt'],
      into: 'lastPutAway',
      // what is still at the dock, each line to be given its location (or the suggestions taken in one click)
      initial: (doc) => ({
        placements: ((doc.details as { lineNumber?: number; qty?: number; putAwayQty?: number }[] | undefined) ?? [])
          .map((l) => ({ lineNumber: l.lineNumber, qty: subQty(l.qty ?? 0, l.putAwayQty ?? 0) }))
          .filter((p) => p.qty > 0),
      }),
      suggest: { route: 'putawaySuggestions', label: L('填入建议库位', 'Fill in the suggested locations', '填入建議庫位') },
    },
    // sent by the bill itself once nothing is left at the dock
    completePutAway: { label: L('上架完成', 'Put-away complete', '上架完成'), event: 'COMPLETE_PUT_AWAY', fact: 'Stored', system: true, at: 'storedAt' },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'sourceBillNo' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'stockType', 'applyNo', 'supplierCode', 'carNo', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalPutAway', path: 'totals.putAwayQty', label: L('已上架总数', 'Total put away', '已上架總數') },
      { key: 'totalWeg', path: 'totals.weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)') },
      { key: 'receivedAt', path: 'receivedAt', label: L('入库时间', 'Received at', '入庫時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'warehouseAreaCode', match: 'exact' }, { key: 'applyNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'warehousingManagement', sort: 2, icon: 'download' },
  routes: {
    list: '/warehousingManagement/isinstockbill',
    new: '/warehousingManagement/isinstockbillForm',
    view: '/warehousingManagement/isinstockbillFormView/:id',
    edit: '/warehousingManagement/isinstockbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    stockType: 'NORMAL',
    details: [{ materialCode: 'M001', batchNo: 'B20261120', qty: 100, qtyWeg: 10, boardQty: 40, volume: 1.2, expiringDate: '2027-11-20' }],
  },
});
