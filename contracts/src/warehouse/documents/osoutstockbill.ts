import { datetime, docRef, mobile, num, plate, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, cancelAction, outboundHeader, goodsFills, goodsLeft, goodsLine, ownerHeader, ownerOf, packMaterialsField, stockType } from './common';

/**
 * Outbound bill (出库单, spec 02 osoutstockbill): goods leaving the warehouse. Allocating
 * freezes stock by the material's picking strategy (FIFO by inbound time, FEFO by expiring
 * date; expired, frozen and inspected stock never), picking confirms the goods were taken,
 * shipping takes them out of stock. Against an outbound order (applyNo) no line may go
 * beyond what was ordered. States: docs/DOMAIN.md "Warehouse documents".
 */
export const osoutstockbill = defineDocument({
  name: 'osoutstockbill',
  service: 'bl-warehouse',
  streamType: 'OutboundBill',
  title: L('出库单', 'Outbound bill', '出庫單'),
  billType: 22,
  billNo: { serialCode: 'osoutstockbill', prefix: 'CK', serialName: L('出库单号', 'Outbound bill number', '出庫單號') },
  header: {
    ...ownerHeader(),
    stockType: stockType(),
    ...outboundHeader(),
    // the order shipped against: picked among those awaiting shipment, and what is left copied
    applyNo: docRef(L('出库订单号', 'Outbound order number', '出庫訂單號'), 'orderosoutstockbill', { states: ['Audited', 'Shipping'] }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    platformNumber: text(L('月台号', 'Dock number', '月台號'), { max: 20 }),
    // the load bill that carried it: written when the load ships it, never typed
    loadingOrderNumber: text(L('装车单号', 'Loading order number', '裝車單號'), { max: 40, generated: true }),
    // who receives the goods (the delivery note prints them); left empty, the outbound order's receiver is printed
    receiverName: text(L('收货人', 'Receiver', '收貨人'), { max: 50 }),
    receiverMobile: mobile(L('收货人手机号', 'Receiver mobile', '收貨人手機號')),
    receiverAddress: text(L('收货地址', 'Delivery address', '收貨地址'), { max: 200 }),
  },
  sources: {
    // ship what is left of an order
    orderosoutstockbill: {
      states: ['Audited', 'Shipping'],
      label: L('出库', 'Ship goods', '出庫'),
      copy: (o) => ({
        ...ownerOf(o),
        applyNo: o.billNo,
        ...Object.fromEntries((['receiverName', 'receiverMobile', 'receiverAddress'] as const).filter((k) => o[k]).map((k) => [k, o[k]])),
        details: goodsLeft(o, 'shippedQty'),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...goodsLine(),
      applyLineNumber: num(L('订单行号', 'Order line', '訂單行號'), 'count'),
      allocatedQty: num(L('已分配数量', 'Allocated', '已分配數量'), 'quantity', { generated: true }),
    },
    uniqueBy: ['materialCode', 'batchNo'],
    fills: goodsFills(),
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      weg: { of: 'weg', label: L('总重量(t)', 'Total weight (t)', '總重量(t)'), scale: 3 },
      volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
      allocatedQty: { of: 'allocatedQty', label: L('已分配总数', 'Total allocated', '已分配總數'), scale: 3 },
    },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, ALLOCATE: { target: 'Allocated', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing', on: { ALLOCATE: 'Allocated', CANCEL: 'Cancelled' } },
      // stock frozen (djQty) for this bill; releasing gives it back and the bill may be edited again
      Allocated: { label: L('已分配', 'Allocated', '已分配'), tone: 'processing', on: { PICK: 'Picked', RELEASE: 'Draft', JOIN_WAVE: 'Waved' } },
      // gathered into an open wave (wavebill): picked only by the wave, never alone; the wave's cancel gives it back
      Waved: { label: L('波次中', 'In a wave', '波次中'), tone: 'processing', on: { WAVE_PICK: 'Picked', LEAVE_WAVE: 'Allocated' } },
      Picked: { label: L('已拣货', 'Picked', '已揀貨'), tone: 'warning', on: { SHIP: 'Shipped', RELEASE: 'Draft' } },
      Shipped: { label: L('已发货', 'Shipped', '已發貨'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    allocate: {
      label: L('分配', 'Allocate', '分配'),
      event: 'ALLOCATE',
      fact: 'Allocated',
      // when the stock was frozen: a late entry names the earlier time (never before the goods were there)
      fields: { allocatedAt: datetime(L('分配时间', 'Allocated at', '分配時間')) },
      nowFields: ['allocatedAt'],
      by: 'allocatedBy',
      confirm: true,
    },
    release: { label: L('取消分配', 'Release', '取消分配'), event: 'RELEASE', fact: 'Released', at: 'releasedAt', by: 'releasedBy', confirm: true, danger: true },
    pick: {
      label: L('拣货确认', 'Confirm picking', '揀貨確認'),
      event: 'PICK',
      fact: 'Picked',
      fields: { picker: text(L('拣货人', 'Picker', '揀貨人'), { max: 50 }), pickedAt: datetime(L('拣货时间', 'Picked at', '揀貨時間')) },
      nowFields: ['pickedAt'],
    },
    // sent only by a wave (wavebill): gathered into it, given back by its cancel, picked by its pick
    joinWave: { label: L('加入波次', 'Join a wave', '加入波次'), event: 'JOIN_WAVE', fact: 'JoinedWave', system: true, fields: { waveNo: text(L('波次号', 'Wave number', '波次號'), { max: 40 }) } },
    // stamped: a fact with no field of its own would make every landed field of the type unknown (DocumentOf's intersection)
    leaveWave: { label: L('退出波次', 'Leave the wave', '退出波次'), event: 'LEAVE_WAVE', fact: 'LeftWave', system: true, at: 'leftWaveAt' },
    wavePick: {
      label: L('波次拣货', 'Picked in a wave', '波次揀貨'),
      event: 'WAVE_PICK',
      fact: 'WavePicked',
      system: true,
      fields: { picker: text(L('拣货人', 'Picker', '揀貨人'), { max: 50 }), pickedAt: datetime(L('拣货时间', 'Picked at', '揀貨時間')) },
      nowFields: ['pickedAt'],
    },
    ship: {
      label: L('发货', 'Ship', '發貨'),
      event: 'SHIP',
      fact: 'Shipped',
      // outstockTime: when the goods left; a late entry may name an earlier time. The vehicle and the
      // dock it left from land on the bill (a load bill shipping it sends its own, and its number)
      fields: {
        shippedAt: datetime(L('出库时间', 'Shipped at', '出庫時間')),
        carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
        platformNumber: text(L('月台号', 'Dock number', '月台號'), { max: 20 }),
        loadingOrderNumber: text(L('装车单号', 'Loading order number', '裝車單號'), { max: 40, generated: true }),
        // the cartons, pallets and film the goods were packed with: billed to the owner (costbilldetailpack)
        packMaterials: packMaterialsField(),
      },
      nowFields: ['shippedAt'],
      by: 'shippedBy',
      confirm: true,
    },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'applyNo' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'stockType', 'applyNo', 'carNo', 'platformNumber', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalAllocated', path: 'totals.allocatedQty', label: L('已分配总数', 'Total allocated', '已分配總數') },
      { key: 'shippedAt', path: 'shippedAt', label: L('出库时间', 'Shipped at', '出庫時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'applyNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 2, icon: 'upload' },
  routes: {
    list: '/outWarehouseManagement/osoutstockbill',
    new: '/outWarehouseManagement/osoutstockbillForm',
    view: '/outWarehouseManagement/osoutstockbillFormView/:id',
    edit: '/outWarehouseManagement/osoutstockbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    stockType: 'NORMAL',
    details: [{ materialCode: 'M001', qty: 20, qtyWeg: 10 }],
  },
});
