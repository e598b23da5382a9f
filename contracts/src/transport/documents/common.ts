import { mobile, num, oneOf, ref, rows, text, type Labels } from '../../entities/define';
import { group, type LinesDef } from '../../documents/define';

/**
 * Pieces the transport chain's documents share (issue 14): a party of a shipment, the goods
 * lines a note carries, and the fields a document names another one of the chain by.
 */
export { L } from '../../documents/actions';
import { L } from '../../documents/actions';

/** A party of the shipment: who ships or who receives. */
export const party = (who: Labels, o: { required?: boolean } = {}) =>
  group(who, {
    name: text(L(`${who[0]}名称`, `${who[1]} name`, `${who[2]}名稱`), { required: true, max: 100 }),
    linkman: text(L(`${who[0]}联系人`, `${who[1]} contact`, `${who[2]}聯絡人`), { required: true, max: 50 }),
    mobile: mobile(L(`${who[0]}手机号`, `${who[1]} mobile`, `${who[2]}手機號`), { required: true }),
    address: text(L(`${who[0]}地址`, `${who[1]} address`, `${who[2]}地址`), { required: true, max: 200 }),
  }, o);

/**
 * The goods lines of an order or a note: material, quantity, gross weight (kg), volume (m³), packages.
 * `owned`: the material is the customer's (cargo owner's) own, as warehouse documents' lines are:
 * the picker offers the header customer's materials, and the server refuses another owner's.
 */
export const goodsLines = (o: { owned?: boolean } = {}) => ({
  key: 'lines' as const,
  label: L('明细', 'Lines', '明細'),
  fields: {
    materialCode: ref(L('物料', 'Material', '物料'), 'material', {
      required: true,
      ...(o.owned ? { pick: { custCode: '$customerCode' }, ownedBy: { field: 'custCode', of: 'customerCode' } } : {}),
    }),
    name: text(L('物料名称', 'Material name', '物料名稱'), { required: true, max: 100 }),
    qty: num(L('数量', 'Quantity', '數量'), 'quantity', { required: true, positive: true }),
    weg: num(L('重量(kg)', 'Weight (kg)', '重量(kg)'), 'weight', { default: 0 }),
    volume: num(L('体积(m³)', 'Volume (m³)', '體積(m³)'), 'volume', { default: 0 }),
    packages: num(L('件数', 'Packages', '件數'), 'count', { default: 0 }),
  },
  uniqueBy: ['materialCode'],
  fills: { materialCode: { set: { name: 'name' } } },
  totals: {
    qty: { of: 'qty', label: L('总数量', 'Total quantity', '總數量'), scale: 3 },
    weg: { of: 'weg', label: L('总重量(kg)', 'Total weight (kg)', '總重量(kg)'), scale: 3 },
    volume: { of: 'volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)'), scale: 4 },
    packages: { of: 'packages', label: L('总件数', 'Total packages', '總件數'), scale: 0 },
  },
}) satisfies LinesDef;

/** List columns of the goods totals. */
export const totalColumns = [
  { key: 'totalQty', path: 'totals.qty', label: L('总数量', 'Total quantity', '總數量') },
  { key: 'totalWeg', path: 'totals.weg', label: L('总重量(kg)', 'Total weight (kg)', '總重量(kg)') },
  { key: 'totalVolume', path: 'totals.volume', label: L('总体积(m³)', 'Total volume (m³)', '總體積(m³)') },
  { key: 'totalPackages', path: 'totals.packages', label: L('总件数', 'Total packages', '總件數') },
] as const;

/** A freight explanation line: which price record, which quantity, which basis, the arithmetic. */
export const freightLineFields = () => ({
  // the note is named by its number beside it; its id is for the machine
  noteId: text(L('运单ID', 'Note id', '運單ID'), { max: 40, hidden: true }),
  noteBillNo: text(L('运单号', 'Note number', '運單號'), { max: 40 }),
  materialCode: ref(L('物料', 'Material', '物料'), 'material'),
  // which price record of transport master data priced the line (spec 02: basicpay, basicgoodsforpay, basicpackge)
  source: oneOf(L('价格来源', 'Price source', '價格來源'), {
    basicpay: L('线路运价', 'Route rate', '路線運價'),
    basicgoodsforpay: L('货物运价', 'Goods rate', '貨物運價'),
    basicpackge: L('包装运价', 'Package rate', '包裝運價'),
  }),
  priceCode: text(L('价格编码', 'Price code', '價格編碼'), { max: 40 }),
  basis: oneOf(L('计费方式', 'Charged by', '計費方式'), {
    WEIGHT: L('按重量', 'By weight', '按重量'),
    VOLUME: L('按体积', 'By volume', '按體積'),
    PACKAGE: L('按件数', 'By packages', '按件數'),
  }),
  quantity: num(L('计费数量', 'Charged quantity', '計費數量'), 'rate'),
  unit: oneOf(L('计费单位', 'Unit', '計費單位'), { t: L('吨', 't', '噸'), 'm³': L('立方米', 'm³', '立方米'), pkg: L('件', 'pkg', '件') }),
  unitPrice: num(L('单价', 'Unit price', '單價'), 'unitPrice'),
  amount: num(L('金额', 'Amount', '金額'), 'money'),
  // the arithmetic as text, for the API; the view shows its parts in their own columns, in the reader's words
  formula: text(L('计算', 'Arithmetic', '計算'), { max: 200, hidden: true }),
});
export const freightRows = () => rows(L('运费明细', 'Freight explanation', '運費明細'), freightLineFields(), { generated: true });
