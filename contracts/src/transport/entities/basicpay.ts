import { invalidFlag } from '../../entities/references';
import { date, defineEntity, num, oneOf, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** How a freight price is applied: per tonne of gross weight, or per cubic metre. */
export const freightBasis = (label: readonly [string, string, string] = L('计费方式', 'Charged by', '計費方式')) =>
  oneOf(label, { WEIGHT: L('按重量(元/吨)', 'Weight (per tonne)', '按重量(元/噸)'), VOLUME: L('按体积(元/立方米)', 'Volume (per m³)', '按體積(元/立方米)') }, { required: true, filter: true });

/**
 * Line freight rate (basicpay): the carrier's price to carry goods on one route, per tonne or
 * per m³. At dispatch the first valid rate of the dispatch's line (by code) prices every
 * goods line that has no goods-for-pay price of its own.
 */
export const basicpay = defineEntity({
  name: 'basicpay',
  service: 'bl-transport',
  title: L('线路运价', 'Route freight rate', '路線運價'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'operator' },
  fields: {
    code: text(L('运价编码', 'Rate code', '運價編碼'), { required: true, max: 40, filter: true }),
    name: text(L('运价名称', 'Rate name', '運價名稱'), { required: true, filter: true }),
    lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { required: true, filter: true }),
    basis: freightBasis(),
    unitPrice: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true, positive: true }),
    startDate: date(L('生效日期', 'Valid from', '生效日期')),
    endDate: date(L('失效日期', 'Valid to', '失效日期')),
    invalid: invalidFlag(),
  },
  refine: (d, ctx) => {
    if (typeof d.startDate === 'string' && typeof d.endDate === 'string' && d.endDate < d.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateRange' });
  },
});
