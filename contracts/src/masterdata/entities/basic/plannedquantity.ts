import { date, defineEntity, num, oneOf, ref } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Planned quantity (spec 01 /basicData plannedQuantityAdd): what a cargo owner's agreement
 * expects it to put through the warehouse per period, per material or for all its materials
 * (no material), optionally in one area: planned inbound, outbound and the stock it may hold
 * at most. The standing figures behind each period's plan bills (planbill) and the basis for
 * planning space and labour; it moves no stock.
 */
export const plannedquantity = defineEntity({
  name: 'plannedquantity',
  service: 'bl-basic',
  title: L('计划量', 'Planned quantity', '計劃量'),
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
    materialCode: ref(L('物料', 'Material', '物料'), 'material', { filter: true }),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
    periodType: oneOf(L('计划周期', 'Period', '計劃週期'), {
      DAY: L('每日', 'Per day', '每日'),
      WEEK: L('每周', 'Per week', '每週'),
      MONTH: L('每月', 'Per month', '每月'),
      YEAR: L('每年', 'Per year', '每年'),
    }, { required: true, filter: true }),
    inQty: num(L('计划入库量', 'Planned inbound', '計劃入庫量'), 'quantity'),
    outQty: num(L('计划出库量', 'Planned outbound', '計劃出庫量'), 'quantity'),
    maxStockQty: num(L('最大库存量', 'Most stock held', '最大庫存量'), 'quantity'),
    validFrom: date(L('生效日期', 'Valid from', '生效日期'), { required: true }),
    validTo: date(L('失效日期', 'Valid to', '失效日期')),
    invalid: invalidFlag(),
  },
  refine: (d, ctx) => {
    if (typeof d.validFrom === 'string' && typeof d.validTo === 'string' && d.validTo < d.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.dateRange' });
    }
    if (d.inQty === undefined && d.outQty === undefined && d.maxStockQty === undefined) {
      ctx.addIssue({ code: 'custom', path: ['inQty'], message: 'validation.required' });
    }
  },
  example: { inQty: 1000, outQty: 900 },
});
