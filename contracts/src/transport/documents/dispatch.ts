import { date, datetime, docRef, num, ref, text } from '../../entities/define';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L, freightRows } from './common';

/**
 * Dispatch bill (spec 02 dispatch with its detail): consignment notes put on one vehicle,
 * with its driver, carrier and route picked from transport master data and a time window.
 * Issuing it applies every dispatch rule (the records' plate, ID card and mobile rules,
 * invalid records, the customers' shipping rules, the vehicle's and the driver's schedules),
 * books the schedules, prices the freight and dispatches every note, in one transaction.
 */
export const dispatch = defineDocument({
  name: 'dispatch',
  service: 'bl-transport',
  streamType: 'DispatchBill',
  title: L('派车单', 'Dispatch bill', '派車單'),
  billNo: { serialCode: 'dispatch', prefix: 'PC', serialName: L('派车单号', 'Dispatch number', '派車單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    carNo: ref(L('车辆', 'Vehicle', '車輛'), 'basiccar', { required: true, filter: true }),
    driverCode: ref(L('司机', 'Driver', '司機'), 'basicdriver'),
    carrierCode: ref(L('承运商', 'Carrier', '承運商'), 'basiccarrier'),
    lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { filter: true }),
    plannedStart: datetime(L('计划发车', 'Planned start', '計劃發車')),
    plannedEnd: datetime(L('计划完成', 'Planned end', '計劃完成')),
  },
  lines: {
    key: 'details',
    label: L('派车明细', 'Dispatched notes', '派車明細'),
    fields: {
      // picked among the notes awaiting dispatch (shown by number); the pick fills the rest of the line
      noteId: docRef(L('运单', 'Consignment note', '運單'), 'consignmentbill', { required: true, by: 'id', states: ['Open'], list: false }),
      noteBillNo: text(L('运单号', 'Note number', '運單號'), { max: 40, hidden: true }),
      // the version of the note the dispatcher saw: a note changed since is refused (409), never overwritten
      noteVersion: num(L('运单版本', 'Note version', '運單版本'), 'count', { list: false, hidden: true }),
      customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { generated: true }),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { default: 0 }),
      weg: num(L('重量(kg)', 'Weight (kg)', '重量(kg)'), 'weight', { default: 0 }),
      volume: num(L('体积(m³)', 'Volume (m³)', '體積(m³)'), 'volume', { default: 0 }),
      packages: num(L('件数', 'Packages', '件數'), 'count', { default: 0 }),
    },
    uniqueBy: ['noteId'],
    fills: {
      noteId: {
        set: { noteBillNo: 'billNo', noteVersion: 'version', customerCode: 'customerCode', qty: 'totalQty', weg: 'totalWeg', volume: 'totalVolume', packages: 'totalPackages' },
      },
    },
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      weg: { of: 'weg', label: L('总重量(kg)', 'Total weight (kg)', '總重量(kg)'), scale: 3 },
      volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
      packages: { of: 'packages', label: L('总件数', 'Total packages', '總件數'), scale: 0 },
    },
  },
  sources: {
    // a note awaiting dispatch put on a vehicle
    consignmentbill: {
      states: ['Open'],
      label: L('派车', 'Dispatch', '派車'),
      copy: (n) => {
        const totals = (n.totals ?? {}) as Record<string, number>;
        return {
          ...(n.lineCode ? { lineCode: n.lineCode } : {}),
          details: [{ noteId: n.id, noteBillNo: n.billNo, noteVersion: n.version, customerCode: n.customerCode, qty: totals.qty ?? 0, weg: totals.weg ?? 0, volume: totals.volume ?? 0, packages: totals.packages ?? 0 }],
        };
      },
    },
  },
  refine: (c, ctx) => {
    if (typeof c.plannedStart === 'string' && typeof c.plannedEnd === 'string' && c.plannedEnd <= c.plannedStart) {
      ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: 'validation.dateRange' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', ISSUE: 'Issued', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Issued: { label: L('已派车', 'Dispatched', '已派車'), tone: 'processing', on: { CANCEL: 'Cancelled' } },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    issue: {
      label: L('派车', 'Dispatch', '派車'),
      event: 'ISSUE',
      fact: 'Issued',
      // what the issue records is resolved by the server from the bill and master data (the vehicle's driver and carrier, the window, the freight)
      fields: {
        driverCode: ref(L('司机', 'Driver', '司機'), 'basicdriver', { generated: true }),
        carrierCode: ref(L('承运商', 'Carrier', '承運商'), 'basiccarrier', { generated: true }),
        lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { generated: true }),
        plannedStart: datetime(L('计划发车', 'Planned start', '計劃發車'), { generated: true }),
        plannedEnd: datetime(L('计划完成', 'Planned end', '計劃完成'), { generated: true }),
        freight: num(L('运费', 'Freight', '運費'), 'money', { generated: true }),
        freightLines: freightRows(),
      },
      at: 'issuedAt',
      by: 'issuedBy',
      confirm: true,
    },
    cancel: cancelAction(),
  },
  list: {
    columns: [
      'billNo',
      'billDate',
      'carNo',
      'driverCode',
      'carrierCode',
      'lineCode',
      'plannedStart',
      'plannedEnd',
      'state',
      { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
      { key: 'totalWeg', path: 'totals.weg', label: L('总重量(kg)', 'Total weight (kg)', '總重量(kg)') },
      { key: 'totalVolume', path: 'totals.volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)') },
      { key: 'freight', path: 'freight', label: L('运费', 'Freight', '運費'), kind: 'number' },
    ],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'carNo', match: 'contains' }, { key: 'lineCode', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 3, icon: 'car' },
  routes: {
    list: '/dispatchBill',
    new: '/dispatchBill/dispatchBillAdd',
    view: '/dispatchBill/dispatchBillView/:id',
    edit: '/dispatchBill/dispatchBillEdit/:id',
  },
  feeds: [],
});
