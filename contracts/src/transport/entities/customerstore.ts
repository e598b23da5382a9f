import { defineEntity, mobile, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Customer store: a shop or outlet of a customer that goods are delivered to. */
export const customerstore = defineEntity({
  name: 'customerstore',
  service: 'bl-transport',
  title: L('客户门店', 'Customer store', '客戶門店'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('门店编码', 'Store code', '門店編碼'), { required: true, max: 40, filter: true }),
    name: text(L('门店名称', 'Store name', '門店名稱'), { required: true, filter: true }),
    customerCode: ref(L('所属客户', 'Customer', '所屬客戶'), 'customer', { required: true, filter: true }),
    address: text(L('门店地址', 'Address', '門店地址'), { max: 200 }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
  },
});
