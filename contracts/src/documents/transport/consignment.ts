import { z } from 'zod';
import { date, datetime, mobile, num, oneOf, plate, ref, text, type FieldDef } from '../../entities/define';
import { defineDocument, group, type DocumentContentOf, type DocumentListRowOf, type DocumentOf } from '../define';

/** A party of the order: who ships or who receives. */
const party = (who: readonly [string, string, string]) =>
  group(who, {
    name: text([`${who[0]}名称`, `${who[1]} name`, `${who[2]}名稱`], { required: true, max: 100 }),
    linkman: text([`${who[0]}联系人`, `${who[1]} contact`, `${who[2]}聯絡人`], { required: true, max: 50 }),
    mobile: mobile([`${who[0]}手机号`, `${who[1]} mobile`, `${who[2]}手機號`], { required: true }),
    address: text([`${who[0]}地址`, `${who[1]} address`, `${who[2]}地址`], { required: true, max: 200 }),
  });


/**
 * Consignment order (spec 02 section 3.5, billType 1): what a customer asks to have carried,
 * from draft through audit (or review), dispatch, loading and arrival to signed delivery.
 */
export const consignment = defineDocument({
  name: 'consignment',
  service: 'bl-transport',
  streamType: 'Consignment',
  title: ['托运单', 'Consignment order', '託運單'],
  billType: 1,
  billNo: { serialCode: 'consignment', prefix: 'TY', serialName: ['托运单号', 'Consignment number', '託運單號'] },
  header: {
    billDate: date(['单据日期', 'Bill date', '單據日期'], { required: true }),
    customerCode: ref(['客户', 'Customer', '客戶'], 'customer', { required: true }),
    consignor: party(['发货方', 'Consignor', '發貨方']),
    consignee: party(['收货方', 'Consignee', '收貨方']),
    deliveryMode: oneOf(
      ['配送方式', 'Delivery mode', '配送方式'],
      {
        CUSTOMER_PICKUP: ['客户自提', 'Customer pickup', '客戶自提'],
        HOME_DELIVERY: ['送货上门', 'Home delivery', '送貨上門'],
        OUTSOURCED_LOGISTICS: ['外包物流', 'Outsourced logistics', '外包物流'],
      },
      { required: true },
    ),
    plannedDate: date(['计划日期', 'Planned date', '計劃日期'], { required: true }),
  },
  // the customer (cargo owner) is usually the consignor: a picked customer fills what the consignor card leaves empty
  fills: {
    customerCode: {
      set: { 'consignor.name': ['fullName', 'name'], 'consignor.linkman': 'linkman', 'consignor.mobile': 'mobile', 'consignor.address': 'address' },
      ifEmpty: true,
    },
  },
  lines: {
    key: 'lines',
    label: ['明细', 'Lines', '明細'],
    fields: {
      materialCode: ref(['物料', 'Material', '物料'], 'material', { required: true }),
      name: text(['物料名称', 'Material name', '物料名稱'], { required: true, max: 100 }),
      qty: num(['数量', 'Quantity', '數量'], 'quantity', { required: true, positive: true }),
      weg: num(['重量(kg)', 'Weight (kg)', '重量(kg)'], 'weight', { default: 0 }),
      volume: num(['体积(m³)', 'Volume (m³)', '體積(m³)'], 'volume', { default: 0 }),
      packages: num(['件数', 'Packages', '件數'], 'count', { default: 0 }),
    },
    uniqueBy: ['materialCode'],
    // the pick fills the line's name, which stays editable (the customer's own wording on the waybill)
    fills: { materialCode: { set: { name: 'name' } } },
    totals: {
      qty: { of: 'qty', label: ['总数量', 'Total quantity', '總數量'], scale: 3 },
      weg: { of: 'weg', label: ['总重量(kg)', 'Total weight (kg)', '總重量(kg)'], scale: 3 },
      volume: { of: 'volume', label: ['总体积(m³)', 'Total volume (m³)', '總體積(m³)'], scale: 4 },
      packages: { of: 'packages', label: ['总件数', 'Total packages', '總件數'], scale: 0 },
    },
  },
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
        label: ['草稿', 'Draft', '草稿'],
        on: {
          EDIT: 'Draft',
          SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' },
          AUDIT: { target: 'Audited', guard: 'noReviewNeeded' },
          CANCEL: 'Cancelled',
          REMOVE: 'Draft',
        },
      },
      // the review process decides: approval audits the order, rejection returns it to Draft
      InReview: { label: ['审批中', 'In review', '審批中'], tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      Audited: { label: ['已审核', 'Audited', '已審核'], tone: 'processing', on: { DISPATCH: 'Dispatched', CANCEL: 'Cancelled' } },
      Dispatched: { label: ['已派车', 'Dispatched', '已派車'], tone: 'processing', on: { LOAD: 'Loaded' } },
      Loaded: { label: ['已装车', 'Loaded', '已裝車'], tone: 'processing', on: { ARRIVE: 'Arrived' } },
      Arrived: { label: ['已到达', 'Arrived', '已到達'], tone: 'warning', on: { SIGN: 'Signed' } },
      Signed: { label: ['已签收', 'Signed', '已簽收'], tone: 'success', final: true },
      Cancelled: { label: ['已作废', 'Cancelled', '已作廢'], tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: { label: ['审核', 'Audit', '審核'], event: 'AUDIT', fact: 'Audited', at: 'auditedAt', by: 'auditedBy', confirm: true },
    dispatch: {
      label: ['派车', 'Dispatch', '派車'],
      event: 'DISPATCH',
      fact: 'Dispatched',
      fields: {
        plateNo: plate(['车牌号', 'Plate number', '車牌號碼'], { required: true }),
        driverName: text(['司机姓名', 'Driver name', '司機姓名'], { required: true, max: 50 }),
        driverMobile: mobile(['司机手机号', 'Driver mobile', '司機手機號'], { required: true }),
      },
      into: 'dispatch',
      at: 'dispatch.dispatchedAt',
    },
    load: { label: ['装车', 'Load', '裝車'], event: 'LOAD', fact: 'Loaded', at: 'loadedAt', confirm: true },
    arrive: {
      label: ['到达', 'Arrive', '到達'],
      event: 'ARRIVE',
      fact: 'Arrived',
      fields: { arrivedAt: datetime(['到达时间', 'Arrived at', '到達時間']) },
      nowFields: ['arrivedAt'],
    },
    sign: {
      label: ['签收', 'Sign', '簽收'],
      event: 'SIGN',
      fact: 'Signed',
      fields: {
        signer: text(['签收人', 'Signer', '簽收人'], { required: true, max: 50 }),
        signedAt: datetime(['签收时间', 'Signed at', '簽收時間']),
      },
      nowFields: ['signedAt'],
    },
    cancel: {
      label: ['作废', 'Cancel', '作廢'],
      event: 'CANCEL',
      fact: 'Cancelled',
      fields: { reason: text(['作废原因', 'Reason', '作廢原因'], { max: 200 }) },
      as: { reason: 'cancelReason' },
      at: 'cancelledAt',
      danger: true,
      confirm: true,
    },
  },
  // an order that needs review is audited by its review process: the last approver audits it
  review: { approved: { at: 'auditedAt', by: 'auditedBy' }, titleField: 'consignee.name' },
  list: {
    columns: [
      'billNo',
      'billDate',
      'customerCode',
      { key: 'consignorName', path: 'consignor.name', label: ['发货方', 'Consignor', '發貨方'] },
      { key: 'consigneeName', path: 'consignee.name', label: ['收货方', 'Consignee', '收貨方'] },
      'deliveryMode',
      'plannedDate',
      'state',
      'isReview',
      { key: 'totalQty', path: 'totals.qty', label: ['总数量', 'Total quantity', '總數量'] },
      { key: 'totalWeg', path: 'totals.weg', label: ['总重量(kg)', 'Total weight (kg)', '總重量(kg)'] },
      { key: 'totalVolume', path: 'totals.volume', label: ['总体积(m³)', 'Total volume (m³)', '總體積(m³)'] },
      { key: 'totalPackages', path: 'totals.packages', label: ['总件数', 'Total packages', '總件數'] },
      { key: 'plateNo', path: 'dispatch.plateNo', label: ['车牌号', 'Plate number', '車牌號碼'] },
      { key: 'driverName', path: 'dispatch.driverName', label: ['司机', 'Driver', '司機'] },
    ],
    filters: [
      { key: 'billNo', match: 'contains' },
      'state',
      { key: 'customerCode', match: 'prefix' },
      { key: 'date', path: 'billDate', match: 'range', label: ['单据日期', 'Bill date', '單據日期'] },
    ],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'transport', sort: 1, icon: 'file-text' },
  routes: { list: '/transport/consignment', new: '/transport/consignment/new', view: '/transport/consignment/:id', edit: '/transport/consignment/:id/edit' },
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
