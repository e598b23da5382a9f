import { defineEntity, num, ref } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Unit float: a material's own conversion rate for a unit marked floatUnitFlag. */
export const unitfloat = defineEntity({
  name: 'unitfloat',
  service: 'bl-basic',
  title: L('物料单位换算', 'Material unit conversion', '物料單位換算'),
  owner: { by: 'material', field: 'materialCode' },
  fields: {
    materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, filter: true }),
    unitCode: ref(L('计量单位', 'Unit', '計量單位'), 'unit', { required: true, filter: true }),
    rate: num(L('换算率', 'Conversion rate', '換算率'), 'rate', { required: true }),
  },
  refine: (d, ctx) => {
    if (d.rate === 0) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'validation.positive' });
  },
});
