import { defineEntity, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Serial number rule: prefix plus a counter between minValue and maxValue for generated codes. */
export const syscode = defineEntity({
  name: 'syscode',
  service: 'bl-system',
  title: L('流水号规则', 'Serial number rule', '流水號規則'),
  codeField: 'seqCode',
  nameField: 'seqName',
  owner: { by: 'operator' },
  fields: {
    seqCode: text(L('规则编码', 'Rule code', '規則編碼'), { required: true, max: 40, filter: true }),
    seqName: text(L('规则名称', 'Rule name', '規則名稱'), { required: true, max: 50, filter: true }),
    prefixValue: text(L('前缀', 'Prefix', '前綴'), { max: 20 }),
    minValue: num(L('最小值', 'Minimum value', '最小值'), 'count'),
    maxValue: num(L('最大值', 'Maximum value', '最大值'), 'count'),
    seqCurrentValue: num(L('当前值', 'Current value', '當前值'), 'count', { generated: true }),
  },
  refine: (d, ctx) => {
    if (typeof d.minValue === 'number' && typeof d.maxValue === 'number' && d.minValue > d.maxValue) {
      ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'validation.minAboveMax' });
    }
  },
});
