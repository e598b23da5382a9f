import { invalidFlag } from '../../../entities/references';
import { defineEntity, flag, num, oneOf, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Unit of measure; rate converts it to the benchmark (base) unit of its type. */
export const unit = defineEntity({
  name: 'unit',
  service: 'bl-basic',
  title: L('计量单位', 'Unit of measure', '計量單位'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('单位编码', 'Unit code', '單位編碼'), { required: true, max: 40, filter: true }),
    name: text(L('单位名称', 'Unit name', '單位名稱'), { required: true, max: 50, filter: true }),
    type: oneOf(L('单位类型', 'Unit type', '單位類型'), {
      QUANTITY: L('数量', 'Quantity', '數量'),
      WEIGHT: L('重量', 'Weight', '重量'),
      VOLUME: L('体积', 'Volume', '體積'),
      LENGTH: L('长度', 'Length', '長度'),
    }, { required: true, filter: true }),
    rate: num(L('换算率', 'Conversion rate', '換算率'), 'rate'),
    benchmarkUnitFlag: flag(L('基准单位', 'Base unit', '基準單位')),
    defaultUnitFlag: flag(L('默认单位', 'Default unit', '預設單位')),
    floatUnitFlag: flag(L('按物料换算', 'Rate varies by material', '按物料換算')),
    invalid: invalidFlag(),
  },
  refine: (d, ctx) => {
    if (d.rate === 0) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'validation.positive' });
  },
});
