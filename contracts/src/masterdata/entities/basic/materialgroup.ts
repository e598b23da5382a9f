import { defineEntity, num, ref, text } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Material group (spec 02 materialgroup): a cargo owner's own grouping of its materials
 * (a product line, a brand, a promotion set), across the operator's categories; reports and
 * fee agreements may name it. A group without an owner is the operator's.
 */
export const materialgroup = defineEntity({
  name: 'materialgroup',
  service: 'bl-basic',
  title: L('物料组', 'Material group', '物料組'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('物料组编码', 'Group code', '物料組編碼'), { required: true, max: 40, filter: true }),
    name: text(L('物料组名称', 'Group name', '物料組名稱'), { required: true, max: 50, filter: true }),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { filter: true }),
    materialCodes: ref(L('物料', 'Materials', '物料'), 'material', { multiple: true, list: false }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    invalid: invalidFlag(),
  },
});
