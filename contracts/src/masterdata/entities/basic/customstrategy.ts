import { defineEntity, flag, num, ref, text } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Customer strategy (spec 02 customstrategy): a cargo owner's own warehouse rules, over the
 * material's: the put-away and picking strategies to use for its goods (optionally only in
 * one area or for one material), and whether batches or materials may share a location.
 * The most particular record wins (material, then area, then the owner's), then priority.
 */
export const customstrategy = defineEntity({
  name: 'customstrategy',
  service: 'bl-basic',
  title: L('客户策略', 'Customer strategy', '客戶策略'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('策略编码', 'Strategy code', '策略編碼'), { required: true, max: 40, filter: true }),
    name: text(L('策略名称', 'Strategy name', '策略名稱'), { required: true, max: 50, filter: true }),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
    materialCode: ref(L('物料', 'Material', '物料'), 'material'),
    upshelfStrategyCode: ref(L('上架策略', 'Put-away strategy', '上架策略'), 'strategy'),
    downshelfStrategyCode: ref(L('拣货策略', 'Picking strategy', '揀貨策略'), 'strategy'),
    mixBatchFlag: flag(L('允许混批', 'Batches may share a location', '允許混批')),
    mixMaterialFlag: flag(L('允许混放', 'Materials may share a location', '允許混放')),
    priority: num(L('优先级', 'Priority', '優先級'), 'count'),
    invalid: invalidFlag(),
  },
});
