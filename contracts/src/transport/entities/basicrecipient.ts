import { defineEntity, flag, mobile, ref, rows, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Recipient (consignee) with their delivery addresses. */
export const basicrecipient = defineEntity({
  name: 'basicrecipient',
  service: 'bl-transport',
  title: L('收货人', 'Recipient', '收貨人'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('收货人编码', 'Recipient code', '收貨人編碼'), { required: true, max: 40, filter: true }),
    name: text(L('收货人名称', 'Recipient name', '收貨人名稱'), { required: true, filter: true }),
    customerCode: ref(L('所属客户', 'Customer', '所屬客戶'), 'customer', { filter: true }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    addresses: rows(L('收货地址', 'Delivery addresses', '收貨地址'), {
      address: text(L('地址', 'Address', '地址'), { required: true, max: 200 }),
      linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
      mobile: mobile(L('手机号', 'Mobile', '手機號')),
      isDefault: flag(L('默认地址', 'Default', '預設地址')),
    }),
  },
});
