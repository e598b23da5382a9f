import { date, datetime, docRef, mobile, num, plate, ref, text } from '../../entities/define';
import { commonHeader } from '../../documents/fields';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L } from './common';

/**
 * Load bill (装车单, spec 02 loadbill with its loaddetail lines): picked outbound bills put on
 * one vehicle at a dock. Loading starts and ends (spec: loading start and end times); shipping
 * the load ships every outbound bill on it, in the same transaction, at the shipping time.
 */
export const loadbill = defineDocument({
  name: 'loadbill',
  service: 'bl-warehouse',
  streamType: 'LoadBill',
  title: L('出库装车单', 'Load bill', '出庫裝車單'),
  billType: 24,
  billNo: { serialCode: 'loadbill', prefix: 'ZC', serialName: L('装车单号', 'Load bill number', '裝車單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    ...commonHeader(),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true, pick: { holdsPlaces: '1' } }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼'), { required: true }),
    driverName: text(L('司机姓名', 'Driver name', '司機姓名'), { max: 50 }),
    driverMobile: mobile(L('司机手机号', 'Driver mobile', '司機手機號')),
    platformNumber: text(L('月台号', 'Dock number', '月台號'), { max: 20 }),
  },
  sources: {
    // a finished picking list's bills go on one vehicle
    stocksortingbill: {
      states: ['Done'],
      label: L('生成装车单', 'Load bill', '生成裝車單'),
      copy: (s) => ({ warehouseAreaCode: s.warehouseAreaCode, details: ((s.details as { osBillNo?: unknown }[] | undefined) ?? []).map((d) => ({ osBillNo: d.osBillNo })) }),
    },
    osoutstockbill: {
      states: ['Picked'],
      label: L('生成装车单', 'Load bill', '生成裝車單'),
      copy: (b) => ({
        warehouseAreaCode: b.warehouseAreaCode,
        ...(b.carNo ? { carNo: b.carNo } : {}),
        ...(b.platformNumber ? { platformNumber: b.platformNumber } : {}),
        details: [{ osBillNo: b.billNo }],
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('装车明细', 'Load details', '裝車明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      // picked bills only: what goes on a vehicle has been taken off the shelves
      osBillNo: docRef(L('出库单号', 'Outbound bill number', '出庫單號'), 'osoutstockbill', { required: true, states: ['Picked'] }),
      packages: num(L('件数', 'Packages', '件數'), 'count', { default: 0 }),
    },
    uniqueBy: ['osBillNo'],
    totals: { packages: { of: 'packages', label: L('总件数', 'Total packages', '總件數'), scale: 0 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', START_LOADING: 'Loading', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Loading: { label: L('装车中', 'Loading', '裝車中'), tone: 'processing', on: { FINISH_LOADING: 'Loaded' } },
      // the loading's times are corrected once it finished, until the load ships (/loadHandle/loadbillTimeEdit)
      Loaded: { label: L('已装车', 'Loaded', '已裝車'), tone: 'warning', on: { SHIP: 'Shipped', EDIT_TIMES: 'Loaded' } },
      Shipped: { label: L('已发运', 'Shipped', '已發運'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    startLoading: {
      label: L('开始装车', 'Start loading', '開始裝車'),
      event: 'START_LOADING',
      fact: 'LoadingStarted',
      fields: { loadingStartTime: datetime(L('装车开始时间', 'Loading started', '裝車開始時間')) },
      nowFields: ['loadingStartTime'],
    },
    finishLoading: {
      label: L('装车完成', 'Finish loading', '裝車完成'),
      event: 'FINISH_LOADING',
      fact: 'LoadingFinished',
      fields: { loadingEndTime: datetime(L('装车结束时间', 'Loading ended', '裝車結束時間')) },
      nowFields: ['loadingEndTime'],
    },
    editTimes: {
      label: L('修改装车时间', 'Correct loading times', '修改裝車時間'),
      event: 'EDIT_TIMES',
      fact: 'LoadingTimesCorrected',
      fields: {
        loadingStartTime: datetime(L('装车开始时间', 'Loading started', '裝車開始時間'), { required: true }),
        loadingEndTime: datetime(L('装车结束时间', 'Loading ended', '裝車結束時間'), { required: true }),
      },
      // both are steps' times: never in the future beyond the kit's clock tolerance
      nowFields: ['loadingStartTime', 'loadingEndTime'],
      initial: (doc) => ({ loadingStartTime: doc.loadingStartTime, loadingEndTime: doc.loadingEndTime }),
    },
    ship: {
      label: L('发运', 'Ship', '發運'),
      event: 'SHIP',
      fact: 'Shipped',
      fields: { shippedAt: datetime(L('发运时间', 'Shipped at', '發運時間')) },
      nowFields: ['shippedAt'],
      by: 'shippedBy',
      confirm: true,
    },
    cancel: cancelAction({ reason: false }),
  },
  list: {
    columns: ['billNo', 'billDate', 'warehouseAreaCode', 'carNo', 'driverName', 'platformNumber', 'state',
      { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
      { key: 'loadingStartTime', path: 'loadingStartTime', label: L('装车开始时间', 'Loading started', '裝車開始時間'), kind: 'datetime' },
      { key: 'loadingEndTime', path: 'loadingEndTime', label: L('装车结束时间', 'Loading ended', '裝車結束時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'carNo', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'loadHandle', sort: 1, icon: 'car' },
  routes: { list: '/loadHandle/loadbill', new: '/loadHandle/loadbillForm', view: '/loadHandle/loadbillFormView/:id', edit: '/loadHandle/loadbillFormEdit/:id' },
  feeds: [],
  example: { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', carNo: '沪A12345', details: [{ osBillNo: 'CK2026112400001', packages: 10 }] },
});
