import { date, docRef, num, oneOf, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, cancelAction } from './common';

/**
 * Processing request (加工申请, spec 02 secondaryprocess, /inWarehouseManagement): what a cargo owner
 * asks the warehouse to process (one of its confirmed BOMs, how many runs) and by when. The owner
 * (or the operator for it) sends it to the warehouse; the operator accepts it (a production task is then made from
 * it) or rejects it with a reason; an accepted request is closed when its work is done.
 * docs/DOMAIN.md "Secondary processing".
 */
export const secondaryprocess = defineDocument({
  name: 'secondaryprocess',
  service: 'bl-production',
  streamType: 'SecProcess',
  title: L('加工申请', 'Processing request', '加工申請'),
  billType: 61,
  billNo: { serialCode: 'secondaryprocess', prefix: 'JG', serialName: L('加工申请单号', 'Processing request number', '加工申請單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
    processType: oneOf(L('加工类型', 'Processing type', '加工類型'), {
      KITTING: L('组套', 'Kitting', '組套'),
      REPACK: L('改包装', 'Repacking', '改包裝'),
      ASSEMBLY: L('简单组装', 'Light assembly', '簡單組裝'),
      LABEL: L('贴标', 'Labelling', '貼標'),
    }, { required: true, filter: true }),
    // what to process: one of the owner's confirmed BOMs
    bomNo: docRef(L('加工BOM', 'Processing BOM', '加工BOM'), 'secbombill', { required: true, states: ['Audited'] }),
    runs: num(L('加工套数', 'Runs', '加工套數'), 'count', { required: true, positive: true }),
    dueDate: date(L('要求完成日期', 'Due by', '要求完成日期'), { required: true }),
    requirement: text(L('加工要求', 'Instructions', '加工要求'), { max: 500, multiline: true, list: false }),
  },
  refine: (c, ctx) => {
    if (typeof c.billDate === 'string' && typeof c.dueDate === 'string' && c.dueDate < c.billDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'validation.dateRange' });
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', SEND: 'Submitted', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // with the warehouse: accepted or sent back
      Submitted: { label: L('已提交', 'Submitted', '已提交'), tone: 'processing', on: { ACCEPT: 'Accepted', REJECT: 'Draft', CANCEL: 'Cancelled' } },
      // production tasks are made from it
      Accepted: { label: L('已受理', 'Accepted', '已受理'), tone: 'processing', on: { CLOSE: 'Closed' } },
      Closed: { label: L('已关闭', 'Closed', '已關閉'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    // the kit's own `submit` saves the draft: handing it to the warehouse is its own action
    send: { label: L('提交申请', 'Send to the warehouse', '提交申請'), event: 'SEND', fact: 'Submitted', at: 'submittedAt', by: 'submittedBy', confirm: true },
    accept: { label: L('受理', 'Accept', '受理'), event: 'ACCEPT', fact: 'Accepted', at: 'acceptedAt', by: 'acceptedBy', confirm: true },
    reject: {
      label: L('退回', 'Send back', '退回'),
      factLabel: L('已退回', 'Sent back', '已退回'),
      event: 'REJECT',
      fact: 'Rejected',
      fields: { rejectReason: text(L('退回原因', 'Reason', '退回原因'), { required: true, max: 200 }) },
      at: 'rejectedAt',
      by: 'rejectedBy',
    },
    close: { label: L('关闭', 'Close', '關閉'), event: 'CLOSE', fact: 'Closed', at: 'closedAt', by: 'closedBy', confirm: true },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'processType', 'bomNo', 'runs', 'dueDate', 'state'],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'processType',
      { key: 'due', path: 'dueDate', match: 'range', label: L('要求完成日期', 'Due by', '要求完成日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'inWarehouseManagement', sort: 8, icon: 'build' },
  routes: {
    list: '/inWarehouseManagement/secondaryprocess',
    new: '/inWarehouseManagement/secondaryprocessForm',
    view: '/inWarehouseManagement/secondaryprocessFormView/:id',
    edit: '/inWarehouseManagement/secondaryprocessFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    processType: 'KITTING',
    bomNo: 'BM2026112400001',
    runs: 1,
    dueDate: '2026-11-30',
    requirement: '双十二礼盒，每盒附贺卡',
  },
});
