import { attachment, date, datetime, docRef, flag, num, oneOf, ref, rows, text, type FieldOf, type Labels } from '../../entities/define';
import { subQty } from '../units';
import type { z } from 'zod';
import type { ActionDef, LifecycleStateDef } from '../../documents/define';
import { commonLine, validLinesOf } from '../../documents/fields';

/**
 * Pieces every warehouse document shares (spec 02 section 3.3 "common header" and "common
 * detail line"), so each description names only what is its own.
 */
export { L, auditAction, cancelAction } from '../../documents/actions';
import { L } from '../../documents/actions';

/** spec 02: stockType of inbound and outbound documents (values not shown: decided in docs/DOMAIN.md). */
export const stockType = () =>
  oneOf(L('出入库类型', 'Stock type', '出入庫類型'), {
    NORMAL: L('正常', 'Normal', '正常'),
    RETURN: L('退货', 'Return', '退貨'),
    TRANSFER: L('调拨', 'Transfer', '調撥'),
    OTHER: L('其他', 'Other', '其他'),
  }, { required: true });

/**
 * What an inbound bill adds for billing (spec 02 "inbound header additions"): the fee agreement
 * its receipts are charged by (one of the owner's; empty: the owner's agreement in force, as
 * for every receipt) and the handling bill charged for its unloading.
 */
export const inboundFees = () => ({
  agreementCode: ref(L('物流协议', 'Fee agreement', '物流協議'), 'lgagreement', { pick: { customerCode: '$customerCode' }, list: false }),
  handlingBillCode: docRef(L('装卸费单号', 'Handling bill number', '裝卸費單號'), 'handlingbill', { states: ['Draft', 'Audited'], list: false }),
});

/** spec 02 outbound `type`: what the goods leave for (docs/DOMAIN.md "Common header and line fields"). */
export const OUTBOUND_TYPES = {
  SALES: L('销售出库', 'Sales', '銷售出庫'),
  RETURN: L('退货出库', 'Return to supplier', '退貨出庫'),
  TRANSFER: L('调拨出库', 'Transfer', '調撥出庫'),
  SCRAP: L('报废出库', 'Scrap', '報廢出庫'),
  SAMPLE: L('样品出库', 'Samples', '樣品出庫'),
  OTHER: L('其他出库', 'Other', '其他出庫'),
} as const;

/**
 * What an outbound bill adds (spec 02 "outbound header additions"): its kind, how the goods
 * go out (the spec's delivery modes), the processing charge (unit price per piece, when it is
 * counted, whether the bill is charged) and whether its stock stream has been posted (written
 * by the server when the goods ship, never typed).
 */
export const outboundHeader = () => ({
  type: oneOf(L('出库类型', 'Outbound type', '出庫類型'), OUTBOUND_TYPES, { list: false }),
  outTransferType: oneOf(L('出库方式', 'Dispatch mode', '出庫方式'), {
    PICKUP: L('客户自提', 'Customer pickup', '客戶自提'),
    DELIVERY: L('送货上门', 'Home delivery', '送貨上門'),
    LOGISTICS: L('物流外包', 'Outsourced logistics', '物流外包'),
  }, { list: false }),
  processPrice: num(L('加工单价', 'Processing price', '加工單價'), 'unitPrice', { list: false }),
  costTime: datetime(L('计费时间', 'Charged at', '計費時間'), { list: false }),
  isCost: flag(L('计费', 'Billable', '計費'), { list: false }),
  streamStatus: oneOf(L('流水状态', 'Stock stream', '流水狀態'), {
    UNPOSTED: L('未过账', 'Not posted', '未過賬'),
    POSTED: L('已过账', 'Posted', '已過賬'),
  }, { generated: true, list: false }),
});

/** The header fields of a warehouse document that names one cargo owner in one warehouse area: the kit's, with its common header (currency and rate, company, department, invalid). */
export { ownerHeader } from '../../documents/stockrow';

/** Photos taken of a bill's goods (the seal and cabin at the dock, a damaged carton): the showImage screen shows them all. */
export const photosField = () => rows(L('照片', 'Photos', '照片'), { attachId: attachment(L('照片', 'Photo', '照片'), { required: true, image: true }) });

/**
 * The packing materials a shipment or a package was packed with (cartons, pallets, film...;
 * docs/DOMAIN.md "Package material charges"): recorded by the keeper at the step that packs
 * (the outbound bill's ship, the temporary package's pack), each a packing material of master
 * data (category PACK) and how many were used. Billing charges them to the bill's owner at the
 * fee agreement's package-material price (costbilldetailpack).
 */
export const packMaterialsField = () =>
  rows(
    L('包材', 'Packing materials', '包材'),
    {
      materialCode: ref(L('包材', 'Packing material', '包材'), 'material', { required: true, pick: { categoryCode: 'PACK' } }),
      qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
    },
    { maxRows: 50 },
  );

/**
 * Line fields of goods (material, batch, unit, quantity and its weight, pallets, volume). Unit,
 * weight per piece, pallet size, volume and pack specification left empty (or 0) are taken
 * from the material and its pack specification by the server; the expiry date from a production
 * date and the material's shelf life (docs/DOMAIN.md "Defaults from master data").
 */
export const goodsLine = (o: { expiring?: boolean } = {}) => ({
  lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
  // the bill's owner's materials are offered (a 3PL keeps each owner's goods apart)
  materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, pick: { custCode: '$customerCode' } }),
  batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
  customerBatchNo: text(L('客户批次号', 'Owner batch number', '客戶批次號'), { max: 40, list: false }),
  unitCode: ref(L('单位', 'Unit', '單位'), 'unit'),
  packspecCode: ref(L('包装规格', 'Pack specification', '包裝規格'), 'packspec'),
  qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
  ...commonLine(),
  qtyWeg: num(L('单件重量(kg)', 'Weight per piece (kg)', '單件重量(kg)'), 'weight', { default: 0 }),
  weg: num(L('重量(t)', 'Weight (t)', '重量(t)'), 'weight', { generated: true }),
  boardQty: num(L('每托数量', 'Pieces per pallet', '每托數量'), 'quantity', { default: 0 }),
  board: num(L('托数', 'Pallets', '托數'), 'count', { generated: true }),
  volume: num(L('体积(m³)', 'Volume (m³)', '體積(m³)'), 'volume', { default: 0 }),
  ...(o.expiring
    ? { productionDate: date(L('生产日期', 'Production date', '生產日期')), expiringDate: date(L('失效日期', 'Expiry date', '失效日期')) }
    : {}),
});

/**
 * The plain line of an order or a notice (no weights, pallets or volumes): the line's number, the
 * owner's material, its batch, unit and quantity.
 */
export const orderLine = () => ({
  lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
  // the bill's owner's materials are offered (a 3PL keeps each owner's goods apart)
  materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, pick: { custCode: '$customerCode' } }),
  batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
  unitCode: ref(L('单位', 'Unit', '單位'), 'unit'),
  packspecCode: ref(L('包装规格', 'Pack specification', '包裝規格'), 'packspec'),
  qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
  ...commonLine(),
});

/**
 * The first two states of an order others work against: a draft, edited or removed, confirmed
 * by its audit (`to`), or through review when the tenant configures one.
 */
export const reviewedDraft = (to: string): { Draft: LifecycleStateDef; InReview: LifecycleStateDef } => ({
  Draft: {
    label: L('草稿', 'Draft', '草稿'),
    on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: to, guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
  },
  InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: to, REVIEW_REJECTED: 'Draft' } },
});

/**
 * The lines of an order placed upstream of another (a sales order, a purchase apply): plain order
 * lines with their unit price and amount (price x qty, exact: decided by the server), and how much
 * the documents made from it took of each (`done`, generated).
 */
export const pricedOrderLines = <K extends string>(done: K, label: Labels, total: Labels) => ({
  key: 'details' as const,
  label: L('明细', 'Details', '明細'),
  fields: {
    ...orderLine(),
    price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true }),
    // price x qty, half up to the cent (decimal, never binary floating point)
    amount: num(L('金额', 'Amount', '金額'), 'money', { generated: true }),
    ...({ [done]: num(label, 'quantity', { generated: true }) } as Record<K, FieldOf<'number'>>),
  },
  uniqueBy: ['materialCode', 'batchNo'],
  fills: { materialCode: { set: { unitCode: 'unitCode' } } },
  totals: {
    qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
    amount: { of: 'amount', label: L('总金额', 'Total amount', '總金額'), scale: 2 },
    ...({ [done]: { of: done, label: total, scale: 3 } } as Record<K, { of: K; label: Labels; scale: number }>),
  },
});

/** How an upstream order names its states and the downstream documents' reports (`Order`: RECORD_ORDER, OrderRecorded, recordOrder, lastOrder). */
type UpstreamNames = {
  /** confirmed and open, partly taken, all taken */
  open: [string, Labels];
  partly: [string, Labels];
  done: [string, Labels];
  /** the word of the reports' events, facts and actions, and where the last one lands */
  word: string;
  /** the document reporting, and the labels of its four reports: a part, the last, a part back, all of it back */
  reporter: Labels;
  labels: { record: Labels; complete: Labels; giveBack: Labels };
  /** where the time of the last report lands */
  at: string;
};

/**
 * The lifecycle and system actions of an upstream order: Draft (reviewed when configured) → open →
 * partly taken → all taken; a part given back, or all of it (REOPEN: open again as confirmed); a
 * short close of what is partly taken; cancelled while nothing is. The downstream documents send
 * the reports (services/warehouse/src/shared/upstream.ts).
 */
export const upstreamLifecycle = (n: UpstreamNames) => {
  const W = n.word.toUpperCase();
  const [open, partly, done] = [n.open[0], n.partly[0], n.done[0]];
  const fields = reportFields(n.reporter);
  const report = (label: Labels, event: string, fact: string) => ({ label, event, fact, system: true, fields, into: `last${n.word}` });
  return {
    states: {
      ...reviewedDraft(open),
      [open]: { label: n.open[1], tone: 'processing', on: { [`RECORD_${W}`]: partly, [`COMPLETE_${W}`]: done, CANCEL: 'Cancelled' } },
      [partly]: { label: n.partly[1], tone: 'warning', on: { [`RECORD_${W}`]: partly, [`COMPLETE_${W}`]: done, [`RETURN_${W}`]: partly, REOPEN: open, CLOSE: 'Closed' } },
      // all taken; a document cancelled before its goods moved gives its part back
      [done]: { label: n.done[1], tone: 'success', on: { [`RETURN_${W}`]: partly, REOPEN: open } },
      // short-closed: what was not taken is no longer wanted
      Closed: { label: L('已关闭', 'Closed', '已關閉'), tone: 'default', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    } as Record<string, LifecycleStateDef>,
    actions: {
      [`record${n.word}`]: report(n.labels.record, `RECORD_${W}`, `${n.word}Recorded`),
      [`complete${n.word}`]: { ...report(n.labels.complete, `COMPLETE_${W}`, `${n.word}Completed`), at: n.at },
      [`return${n.word}`]: report(n.labels.giveBack, `RETURN_${W}`, `${n.word}Returned`),
      reopen: report(L('重新开放', 'Reopened', '重新開放'), 'REOPEN', 'Reopened'),
    } as Record<string, ActionDef>,
  };
};

/** A planned day (arrival, shipment, wanted by) never before the bill's own date: the rule across the two fields. */
export const plannedNotBeforeBill = (c: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (typeof c.planDate === 'string' && typeof c.billDate === 'string' && c.planDate < c.billDate) {
    ctx.addIssue({ code: 'custom', path: ['planDate'], message: 'validation.plannedBeforeBill' });
  }
};

/**
 * What picking a goods line's material fills at once in the form (the server takes the same
 * figures for whatever is left empty): its unit, weight per piece and pack specification, and
 * the line's volume from the material's m³ per piece once the quantity is there.
 */
export const goodsFills = () => ({
  materialCode: {
    set: { unitCode: 'unitCode', qtyWeg: 'gross', packspecCode: 'packspecCode', price: 'price' },
    times: { volume: { field: 'unitVolume', by: 'qty', scale: 4 } },
  },
  // the pack specification's carton (cm): the line's dimensions, editable
  packspecCode: { set: { volumeLength: 'volumeLength', volumeWidth: 'volumeWidth', volumeHeight: 'volumeHeight' } },
});

/**
 * What a working document reports to the document it works against (an inbound bill to its
 * booked inbound, an outbound bill to its outbound order): which bill, how much of each line.
 */
export const reportFields = (source: Labels) => ({
  sourceId: text(L(`${source[0]}ID`, `${source[1]} id`, `${source[2]}ID`), { required: true, max: 40 }),
  sourceBillNo: text(L(`${source[0]}号`, `${source[1]} number`, `${source[2]}號`), { required: true, max: 40 }),
  lines: rows(L('明细', 'Lines', '明細'), {
    lineNumber: num(L('行号', 'Line', '行號'), 'count', { required: true }),
    qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
  }),
});

/** A short close: what was not delivered or shipped is no longer expected (reason required). */
export const closeAction = (): Omit<ActionDef, 'fields'> & { fields: { closeReason: FieldOf<'text'> }; at: 'closedAt'; by: 'closedBy' } => ({
  label: L('关闭', 'Close', '關閉'),
  event: 'CLOSE',
  fact: 'Closed',
  fields: { closeReason: text(L('关闭原因', 'Reason', '關閉原因'), { required: true, max: 200 }) },
  at: 'closedAt',
  by: 'closedBy',
  confirm: true,
});

type Line = Record<string, unknown>;
/** The common line fields a step copies from the line before it: price, account, pack specification, dimensions, free texts. */
const CARRIED = ['packspecCode', 'price', 'account', 'volumeLength', 'volumeWidth', 'volumeHeight', 'spareString1', 'spareString2', 'spareString3', 'spareString4'] as const;
const carried = (l: Line): Line => Object.fromEntries(CARRIED.filter((k) => l[k] !== undefined && l[k] !== null && l[k] !== '').map((k) => [k, l[k]]));
const numberOf = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * A source's goods lines with only what is left of each (a booking's qty less what was
 * received, an order's less what was shipped), lines with nothing left dropped; the new line
 * points back at its source line (applyLineNumber), and a line's total volume goes with its share.
 */
export const goodsLeft = (source: Record<string, unknown>, done: string): Line[] =>
  validLinesOf((source.details as Line[] | undefined) ?? []).flatMap((l) => {
    const qty = numberOf(l.qty);
    const left = subQty(qty, numberOf(l[done]));
    if (!(left > 0)) return [];
    const volume = numberOf(l.volume);
    return [{
      materialCode: l.materialCode,
      ...(l.batchNo ? { batchNo: l.batchNo } : {}),
      ...(l.customerBatchNo ? { customerBatchNo: l.customerBatchNo } : {}),
      ...(l.unitCode ? { unitCode: l.unitCode } : {}),
      qty: left,
      ...(l.qtyWeg !== undefined ? { qtyWeg: l.qtyWeg } : {}),
      ...(l.boardQty !== undefined ? { boardQty: l.boardQty } : {}),
      ...(volume > 0 && qty > 0 ? { volume: Number(((volume * left) / qty).toFixed(4)) } : {}),
      ...(l.expiringDate ? { expiringDate: l.expiringDate } : {}),
      ...carried(l),
      // the chain fills where the line came from: the source's bill and its line
      ...(typeof source.billNo === 'string' ? { applyCode: source.billNo } : {}),
      applyLineNumber: l.lineNumber,
    }];
  });

/** A shipped bill's goods as plain order lines (material, batch, unit, quantity): what a notice or a parcel made from it carries. */
export const shippedGoods = (bill: Record<string, unknown>): Line[] =>
  validLinesOf((bill.details as Line[] | undefined) ?? []).map((l) => ({
    materialCode: l.materialCode,
    ...(l.batchNo ? { batchNo: l.batchNo } : {}),
    ...(l.unitCode ? { unitCode: l.unitCode } : {}),
    qty: l.qty,
  }));

/** The receiver fields a bill has filled, copied as they are (a notice or a parcel made from a shipped bill). */
export const receiverOf = (bill: Record<string, unknown>): Line =>
  Object.fromEntries((['receiverName', 'receiverMobile', 'receiverAddress'] as const).filter((k) => bill[k]).map((k) => [k, bill[k]]));

/** The owner header a working document copies from the document it works against. */
export const ownerOf = (source: Record<string, unknown>): Record<string, unknown> => ({
  customerCode: source.customerCode,
  warehouseAreaCode: source.warehouseAreaCode,
  ...(source.stockType ? { stockType: source.stockType } : {}),
});
