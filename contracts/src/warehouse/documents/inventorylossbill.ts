import { oneOf, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, ownerHeader, photosField } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, stockRowLine } from './stockrow';

/**
 * Inventory loss (报损单, spec 02 inventorylossbill): stock written off (damaged, expired,
 * lost...) with its reason and who bears it. It is audited (by hand, or through review when
 * the tenant configures it) before anything happens; posting then takes the lines' pieces
 * out of stock (StockAdjusted), only what is not allocated. States: docs/DOMAIN.md
 * "Inventory loss".
 */
export const inventorylossbill = defineDocument({
  name: 'inventorylossbill',
  service: 'bl-warehouse',
  streamType: 'InventoryLoss',
  title: L('报损单', 'Inventory loss', '報損單'),
  billType: 34,
  billNo: { serialCode: 'inventorylossbill', prefix: 'BS', serialName: L('报损单号', 'Inventory loss number', '報損單號') },
  header: {
    ...ownerHeader(),
    lossType: oneOf(L('损耗类型', 'Loss type', '損耗類型'), {
      DAMAGED: L('破损', 'Damaged', '破損'),
      EXPIRED: L('过期', 'Expired', '過期'),
      LOST: L('丢失', 'Lost', '丟失'),
      QUALITY: L('质量问题', 'Quality defect', '質量問題'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true, filter: true }),
    lossReason: text(L('损耗原因', 'Reason', '損耗原因'), { required: true, max: 200 }),
    // who bears the loss: the warehouse's own fault is the operator's to pay (the owner's claim)
    liability: oneOf(L('责任方', 'Borne by', '責任方'), {
      WAREHOUSE: L('仓库', 'Warehouse', '倉庫'),
      CUSTOMER: L('货主', 'Cargo owner', '貨主'),
      CARRIER: L('承运商', 'Carrier', '承運商'),
      OTHER: L('其他', 'Other', '其他'),
    }),
    photos: photosField(),
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: stockRowLine({ qty: L('损耗数量', 'Quantity lost', '損耗數量') }),
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: { qty: { of: 'qty', label: L('损耗总数', 'Total lost', '損耗總數'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: 'Audited', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      // approved: the keeper takes the goods out
      Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing', on: { POST: 'Posted', CANCEL: 'Cancelled' } },
      Posted: { label: L('已过账', 'Posted', '已過賬'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: auditAction(),
    post: { label: L('过账', 'Post loss', '過賬'), event: 'POST', fact: 'Posted', at: 'postedAt', by: 'postedBy', confirm: true, danger: true },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'lossReason' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'lossType', 'lossReason', 'liability', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('损耗总数', 'Total lost', '損耗總數') },
      { key: 'postedAt', path: 'postedAt', label: L('过账时间', 'Posted at', '過賬時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'lossType',
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'inWarehouseManagement', sort: 3, icon: 'exception' },
  routes: {
    list: '/inWarehouseManagement/inventorylossbill',
    new: '/inWarehouseManagement/inventorylossbillForm',
    view: '/inWarehouseManagement/inventorylossbillFormView/:id',
    edit: '/inWarehouseManagement/inventorylossbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    lossType: 'DAMAGED',
    lossReason: '叉车碰撞，外箱破损',
    liability: 'WAREHOUSE',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 2 }],
  },
});
