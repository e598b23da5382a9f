import { docRef, num, oneOf, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, ownerHeader } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, stockRowLine } from './stockrow';

/** voucherType (spec 02 "the voucher state"): an ordinary voucher, a reversing one, or one a reversal has reversed. */
export const VOUCHER_TYPES = { normal: 'NORMAL', reversal: 'REVERSAL', reversed: 'REVERSED' } as const;

/**
 * What a voucher does to each of its lines' stock rows: moves it to the header's target
 * location, adds to it (stock found) or takes from it (stock written down).
 */
export const VOUCHER_KINDS = { move: 'MOVE', gain: 'GAIN', loss: 'LOSS' } as const;

/** The copy a reversing voucher starts from: the original's header and every line, each pointing back at its line. */
const reversalOf = (v: Record<string, unknown>): Record<string, unknown> => ({
  customerCode: v.customerCode,
  warehouseAreaCode: v.warehouseAreaCode,
  voucherKind: v.voucherKind,
  ...(v.targetWarehousePlaceCode ? { targetWarehousePlaceCode: v.targetWarehousePlaceCode } : {}),
  reason: v.reason,
  sourceVoucherBillNo: v.billNo,
  details: ((v.details as Record<string, unknown>[] | undefined) ?? []).map((l) => ({
    barcode: l.barcode,
    materialCode: l.materialCode,
    ...(l.batchNo ? { batchNo: l.batchNo } : {}),
    warehousePlaceCode: l.warehousePlaceCode,
    qty: l.qty,
    ...(l.unitCode ? { unitCode: l.unitCode } : {}),
    ...(l.price !== undefined ? { price: l.price } : {}),
    ...(l.account ? { account: l.account } : {}),
    sourceVoucherLineNumber: l.lineNumber,
  })),
});

/**
 * Voucher (凭证单, spec 02 "Voucher bill"): a stock adjustment the warehouse posts with its
 * reason. Each line names a stock row (chosen from stock) and how much of it; posting moves that
 * much to the target location (MOVE), adds it (GAIN) or takes it out (LOSS), through the stock
 * ledger, only what is not allocated, never below zero. A posted voucher is undone only by a
 * reversing voucher made from it ("Reverse": every line copied, sourceVoucherLineNumber naming
 * its line) whose posting does the exact opposite and marks the original reversed (voucherType,
 * voucherOffRemark / voucherOffTime / voucherOffBy). docs/DOMAIN.md "Voucher".
 */
export const voucherbill = defineDocument({
  name: 'voucherbill',
  service: 'bl-warehouse',
  streamType: 'Voucher',
  title: L('凭证单', 'Voucher', '憑證單'),
  billType: 37,
  billNo: { serialCode: 'voucherbill', prefix: 'PZ', serialName: L('凭证单号', 'Voucher number', '憑證單號') },
  header: {
    ...ownerHeader(),
    voucherKind: oneOf(L('调整方式', 'Adjustment', '調整方式'), {
      [VOUCHER_KINDS.move]: L('移位', 'Move to location', '移位'),
      [VOUCHER_KINDS.gain]: L('调增', 'Increase', '調增'),
      [VOUCHER_KINDS.loss]: L('调减', 'Decrease', '調減'),
    }, { required: true, filter: true }),
    reason: text(L('调整原因', 'Reason', '調整原因'), { required: true, max: 200 }),
    // the lines' location when they are all at one (the server's): what the list shows as "from"
    sourceWarehousePlaceCode: ref(L('原库位', 'From location', '原庫位'), 'warehouseplace', { generated: true }),
    // a move's target; a gain or a loss has none
    targetWarehousePlaceCode: ref(L('目标库位', 'To location', '目標庫位'), 'warehouseplace'),
    // set by "Reverse" (the voucher it reverses), never typed
    sourceVoucherBillNo: docRef(L('原凭证单号', 'Reverses voucher', '原憑證單號'), 'voucherbill', { generated: true, states: ['Posted'] }),
    voucherType: oneOf(L('凭证状态', 'Voucher type', '憑證狀態'), {
      [VOUCHER_TYPES.normal]: L('正常', 'Normal', '正常'),
      [VOUCHER_TYPES.reversal]: L('冲销凭证', 'Reversing voucher', '沖銷憑證'),
      [VOUCHER_TYPES.reversed]: L('已冲销', 'Reversed', '已沖銷'),
    }, { generated: true, filter: true }),
    // a reversing voucher's reason (required there); on the original it is the reversal's, once reversed
    voucherOffRemark: text(L('冲销说明', 'Reversal note', '沖銷說明'), { max: 200 }),
  },
  sources: {
    voucherbill: {
      states: ['Posted'],
      // a reversing voucher is never reversed in its turn
      when: (v) => v.voucherType !== VOUCHER_TYPES.reversal,
      label: L('冲销', 'Reverse', '沖銷'),
      copy: reversalOf,
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...stockRowLine({ place: L('库位', 'Location', '庫位') }),
      unitCode: ref(L('单位', 'Unit', '單位'), 'unit'),
      price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { default: 0 }),
      amount: num(L('金额', 'Amount', '金額'), 'money', { generated: true }),
      // the ledger account the value is posted to (科目), as finance names it
      account: text(L('科目', 'Account', '科目'), { max: 40 }),
      sourceVoucherLineNumber: num(L('原凭证行号', 'Reversed line', '原憑證行號'), 'count', { generated: true }),
    },
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: {
      qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
      amount: { of: 'amount', label: L('总金额', 'Total amount', '總金額'), scale: 2 },
    },
  },
  refine: (c, ctx) => {
    if (c.voucherKind === VOUCHER_KINDS.move && !c.targetWarehousePlaceCode) ctx.addIssue({ code: 'custom', path: ['targetWarehousePlaceCode'], message: 'validation.required' });
    if (c.sourceVoucherBillNo && !c.voucherOffRemark) ctx.addIssue({ code: 'custom', path: ['voucherOffRemark'], message: 'validation.required' });
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', POST: 'Posted', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // the stock has changed; only a reversing voucher undoes it
      Posted: { label: L('已过账', 'Posted', '已過賬'), tone: 'success', on: { REVERSE: 'Reversed' } },
      Reversed: { label: L('已冲销', 'Reversed', '已沖銷'), tone: 'warning', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    post: { label: L('过账', 'Post', '過賬'), event: 'POST', fact: 'Posted', at: 'postedAt', by: 'postedBy', confirm: true },
    // sent by the reversing voucher's posting, in its transaction
    reversed: {
      label: L('冲销', 'Reversed', '沖銷'),
      event: 'REVERSE',
      fact: 'Reversed',
      // the stamps read "Reversal at" / "Reversal by"
      factLabel: L('冲销', 'Reversal', '沖銷'),
      system: true,
      fields: {
        // lands on the header's field of the same name (shown there, not twice)
        voucherOffRemark: text(L('冲销说明', 'Reversal note', '沖銷說明'), { required: true, max: 200, hidden: true }),
        reversalBillNo: docRef(L('冲销凭证单号', 'Reversing voucher', '沖銷憑證單號'), 'voucherbill', { required: true }),
      },
      at: 'voucherOffTime',
      by: 'voucherOffBy',
    },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'voucherKind', 'reason', 'voucherType', 'sourceVoucherBillNo', 'state',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalAmount', path: 'totals.amount', label: L('总金额', 'Total amount', '總金額') },
      { key: 'postedAt', path: 'postedAt', label: L('过账时间', 'Posted at', '過賬時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'voucherKind', 'voucherType',
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'voucher', sort: 1, icon: 'audit' },
  // spec 01 names /voucher/voucherbillView; the list and forms follow the other documents' pattern under it
  routes: {
    list: '/voucher/voucherbill',
    new: '/voucher/voucherbillForm',
    view: '/voucher/voucherbillView/:id',
    edit: '/voucher/voucherbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    voucherKind: 'MOVE',
    reason: '货位调整',
    targetWarehousePlaceCode: 'A-02-01',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 2, price: 12.5, account: '1405' }],
  },
});
