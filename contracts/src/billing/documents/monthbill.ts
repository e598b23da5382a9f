import { date, lineRef, num, oneOf, ref, text, type FieldDef, type Labels } from '../../entities/define';
import { L } from '../../i18n/labels';
import { storageBasisLabels } from '../charges';
import { defineDocument } from '../../documents/define';

const money = (label: Labels, o: { list?: boolean; generated?: boolean } = {}) => num(label, 'signedMoney', { default: 0, ...o });
const figure = (label: Labels, kind: 'quantity' | 'weight' = 'quantity') => num(label, kind, { default: 0, list: false });

/** The six stages of a detail line (spec 02 "month bills have six stages"): the agreement's tiers 1 to 6, each with price, weight and quantity. */
export const MONTH_BILL_STAGES = [1, 2, 3, 4, 5, 6] as const;
const STAGE_NAMES = ['一', '二', '三', '四', '五', '六'];
const stageFields = (): Record<string, FieldDef> =>
  Object.fromEntries(
    MONTH_BILL_STAGES.flatMap((k) => [
      [`stage${k}Price`, num(L(`第${STAGE_NAMES[k - 1]}段单价`, `Stage ${k} price`, `第${STAGE_NAMES[k - 1]}段單價`), 'unitPrice', { default: 0, list: false })],
      [`stage${k}Weight`, num(L(`第${STAGE_NAMES[k - 1]}段计费量`, `Stage ${k} billed quantity-days`, `第${STAGE_NAMES[k - 1]}段計費量`), 'weight', { default: 0, list: false })],
      [`stage${k}Qty`, num(L(`第${STAGE_NAMES[k - 1]}段天数`, `Stage ${k} days`, `第${STAGE_NAMES[k - 1]}段天數`), 'count', { default: 0, list: false })],
    ]),
  );

/** How a payment came in (收款方式): words of an enumeration, never a code on screen. */
export const PAY_METHODS = {
  BANK: L('银行转账', 'Bank transfer', '銀行轉賬'),
  CASH: L('现金', 'Cash', '現金'),
  CHEQUE: L('支票', 'Cheque', '支票'),
  ACCEPTANCE: L('银行承兑汇票', "Banker's acceptance", '銀行承兌匯票'),
  ONLINE: L('在线支付', 'Online payment', '線上支付'),
} as const;
export type PayMethod = keyof typeof PAY_METHODS;

/**
 * One payment line of a month bill (spec 02 paydetail): the date the money came in, the amount
 * (a reversal's counter-entry is negative and names the line it reverses), how, its reference
 * (bank slip, cheque number) and who recorded it (the signed-in user), at what time. Kept on the
 * bill by its fold from the PaymentRecorded / PaymentReversed facts; never deleted.
 */
export type PaymentLine = {
  lineNumber: number;
  payDate: string;
  amount: number;
  payMethod: PayMethod;
  payReference?: string;
  by: { userId: string; account: string; name: string };
  at: string;
  /** a counter-entry: the line it reverses */
  reverses?: number;
  /** reversed: the counter-entry's line */
  reversedBy?: number;
  reason?: string;
};

/** The payment lines of a bill as its fold keeps them. */
export const paymentsOf = (doc: Record<string, unknown>): PaymentLine[] => (Array.isArray(doc.payments) ? (doc.payments as PaymentLine[]) : []);

/**
 * The month bill (月账单, spec 02 month bill and its detail): what one customer owes for one
 * month, made by billing from its projections of the stock stream, the fee agreements and the
 * other-charge documents (POST /api/bl-billing/monthbill/generate), never typed.
 * totalCost = inStockCoolieCost + outStockCoolieCost + storageCost + otherCost + packageCost. One detail line
 * per warehouse area (lineType AREA) and one per earlier month corrected late (lineType ADJUST).
 * Life: Generated -> (review) -> Checked -> Confirmed (by the customer) -> Invoiced -> Paid ->
 * Closed; reopened back to Generated only before it is invoiced. Decisions: docs/DOMAIN.md "Billing".
 */
export const monthbill = defineDocument({
  name: 'monthbill',
  service: 'bl-billing',
  streamType: 'MonthBill',
  title: L('月账单', 'Month bill', '月賬單'),
  billType: 41,
  billNo: { serialCode: 'monthbill', prefix: 'ZD', serialName: L('月账单号', 'Month bill number', '月賬單號') },
  header: {
    month: text(L('月份', 'Month', '月份'), { required: true, max: 7, filter: true }),
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    billDate: date(L('账单日期', 'Bill date', '賬單日期'), { required: true }),
    type: oneOf(L('账单类型', 'Bill kind', '賬單類型'), { '1': L('月结账单', 'Monthly statement', '月結賬單') }, { required: true }),
    typeDesc: text(L('类型说明', 'Kind description', '類型說明'), { max: 100 }),
    inStockCoolieCost: money(L('入库装卸费', 'Inbound handling', '入庫裝卸費')),
    outStockCoolieCost: money(L('出库装卸费', 'Outbound handling', '出庫裝卸費')),
    storageCost: money(L('仓储费', 'Storage', '倉儲費')),
    otherCost: money(L('其他费用', 'Other charges', '其他費用')),
    /** the packing materials used on the owner's shipments and repacks, at the agreement's package-material prices (costbilldetailpack) */
    packageCost: money(L('包材费', 'Package materials', '包材費')),
    totalCost: money(L('费用合计', 'Total', '費用合計')),
    carriedOwing: money(L('上期结转欠款', 'Carried over unpaid', '上期結轉欠款'), { list: false }),
    amountDue: money(L('应收合计', 'Amount due', '應收合計'), { list: false }),
    /** Σ of the payment lines (paydetail), reversals included: derived, never typed */
    paidAmount: num(L('已收金额', 'Amount received', '已收金額'), 'money', { default: 0, generated: true }),
    /** amountDue − paidAmount: what is still owing (negative: the customer's credit); derived */
    owingAmount: money(L('未收金额', 'Amount owing', '未收金額'), { generated: true }),
    /** the knowledge point it was priced at: billing's projection cursor (what "regenerate from zero" starts from); a position, not for reading */
    cutoff: text(L('计费截点', 'Priced as of', '計費截點'), { max: 64, list: false, hidden: true }),
    /** the last business day priced (the month's last day, or today in a running month) */
    pricedThrough: date(L('计费截止日', 'Priced through', '計費截止日'), { list: false }),
  },
  lines: {
    key: 'details',
    label: L('账单明细', 'Bill details', '賬單明細'),
    min: 0,
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      lineType: oneOf(L('明细类型', 'Line kind', '明細類型'), { AREA: L('库区费用', 'Area charges', '庫區費用'), ADJUST: L('迟到更正', 'Late correction', '遲到更正'), OTHER: L('其他费用', 'Other charges', '其他費用'), PACKAGE: L('包材费用', 'Package materials', '包材費用') }, { required: true }),
      warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
      adjustMonth: text(L('更正月份', 'Corrected month', '更正月份'), { max: 7 }),
      /** the knowledge points a late correction compares (what was accounted for the month, what is known now) */
      adjustFrom: text(L('更正起点', 'Corrected from', '更正起點'), { max: 64, list: false, hidden: true }),
      adjustTo: text(L('更正终点', 'Corrected to', '更正終點'), { max: 64, list: false, hidden: true }),
      agreementCode: text(L('协议', 'Agreement', '協議'), { max: 40 }),
      basis: oneOf(L('计费方式', 'Storage basis', '計費方式'), storageBasisLabels),
      inQty: figure(L('入库数量', 'Inbound quantity', '入庫數量')),
      inWeight: figure(L('入库重量(t)', 'Inbound weight (t)', '入庫重量(t)'), 'weight'),
      outQty: figure(L('出库数量', 'Outbound quantity', '出庫數量')),
      outWeight: figure(L('出库重量(t)', 'Outbound weight (t)', '出庫重量(t)'), 'weight'),
      storageQty: figure(L('仓储数量(件·天)', 'Storage quantity (piece-days)', '倉儲數量(件·天)')),
      storageWeight: figure(L('仓储重量(吨·天)', 'Storage weight (tonne-days)', '倉儲重量(噸·天)'), 'weight'),
      balanceQty: figure(L('月末结存数量', 'Month-end quantity', '月末結存數量')),
      balanceWeight: figure(L('月末结存重量(t)', 'Month-end weight (t)', '月末結存重量(t)'), 'weight'),
      inCost: money(L('入库装卸费', 'Inbound handling', '入庫裝卸費')),
      outCost: money(L('出库装卸费', 'Outbound handling', '出庫裝卸費')),
      storageCost: money(L('仓储费', 'Storage', '倉儲費')),
      otherCost: money(L('其他费用', 'Other charges', '其他費用')),
      packageCost: money(L('包材费', 'Package materials', '包材費')),
      amount: money(L('金额', 'Amount', '金額')),
      ...stageFields(),
    },
  },
  lifecycle: {
    initial: 'Generated',
    states: {
      Generated: {
        label: L('已生成', 'Generated', '已生成'),
        on: { EDIT: 'Generated', REMOVE: 'Generated', SUBMIT_REVIEW: { target: 'InReview', guard: 'reviewNeeded' }, CHECK: { target: 'Checked', guard: 'noReviewNeeded' } },
      },
      InReview: { label: L('审批中', 'In review', '審批中'), tone: 'processing', on: { REVIEW_APPROVED: 'Checked', REVIEW_REJECTED: 'Generated' } },
      Checked: { label: L('已核对', 'Checked', '已核對'), tone: 'processing', on: { CONFIRM: 'Confirmed', REOPEN: 'Generated' } },
      Confirmed: { label: L('客户已确认', 'Confirmed by customer', '客戶已確認'), tone: 'processing', on: { INVOICE: 'Invoiced', REOPEN: 'Generated' } },
      Invoiced: { label: L('已开票', 'Invoiced', '已開票'), tone: 'warning', on: { PAY: 'Paid', CLOSE: 'Closed' } },
      Paid: { label: L('已收款', 'Paid', '已收款'), tone: 'success', on: { PAY: 'Paid', REVERSE_PAYMENT: 'Paid', CLOSE: 'Closed' } },
      Closed: { label: L('已关账', 'Closed', '已關賬'), tone: 'default', final: true },
    },
  },
  actions: {
    check: { label: L('核对', 'Check', '核對'), event: 'CHECK', fact: 'Checked', at: 'checkedAt', by: 'checkedBy', confirm: true },
    confirm: { label: L('客户确认', 'Confirm (customer)', '客戶確認'), event: 'CONFIRM', fact: 'Confirmed', at: 'confirmedAt', by: 'confirmedBy', confirm: true },
    invoice: {
      label: L('开票', 'Invoice', '開票'),
      event: 'INVOICE',
      fact: 'Invoiced',
      fields: { invoiceNo: text(L('发票号', 'Invoice number', '發票號'), { required: true, max: 40 }) },
      at: 'invoicedAt',
      by: 'invoicedBy',
    },
    // one payment line (paydetail) each time; paidAmount and owingAmount are derived from the lines
    pay: {
      label: L('收款', 'Record payment', '收款'),
      event: 'PAY',
      fact: 'PaymentRecorded',
      factLabel: L('收款', 'Payment recorded', '收款'),
      hint: L(
        '收款人为当前登录用户。超出未收金额的部分作为客户预收款，关账后结转下月冲抵。',
        'Recorded as you, the signed-in user. Whatever exceeds the amount owing is kept as the customer\'s credit and carried to the next month once the bill is closed.',
        '收款人為目前登入用戶。超出未收金額的部分作為客戶預收款，關賬後結轉下月沖抵。',
      ),
      fields: {
        payDate: date(L('收款日期', 'Payment date', '收款日期'), { required: true }),
        payAmount: num(L('收款金额', 'Amount received', '收款金額'), 'money', { required: true, positive: true }),
        payMethod: oneOf(L('收款方式', 'Payment method', '收款方式'), PAY_METHODS, { required: true }),
        payReference: text(L('收款凭证号', 'Payment reference', '收款憑證號'), { max: 60 }),
      },
      into: 'lastPayment',
      at: 'paidAt',
      by: 'paidBy',
    },
    // a payment is never deleted: a counter-entry of the opposite amount reverses it
    reversePayment: {
      label: L('冲销收款', 'Reverse payment', '沖銷收款'),
      event: 'REVERSE_PAYMENT',
      fact: 'PaymentReversed',
      factLabel: L('冲销收款', 'Payment reversed', '沖銷收款'),
      fields: {
        paymentNo: lineRef(L('冲销的收款', 'Payment to reverse', '沖銷的收款'), 'lineNumber', { required: true }),
        reverseReason: text(L('冲销原因', 'Reason', '沖銷原因'), { required: true, max: 200 }),
        /** the reversed payment's amount, filled by the server (what the bills' index subtracts) */
        reversedAmount: num(L('冲销金额', 'Amount reversed', '沖銷金額'), 'money', { hidden: true }),
      },
      // the payments still standing, named by date, amount and reference
      lines: (doc) =>
        paymentsOf(doc)
          .filter((p) => p.reverses === undefined && p.reversedBy === undefined)
          .map((p) => ({ lineNumber: p.lineNumber, name: [p.payDate, p.amount.toFixed(2), p.payReference ?? ''].filter(Boolean).join(' ') })),
      into: 'lastReversal',
      at: 'reversalAt',
      by: 'reversalBy',
      danger: true,
      confirm: true,
    },
    close: { label: L('关账', 'Close', '關賬'), event: 'CLOSE', fact: 'Closed', at: 'closedAt', by: 'closedBy', confirm: true },
    reopen: {
      label: L('重新打开', 'Reopen', '重新打開'),
      event: 'REOPEN',
      fact: 'Reopened',
      fields: { reopenReason: text(L('重开原因', 'Reason', '重開原因'), { required: true, max: 200 }) },
      at: 'reopenedAt',
      by: 'reopenedBy',
      danger: true,
      confirm: true,
    },
  },
  review: { approved: { at: 'checkedAt', by: 'checkedBy' }, titleField: 'month' },
  list: {
    columns: ['billNo', 'month', 'customerCode', 'billDate', 'state', 'isReview', 'inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'totalCost', 'paidAmount', 'owingAmount'],
    filters: [{ key: 'billNo', match: 'contains' }, { key: 'month', match: 'exact' }, { key: 'customerCode', match: 'exact' }, 'state'],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 1, icon: 'account-book' },
  routes: {
    list: '/acct/costbillView',
    new: '/acct/monthbillForm',
    view: '/acct/monthbillFormView/:id',
    edit: '/acct/monthbillFormEdit/:id',
  },
  feeds: [],
  example: {
    month: '2026-11',
    customerCode: 'C001',
    billDate: '2026-11-30',
    type: '1',
    typeDesc: '2026-11',
    inStockCoolieCost: 10,
    outStockCoolieCost: 5,
    storageCost: 30,
    otherCost: 0,
    totalCost: 45,
    details: [{ lineType: 'AREA', warehouseAreaCode: 'SH1-A', basis: 'WEIGHT', inCost: 10, outCost: 5, storageCost: 30, amount: 45 }],
  },
});
