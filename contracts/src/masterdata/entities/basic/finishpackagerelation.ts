import { defineEntity, num, ref } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Finished goods and packaging relation (spec 02 finishpackagerelation): how much of a
 * packaging material (carton, pallet wrap, label) one piece of a finished material uses, for
 * a cargo owner or for everyone. Secondary processing and packaging work read it to know what
 * packing consumes.
 */
export const finishpackagerelation = defineEntity({
  name: 'finishpackagerelation',
  service: 'bl-basic',
  title: L('成品包材关系', 'Finished goods packaging', '成品包材關係'),
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    finishedMaterialCode: ref(L('成品物料', 'Finished material', '成品物料'), 'material', { required: true, filter: true }),
    packageMaterialCode: ref(L('包材物料', 'Packaging material', '包材物料'), 'material', { required: true, filter: true }),
    qty: num(L('单件用量', 'Per piece', '單件用量'), 'rate', { required: true, positive: true }),
    unitCode: ref(L('包材单位', 'Packaging unit', '包材單位'), 'unit'),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { filter: true }),
  },
  refine: (d, ctx) => {
    if (d.finishedMaterialCode !== undefined && d.finishedMaterialCode === d.packageMaterialCode) {
      ctx.addIssue({ code: 'custom', path: ['packageMaterialCode'], message: 'validation.invalid' });
    }
  },
  // the demo and test hosts' materials: two different ones
  example: { finishedMaterialCode: 'M0002', packageMaterialCode: 'M0012' },
});
