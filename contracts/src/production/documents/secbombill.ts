import { date, ref, rows, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, auditAction, cancelAction, materialQtyLine, PRODUCTION_ERRORS } from './common';

/**
 * Secondary-processing BOM (加工BOM, spec 02 secbombill "with material and product items"): what one
 * run of a kitting, repacking or light-assembly job takes of a cargo owner's raw materials
 * (`details`) and gives of finished goods (`products`), per run. Saved with at least one of each
 * (the spec's rule, in its words), confirmed by its audit (or through review) before a production
 * task may be made from it; cancelled when retired. docs/DOMAIN.md "Secondary processing".
 */
export const secbombill = defineDocument({
  name: 'secbombill',
  service: 'bl-production',
  streamType: 'SecBom',
  title: L('加工BOM', 'Processing BOM', '加工BOM'),
  billType: 62,
  billNo: { serialCode: 'secbombill', prefix: 'BM', serialName: L('加工BOM编号', 'Processing BOM number', '加工BOM編號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
    bomName: text(L('BOM名称', 'BOM name', 'BOM名稱'), { required: true, max: 100 }),
    // the finished goods one run gives
    products: rows(L('成品明细', 'Finished goods', '成品明細'), materialQtyLine(L('每次产出数量', 'Made per run', '每次產出數量')), { required: true }),
  },
  lines: {
    key: 'details',
    label: L('原料明细', 'Raw materials', '原料明細'),
    // the spec's rule names both kinds of line: the refine below says it in its words
    min: 0,
    fields: materialQtyLine(L('每次耗用数量', 'Used per run', '每次耗用數量')),
    uniqueBy: ['materialCode'],
    totals: { qty: { of: 'qty', label: L('原料总数', 'Raw materials in all', '原料總數'), scale: 3 } },
  },
  // spec 02: "Secondary-processing BOM submit: at least one raw-material line and at least one finished-goods line"
  refine: (c, ctx) => {
    const details = Array.isArray(c.details) ? c.details : [];
    const products = Array.isArray(c.products) ? c.products : [];
    if (!details.length) ctx.addIssue({ code: 'custom', path: ['details'], message: PRODUCTION_ERRORS.bomNeedsBoth });
    if (!products.length) ctx.addIssue({ code: 'custom', path: ['products'], message: PRODUCTION_ERRORS.bomNeedsBoth });
    // a repack keeps its material (new cartons, the same goods): a material may be both raw and finished
    const seen = new Set<unknown>();
    products.forEach((p, i) => {
      const code = (p as { materialCode?: unknown }).materialCode;
      if (code !== undefined && seen.has(code)) ctx.addIssue({ code: 'custom', path: ['products', i, 'materialCode'], message: 'validation.lines.duplicate' });
      seen.add(code);
    });
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: 'Audited', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      // confirmed: production tasks are made from it
      Audited: { label: L('已确认', 'Confirmed', '已確認'), tone: 'success', on: { CANCEL: 'Cancelled' } },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: { ...auditAction(), label: L('确认', 'Confirm', '確認') },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'bomName' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'bomName', 'state', 'isReview', { key: 'totalQty', path: 'totals.qty', label: L('原料总数', 'Raw materials in all', '原料總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'bomName', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'secondaryProcessing', sort: 1, icon: 'apartment' },
  routes: {
    list: '/secondaryProcessing/secbombill',
    new: '/secondaryProcessing/secbombillForm',
    view: '/secondaryProcessing/secbombillFormView/:id',
    edit: '/secondaryProcessing/secbombillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    bomName: '挂面礼盒组套',
    products: [{ materialCode: 'M0018', qty: 1 }],
    details: [{ materialCode: 'M0007', qty: 1 }],
  },
});
