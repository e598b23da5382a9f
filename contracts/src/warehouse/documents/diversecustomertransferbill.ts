import { ref } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, ownerHeader } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, reviewedStates, stockRowLine } from './stockrow';

/**
 * Diverse-customer transfer (货权转移单, spec 02 diversecustomertransferbill): stock changes
 * owner where it lies, from the bill's cargo owner (customerCode) to another
 * (targetCustomerCode), as when a trader sells goods stored with us to another of our
 * customers. Confirming takes every line's pieces out of the first owner's account and into
 * the second's in one transaction; the goods keep their place, barcode, batch, inbound time,
 * expiry and quality status. Only what is not allocated changes owner. States: docs/DOMAIN.md
 * "Diverse-customer transfer".
 */
export const diversecustomertransferbill = defineDocument({
  name: 'diversecustomertransferbill',
  service: 'bl-warehouse',
  streamType: 'OwnerTransfer',
  title: L('货权转移单', 'Owner transfer', '貨權轉移單'),
  billType: 32,
  billNo: { serialCode: 'diversecustomertransferbill', prefix: 'HZ', serialName: L('货权转移单号', 'Owner transfer number', '貨權轉移單號') },
  header: {
    ...ownerHeader(),
    customerCode: ref(L('转出货主', 'From cargo owner', '轉出貨主'), 'customer', { required: true, filter: true }),
    targetCustomerCode: ref(L('转入货主', 'To cargo owner', '轉入貨主'), 'customer', { required: true, filter: true }),
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: stockRowLine(),
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      ...reviewedStates({ event: 'CONFIRM', target: 'Done' }),
      // the stock belongs to the other owner
      Done: { label: L('已转移', 'Transferred', '已轉移'), tone: 'success', final: true },
    },
  },
  actions: {
    confirm: { label: L('确认转移', 'Confirm transfer', '確認轉移'), event: 'CONFIRM', fact: 'Transferred', at: 'transferredAt', by: 'transferredBy', confirm: true },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'targetCustomerCode' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'targetCustomerCode', 'warehouseAreaCode', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'transferredAt', path: 'transferredAt', label: L('转移时间', 'Transferred at', '轉移時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'targetCustomerCode', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'otherBill', sort: 2, icon: 'user-switch' },
  routes: {
    list: '/otherBill/diversecustomertransferbill',
    new: '/otherBill/diversecustomertransferbillForm',
    view: '/otherBill/diversecustomertransferbillFormView/:id',
    edit: '/otherBill/diversecustomertransferbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    targetCustomerCode: 'C002',
    warehouseAreaCode: 'SH1-A',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 5 }],
  },
});
