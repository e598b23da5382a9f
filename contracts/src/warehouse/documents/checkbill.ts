import { datetime, num, oneOf, rows, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, ownerHeader } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, stockRowLine } from './stockrow';

const qtyOf = (label: ReturnType<typeof L>) => num(label, 'quantity', { generated: true });

/**
 * Stock check (盘点单, spec 02 "check bill with items" / "stock check"): one owner's stock rows
 * in one area counted. The items name the rows to count and carry what was counted
 * (countQty). Recording the count (COUNT) reads each row's book quantity from the ledger as
 * of the count's time and keeps it with the gain or loss; nothing is frozen while counting.
 * The difference is posted to stock (StockAdjusted) only after the audit or the review, and
 * only while the rows still hold what the count found in the book: a row that moved since is
 * refused and must be counted again. States: docs/DOMAIN.md "Stock check".
 */
export const checkbill = defineDocument({
  name: 'checkbill',
  service: 'bl-warehouse',
  streamType: 'StockCheck',
  title: L('盘点单', 'Stock check', '盤點單'),
  billType: 33,
  billNo: { serialCode: 'checkbill', prefix: 'PD', serialName: L('盘点单号', 'Stock check number', '盤點單號') },
  header: {
    ...ownerHeader(),
    checkType: oneOf(L('盘点类型', 'Check type', '盤點類型'), {
      FULL: L('全盘', 'Full count', '全盤'),
      CYCLE: L('循环盘点', 'Cycle count', '循環盤點'),
      SPOT: L('抽盘', 'Spot check', '抽盤'),
    }, { required: true }),
    checker: text(L('盘点人', 'Counted by', '盤點人'), { max: 50 }),
  },
  lines: {
    key: 'items',
    label: L('盘点明细', 'Items', '盤點明細'),
    fields: {
      ...stockRowLine({ qty: false }),
      countQty: num(L('实盘数量', 'Counted', '實盤數量'), 'quantity'),
      bookQty: qtyOf(L('账面数量', 'Book quantity', '賬面數量')),
      gainQty: qtyOf(L('盘盈数量', 'Gain', '盤盈數量')),
      lossQty: qtyOf(L('盘亏数量', 'Loss', '盤虧數量')),
    },
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: {
      countQty: { of: 'countQty', label: L('实盘总数', 'Total counted', '實盤總數'), scale: 3 },
      bookQty: { of: 'bookQty', label: L('账面总数', 'Total book', '賬面總數'), scale: 3 },
      gainQty: { of: 'gainQty', label: L('盘盈总数', 'Total gain', '盤盈總數'), scale: 3 },
      lossQty: { of: 'lossQty', label: L('盘亏总数', 'Total loss', '盤虧總數'), scale: 3 },
    },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      // the rows to count, and what was counted
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', COUNT: 'Counted', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // the count recorded against the book: gains and losses known, nothing posted
      Counted: {
        label: L('已盘点', 'Counted', '已盤點'),
        tone: 'warning',
        on: { RECORD_BOOK: 'Counted', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: 'Audited', guard: 'noReviewNeeded' }, RECOUNT: 'Draft', CANCEL: 'Cancelled' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing', on: { POST: 'Posted', RECOUNT: 'Draft' } },
      // the differences are in stock
      Posted: { label: L('已过账', 'Posted', '已過賬'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    count: {
      label: L('录入盘点结果', 'Record count', '錄入盤點結果'),
      event: 'COUNT',
      fact: 'Counted',
      // when the rows were counted: their book quantities are read as of then
      fields: { countedAt: datetime(L('盘点时间', 'Counted at', '盤點時間')) },
      nowFields: ['countedAt'],
      by: 'countedBy',
      confirm: true,
    },
    // sent by the bill itself when it is counted: the ledger's quantities at the count
    recordBook: {
      label: L('登记账面数', 'Record book quantities', '登記賬面數'),
      event: 'RECORD_BOOK',
      fact: 'BookRecorded',
      system: true,
      fields: {
        books: rows(L('账面数量', 'Book quantities', '賬面數量'), {
          lineNumber: num(L('行号', 'Line', '行號'), 'count', { required: true }),
          bookQty: num(L('账面数量', 'Book quantity', '賬面數量'), 'quantity', { required: true }),
        }),
      },
      into: 'bookRecord',
    },
    audit: auditAction(),
    recount: {
      label: L('重新盘点', 'Recount', '重新盤點'),
      event: 'RECOUNT',
      fact: 'Recounted',
      fields: { recountReason: text(L('重盘原因', 'Reason', '重盤原因'), { max: 200 }) },
      at: 'recountedAt',
      confirm: true,
    },
    post: { label: L('过账', 'Post differences', '過賬'), event: 'POST', fact: 'Posted', at: 'postedAt', by: 'postedBy', confirm: true },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'warehouseAreaCode' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'checkType', 'checker', 'state', 'isReview',
      { key: 'totalGain', path: 'totals.gainQty', label: L('盘盈总数', 'Total gain', '盤盈總數') },
      { key: 'totalLoss', path: 'totals.lossQty', label: L('盘亏总数', 'Total loss', '盤虧總數') },
      { key: 'countedAt', path: 'countedAt', label: L('盘点时间', 'Counted at', '盤點時間'), kind: 'datetime' },
      { key: 'postedAt', path: 'postedAt', label: L('过账时间', 'Posted at', '過賬時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'checkType',
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'inWarehouseManagement', sort: 1, icon: 'audit' },
  routes: {
    list: '/inWarehouseManagement/checkbill',
    new: '/inWarehouseManagement/checkbillForm',
    view: '/inWarehouseManagement/checkbillFormView/:id',
    edit: '/inWarehouseManagement/checkbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    checkType: 'SPOT',
    checker: '王芳',
    items: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', countQty: 9 }],
  },
});
