import { invalidFlag } from '../../entities/references';
import { defineEntity, mobile, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Carrier: a haulage company (own fleet or outsourced) that moves consignments. */
export const basiccarrier = defineEntity({
  name: 'basiccarrier',
  service: 'bl-transport',
  title: L('承运商', 'Carrier', '承運商'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('承运商编码', 'Carrier code', '承運商編碼'), { required: true, max: 40, filter: true }),
    name: text(L('承运商名称', 'Carrier name', '承運商名稱'), { required: true, filter: true }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    address: text(L('地址', 'Address', '地址'), { max: 200 }),
    invalid: invalidFlag(),
  },
});
