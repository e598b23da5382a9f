import { date, datetime, docRef, flag, num, oneOf, ref, text } from '../../entities/define';
import { commonHeader } from '../../documents/fields';
import { cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';
import { L } from './common';

/**
 * Stock sorting / picking bill (分拣单, spec 02 stocksortingbill): allocated outbound bills of
 * one area put on one pick list for a picker. Issuing it sends the list to the floor; its
 * completion confirms the picking of every bill on it. printSortStatus and
 * printBillBoardStatus (0 not printed, 1 printed) record that the list and the board were printed.
 */
export const stocksortingbill = defineDocument({
  name: 'stocksortingbill',
  service: 'bl-warehouse',
  streamType: 'SortingBill',
  title: L('分拣单', 'Picking list', '分揀單'),
  billType: 23,
  billNo: { serialCode: 'stocksortingbill', prefix: 'FJ', serialName: L('分拣单号', 'Picking list number', '分揀單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    ...commonHeader(),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true, pick: { holdsPlaces: '1' } }),
    picker: text(L('拣货人', 'Picker', '揀貨人'), { required: true, max: 50 }),
    printSortStatus: flag(L('分拣单已打印', 'List printed', '分揀單已列印'), { generated: true }),
    printBillBoardStatus: flag(L('看板已打印', 'Board printed', '看板已列印'), { generated: true }),
  },
  sources: {
    osoutstockbill: {
      states: ['Allocated'],
      label: L('生成分拣单', 'Picking list', '生成分揀單'),
      copy: (b) => ({ warehouseAreaCode: b.warehouseAreaCode, details: [{ osBillNo: b.billNo }] }),
    },
  },
  lines: {
    key: 'details',
    label: L('出库单', 'Outbound bills', '出庫單'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      // allocated bills only: their stock is reserved, so the list can be picked
      osBillNo: docRef(L('出库单号', 'Outbound bill number', '出庫單號'), 'osoutstockbill', { required: true, states: ['Allocated'] }),
    },
    uniqueBy: ['osBillNo'],
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', ISSUE: 'Picking', RECORD_PRINT: 'Draft', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Picking: { label: L('拣货中', 'Picking', '揀貨中'), tone: 'processing', on: { RECORD_PRINT: 'Picking', COMPLETE: 'Done' } },
      Done: { label: L('已完成', 'Done', '已完成'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    issue: { label: L('下发', 'Issue', '下發'), event: 'ISSUE', fact: 'Issued', at: 'issuedAt', by: 'issuedBy', confirm: true },
    recordPrint: {
      label: L('登记打印', 'Record printing', '登記列印'),
      event: 'RECORD_PRINT',
      fact: 'Printed',
      fields: { kind: oneOf(L('打印内容', 'Printed', '列印內容'), { SORT: L('分拣单', 'Picking list', '分揀單'), BOARD: L('看板', 'Board', '看板') }, { required: true }) },
      into: 'lastPrint',
      at: 'lastPrint.at',
    },
    complete: {
      label: L('拣货完成', 'Picking done', '揀貨完成'),
      event: 'COMPLETE',
      fact: 'Completed',
      fields: { pickedAt: datetime(L('拣货时间', 'Picked at', '揀貨時間')) },
      nowFields: ['pickedAt'],
      by: 'completedBy',
      confirm: true,
    },
    cancel: cancelAction({ reason: false }),
  },
  list: {
    columns: ['billNo', 'billDate', 'warehouseAreaCode', 'picker', 'printSortStatus', 'printBillBoardStatus', 'state'],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'picker', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 3, icon: 'ordered-list' },
  routes: {
    list: '/outWarehouseManagement/stocksortingbill',
    new: '/outWarehouseManagement/stocksortingbillForm',
    view: '/outWarehouseManagement/stocksortingbillFormView/:id',
    edit: '/outWarehouseManagement/stocksortingbillFormEdit/:id',
  },
  feeds: [],
  example: { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', picker: '张三', details: [{ osBillNo: 'CK2026112400001' }] },
});
