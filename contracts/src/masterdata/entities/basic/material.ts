import { invalidFlag } from '../../../entities/references';
import { date, defineEntity, flag, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Material (spec 02 section 3.2): every listed field. */
export const material = defineEntity({
  name: 'material',
  service: 'bl-basic',
  title: L('物料', 'Material', '物料'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'custCode' },
  fields: {
    code: text(L('物料编码', 'Material code', '物料編碼'), { required: true, max: 40, filter: true }),
    materialNumber: text(L('物料编号', 'Material number', '物料編號'), { max: 40, list: false }),
    name: text(L('物料名称', 'Material name', '物料名稱'), { required: true, filter: true }),
    price: num(L('单价', 'Unit price', '單價'), 'unitPrice'),
    spec: text(L('规格', 'Specification', '規格'), { max: 60 }),
    model: text(L('型号', 'Model', '型號'), { max: 60, list: false }),
    type: text(L('物料类型', 'Material type', '物料類型'), { max: 40, list: false }),
    categoryCode: ref(L('物料分类', 'Category', '物料分類'), 'category', { required: true, filter: true }),
    unitCode: ref(L('计量单位', 'Unit', '計量單位'), 'unit', { required: true }),
    custCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { filter: true }),
    barMark: text(L('条码标识', 'Barcode mark', '條碼標識'), { max: 40, list: false }),
    batchFlag: flag(L('批次管理', 'Batch managed', '批次管理')),
    snFlag: flag(L('序列号管理', 'Serial numbers', '序號管理'), { list: false }),
    barcodeManage: flag(L('条码管理', 'Barcode managed', '條碼管理'), { list: false }),
    maxVolume: num(L('最大库存', 'Maximum stock', '最大庫存'), 'quantity', { list: false }),
    minVolume: num(L('最小库存', 'Minimum stock', '最小庫存'), 'quantity', { list: false }),
    warningVolume: num(L('预警库存', 'Warning stock', '預警庫存'), 'quantity', { list: false }),
    gross: num(L('毛重(kg)', 'Gross weight (kg)', '毛重(kg)'), 'weight'),
    // what a document line takes when it names none (docs/DOMAIN.md "Defaults from master data"): m³ per piece, the pack specification
    unitVolume: num(L('单件体积(m³)', 'Volume per piece (m³)', '單件體積(m³)'), 'volume', { list: false }),
    packspecCode: ref(L('包装规格', 'Pack specification', '包裝規格'), 'packspec', { list: false }),
    suttle: num(L('净重(kg)', 'Net weight (kg)', '淨重(kg)'), 'weight', { list: false }),
    gramWeight: num(L('克重(g)', 'Gram weight (g)', '克重(g)'), 'weight', { list: false }),
    lengthSpec: text(L('长度规格', 'Length spec', '長度規格'), { max: 40, list: false }),
    upshelfStrategyCode: ref(L('上架策略', 'Put-away strategy', '上架策略'), 'strategy', { list: false }),
    downshelfStrategyCode: ref(L('拣货策略', 'Picking strategy', '揀貨策略'), 'strategy', { list: false }),
    circulationUnit: ref(L('流通单位', 'Trade unit', '流通單位'), 'unit', { list: false }),
    circulationUnitConversion: num(L('流通单位换算', 'Trade unit conversion', '流通單位換算'), 'rate', { list: false }),
    brand: text(L('品牌', 'Brand', '品牌'), { max: 60 }),
    invalid: invalidFlag(),
    storageTemperature: text(L('储存温度', 'Storage temperature', '儲存溫度'), { max: 40, list: false }),
    normalDate: num(L('保质期(天)', 'Shelf life (days)', '保質期(天)'), 'count'),
    // material sync (docs/DOMAIN.md "Material sync"): the customer's factory it came from and the sync date it was last taken with
    factoryCode: ref(L('工厂', 'Factory', '工廠'), 'factory', { list: false, filter: true }),
    syncDate: date(L('同步日期', 'Sync date', '同步日期'), { list: false }),
  },
  refine: (d, ctx) => {
    if (typeof d.minVolume === 'number' && typeof d.maxVolume === 'number' && d.minVolume > d.maxVolume) {
      ctx.addIssue({ code: 'custom', path: ['minVolume'], message: 'validation.minAboveMax' });
    }
  },
});
