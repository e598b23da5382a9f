import { docRef, mobile, num, oneOf, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, cancelAction, orderLine, ownerHeader, receiverOf, shippedGoods } from './common';

/**
 * Mail bill (邮寄单, spec: "mail bill type 0 inbound, 1 outbound"): a parcel an owner's goods or
 * papers travel in by courier, received (0, 收件) or sent (1, 寄件): courier, tracking number,
 * sender and receiver, pieces, weight, postage, the inbound or outbound bill it goes with and
 * the goods in it. It is paper around a movement another bill records: it never moves stock.
 * An outbound parcel is made from a shipped outbound bill (receiver and goods copied).
 * States and rules: docs/DOMAIN.md "Mail bills and allocation".
 */
export const mailbill = defineDocument({
  name: 'mailbill',
  service: 'bl-warehouse',
  streamType: 'MailBill',
  title: L('邮寄单', 'Mail bill', '郵寄單'),
  billType: 39,
  billNo: { serialCode: 'mailbill', prefix: 'YJ', serialName: L('邮寄单号', 'Mail bill number', '郵寄單號') },
  header: {
    ...ownerHeader(),
    mailType: oneOf(L('邮寄类型', 'Mail type', '郵寄類型'), { '0': L('收件', 'Inbound', '收件'), '1': L('寄件', 'Outbound', '寄件') }, { required: true, filter: true }),
    courierCompany: text(L('快递公司', 'Courier company', '快遞公司'), { required: true, max: 50 }),
    // known once the courier takes the parcel: required to send it on its way, not to draft it
    trackingNo: text(L('快递单号', 'Tracking number', '快遞單號'), { max: 40 }),
    senderName: text(L('寄件人', 'Sender', '寄件人'), { required: true, max: 50 }),
    senderMobile: mobile(L('寄件人手机号', 'Sender mobile', '寄件人手機號')),
    senderAddress: text(L('寄件地址', 'Sender address', '寄件地址'), { max: 200 }),
    receiverName: text(L('收件人', 'Receiver', '收件人'), { required: true, max: 50 }),
    receiverMobile: mobile(L('收件人手机号', 'Receiver mobile', '收件人手機號')),
    receiverAddress: text(L('收件地址', 'Receiver address', '收件地址'), { max: 200 }),
    pieces: num(L('件数', 'Pieces', '件數'), 'count', { required: true, positive: true, default: 1 }),
    weight: num(L('重量(kg)', 'Weight (kg)', '重量(kg)'), 'weight', { default: 0 }),
    postage: num(L('邮费', 'Postage', '郵費'), 'money', { default: 0 }),
    // the bill the parcel goes with: an inbound bill for a parcel received, an outbound bill for one sent
    inBillNo: docRef(L('入库单号', 'Inbound bill number', '入庫單號'), 'isinstockbill'),
    outBillNo: docRef(L('出库单号', 'Outbound bill number', '出庫單號'), 'osoutstockbill', { states: ['Shipped'] }),
  },
  sources: {
    osoutstockbill: {
      states: ['Shipped'],
      label: L('生成邮寄单', 'Mail bill', '生成郵寄單'),
      copy: (b) => ({
        customerCode: b.customerCode,
        warehouseAreaCode: b.warehouseAreaCode,
        mailType: '1',
        outBillNo: b.billNo,
        ...receiverOf(b),
        details: shippedGoods(b),
      }),
    },
  },
  lines: {
    key: 'details',
    label: L('物品明细', 'Goods in the parcel', '物品明細'),
    fields: { ...orderLine() },
    // papers only: a parcel may carry no goods
    min: 0,
    uniqueBy: ['materialCode', 'batchNo'],
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', DISPATCH: 'InTransit', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // with the courier: handed over (sent) or announced by the courier (received)
      InTransit: { label: L('运送中', 'In transit', '運送中'), tone: 'processing', on: { SIGN: 'Signed', CANCEL: 'Cancelled' } },
      Signed: { label: L('已签收', 'Signed for', '已簽收'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    // the courier's number is given as the parcel is handed over (kept when the draft had it already)
    dispatch: {
      label: L('交寄', 'Hand to courier', '交寄'),
      event: 'DISPATCH',
      fact: 'Dispatched',
      at: 'dispatchedAt',
      by: 'dispatchedBy',
      fields: { trackingNo: text(L('快递单号', 'Tracking number', '快遞單號'), { required: true, max: 40 }) },
      initial: (doc) => ({ trackingNo: doc.trackingNo }),
      confirm: true,
    },
    sign: {
      label: L('签收', 'Sign for', '簽收'),
      event: 'SIGN',
      fact: 'Signed',
      at: 'signedAt',
      by: 'signedBy',
      fields: { signerName: text(L('签收人', 'Signed by', '簽收人'), { max: 50 }) },
      confirm: true,
    },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'mailType', 'courierCompany', 'trackingNo', 'receiverName', 'pieces', 'postage', 'state',
      { key: 'signedAt', path: 'signedAt', label: L('签收时间', 'Signed at', '簽收時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, 'mailType', { key: 'trackingNo', match: 'contains' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'otherBill', sort: 3, icon: 'mail' },
  routes: {
    list: '/otherBill/mailbill',
    new: '/otherBill/mailbillForm',
    view: '/otherBill/mailbillFormView/:id',
    edit: '/otherBill/mailbillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-24',
    customerCode: 'C001',
    warehouseAreaCode: 'SH1-A',
    mailType: '1',
    courierCompany: '顺丰速运',
    trackingNo: 'SF1234567890',
    senderName: '上海一号仓',
    receiverName: 'Chan Tai Man',
    pieces: 1,
    weight: 2.5,
    postage: 23.5,
    details: [{ materialCode: 'M0002', qty: 2 }],
  },
});
