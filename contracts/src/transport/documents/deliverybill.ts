import { date, datetime, num, oneOf, ref, plate, text } from '../../entities/define';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L, party } from './common';
import { earlyReceiptFields, signingFields } from './consignmentbill';

/**
 * Delivery bill (spec 02 deliverybill): the proof of delivery of one note, written by the
 * arrival confirmation. Its edit screen (/deliveryBill/deliveryBillEdit) is the signing
 * confirmation: signer, time, a drawn signature and photos (attachment ids), per line the
 * signed and the refused quantities, a reason whenever anything is refused. Everything signed:
 * sign; some refused: signPartially; everything refused: refuse. Each is recorded on the note
 * in the same transaction. Early receipt: see docs/DOMAIN.md "Transport chain".
 */
/** A signing starts from the delivery: the consignee's contact signs, every line signed (or, for a refusal, refused) in full. */
const signingStart = (all: 'signed' | 'refused') => (doc: Record<string, unknown>) => ({
  signer: (doc.consignee as { linkman?: unknown } | undefined)?.linkman,
  signedLines: ((doc.lines as { materialCode?: unknown; qty?: unknown }[] | undefined) ?? []).map((l) => ({
    materialCode: l.materialCode,
    signedQty: all === 'signed' ? l.qty : 0,
    refusedQty: all === 'refused' ? l.qty : 0,
  })),
});

export const deliverybill = defineDocument({
  name: 'deliverybill',
  service: 'bl-transport',
  streamType: 'DeliveryBill',
  title: L('签收单', 'Delivery bill', '簽收單'),
  billNo: { serialCode: 'deliverybill', prefix: 'QS', serialName: L('签收单号', 'Delivery bill number', '簽收單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    noteId: text(L('运单ID', 'Note id', '運單ID'), { required: true, max: 40, list: false, hidden: true }),
    noteBillNo: text(L('运单号', 'Note number', '運單號'), { max: 40 }),
    arrivalBillNo: text(L('到货单号', 'Arrival bill number', '到貨單號'), { max: 40 }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    consignee: party(L('收货方', 'Consignee', '收貨方')),
    arrivedAt: datetime(L('到达时间', 'Arrived at', '到達時間')),
  },
  lines: {
    key: 'lines',
    label: L('送货明细', 'Delivered lines', '送貨明細'),
    fields: {
      materialCode: text(L('物料', 'Material', '物料'), { required: true, max: 40 }),
      name: text(L('物料名称', 'Material name', '物料名稱'), { max: 100 }),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
      packages: num(L('件数', 'Packages', '件數'), 'count', { default: 0 }),
    },
    uniqueBy: ['materialCode'],
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 }, packages: { of: 'packages', label: L('总件数', 'Total packages', '總件數'), scale: 0 } },
  },
  lifecycle: {
    initial: 'AwaitingReview',
    states: {
      AwaitingReview: { label: L('待复核', 'Awaiting review', '待覆核'), on: { RELEASE: 'ToSign', RECEIVE_EARLY: 'ReceivedEarly' } },
      ToSign: { label: L('待签收', 'To sign', '待簽收'), tone: 'processing', on: { SIGN: 'Signed', SIGN_PARTIAL: 'PartiallySigned', REFUSE: 'Refused' } },
      ReceivedEarly: { label: L('已提前收货', 'Received early', '已提前收貨'), tone: 'processing', on: { SIGN: 'Signed', SIGN_PARTIAL: 'PartiallySigned', REFUSE: 'Refused' } },
      Signed: { label: L('已签收', 'Signed', '已簽收'), tone: 'success', final: true },
      PartiallySigned: { label: L('部分签收', 'Partially signed', '部分簽收'), tone: 'warning', final: true },
      Refused: { label: L('拒收', 'Refused', '拒收'), tone: 'error', final: true },
    },
  },
  actions: {
    release: { label: L('复核放行', 'Release for signing', '覆核放行'), event: 'RELEASE', fact: 'Released', system: true, fields: { arrivalBillNo: text(L('到货单号', 'Arrival bill number', '到貨單號'), { max: 40 }) }, as: { arrivalBillNo: 'releasedBy' }, at: 'releasedAt' },
    receiveEarly: { label: L('提前收货', 'Receive early', '提前收貨'), event: 'RECEIVE_EARLY', fact: 'ReceivedEarly', fields: earlyReceiptFields(), nowFields: ['receivedAt'], confirm: true },
    sign: { label: L('签收', 'Sign', '簽收'), event: 'SIGN', fact: 'Signed', fields: signingFields(), nowFields: ['signedAt'], by: 'signedBy', initial: signingStart('signed') },
    signPartially: { label: L('部分签收', 'Sign partially', '部分簽收'), event: 'SIGN_PARTIAL', fact: 'PartiallySigned', fields: signingFields(), nowFields: ['signedAt'], by: 'signedBy', initial: signingStart('signed') },
    refuse: { label: L('拒收', 'Refuse', '拒收'), event: 'REFUSE', fact: 'Refused', fields: signingFields(), nowFields: ['signedAt'], by: 'signedBy', danger: true, initial: signingStart('refused') },
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'noteBillNo', 'arrivalBillNo', 'carNo',
      { key: 'consigneeName', path: 'consignee.name', label: L('收货方', 'Consignee', '收貨方') },
      'state',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'signer', path: 'signer', label: L('签收人', 'Signer', '簽收人'), kind: 'text' },
      { key: 'signedAt', path: 'signedAt', label: L('签收时间', 'Signed at', '簽收時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'prefix' }, { key: 'noteBillNo', match: 'contains' },
      // the review confirmation goes on to the delivery bills its arrival opened
      { key: 'arrivalBillNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 6, icon: 'audit' },
  routes: { list: '/deliveryBill', new: '/deliveryBill/deliveryBillAdd', view: '/deliveryBill/deliveryBillView/:id', edit: '/deliveryBill/deliveryBillEdit/:id' },
  feeds: [],
});

/**
 * Vehicle schedule (spec 02 scheduling): a vehicle (and its driver) reserved for a time window
 * besides dispatches: maintenance, a contract run, a reservation. Confirming it books the
 * window on the vehicle's and the driver's schedules under the same rule as a dispatch (no
 * overlap); releasing it frees the window.
 */
export const scheduling = defineDocument({
  name: 'scheduling',
  service: 'bl-transport',
  streamType: 'Scheduling',
  title: L('车辆排班', 'Vehicle schedule', '車輛排班'),
  billNo: { serialCode: 'scheduling', prefix: 'PB', serialName: L('排班单号', 'Schedule number', '排班單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    carNo: ref(L('车辆', 'Vehicle', '車輛'), 'basiccar', { required: true, filter: true }),
    driverCode: ref(L('司机', 'Driver', '司機'), 'basicdriver'),
    purpose: oneOf(L('用途', 'Purpose', '用途'), {
      MAINTENANCE: L('保养维修', 'Maintenance', '保養維修'),
      CONTRACT_RUN: L('合同专线', 'Contract run', '合同專線'),
      RESERVED: L('预留', 'Reserved', '預留'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true }),
    planStart: datetime(L('开始时间', 'Starts', '開始時間'), { required: true }),
    planEnd: datetime(L('结束时间', 'Ends', '結束時間'), { required: true }),
  },
  refine: (c, ctx) => {
    if (typeof c.planStart === 'string' && typeof c.planEnd === 'string' && c.planEnd <= c.planStart) ctx.addIssue({ code: 'custom', path: ['planEnd'], message: 'validation.dateRange' });
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', CONFIRM: 'Confirmed', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Confirmed: { label: L('已排班', 'Scheduled', '已排班'), tone: 'processing', on: { RELEASE: 'Released' } },
      Released: { label: L('已释放', 'Released', '已釋放'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    confirm: { label: L('确认排班', 'Confirm', '確認排班'), event: 'CONFIRM', fact: 'Confirmed', at: 'confirmedAt', by: 'confirmedBy', confirm: true },
    release: { label: L('释放', 'Release', '釋放'), event: 'RELEASE', fact: 'Released', at: 'releasedAt', by: 'releasedBy', confirm: true },
    cancel: cancelAction({ reason: false }),
  },
  list: {
    columns: ['billNo', 'billDate', 'carNo', 'driverCode', 'purpose', 'planStart', 'planEnd', 'state'],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'carNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 7, icon: 'schedule' },
  routes: { list: '/scheduling', new: '/scheduling/schedulingAdd', view: '/scheduling/schedulingView/:id', edit: '/scheduling/schedulingEdit/:id' },
  feeds: [],
  example: { billDate: '2026-11-23', carNo: '沪A12345', purpose: 'MAINTENANCE', planStart: '2026-11-23T08:00:00+08:00', planEnd: '2026-11-23T12:00:00+08:00' },
});
