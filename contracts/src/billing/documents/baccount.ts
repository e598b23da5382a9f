import { date, num, ref, text } from '../../entities/define';
import { L, cancelAction } from '../../documents/actions';
import { defineDocument } from '../../documents/define';


/**
 * The fee carry-over (费用结转单, spec 02 baccount): what a closed month bill left unpaid
 * (amountDue − paidAmount), carried into the customer's next month. Made by billing when it
 * generates the next month (one per closed bill with something owing; never typed), it is the
 * next bill's `carriedOwing` while it stands; finance may write it off (cancel, isCancel 1: the
 * next bill then carries nothing of it) or mark it settled once collected. Decisions:
 * docs/DOMAIN.md "Billing".
 */
export const baccount = defineDocument({
  name: 'baccount',
  service: 'bl-billing',
  streamType: 'BAccount',
  title: L('费用结转单', 'Fee carry-over', '費用結轉單'),
  billType: 49,
  billNo: { serialCode: 'baccount', prefix: 'JZ', serialName: L('结转单号', 'Carry-over number', '結轉單號') },
  header: {
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    billDate: date(L('结转日期', 'Carried on', '結轉日期'), { required: true }),
    fromMonth: text(L('来源月份', 'From month', '來源月份'), { required: true, max: 7 }),
    toMonth: text(L('结转至月份', 'Into month', '結轉至月份'), { required: true, max: 7, filter: true }),
    fromBillNo: text(L('来源月账单', 'From month bill', '來源月賬單'), { required: true, max: 40 }),
    fromBillId: text(L('来源月账单ID', 'From month bill id', '來源月賬單ID'), { max: 40, list: false, hidden: true }),
    /** positive: unpaid; negative: the customer's credit (paid beyond what was due), carried to reduce the next bill */
    owing: num(L('结转欠款', 'Amount carried', '結轉欠款'), 'signedMoney', { required: true }),
  },
  lifecycle: {
    initial: 'Carried',
    states: {
      Carried: { label: L('已结转', 'Carried', '已結轉'), tone: 'processing', on: { SETTLE: 'Settled', CANCEL: 'Cancelled' } },
      Settled: { label: L('已结清', 'Settled', '已結清'), tone: 'success', final: true },
      Cancelled: { label: L('已核销', 'Written off', '已核銷'), tone: 'error', final: true },
    },
  },
  actions: {
    settle: { label: L('结清', 'Settle', '結清'), event: 'SETTLE', fact: 'Settled', at: 'settledAt', by: 'settledBy', confirm: true },
    cancel: cancelAction({ label: L('核销', 'Write off', '核銷'), reason: L('核销原因', 'Reason', '核銷原因'), reasonRequired: true }),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'fromMonth', 'toMonth', 'fromBillNo', 'owing', 'state'],
    filters: [{ key: 'billNo', match: 'contains' }, { key: 'customerCode', match: 'exact' }, { key: 'toMonth', match: 'exact' }, 'state'],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 2, icon: 'swap' },
  routes: {
    list: '/acct/baccount',
    new: '/acct/baccountForm',
    view: '/acct/baccountFormView/:id',
    edit: '/acct/baccountFormEdit/:id',
  },
  feeds: [],
  example: { customerCode: 'C001', billDate: '2026-11-01', fromMonth: '2026-10', toMonth: '2026-11', fromBillNo: 'YD2026110100001', owing: 110 },
});
