import { date, datetime, docRef, lineRef, num, ref, rows, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { STOCK_ROW_KEY, STOCK_ROW_PICK, ownerHeader, stockRowLine } from '../../documents/stockrow';
import { L, auditAction, cancelAction } from './common';
import { pendingOf, productLinesOf, type ProductLine } from '../quantities';

/** How a finished good's line is named in the receipt dialog: its material's name (or code) and what is still to come. */
const productName = (p: ProductLine) => `${p.materialName ?? p.materialCode} (${pendingOf(p, 'receivedQty')})`;

/**
 * Production task (加工任务, spec 02 secproductive "with material and product items"): a confirmed
 * BOM run `runs` times for its owner. Made from the BOM (the chain's step: picking the BOM copies its
 * owner and what it takes and gives), its raw-material needs and finished goods are the BOM's per-run
 * quantities times the runs (the server computes them, `needs` and `products`); the lots to issue are
 * the task's lines, chosen from the owner's stock in the area (location, batch, expiry), together
 * exactly what the needs ask; what the keeper leaves unpicked the server suggests when the task is
 * saved, first expiring first. Released (audited, or through review), it issues the lots out of stock
 * in parts (issue), and receives the finished goods into locations in parts, each receipt a lot whose
 * genealogy records the raw lots issued to the task (receive); pending quantities stay on every line,
 * and the task completes when nothing is pending. Cancelled only before anything is issued.
 * docs/DOMAIN.md "Secondary processing".
 */
export const secproductive = defineDocument({
  name: 'secproductive',
  service: 'bl-production',
  streamType: 'SecProductive',
  title: L('加工任务', 'Production task', '加工任務'),
  billType: 63,
  billNo: { serialCode: 'secproductive', prefix: 'SC', serialName: L('加工任务单号', 'Production task number', '加工任務單號') },
  header: {
    ...ownerHeader(),
    bomNo: docRef(L('加工BOM', 'Processing BOM', '加工BOM'), 'secbombill', { required: true, states: ['Audited'] }),
    processNo: docRef(L('加工申请单号', 'Processing request number', '加工申請單號'), 'secondaryprocess', { states: ['Accepted'] }),
    runs: num(L('加工套数', 'Runs', '加工套數'), 'count', { required: true, positive: true }),
    dueDate: date(L('要求完成日期', 'Due by', '要求完成日期')),
    // runs x the BOM's raw materials: what the lots must add up to (the server computes them)
    needs: rows(L('原料需求', 'Raw materials needed', '原料需求'), {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      materialCode: ref(L('物料', 'Material', '物料'), 'material', { generated: true }),
      materialName: text(L('物料名称', 'Material name', '物料名稱'), { generated: true, max: 100 }),
      qty: num(L('需求数量', 'Needed', '需求數量'), 'quantity', { generated: true }),
      issuedQty: num(L('已出库数量', 'Issued', '已出庫數量'), 'quantity', { generated: true }),
      pendingQty: num(L('待出库数量', 'Pending issue', '待出庫數量'), 'quantity', { generated: true }),
    }, { generated: true }),
    // runs x the BOM's finished goods: what the task receives (the server computes them)
    products: rows(L('成品明细', 'Finished goods', '成品明細'), {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      materialCode: ref(L('物料', 'Material', '物料'), 'material', { generated: true }),
      materialName: text(L('物料名称', 'Material name', '物料名稱'), { generated: true, max: 100 }),
      qty: num(L('计划数量', 'Planned', '計劃數量'), 'quantity', { generated: true }),
      receivedQty: num(L('已入库数量', 'Received', '已入庫數量'), 'quantity', { generated: true }),
      pendingQty: num(L('待入库数量', 'Pending receipt', '待入庫數量'), 'quantity', { generated: true }),
    }, { generated: true }),
  },
  sources: {
    // the owner's request: its BOM, runs and due date
    secondaryprocess: {
      states: ['Accepted'],
      label: L('新建加工任务', 'New production task', '新建加工任務'),
      copy: (r) => ({ customerCode: r.customerCode, processNo: r.billNo, bomNo: r.bomNo, runs: r.runs, ...(r.dueDate ? { dueDate: r.dueDate } : {}) }),
    },
    // a task starts from its confirmed BOM: its owner; the needs and finished goods are computed from it
    secbombill: {
      states: ['Audited'],
      label: L('新建加工任务', 'New production task', '新建加工任務'),
      copy: (b) => ({ customerCode: b.customerCode, bomNo: b.billNo, runs: 1 }),
    },
  },
  lines: {
    key: 'details',
    label: L('原料出库明细', 'Raw-material lots to issue', '原料出庫明細'),
    // none picked: the server suggests the lots (first expiring first) when the task is saved
    min: 0,
    fields: {
      ...stockRowLine({ qty: L('出库数量', 'To issue', '出庫數量') }),
      expiringDate: date(L('失效日期', 'Expiry date', '失效日期')),
      issuedQty: num(L('已出库数量', 'Issued', '已出庫數量'), 'quantity', { generated: true }),
      pendingQty: num(L('待出库数量', 'Pending issue', '待出庫數量'), 'quantity', { generated: true }),
    },
    fromStock: { set: { ...STOCK_ROW_PICK.set, expiringDate: 'expiringDate' } },
    uniqueBy: [...STOCK_ROW_KEY],
    totals: {
      qty: { of: 'qty', label: L('出库总数', 'Total to issue', '出庫總數'), scale: 3 },
      issuedQty: { of: 'issuedQty', label: L('已出库总数', 'Total issued', '已出庫總數'), scale: 3 },
      pendingQty: { of: 'pendingQty', label: L('待出库总数', 'Total pending issue', '待出庫總數'), scale: 3 },
    },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: {
        label: L('草稿', 'Draft', '草稿'),
        on: { EDIT: 'Draft', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, AUDIT: { target: 'Audited', guard: 'noReviewNeeded' }, CANCEL: 'Cancelled', REMOVE: 'Draft' },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' } },
      // released to the floor: nothing issued yet, so it may still be cancelled
      Audited: { label: L('已下达', 'Released', '已下達'), tone: 'processing', on: { ISSUE: 'InProduction', CANCEL: 'Cancelled' } },
      // lots issued (in parts) and finished goods received (in parts); no cancel once stock has moved
      InProduction: { label: L('加工中', 'In production', '加工中'), tone: 'warning', on: { ISSUE: 'InProduction', RECEIVE: 'InProduction', COMPLETE: 'Completed' } },
      Completed: { label: L('已完成', 'Completed', '已完成'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    audit: { ...auditAction(), label: L('下达', 'Release', '下達') },
    issue: {
      label: L('原料出库', 'Issue raw materials', '原料出庫'),
      factLabel: L('原料已出库', 'Raw materials issued', '原料已出庫'),
      event: 'ISSUE',
      fact: 'Issued',
      fields: {
        issues: rows(L('出库明细', 'Issued lots', '出庫明細'), {
          lineNumber: lineRef(L('原料出库明细行', 'Lot line', '原料出庫明細行'), 'lineNumber', { required: true }),
          qty: num(L('本次出库数量', 'Issued now', '本次出庫數量'), 'quantity', { required: true, positive: true }),
        }, { minRows: 1 }),
        issuedAt: datetime(L('出库时间', 'Issued at', '出庫時間')),
      },
      nowFields: ['issuedAt'],
      into: 'lastIssue',
      // every lot's pending quantity (an issue in parts changes them)
      initial: (doc) => ({
        issues: ((doc.details as { lineNumber?: number; qty?: number; issuedQty?: number }[] | undefined) ?? [])
          .map((l) => ({ lineNumber: l.lineNumber, qty: pendingOf({ qty: l.qty ?? 0, issuedQty: l.issuedQty }, 'issuedQty') }))
          .filter((l) => l.qty > 0),
      }),
      confirm: true,
    },
    receive: {
      label: L('成品入库', 'Receive finished goods', '成品入庫'),
      factLabel: L('成品已入库', 'Finished goods received', '成品已入庫'),
      event: 'RECEIVE',
      fact: 'Received',
      fields: {
        receipts: rows(L('入库明细', 'Received lots', '入庫明細'), {
          lineNumber: lineRef(L('成品行', 'Finished good', '成品行'), 'lineNumber', { required: true }),
          batchNo: text(L('成品批次号', 'Finished lot', '成品批次號'), { required: true, max: 40 }),
          warehousePlaceCode: ref(L('库位', 'Location', '庫位'), 'warehouseplace', { required: true, pick: { warehouseAreaCode: '$warehouseAreaCode' } }),
          qty: num(L('本次入库数量', 'Received now', '本次入庫數量'), 'quantity', { required: true, positive: true }),
          expiringDate: date(L('失效日期', 'Expiry date', '失效日期')),
          // filled by the server: the line's material
          materialCode: ref(L('物料', 'Material', '物料'), 'material', { hidden: true }),
        }, { minRows: 1 }),
        receivedAt: datetime(L('入库时间', 'Received at', '入庫時間')),
        // filled by the server: whose lots these are and the raw lots issued to the task (the genealogy)
        customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { hidden: true }),
        taskBillNo: text(L('加工任务单号', 'Production task number', '加工任務單號'), { hidden: true, max: 40 }),
        sources: rows(L('原料批次', 'Raw lots', '原料批次'), {
          materialCode: ref(L('物料', 'Material', '物料'), 'material'),
          batchNo: text(L('批次号', 'Batch number', '批次號'), { max: 40 }),
          barcode: text(L('条码', 'Barcode', '條碼'), { max: 64 }),
          qty: num(L('已出库数量', 'Issued', '已出庫數量'), 'quantity'),
        }, { hidden: true }),
      },
      nowFields: ['receivedAt'],
      into: 'lastReceipt',
      // the finished goods still to come, named by material and pending quantity
      lines: (doc) => productLinesOf(doc).filter((p) => pendingOf(p, 'receivedQty') > 0).map((p) => ({ lineNumber: p.lineNumber, name: productName(p) })),
      // every finished good's pending quantity, its lot named after the task (a 3PL's own lot for what it made)
      initial: (doc) => ({
        receipts: productLinesOf(doc)
          .map((p) => ({ lineNumber: p.lineNumber, batchNo: doc.billNo, qty: pendingOf(p, 'receivedQty') }))
          .filter((p) => p.qty > 0),
      }),
      confirm: true,
    },
    // sent by the task itself when nothing is pending
    complete: { label: L('完成', 'Complete', '完成'), event: 'COMPLETE', fact: 'Completed', system: true, at: 'completedAt' },
    cancel: cancelAction(),
  },
  review: { approved: { at: 'auditDate', by: 'auditor' }, titleField: 'bomNo' },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'warehouseAreaCode', 'bomNo', 'processNo', 'runs', 'dueDate', 'state', 'isReview',
      { key: 'totalQty', path: 'totals.qty', label: L('出库总数', 'Total to issue', '出庫總數') },
      { key: 'totalPending', path: 'totals.pendingQty', label: L('待出库总数', 'Total pending issue', '待出庫總數') }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'bomNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'secondaryProcessing', sort: 2, icon: 'tool' },
  routes: {
    list: '/secondaryProcessing/secproductive',
    new: '/secondaryProcessing/secproductiveFormAdd',
    view: '/secondaryProcessing/secproductiveFormView/:id',
    edit: '/secondaryProcessing/secproductiveFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    bomNo: 'BM2026112400001',
    runs: 1,
    details: [{ barcode: 'RK2026112400001-001', materialCode: 'M0007', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 1 }],
  },
});
