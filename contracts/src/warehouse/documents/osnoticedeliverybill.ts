import { date, docRef, mobile, plate, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, cancelAction, orderLine, ownerHeader, receiverOf, shippedGoods } from './common';

/** The operator's business time zone (BUSINESS_TZ where the code runs on the server, else the default): its days are the documents' days. */
const businessZone = (): string => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.BUSINESS_TZ || 'Asia/Shanghai';

/**
 * The business day after an instant's business day (yyyy-MM-dd): when goods shipped today are
 * expected by default. Counted on the operator's wall clock, not in UTC: goods shipped at 00:30 in
 * Shanghai (16:30 UTC the day before) are expected the next Shanghai day, not the same one.
 */
const dayAfter = (at: unknown): string | undefined => {
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.parse(at)));
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Delivery notice (发货通知单, spec 02 osnoticedeliverybill; the spec's DN): the notice to the
 * consignee of what is coming, made from a shipped outbound bill (its lines: material, batch,
 * quantity), issued, then closed by the consignee's receipt: received on or after its expected
 * arrival, or received early (before it) after the spec's confirmation "receive the selected
 * delivery note (DN) early", from its view or from the list with it selected. Printed: the
 * driver carries it. States and rules: docs/DOMAIN.md "Sales orders and delivery notices (issue 30)".
 */
export const osnoticedeliverybill = defineDocument({
  name: 'osnoticedeliverybill',
  service: 'bl-warehouse',
  streamType: 'DeliveryNotice',
  title: L('发货通知单', 'Delivery notice', '發貨通知單'),
  billType: 27,
  billNo: { serialCode: 'osnoticedeliverybill', prefix: 'DN', serialName: L('发货通知单号', 'Delivery notice number', '發貨通知單號') },
  header: {
    ...ownerHeader(),
    // the shipped bill it announces
    outBillNo: docRef(L('出库单号', 'Outbound bill number', '出庫單號'), 'osoutstockbill', { states: ['Shipped'], required: true }),
    receiverName: text(L('收货人', 'Receiver', '收貨人'), { required: true, max: 50 }),
    receiverMobile: mobile(L('收货人手机号', 'Receiver mobile', '收貨人手機號')),
    receiverAddress: text(L('收货地址', 'Delivery address', '收貨地址'), { max: 200 }),
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼')),
    expectedDate: date(L('预计到货日期', 'Expected arrival', '預計到貨日期'), { required: true }),
  },
  sources: {
    osoutstockbill: {
      states: ['Shipped'],
      label: L('发货通知', 'Notify delivery', '發貨通知'),
      copy: (b) => {
        const expectedDate = dayAfter(b.shippedAt);
        return {
          customerCode: b.customerCode,
          warehouseAreaCode: b.warehouseAreaCode,
          outBillNo: b.billNo,
          ...receiverOf(b),
          ...(b.carNo ? { carNo: b.carNo } : {}),
          ...(expectedDate ? { expectedDate } : {}),
          details: shippedGoods(b),
        };
      },
    },
  },
  lines: {
    key: 'details',
    label: L('明细', 'Details', '明細'),
    fields: {
      ...orderLine(),
    },
    uniqueBy: ['materialCode', 'batchNo'],
    // what the bill shipped: a line may be removed (not announced), never added
    fixed: true,
    totals: { qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', ISSUE: 'Issued', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
      // sent to the consignee (and printed for the driver): awaiting its receipt
      Issued: { label: L('已发出', 'Issued', '已發出'), tone: 'processing', on: { RECEIVE_EARLY: 'ReceivedEarly', RECEIVE: 'Received', CANCEL: 'Cancelled' } },
      ReceivedEarly: { label: L('已提前接收', 'Received early', '已提前接收'), tone: 'success', final: true },
      Received: { label: L('已接收', 'Received', '已接收'), tone: 'success', final: true },
      Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', on: { REMOVE: 'Cancelled' } },
    },
  },
  actions: {
    issue: { label: L('发出', 'Issue', '發出'), event: 'ISSUE', fact: 'Issued', at: 'issuedAt', by: 'issuedBy', confirm: true },
    // spec 02 confirmation: "receive the selected delivery note (DN) early"; only before the expected arrival day
    receiveEarly: {
      label: L('提前接收', 'Receive early', '提前接收'),
      event: 'RECEIVE_EARLY',
      fact: 'ReceivedEarly',
      at: 'receivedAt',
      by: 'receivedBy',
      confirm: L('确定提前接收所选发货通知单(DN)吗？', 'Receive the selected delivery note (DN) early?', '確定提前接收所選發貨通知單(DN)嗎？'),
      list: true,
    },
    // on or after the expected arrival day
    receive: { label: L('接收', 'Receive', '接收'), event: 'RECEIVE', fact: 'Received', at: 'receivedAt', by: 'receivedBy', confirm: true, list: true },
    cancel: cancelAction(),
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'outBillNo', 'receiverName', 'carNo', 'expectedDate', 'state',
      { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
      { key: 'receivedAt', path: 'receivedAt', label: L('接收时间', 'Received at', '接收時間'), kind: 'datetime' }],
    filters: [{ key: 'billNo', match: 'contains' }, 'state', { key: 'customerCode', match: 'exact' }, { key: 'outBillNo', match: 'exact' },
      { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'outWarehouseManagement', sort: 3, icon: 'file-done' },
  routes: {
    list: '/outWarehouseManagement/osnoticedeliverybill',
    new: '/outWarehouseManagement/osnoticedeliverybillForm',
    view: '/outWarehouseManagement/osnoticedeliverybillFormView/:id',
    edit: '/outWarehouseManagement/osnoticedeliverybillFormEdit/:id',
  },
  feeds: [],
  example: {
    billDate: '2026-11-23',
    customerCode: 'C001',
    warehouseAreaCode: 'A01',
    outBillNo: 'CK202611230001',
    receiverName: 'Chan Tai Man',
    expectedDate: '2026-11-25',
    details: [{ materialCode: 'M001', qty: 20 }],
  },
});
