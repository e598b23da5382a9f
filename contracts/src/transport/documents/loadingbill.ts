import { date, datetime, docRef, num, oneOf, plate, text } from '../../entities/define';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L } from './common';

/** The notes a loading or arrival bill lists: each note of one issued dispatch, with what was counted. */
const noteLines = (label: ReturnType<typeof L>) => ({
  key: 'details',
  label,
  fields: {
    // the notes come from the dispatch bill (its 装车): carried by id, shown by number
    noteId: text(L('运单ID', 'Note id', '運單ID'), { required: true, max: 40, list: false, hidden: true }),
    noteBillNo: text(L('运单号', 'Note number', '運單號'), { max: 40, generated: true }),
    packages: num(L('件数', 'Packages', '件數'), 'count', { default: 0 }),
  },
  uniqueBy: ['noteId'],
  fixed: true,
  totals: { packages: { of: 'packages', label: L('总件数', 'Total packages', '總件數'), scale: 0 } },
});

/**
 * Loading bill (spec 02 loadingbill with its detail): the notes of one issued dispatch as they
 * go on the vehicle. Confirming the loading loads every note; its edit screen
 * (/loadingBill/loadingBillEdit) is the arrival confirmation, which marks every note arrived
 * and writes the arrival bill and one delivery bill per note, in the same transaction.
 */
export const loadingbill = defineDocument({
  name: 'loadingbill',
  service: 'bl-transport',
  streamType: 'LoadingBill',
  title: L('装车单', 'Loading bill', '裝車單'),
  billNo: { serialCode: 'loadingbill', prefix: 'ZH', serialName: L('装车单号', 'Loading bill number', '裝車單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    // picked among the issued dispatch bills: its notes are what goes on the vehicle
    dispatchId: docRef(L('派车单', 'Dispatch bill', '派車單'), 'dispatch', { required: true, by: 'id', states: ['Issued'], list: false }),
    dispatchBillNo: text(L('派车单号', 'Dispatch number', '派車單號'), { max: 40, generated: true, hidden: true }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼'), { generated: true }),
    platformNumber: text(L('月台号', 'Dock number', '月台號'), { max: 20 }),
  },
  lines: noteLines(L('装车明细', 'Loaded notes', '裝車明細')),
  sources: {
    // the dispatch bill's 装车: its notes loaded at a dock
    dispatch: {
      states: ['Issued'],
      label: L('装车', 'Load', '裝車'),
      copy: (d) => ({
        dispatchId: d.id,
        dispatchBillNo: d.billNo,
        carNo: d.carNo,
        details: ((d.details as { noteId?: unknown; noteBillNo?: unknown; packages?: unknown }[] | undefined) ?? []).map((l) => ({ noteId: l.noteId, noteBillNo: l.noteBillNo, packages: l.packages ?? 0 })),
      }),
    },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('待装车', 'To load', '待裝車'), on: { EDIT: 'Draft', LOAD: 'Loaded', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Loaded: { label: L('已装车', 'Loaded', '已裝車'), tone: 'processing', on: { ARRIVE: 'Arrived' } },
      Arrived: { label: L('已到达', 'Arrived', '已到達'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    load: {
      label: L('装车确认', 'Confirm loading', '裝車確認'),
      event: 'LOAD',
      fact: 'Loaded',
      fields: {
        loadedAt: datetime(L('装车时间', 'Loaded at', '裝車時間')),
        // the header's own, stamped again by the loading: shown once, in the header
        dispatchBillNo: text(L('派车单号', 'Dispatch number', '派車單號'), { max: 40, generated: true, hidden: true }),
        carNo: plate(L('车牌号', 'Plate number', '車牌號碼'), { generated: true, hidden: true }),
      },
      nowFields: ['loadedAt'],
      by: 'loadedBy',
      confirm: true,
    },
    arrive: {
      label: L('到货确认', 'Confirm arrival', '到貨確認'),
      event: 'ARRIVE',
      fact: 'Arrived',
      fields: {
        arrivedAt: datetime(L('到达时间', 'Arrived at', '到達時間')),
        arrivalRemark: text(L('到货说明', 'Arrival remark', '到貨說明'), { max: 200 }),
        arrivalBillId: docRef(L('到货单', 'Arrival bill', '到貨單'), 'arrivalbill', { by: 'id', generated: true }),
      },
      nowFields: ['arrivedAt'],
      by: 'arrivalConfirmedBy',
    },
    cancel: cancelAction({ reason: false }),
  },
  list: {
    columns: ['billNo', 'billDate', 'dispatchBillNo', 'carNo', 'platformNumber', 'state',
      { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
      { key: 'loadedAt', path: 'loadedAt', label: L('装车时间', 'Loaded at', '裝車時間'), kind: 'datetime' },
      { key: 'arrivedAt', path: 'arrivedAt', label: L('到达时间', 'Arrived at', '到達時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'dispatchBillNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 4, icon: 'container' },
  routes: { list: '/loadingBill', new: '/loadingBill/loadingBillAdd', view: '/loadingBill/loadingBillView/:id', edit: '/loadingBill/loadingBillEdit/:id' },
  feeds: [],
});

/**
 * Arrival bill (spec 02 arrivalbill): written by the arrival confirmation. Its edit screen
 * (/arrivalBill/arrivalBillEdit) is the review confirmation: the depot checks what arrived
 * (result and remark; an exception needs a remark), which reviews every note still awaiting
 * it and opens its delivery bill for signing.
 */
export const arrivalbill = defineDocument({
  name: 'arrivalbill',
  service: 'bl-transport',
  streamType: 'ArrivalBill',
  title: L('到货单', 'Arrival bill', '到貨單'),
  billNo: { serialCode: 'arrivalbill', prefix: 'DH', serialName: L('到货单号', 'Arrival bill number', '到貨單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    loadingBillId: text(L('装车单ID', 'Loading bill id', '裝車單ID'), { required: true, max: 40, list: false, hidden: true }),
    loadingBillNo: text(L('装车单号', 'Loading bill number', '裝車單號'), { max: 40 }),
    dispatchBillNo: text(L('派车单号', 'Dispatch number', '派車單號'), { max: 40 }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    arrivedAt: datetime(L('到达时间', 'Arrived at', '到達時間')),
  },
  lines: noteLines(L('到货明细', 'Arrived notes', '到貨明細')),
  lifecycle: {
    initial: 'AwaitingReview',
    states: {
      AwaitingReview: { label: L('待复核', 'Awaiting review', '待覆核'), tone: 'warning', on: { REVIEW: 'Reviewed' } },
      Reviewed: { label: L('已复核', 'Reviewed', '已覆核'), tone: 'success', final: true },
    },
  },
  actions: {
    review: {
      label: L('复核确认', 'Confirm review', '覆核確認'),
      event: 'REVIEW',
      fact: 'Reviewed',
      fields: {
        reviewResult: oneOf(L('复核结果', 'Review result', '覆核結果'), { OK: L('正常', 'In order', '正常'), EXCEPTION: L('异常', 'Exception', '異常') }, { required: true }),
        reviewRemark: text(L('复核说明', 'Review remark', '覆核說明'), { max: 200 }),
      },
      at: 'reviewedAt',
      by: 'arrivalReviewedBy',
      confirm: true,
    },
  },
  list: {
    columns: ['billNo', 'billDate', 'loadingBillNo', 'dispatchBillNo', 'carNo', 'arrivedAt', 'state',
      { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
      { key: 'reviewResult', path: 'reviewResult', label: L('复核结果', 'Review result', '覆核結果') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'dispatchBillNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 5, icon: 'inbox' },
  routes: { list: '/arrivalBill', new: '/arrivalBill/arrivalBillAdd', view: '/arrivalBill/arrivalBillView/:id', edit: '/arrivalBill/arrivalBillEdit/:id' },
  feeds: [],
});
