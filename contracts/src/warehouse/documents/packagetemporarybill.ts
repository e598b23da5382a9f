import { docRef, num, ref, text } from '../../entities/define';
import { commonLine } from '../../documents/fields';
import { defineDocument } from '../../documents/define';
import { L, ownerHeader, packMaterialsField } from './common';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, cancelAction, stockRowLine } from './stockrow';

/** A line of a temporary package: the stock row it came from (barcode, location, batch, material) and how much of it. */
type PackedLine = { lineNumber?: number; barcode?: string; materialCode?: string; batchNo?: string; warehousePlaceCode?: string; qty?: number };

/**
 * Packing into a temporary package (装入临时包装, spec 02 packagetemporarybill): one owner's
 * pieces, chosen from stock, put into a carton or pallet made up in the warehouse, at a
 * location. The package's barcode is the bill's number (printed on its label); packing moves
 * the pieces to the package's location under that barcode (owner, material and batch kept),
 * only what is not allocated. The package stays made up (Packed) until an unpacking bill made
 * from it opens it again (Unpacked). docs/DOMAIN.md "Temporary packages".
 */
export const packagetemporarybill = defineDocument({
  name: 'packagetemporarybill',
  service: 'bl-warehouse',
  streamType: 'TemporaryPackage',
  title: L('临时包装单', 'Temporary package', '臨時包裝單'),
  billType: 36,
  billNo: { serialCode: 'packagetemporarybill', prefix: 'LB', serialName: L('临时包装单号', 'Temporary package number', '臨時包裝單號') },
  header: {
    ...ownerHeader(),
    // where the made-up package stands
    warehousePlaceCode: ref(L('包装库位', 'Package location', '包裝庫位'), 'warehouseplace', { required: true }),
    packageType: text(L('包装类型', 'Package type', '包裝類型'), { max: 40 }),
    remark: text(L('备注', 'Remark', '備註'), { max: 200 }),
  },
  lines: {
    key: 'details',
    label: L('包装内容', 'Package content', '包裝內容'),
    fields: { ...stockRowLine({ place: L('原库位', 'From location', '原庫位') }) },
    fromStock: STOCK_ROW_PICK,
    uniqueBy: [...STOCK_ROW_KEY],
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', PACK: 'Packed', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // made up: the pieces are in stock under the package's barcode
      Packed: { label: L('已装包', 'Packed', '已裝包'), tone: 'processing', on: { UNPACKED: 'Unpacked' } },
      Unpacked: { label: L('已拆包', 'Unpacked', '已拆包'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    // the packing materials the package was made up with (a repack): billed to the owner (costbilldetailpack)
    pack: { label: L('装包', 'Pack', '裝包'), event: 'PACK', fact: 'Packed', fields: { packMaterials: packMaterialsField() }, at: 'packedAt', by: 'packedBy', confirm: true },
    // sent by the unpacking bill's confirmation, in its transaction
    unpacked: {
      label: L('拆包', 'Unpacked', '拆包'),
      event: 'UNPACKED',
      fact: 'Unpacked',
      system: true,
      fields: { unpackBillNo: docRef(L('拆包单号', 'Unpacking bill', '拆包單號'), 'temporarypackagebill', { required: true }) },
      at: 'unpackedAt',
      by: 'unpackedBy',
    },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'warehousePlaceCode', 'packageType', 'state',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'packedAt', path: 'packedAt', label: L('装包时间', 'Packed at', '裝包時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'otherBill', sort: 3, icon: 'inbox' },
  routes: {
    list: '/otherBill/packagetemporarybill',
    new: '/otherBill/packagetemporarybillForm',
    view: '/otherBill/packagetemporarybillFormView/:id',
    edit: '/otherBill/packagetemporarybillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    warehousePlaceCode: 'A-02-01',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 5 }],
  },
});

/** What an unpacking bill starts from: the package's owner, area and number, its location as the default target, every line of its content. */
const unpackingOf = (p: Record<string, unknown>): Record<string, unknown> => ({
  customerCode: p.customerCode,
  warehouseAreaCode: p.warehouseAreaCode,
  packageBillNo: p.billNo,
  targetWarehousePlaceCode: p.warehousePlaceCode,
  details: ((p.details as PackedLine[] | undefined) ?? []).map((l) => ({
    barcode: l.barcode,
    materialCode: l.materialCode,
    ...(l.batchNo ? { batchNo: l.batchNo } : {}),
    qty: l.qty,
  })),
});

/**
 * Unpacking a temporary package (拆临时包装, spec 02 temporarypackagebill): made from a packed
 * package (every line of its content copied; a line is neither added nor changed), it puts the
 * content back as the pieces they were (their own barcodes) at a chosen location of the same
 * warehouse; the package's barcode is gone and the package reads Unpacked. docs/DOMAIN.md
 * "Temporary packages".
 */
export const temporarypackagebill = defineDocument({
  name: 'temporarypackagebill',
  service: 'bl-warehouse',
  streamType: 'TemporaryUnpack',
  title: L('拆临时包装单', 'Temporary package unpacking', '拆臨時包裝單'),
  billType: 38,
  billNo: { serialCode: 'temporarypackagebill', prefix: 'CB', serialName: L('拆包单号', 'Unpacking number', '拆包單號') },
  header: {
    ...ownerHeader(),
    // the package opened (its number is its barcode)
    packageBillNo: docRef(L('临时包装', 'Temporary package', '臨時包裝'), 'packagetemporarybill', { states: ['Packed'], required: true }),
    targetWarehousePlaceCode: ref(L('拆包后库位', 'Unpack to location', '拆包後庫位'), 'warehouseplace', { required: true }),
    remark: text(L('备注', 'Remark', '備註'), { max: 200 }),
  },
  sources: {
    packagetemporarybill: { states: ['Packed'], label: L('拆包', 'Unpack', '拆包'), copy: unpackingOf },
  },
  lines: {
    key: 'details',
    label: L('包装内容', 'Package content', '包裝內容'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      barcode: text(L('条码', 'Barcode', '條碼'), { required: true, max: 64 }),
      materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true }),
      batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
      ...commonLine(),
    },
    // the package's content, line for line (one piece barcode may have come from two locations): opened whole, never added to
    fixed: true,
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', UNPACK: 'Unpacked', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      Unpacked: { label: L('已拆包', 'Unpacked', '已拆包'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    unpack: { label: L('确认拆包', 'Unpack', '確認拆包'), event: 'UNPACK', fact: 'Unpacked', at: 'unpackedAt', by: 'unpackedBy', confirm: true },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'packageBillNo', 'targetWarehousePlaceCode', 'state',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'unpackedAt', path: 'unpackedAt', label: L('拆包时间', 'Unpacked at', '拆包時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'otherBill', sort: 4, icon: 'gift' },
  routes: {
    list: '/otherBill/temporarypackagebill',
    new: '/otherBill/temporarypackagebillForm',
    view: '/otherBill/temporarypackagebillFormView/:id',
    edit: '/otherBill/temporarypackagebillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-25',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    packageBillNo: 'LB2026112400001',
    targetWarehousePlaceCode: 'A-01-01',
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0002', batchNo: 'B1', qty: 5 }],
  },
});
