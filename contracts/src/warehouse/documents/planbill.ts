import { date, num, oneOf, ref, text } from '../../entities/define';
import { commonLine } from '../../documents/fields';
import { defineDocument } from '../../documents/define';
import { L, ownerHeader } from './common';
import { cancelAction } from './stockrow';

/**
 * Plan bill (作业计划单, spec 02 "plan bill with details"): what a cargo owner plans to bring
 * in or take out of one area in a period, material by material, agreed with the warehouse so
 * it can plan docks, people and space. It moves no stock: it is confirmed (through review
 * when configured) and closed when its period is over. The standing figures per owner and
 * material are master data (plannedquantity); a plan bill is one period's commitment.
 * States: docs/DOMAIN.md "Plan bill".
 */
export const planbill = defineDocument({
  name: 'planbill',
  service: 'bl-warehouse',
  streamType: 'PlanBill',
  title: L('作业计划单', 'Plan bill', '作業計劃單'),
  billType: 35,
  billNo: { serialCode: 'planbill', prefix: 'JH', serialName: L('计划单号', 'Plan bill number', '計劃單號') },
  header: {
    ...ownerHeader(),
    planType: oneOf(L('计划类型', 'Plan type', '計劃類型'), {
      INBOUND: L('入库计划', 'Inbound plan', '入庫計劃'),
      OUTBOUND: L('出库计划', 'Outbound plan', '出庫計劃'),
    }, { required: true, filter: true }),
    periodStart: date(L('计划开始日期', 'Period from', '計劃開始日期'), { required: true }),
    periodEnd: date(L('计划结束日期', 'Period to', '計劃結束日期'), { required: true }),
  },
  lines: {
    key: 'details',
    label: L('计划明细', 'Plan lines', '計劃明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, pick: { custCode: '$customerCode' } }),
      unitCode: ref(L('单位', 'Unit', '單位'), 'unit'),
      qty: num(L('计划数量', 'Planned quantity', '計劃數量'), 'quantity', { required: true, positive: true }),
      weg: num(L('计划重量(t)', 'Planned weight (t)', '計劃重量(t)'), 'weight'),
      board: num(L('计划托数', 'Planned pallets', '計劃托數'), 'count'),
      lineRemark: text(L('行备注', 'Line remark', '行備註'), { max: 200 }),
      ...commonLine(),
    },
    uniqueBy: ['materialCode'],
    totals: {
      qty: { of: 'qty', label: L('计划总数', 'Total planned', '計劃總數'), scale: 3 },
      weg: { of: 'weg', label: L('计划总重(t)', 'Total planned weight (t)', '計劃總重(t)'), scale: 3 },
      board: { of: 'board', label: L('计划总托数', 'Total planned pallets', '計劃總托數'), scale: 0 },
    },
  },
  refine: (c, ctx) => {
    if (typeof c.periodStart === 'string' && typeof c.periodEnd === 'string' && c.periodEnd < c.periodStart) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'validation.dateRange' });
    }
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, CONFIRM: { target: 'Confirmed', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      // an approved plan is the confirmed plan
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Confirmed', REVIEW_REJECTED: 'Draft' } },
      Confirmed: { label: L('已确认', 'Confirmed', '已確認'), tone: 'success', on: { CLOSE: 'Closed', CANCEL: 'Cancelled' } },
      Closed: { label: L('已关闭', 'Closed', '已關閉'), tone: 'default', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    confirm: { label: L('确认', 'Confirm', '確認'), event: 'CONFIRM', fact: 'Confirmed', at: 'confirmedAt', by: 'confirmedBy', confirm: true },
    close: {
      label: L('关闭', 'Close', '關閉'),
      event: 'CLOSE',
      fact: 'Closed',
      fields: { closeReason: text(L('关闭说明', 'Note', '關閉說明'), { max: 200 }) },
      at: 'closedAt',
      by: 'closedBy',
      confirm: true,
    },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'confirmedAt', by: 'confirmedBy' }, titleField: 'planType' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'planType', 'periodStart', 'periodEnd', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('计划总数', 'Total planned', '計劃總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'planType',
      { key: 'periodStart', match: 'range' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'inWarehouseManagement', sort: 4, icon: 'schedule' },
  routes: {
    list: '/inWarehouseManagement/planbill',
    new: '/inWarehouseManagement/planbillForm',
    view: '/inWarehouseManagement/planbillFormView/:id',
    edit: '/inWarehouseManagement/planbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    planType: 'INBOUND',
    periodStart: '2026-12-01',
    periodEnd: '2026-12-31',
    details: [{ materialCode: 'M0002', qty: 1200, weg: 12, board: 30 }],
  },
});
