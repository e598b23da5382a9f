import { z } from 'zod';
import { date, docRef, lineRef, num, oneOf, ref, rows, text, type FieldDef } from '../../entities/define';
import { defineDocument, type DocumentContentOf, type DocumentListRowOf, type DocumentOf } from '../../documents/define';
import { cancelAction } from '../../documents/actions';
import { goodsLines, L, party } from './common';

/**
 * Consignment order (spec 02 section 3.5, billType 1): what a customer asks to have carried,
 * from draft through audit (or review), dispatch, loading and arrival to signed delivery.
 */
export const consignment = defineDocument({
  name: 'consignment',
  service: 'bl-transport',
  streamType: 'Consignment',
  title: L('托运单', 'Consignment order', '託運單'),
  billType: 1,
  billNo: { serialCode: 'consignment', prefix: 'TY', serialName: L('托运单号', 'Consignment number', '託運單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true }),
    consignor: party(L('发货方', 'Consignor', '發貨方')),
    consignee: party(L('收货方', 'Consignee', '收貨方')),
    deliveryMode: oneOf(
      L('配送方式', 'Delivery mode', '配送方式'),
      {
        CUSTOMER_PICKUP: L('客户自提', 'Customer pickup', '客戶自提'),
        HOME_DELIVERY: L('送货上门', 'Home delivery', '送貨上門'),
        OUTSOURCED_LOGISTICS: L('外包物流', 'Outsourced logistics', '外包物流'),
      },
      { required: true },
    ),
    plannedDate: date(L('计划日期', 'Planned date', '計劃日期'), { required: true }),
  },
  // the customer (cargo owner) is usually the consignor: a picked customer fills what the consignor card leaves empty
  fills: {
    customerCode: {
      set: { 'consignor.name': ['fullName', 'name'], 'consignor.linkman': 'linkman', 'consignor.mobile': 'mobile', 'consignor.address': 'address' },
      ifEmpty: true,
    },
  },
  // the customer's own materials (picker and server); the pick fills the line's name, which stays editable (the customer's own wording on the waybill)
  lines: goodsLines({ owned: true }),
  refine: (c, ctx) => {
    if (typeof c.plannedDate === 'string' && typeof c.billDate === 'string' && c.plannedDate < c.billDate) {
      ctx.addIssue({ code: 'custom', path: ['plannedDate'], message: 'validation.plannedBeforeBill' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      // editable only in Draft; removal is a soft delete allowed in Draft and Cancelled
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: {
          EDIT: 'Draft',
          SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' },
          AUDIT: { target: 'Audited', guard: 'noReviewNeeded' },
          CANCEL: 'Cancelled',
          REMOVE: 'Draft',
        },
      },
      // the review process decides: approval audits the order, rejection returns it to Draft
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      // the dispatcher accepts the order into one or several consignment notes; from then on the
      // order follows its notes (the transport process manager sends the follow steps)
      Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'processing', on: { DISPATCH: 'Accepted', CANCEL: 'Cancelled' } },
      Accepted: { label: L('已受理', 'Accepted', '已受理'), tone: 'processing', on: { FOLLOW_DISPATCHED: 'Dispatched' } },
      Dispatched: { label: L('已派车', 'Dispatched', '已派車'), tone: 'processing', on: { FOLLOW_LOADED: 'Loaded' } },
      Loaded: { label: L('已装车', 'Loaded', '已裝車'), tone: 'processing', on: { FOLLOW_ARRIVED: 'Arrived' } },
      Arrived: { label: L('已到达', 'Arrived', '已到達'), tone: 'warning', on: { FOLLOW_SIGNED: 'Signed', FOLLOW_PARTIALLY_SIGNED: 'PartiallySigned', FOLLOW_REFUSED: 'Refused' } },
      Signed: { label: L('已签收', 'Signed', '已簽收'), tone: 'success', final: true },
      PartiallySigned: { label: L('部分签收', 'Partially signed', '部分簽收'), tone: 'warning', final: true },
      Refused: { label: L('拒收', 'Refused', '拒收'), tone: 'error', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: { label: L('审核', 'Audit', '審核'), event: 'AUDIT', fact: 'Audited', at: 'auditedAt', by: 'auditedBy', confirm: true },
    // the order's dispatch step: accepted into consignment notes, its lines split between them
    // (split rows name a note number, a material and a quantity; what no row names goes to note 1)
    dispatch: {
      label: L('受理派车', 'Dispatch', '受理派車'),
      factLabel: L('已受理', 'Accepted into notes', '已受理'),
      event: 'DISPATCH',
      fact: 'Accepted',
      fields: {
        splits: rows(L('分单', 'Splits', '分單'), {
          noteNo: num(L('运单序号', 'Note number', '運單序號'), 'count', { required: true, positive: true, max: 50 }),
          materialCode: lineRef(L('物料', 'Material', '物料'), 'materialCode', { required: true }),
          qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
        }),
        // the notes made, by id (their numbers are given as they are made, after this fact): shown by their numbers
        notes: rows(L('运单', 'Notes', '運單'), { id: docRef(L('运单', 'Note', '運單'), 'consignmentbill', { by: 'id' }), billNo: text(L('运单号', 'Note number', '運單號'), { max: 40, hidden: true }) }, { generated: true }),
      },
      hint: L('不分单时整单生成一张运单；要分给第 2、3… 张运单的物料和数量在下面逐行添加，其余留在第 1 张。', 'Left as it is, the order becomes one note. Add a row for each material and quantity that goes to note 2, 3…; the rest stays on note 1.', '不分單時整單生成一張運單；要分給第 2、3… 張運單的物料和數量在下面逐行添加，其餘留在第 1 張。'),
      at: 'acceptedAt',
      by: 'acceptedBy',
    },
    // the order following its notes: sent by the transport process manager only
    followDispatched: { label: L('已派车', 'Dispatched', '已派車'), event: 'FOLLOW_DISPATCHED', fact: 'Dispatched', system: true, into: 'dispatch', at: 'dispatch.dispatchedAt' },
    followLoaded: { label: L('已装车', 'Loaded', '已裝車'), event: 'FOLLOW_LOADED', fact: 'Loaded', system: true, at: 'loadedAt' },
    followArrived: { label: L('已到达', 'Arrived', '已到達'), event: 'FOLLOW_ARRIVED', fact: 'Arrived', system: true, fields: { arrivedAt: text(L('到达时间', 'Arrived at', '到達時間'), { max: 40 }) } },
    followSigned: { label: L('已签收', 'Signed', '已簽收'), event: 'FOLLOW_SIGNED', fact: 'Signed', system: true, fields: { signer: text(L('签收人', 'Signer', '簽收人'), { max: 50 }), signedAt: text(L('签收时间', 'Signed at', '簽收時間'), { max: 40 }) } },
    followPartiallySigned: { label: L('部分签收', 'Partially signed', '部分簽收'), event: 'FOLLOW_PARTIALLY_SIGNED', fact: 'PartiallySigned', system: true, at: 'signedAt' },
    followRefused: { label: L('拒收', 'Refused', '拒收'), event: 'FOLLOW_REFUSED', fact: 'Refused', system: true, at: 'signedAt' },
    cancel: cancelAction(),
  },
  // an order that needs review is audited by its review process: the last approver audits it
  review: { approved: { at: 'auditedAt', by: 'auditedBy' }, titleField: 'consignee.name' },
  list: {
    columns: [
      'billNo',
      'billDate',
      'customerCode',
      { key: 'consignorName', path: 'consignor.name', label: L('发货方', 'Consignor', '發貨方') },
      { key: 'consigneeName', path: 'consignee.name', label: L('收货方', 'Consignee', '收貨方') },
      'deliveryMode',
      'plannedDate',
      'state',
      'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'totalWeg', path: 'totals.weg', label: L('总重量(kg)', 'Total weight (kg)', '總重量(kg)') },
      { key: 'totalVolume', path: 'totals.volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)') },
      { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
    ],
    filters: [
      { key: 'billNo', match: 'contains' },
      'state',
      { key: 'customerCode', match: 'prefix' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') },
    ],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 1, icon: 'file-text' },
  routes: {
    list: '/consignmentOrderbill',
    new: '/consignmentOrderbill/consignmentOrderbillAdd',
    view: '/consignmentOrderbill/consignmentOrderbillView/:id',
    edit: '/consignmentOrderbill/consignmentOrderbillEdit/:id',
  },
  feeds: ['rpt_consignments'],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    consignor: { name: '上海鲜食品有限公司', linkman: '李磊', mobile: '13800138000', address: '上海市浦东新区港城路1号' },
    consignee: { name: '浦东生鲜超市', linkman: '韩梅', mobile: '13900139000', address: '上海市浦东新区市场街9号' },
    deliveryMode: 'HOME_DELIVERY',
    plannedDate: '2026-11-24',
    lines: [{ materialCode: 'M001', name: '大米10kg', qty: 10, weg: 100, volume: 0.5, packages: 10 }],
  },
});

// ------------------------------------------------------------------ names other packages read
// The report (its dashboard figures), the demo seed and the API tests name the consignment's
// states, content and rows; these are read off the description above, never written twice.

export const CONSIGNMENT = consignment.name;
export type ConsignmentState = keyof typeof consignment.lifecycle.states;
export const consignmentStates = Object.keys(consignment.lifecycle.states) as [ConsignmentState, ...ConsignmentState[]];
export const consignmentStateSchema = z.enum(consignmentStates);
/** The line's number fields, each with its kind's range and scale. */
export const consignmentLineRules = Object.fromEntries(Object.entries(consignment.lines.fields).filter(([, f]) => f.kind === 'number')) as Record<string, FieldDef>;
export type ConsignmentContent = DocumentContentOf<typeof consignment>;
export type Consignment = DocumentOf<typeof consignment>;
export type ConsignmentListRow = DocumentListRowOf<typeof consignment>;
