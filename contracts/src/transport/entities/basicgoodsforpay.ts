import { invalidFlag } from '../../entities/references';
import { defineEntity, num, ref, text } from '../../entities/define';
import { freightBasis } from './basicpay';
import { L } from '../../i18n/labels';

/**
 * Goods freight price (basicgoodsforpay): a material carried on a route at a price of its own
 * (cold-chain, fragile or bulky goods). It replaces the route's rate for that material.
 */
export const basicgoodsforpay = defineEntity({
  name: 'basicgoodsforpay',
  service: 'bl-transport',
  title: L('货物运价', 'Goods freight price', '貨物運價'),
  codeField: 'code',
  owner: { by: 'operator' },
  fields: {
    code: text(L('编码', 'Code', '編碼'), { required: true, max: 40, filter: true }),
    lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { required: true, filter: true }),
    materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, filter: true }),
    basis: freightBasis(),
    unitPrice: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true, positive: true }),
    invalid: invalidFlag(),
  },
});
