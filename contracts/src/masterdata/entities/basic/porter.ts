import { defineEntity, mobile, num, text } from '../../../entities/define';

/** Porter: a loading/unloading worker paid per tonne handled. */
export const porter = defineEntity({
  name: 'porter',
  service: 'bl-basic',
  title: ['装卸工', 'Porter', '裝卸工'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['装卸工编号', 'Porter code', '裝卸工編號'], { required: true, max: 40, filter: true }),
    name: text(['姓名', 'Name', '姓名'], { required: true, max: 50, filter: true }),
    mobile: mobile(['手机号', 'Mobile', '手機號']),
    team: text(['班组', 'Team', '班組'], { max: 50, filter: true }),
    pricePerTon: num(['每吨单价', 'Price per tonne', '每噸單價'], 'unitPrice'),
  },
});
