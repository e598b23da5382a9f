import { date, datetime, docRef, num, ref, rows, text } from '../../entities/define';
import { commonHeader } from '../../documents/fields';
import { defineDocument } from '../../documents/define';
import { L, cancelAction } from './common';

/**
 * One line of a wave's pick path: a stock row at a bin and what the wave takes from it, summed
 * over every bill of the wave that holds it frozen (`bills` says how it splits back). Written by
 * the server when the wave is issued (never typed), in walking order: area, then bin.
 */
export const wavePathFields = {
  seq: num(L('顺序', 'Step', '順序'), 'count', { generated: true }),
  warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { generated: true }),
  warehousePlaceCode: ref(L('库位', 'Location', '庫位'), 'warehouseplace', { generated: true }),
  customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { generated: true }),
  materialCode: ref(L('物料', 'Material', '物料'), 'material', { generated: true }),
  batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40, generated: true }),
  barcode: text(L('条码', 'Barcode', '條碼'), { max: 64, generated: true }),
  qty: num(L('数量', 'Quantity', '數量'), 'quantity', { generated: true }),
  // "CK…:3, CK…:2": the bills this step's quantity goes back to, and how much to each
  bills: text(L('分配到出库单', 'Split to bills', '分配到出庫單'), { max: 2000, generated: true }),
};

/**
 * Wave (波次单, spec 02 "wave bill", its state the spec's wavesStatus): allocated outbound bills of
 * one warehouse area (or the areas under it), of one or several cargo owners, gathered to be
 * picked in one walk. Issuing it gathers the bills (each is then "in a wave" and refuses a pick
 * of its own) and writes the pick path: every row they hold frozen, merged by bin, sorted by area
 * and bin. Picking it records what was taken at each step of the path and picks every bill in
 * the same transaction; cancelling an issued wave gives the bills back. docs/DOMAIN.md "Wave".
 */
export const wavebill = defineDocument({
  name: 'wavebill',
  service: 'bl-warehouse',
  streamType: 'Wave',
  title: L('波次单', 'Wave', '波次單'),
  billType: 25,
  billNo: { serialCode: 'wavebill', prefix: 'BO', serialName: L('波次号', 'Wave number', '波次號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    ...commonHeader(),
    // the area the wave walks: its own bins, or its zones' when it is a warehouse
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea', { required: true }),
    // empty: bills of any owner (a 3PL picks several owners' small orders in one walk); named: that owner's only
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { filter: true }),
    picker: text(L('拣货人', 'Picker', '揀貨人'), { max: 50 }),
  },
  sources: {
    osoutstockbill: {
      states: ['Allocated'],
      label: L('生成波次', 'Wave', '生成波次'),
      copy: (b) => ({ warehouseAreaCode: b.warehouseAreaCode, details: [{ osBillNo: b.billNo }] }),
    },
  },
  lines: {
    key: 'details',
    label: L('出库单', 'Outbound bills', '出庫單'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      // allocated bills only: a bill in another wave is "in a wave", not offered
      osBillNo: docRef(L('出库单号', 'Outbound bill number', '出庫單號'), 'osoutstockbill', { required: true, states: ['Allocated'] }),
    },
    uniqueBy: ['osBillNo'],
    max: 200,
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('新建', 'Draft', '新建'), on: { EDIT: 'Draft', ISSUE: 'Issued', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Issued: { label: L('已下发', 'Issued', '已下發'), tone: 'processing', on: { PICK: 'Picked', CANCEL: 'Cancelled' } },
      Picked: { label: L('已拣货', 'Picked', '已揀貨'), tone: 'success', final: true },
      Cancelled: { label: L('已取消', 'Cancelled', '已取消'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    issue: {
      label: L('下发', 'Issue', '下發'),
      event: 'ISSUE',
      fact: 'Issued',
      // the path is the server's (from the ledger's frozen rows of the bills), never typed
      fields: {
        path: rows(L('拣货路径', 'Pick path', '揀貨路徑'), wavePathFields, { generated: true }),
        binVisits: num(L('库位访问数', 'Bin visits', '庫位訪問數'), 'count', { generated: true }),
        pathLength: num(L('路径长度', 'Path length', '路徑長度'), 'count', { generated: true }),
      },
      at: 'issuedAt',
      by: 'issuedBy',
      confirm: true,
    },
    pick: {
      label: L('拣货确认', 'Confirm picking', '揀貨確認'),
      event: 'PICK',
      fact: 'Picked',
      hint: L('逐个库位确认实拣数量；短拣不能确认，请取消波次后处理', 'Confirm what was taken at each step; a short pick cannot be confirmed: cancel the wave and sort it out first', '逐個庫位確認實揀數量；短揀不能確認，請取消波次後處理'),
      fields: {
        picker: text(L('拣货人', 'Picker', '揀貨人'), { required: true, max: 50 }),
        picked: rows(
          L('实拣数量', 'Picked at each step', '實揀數量'),
          {
            seq: num(L('顺序', 'Step', '順序'), 'count', { required: true, min: 1 }),
            warehousePlaceCode: text(L('库位', 'Location', '庫位'), { max: 40, generated: true }),
            materialCode: text(L('物料', 'Material', '物料'), { max: 40, generated: true }),
            pickedQty: num(L('实拣数量', 'Picked', '實揀數量'), 'quantity', { required: true, min: 0 }),
          },
          { minRows: 1, maxRows: 2000 },
        ),
        pickedAt: datetime(L('拣货时间', 'Picked at', '揀貨時間')),
      },
      nowFields: ['pickedAt'],
      by: 'pickedBy',
      confirm: true,
      // every step of the path at its full quantity: the picker changes only what differs
      initial: (doc) => ({
        ...(doc.picker ? { picker: doc.picker } : {}),
        picked: ((doc.path as { seq?: number; warehousePlaceCode?: string; materialCode?: string; qty?: number }[] | undefined) ?? []).map((p) => ({
          seq: p.seq,
          warehousePlaceCode: p.warehousePlaceCode,
          materialCode: p.materialCode,
          pickedQty: p.qty,
        })),
      }),
    },
    cancel: cancelAction({ reason: false }),
  },
  list: {
    columns: ['billNo', 'billDate', 'warehouseAreaCode', 'customerCode', 'picker', 'binVisits', 'pathLength', 'state'],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'warehouseAreaCode', match: 'exact' }, { key: 'customerCode', match: 'exact' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 4, icon: 'ordered-list' },
  routes: {
    list: '/outWarehouseManagement/wavebill',
    new: '/outWarehouseManagement/wavebillForm',
    view: '/outWarehouseManagement/wavebillFormView/:id',
    edit: '/outWarehouseManagement/wavebillFormEdit/:id',
  },
  feeds: [],
  example: { billDate: '2026-11-24', warehouseAreaCode: 'SH1-A', picker: '张三', details: [{ osBillNo: 'CK2026112400001' }] },
});
