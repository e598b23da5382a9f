import { attachment, date, datetime, docRef, lineRef, num, oneOf, ref, rows, signature, plate, text } from '../../entities/define';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L, goodsLines, party, totalColumns } from './common';

export const deliveryModes = {
  CUSTOMER_PICKUP: L('客户自提', 'Customer pickup', '客戶自提'),
  HOME_DELIVERY: L('送货上门', 'Home delivery', '送貨上門'),
  OUTSOURCED_LOGISTICS: L('外包物流', 'Outsourced logistics', '外包物流'),
} as const;

/** What a signature records, on the delivery bill and (copied in the same transaction) on its note. */
export const signingFields = () => ({
  signer: text(L('签收人', 'Signer', '簽收人'), { required: true, max: 50 }),
  signedAt: datetime(L('签收时间', 'Signed at', '簽收時間')),
  // drawn on screen and photographed: stored as attachments, their ids recorded
  signature: signature(L('签名', 'Signature', '簽名'), { required: true }),
  photos: rows(L('照片', 'Photos', '照片'), { attachId: attachment(L('照片', 'Photo', '照片'), { required: true, image: true }) }),
  signedLines: rows(L('签收明细', 'Signed lines', '簽收明細'), {
    materialCode: lineRef(L('物料', 'Material', '物料'), 'materialCode', { required: true }),
    signedQty: num(L('签收数量', 'Signed quantity', '簽收數量'), 'quantity'),
    refusedQty: num(L('拒收数量', 'Refused quantity', '拒收數量'), 'quantity'),
  }),
  reason: text(L('拒收原因', 'Refusal reason', '拒收原因'), { max: 200 }),
});

/** What an early receipt records. */
export const earlyReceiptFields = () => ({
  receiver: text(L('收货人', 'Received by', '收貨人'), { required: true, max: 50 }),
  receivedAt: datetime(L('收货时间', 'Received at', '收貨時間')),
  receiptRemark: text(L('收货说明', 'Receipt remark', '收貨說明'), { max: 200 }),
});

/**
 * Consignment note (spec 02 consignmentbill, billType 2): what one vehicle carries for one
 * consignee. An order accepted by the dispatcher becomes one or several notes (its lines and
 * quantities split between them); a note may also be written directly. Its state follows its
 * dispatch, loading, arrival and delivery documents in their own transactions: every action
 * but cancel is sent by one of them (system).
 */
export const consignmentbill = defineDocument({
  name: 'consignmentbill',
  service: 'bl-transport',
  streamType: 'ConsignmentBill',
  title: L('运单', 'Consignment note', '運單'),
  billType: 2,
  billNo: { serialCode: 'consignmentbill', prefix: 'YD', serialName: L('运单号', 'Consignment note number', '運單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    orderId: text(L('托运单ID', 'Order id', '託運單ID'), { max: 40, list: false, hidden: true }),
    orderBillNo: text(L('托运单号', 'Order number', '託運單號'), { max: 40 }),
    noteNo: num(L('分单序号', 'Split number', '分單序號'), 'count', { generated: true }),
    consignee: party(L('收货方', 'Consignee', '收貨方')),
    deliveryMode: oneOf(L('配送方式', 'Delivery mode', '配送方式'), deliveryModes, { required: true }),
    plannedDate: date(L('计划日期', 'Planned date', '計劃日期'), { required: true }),
    lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { filter: true }),
  },
  lines: goodsLines(),
  lifecycle: {
    initial: 'Open',
    states: {
      Open: { label: L('待派车', 'Awaiting dispatch', '待派車'), on: { EDIT: 'Open', DISPATCH: 'Dispatched', CANCEL: 'Cancelled', REMOVE: 'Open' } },
      Dispatched: { label: L('已派车', 'Dispatched', '已派車'), tone: 'processing', on: { LOAD: 'Loaded', UNDISPATCH: 'Open' } },
      Loaded: { label: L('已装车', 'Loaded', '已裝車'), tone: 'processing', on: { ARRIVE: 'Arrived' } },
      Arrived: { label: L('已到达', 'Arrived', '已到達'), tone: 'warning', on: { REVIEW: 'Reviewed', RECEIVE_EARLY: 'ReceivedEarly' } },
      Reviewed: { label: L('已复核', 'Reviewed', '已覆核'), tone: 'warning', on: { SIGN: 'Signed', SIGN_PARTIAL: 'PartiallySigned', REFUSE: 'Refused' } },
      ReceivedEarly: { label: L('已提前收货', 'Received early', '已提前收貨'), tone: 'warning', on: { SIGN: 'Signed', SIGN_PARTIAL: 'PartiallySigned', REFUSE: 'Refused' } },
      Signed: { label: L('已签收', 'Signed', '已簽收'), tone: 'success', final: true },
      PartiallySigned: { label: L('部分签收', 'Partially signed', '部分簽收'), tone: 'warning', final: true },
      Refused: { label: L('拒收', 'Refused', '拒收'), tone: 'error', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    dispatch: {
      label: L('派车', 'Dispatch', '派車'),
      event: 'DISPATCH',
      fact: 'Dispatched',
      system: true,
      fields: {
        // the documents of the chain a note went through, shown by number as links to them
        dispatchId: docRef(L('派车单', 'Dispatch bill', '派車單'), 'dispatch', { required: true, by: 'id' }),
        dispatchBillNo: text(L('派车单号', 'Dispatch number', '派車單號'), { required: true, max: 40, hidden: true }),
        carNo: plate(L('车牌号', 'Plate number', '車牌號碼'), { required: true }),
        driverCode: text(L('司机', 'Driver', '司機'), { max: 40 }),
        carrierCode: text(L('承运商', 'Carrier', '承運商'), { max: 40 }),
        lineCode: text(L('运输线路', 'Route', '運輸路線'), { max: 40 }),
        freight: num(L('运费', 'Freight', '運費'), 'money'),
      },
      at: 'dispatchedAt',
    },
    undispatch: {
      label: L('取消派车', 'Undo dispatch', '取消派車'),
      event: 'UNDISPATCH',
      fact: 'Undispatched',
      system: true,
      fields: { dispatchBillNo: text(L('派车单号', 'Dispatch number', '派車單號'), { max: 40 }) },
      as: { dispatchBillNo: 'undispatchedFrom' },
    },
    load: {
      label: L('装车', 'Load', '裝車'),
      event: 'LOAD',
      fact: 'Loaded',
      system: true,
      fields: {
        loadingBillId: docRef(L('装车单', 'Loading bill', '裝車單'), 'loadingbill', { by: 'id' }),
        loadingBillNo: text(L('装车单号', 'Loading bill number', '裝車單號'), { max: 40, hidden: true }),
        loadedAt: datetime(L('装车时间', 'Loaded at', '裝車時間')),
      },
      nowFields: ['loadedAt'],
    },
    arrive: {
      label: L('到达', 'Arrive', '到達'),
      event: 'ARRIVE',
      fact: 'Arrived',
      system: true,
      fields: {
        arrivalBillId: docRef(L('到货单', 'Arrival bill', '到貨單'), 'arrivalbill', { by: 'id' }),
        arrivalBillNo: text(L('到货单号', 'Arrival bill number', '到貨單號'), { max: 40, hidden: true }),
        deliveryBillId: docRef(L('签收单', 'Delivery bill', '簽收單'), 'deliverybill', { by: 'id' }),
        arrivedAt: datetime(L('到达时间', 'Arrived at', '到達時間')),
      },
      nowFields: ['arrivedAt'],
    },
    review: {
      label: L('到货复核', 'Review arrival', '到貨覆核'),
      event: 'REVIEW',
      fact: 'ArrivalReviewed',
      system: true,
      fields: { reviewResult: text(L('复核结果', 'Review result', '覆核結果'), { max: 20 }), reviewRemark: text(L('复核说明', 'Review remark', '覆核說明'), { max: 200 }) },
      at: 'arrivalReviewedAt',
      by: 'arrivalReviewedBy',
    },
    receiveEarly: { label: L('提前收货', 'Receive early', '提前收貨'), event: 'RECEIVE_EARLY', fact: 'ReceivedEarly', system: true, fields: earlyReceiptFields(), nowFields: ['receivedAt'] },
    sign: { label: L('签收', 'Sign', '簽收'), event: 'SIGN', fact: 'Signed', system: true, fields: signingFields(), nowFields: ['signedAt'] },
    signPartially: { label: L('部分签收', 'Sign partially', '部分簽收'), event: 'SIGN_PARTIAL', fact: 'PartiallySigned', system: true, fields: signingFields(), nowFields: ['signedAt'] },
    refuse: { label: L('拒收', 'Refuse', '拒收'), event: 'REFUSE', fact: 'Refused', system: true, fields: signingFields(), nowFields: ['signedAt'] },
    cancel: cancelAction(),
  },
  list: {
    columns: [
      'billNo',
      'billDate',
      'customerCode',
      'orderBillNo',
      { key: 'consigneeName', path: 'consignee.name', label: L('收货方', 'Consignee', '收貨方') },
      { key: 'consigneeAddress', path: 'consignee.address', label: L('收货地址', 'Delivery address', '收貨地址') },
      'deliveryMode',
      'plannedDate',
      'lineCode',
      'state',
      ...totalColumns,
      { key: 'carNo', path: 'carNo', label: L('车牌号', 'Plate number', '車牌號碼'), kind: 'text' },
      { key: 'dispatchBillNo', path: 'dispatchBillNo', label: L('派车单号', 'Dispatch number', '派車單號'), kind: 'text' },
      { key: 'freight', path: 'freight', label: L('运费', 'Freight', '運費'), kind: 'number' },
    ],
    filters: [
      { key: 'billNo', match: 'contains' },
      'state',
      { key: 'customerCode', match: 'prefix' },
      { key: 'lineCode', match: 'exact' },
      { key: 'orderBillNo', match: 'contains' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') },
      { key: 'planned', path: 'plannedDate', match: 'range', label: L('计划日期', 'Planned date', '計劃日期') },
    ],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 2, icon: 'file-done' },
  routes: {
    list: '/consignmentBill',
    new: '/consignmentBill/consignmentBillAdd',
    view: '/consignmentBill/consignmentBillView/:id',
    edit: '/consignmentBill/consignmentBillEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    consignee: { name: '浦东生鲜超市', linkman: '韩梅', mobile: '13900139000', address: '上海市浦东新区市场街9号' },
    deliveryMode: 'HOME_DELIVERY',
    plannedDate: '2026-11-24',
    lines: [{ materialCode: 'M001', name: '大米10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
  },
});
