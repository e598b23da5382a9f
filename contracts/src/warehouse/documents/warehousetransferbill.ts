import { ref } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, ownerHeader } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, reviewedStates, stockRowLine } from './stockrow';

/**
 * Warehouse transfer (移库单, spec 02 warehousetransferbill): one owner's stock moved from
 * place to place inside one warehouse. Each line names a stock row (barcode, location,
 * batch, material) of the bill's area, how much of it and the target location. Confirming
 * moves it, all lines or none: only what is not allocated moves, and a target must be a live
 * location of the same warehouse not reserved for another owner. States: docs/DOMAIN.md
 * "Warehouse transfer".
 */
export const warehousetransferbill = defineDocument({
  name: 'warehousetransferbill',
  service: 'bl-warehouse',
  streamType: 'WarehouseTransfer',
  title: L('移库单', 'Warehouse transfer', '移庫單'),
  billType: 31,
  billNo: { serialCode: 'warehousetransferbill', prefix: 'YK', serialName: L('移库单号', 'Warehouse transfer number', '移庫單號') },
  header: { ...ownerHeader() },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...stockRowLine({ place: L('原库位', 'From location', '原庫位') }),
      targetWarehousePlaceCode: ref(L('目标库位', 'To location', '目標庫位'), 'warehouseplace', { required: true }),
    },
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY, 'targetWarehousePlaceCode'],
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      ...reviewedStates({ event: 'CONFIRM', target: 'Done' }),
      // the stock has moved
      Done: { label: L('已移库', 'Moved', '已移庫'), tone: 'success', final: true },
    },
  },
  actions: {
    confirm: { label: L('确认移库', 'Confirm transfer', '確認移庫'), event: 'CONFIRM', fact: 'Moved', at: 'movedAt', by: 'movedBy', confirm: true },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' } },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'movedAt', path: 'movedAt', label: L('移库时间', 'Moved at', '移庫時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'otherBill', sort: 1, icon: 'swap' },
  routes: {
    list: '/otherBill/warehousetransferbill',
    new: '/otherBill/warehousetransferbillForm',
    view: '/otherBill/warehousetransferbillFormView/:id',
    edit: '/otherBill/warehousetransferbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 5, targetWarehousePlaceCode: 'A-02-01' }],
  },
});
