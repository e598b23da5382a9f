import { invalidFlag } from '../../entities/references';
import { defineEntity, num, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/**
 * Package price (basicpackge, the spec's spelling): a handling charge per package (piece)
 * carried, on one route or (no route) on every route; the route's own price wins.
 */
export const basicpackge = defineEntity({
  name: 'basicpackge',
  service: 'bl-transport',
  title: L('包装计费', 'Package price', '包裝計費'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'operator' },
  fields: {
    code: text(L('编码', 'Code', '編碼'), { required: true, max: 40, filter: true }),
    name: text(L('名称', 'Name', '名稱'), { required: true, filter: true }),
    lineCode: ref(L('运输线路', 'Route', '運輸路線'), 'basicline', { filter: true }),
    unitPrice: num(L('每件单价', 'Price per package', '每件單價'), 'unitPrice', { required: true, positive: true }),
    invalid: invalidFlag(),
  },
});
