import { date, num, ref, text, type Labels } from '../entities/define';
import { L } from './actions';
import { commonHeader, commonLine } from './fields';

/**
 * The header fields of a document that names one cargo owner in one warehouse area (the
 * warehouse's documents, production's tasks): its date, the owner and the area, with the kit's
 * common header (currency and rate, company, department, invalid: ./fields.ts).
 */
export const ownerHeader = () => ({
  billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
  customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
  // only areas that hold places are offered (a warehouse's root holds zones, not bins), and the server refuses the others
  warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true, pick: { holdsPlaces: '1' } }),
  ...commonHeader(),
});

/**
 * A line that names one stock row (owner from the header; material, barcode, location and
 * batch on the line) and a quantity of it: what the documents working inside the warehouse
 * (transfers, stock checks, losses) act on. The stock row's identity is the ledger's
 * (docs/adr/0006-stock-ledger.md), so each line points at exactly one row.
 */
export const stockRowLine = (o: { place?: Labels; qty?: Labels | false } = {}) => ({
  lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
  barcode: text(L('条码', 'Barcode', '條碼'), { required: true, max: 64 }),
  materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true }),
  batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
  warehousePlaceCode: ref(o.place ?? L('库位', 'Location', '庫位'), 'warehouseplace', { required: true }),
  ...(o.qty === false ? {} : { qty: num(o.qty ?? L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }) }),
  ...commonLine(),
});

/** How a stock row line is taken from a stock row the user picks (the available quantity as the line's, where it has one). */
export const STOCK_ROW_PICK = {
  set: { barcode: 'barcode', materialCode: 'materialCode', batchNo: 'batchNo', warehousePlaceCode: 'warehousePlaceCode', qty: 'availableQty' },
} as const;

/** The fields a stock row line is unique by (the same row twice on one document is a repeated material). */
export const STOCK_ROW_KEY = ['barcode', 'materialCode', 'batchNo', 'warehousePlaceCode'] as const;

/** The kit's states of a document reviewed before it takes effect: Draft, its review, Audited. */
export const reviewedStates = (effect: { event: string; target: string }) => ({
  Draft: {
    label: L('草稿', 'Draft', '草稿'),
    on: {
      EDIT: 'Draft',
      SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' as const },
      [effect.event]: { target: effect.target, guard: 'noReviewNeeded' as const },
      CANCEL: 'Cancelled',
      REMOVE: 'Draft',
    },
  },
  InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing' as const, on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
  Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing' as const, on: { [effect.event]: effect.target, CANCEL: 'Cancelled' } },
  Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error' as const, on: { REMOVE: 'Cancelled' } },
});

/** The cancel action every in-warehouse document has (Draft and Audited): the kit's. */
export { cancelAction } from './actions';
