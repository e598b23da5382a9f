import { defineEntity, mobile, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Porter: a loading/unloading worker paid per tonne handled. */
export const porter = defineEntity({
  name: 'porter',
  service: 'bl-basic',
  title: L('装卸工', 'Porter', '裝卸工'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('装卸工编号', 'Porter code', '裝卸工編號'), { required: true, max: 40, filter: true }),
    name: text(L('姓名', 'Name', '姓名'), { required: true, max: 50, filter: true }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    team: text(L('班组', 'Team', '班組'), { max: 50, filter: true }),
    pricePerTon: num(L('每吨单价', 'Price per tonne', '每噸單價'), 'unitPrice'),
  },
});
