import { date, docRef, num, oneOf, plate, ref, text } from '../../entities/define';
import { commonLine } from '../../documents/fields';
import { defineDocument } from '../../documents/define';
import { subQty } from '../units';
import { L, cancelAction, goodsLeft, ownerHeader, ownerOf } from './common';

/** The named fields of a copied line that it has. */
const pick = (l: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => l[k] !== undefined && l[k] !== '').map((k) => [k, l[k]]));

/** What of a confirmed receipt bill the inbound bill receives: each line's counted quantity less the damaged, where any is sound. */
export const soundOf = (r: Record<string, unknown>): Record<string, unknown>[] =>
  ((r.details as Record<string, unknown>[] | undefined) ?? []).flatMap((l) => {
    const qty = subQty(Number(l.countedQty ?? 0), Number(l.damagedQty ?? 0));
    return qty > 0 ? [{ ...pick(l, ['applyLineNumber', 'materialCode', 'batchNo', 'unitCode', 'expiringDate']), qty }] : [];
  });

/**
 * Receipt bill (收货单, spec 02 isrecbill): the dock's count of what physically arrived against a
 * booked inbound, line by line: how many were counted, how many of them damaged, a remark. It moves
 * no stock (the inbound bill receives); confirming it records the count, and the inbound bill is
 * then made from it with the sound quantities. Differences against the booking are shown in words
 * on each line. Rules: docs/DOMAIN.md "Purchase apply and receipt bill".
 */
export const isrecbill = defineDocument({
  name: 'isrecbill',
  service: 'bl-warehouse',
  streamType: 'ReceiptBill',
  title: L('收货单', 'Receipt bill', '收貨單'),
  billType: 13,
  billNo: { serialCode: 'isrecbill', prefix: 'SH', serialName: L('收货单号', 'Receipt bill number', '收貨單號') },
  header: {
    ...ownerHeader(),
    // the booking counted against: picked among those open for receipts, what is left of it copied as expected
    applyNo: docRef(L('预约入库单号', 'Booked inbound number', '預約入庫單號'), 'orderisinstockbill', { states: ['Audited', 'Receiving'], required: true }),
    supplierCode: ref(L('供应商', 'Supplier', '供應商'), 'supplier'),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    checker: text(L('收货员', 'Counted by', '收貨員'), { max: 50 }),
  },
  sources: {
    // count what is left of a booking as it comes off the truck
    orderisinstockbill: {
      states: ['Audited', 'Receiving'],
      label: L('点收', 'Count at the dock', '點收'),
      copy: (b) => ({
        ...ownerOf(b),
        applyNo: b.billNo,
        ...(b.supplierCode ? { supplierCode: b.supplierCode } : {}),
        ...(b.carNo ? { carNo: b.carNo } : {}),
        // the goods still expected, as the booking names them; the count is the dock's
        details: goodsLeft(b, 'receivedQty').map((l) => pick(l, ['applyLineNumber', 'materialCode', 'batchNo', 'unitCode', 'expiringDate', 'qty'])),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      applyLineNumber: num(L('预约行号', 'Booked line', '預約行號'), 'count'),
      materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, pick: { custCode: '$customerCode' } }),
      batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
      unitCode: ref(L('单位', 'Unit', '單位'), 'unit'),
      expiringDate: date(L('失效日期', 'Expiry date', '失效日期')),
      qty: num(L('应收数量', 'Expected', '應收數量'), 'quantity', { required: true, positive: true }),
      countedQty: num(L('实收数量', 'Counted', '實收數量'), 'quantity', { required: true }),
      damagedQty: num(L('破损数量', 'Damaged', '破損數量'), 'quantity'),
      remark: text(L('备注', 'Remark', '備註'), { max: 200 }),
      ...commonLine(),
      diffQty: num(L('差异数量', 'Difference', '差異數量'), 'quantity', { generated: true, min: -999999999 }),
      variance: oneOf(L('差异', 'Count result', '差異'), {
        MATCH: L('相符', 'As expected', '相符'),
        SHORT: L('短少', 'Short', '短少'),
        OVER: L('超收', 'Over', '超收'),
        DAMAGED: L('有破损', 'Damaged goods', '有破損'),
      }, { generated: true }),
    },
    uniqueBy: ['materialCode', 'batchNo'],
    fills: { materialCode: { set: { unitCode: 'unitCode' } } },
    totals: {
      qty: { of: 'qty', label: L('应收总数', 'Total expected', '應收總數'), scale: 3 },
      countedQty: { of: 'countedQty', label: L('实收总数', 'Total counted', '實收總數'), scale: 3 },
      damagedQty: { of: 'damagedQty', label: L('破损总数', 'Total damaged', '破損總數'), scale: 3 },
    },
  },
  // of what was counted, some may be damaged: never more than were counted
  refine: (c, ctx) => {
    ((c.details as Record<string, unknown>[] | undefined) ?? []).forEach((l, i) => {
      if (Number(l.damagedQty ?? 0) > Number(l.countedQty ?? 0)) ctx.addIssue({ code: 'custom', path: ['details', i, 'damagedQty'], message: 'validation.damagedOverCounted' });
    });
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      // counted at the dock, still corrected
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', CONFIRM: 'Confirmed', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // the count recorded: the inbound bill is made from it
      Confirmed: { label: L('已确认', 'Confirmed', '已確認'), tone: 'processing', on: { RECORD_INBOUND: 'Received', CANCEL: 'Cancelled' } },
      // its inbound bill received the sound goods into stock
      Received: { label: L('已入库', 'Received', '已入庫'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    confirm: { label: L('确认收货', 'Confirm count', '確認收貨'), event: 'CONFIRM', fact: 'Confirmed', at: 'confirmedAt', by: 'confirmedBy', confirm: true },
    cancel: cancelAction(),
    // sent by the inbound bill made from it when that bill receives
    recordInbound: {
      label: L('登记入库', 'Record inbound', '登記入庫'),
      event: 'RECORD_INBOUND',
      fact: 'InboundRecorded',
      system: true,
      fields: { inBillNo: text(L('入库单号', 'Inbound bill number', '入庫單號'), { required: true, max: 40 }) },
      into: 'lastInbound',
    },
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'applyNo', 'supplierCode', 'carNo', 'state',
      { key: 'totalQty', path: 'totals.qty', label: L('应收总数', 'Total expected', '應收總數') },
      { key: 'totalCounted', path: 'totals.countedQty', label: L('实收总数', 'Total counted', '實收總數') },
      { key: 'totalDamaged', path: 'totals.damagedQty', label: L('破损总数', 'Total damaged', '破損總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'applyNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'warehousingManagement', sort: 2, icon: 'audit' },
  routes: {
    list: '/warehousingManagement/isrecbill',
    new: '/warehousingManagement/isrecbillForm',
    view: '/warehousingManagement/isrecbillFormView/:id',
    edit: '/warehousingManagement/isrecbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    applyNo: 'YR001',
    details: [{ materialCode: 'M001', qty: 20, countedQty: 20, damagedQty: 0 }],
  },
});
