import { defineEntity, flag, mobile, ref, rows, text } from '../../entities/define';

/** Recipient (consignee) with their delivery addresses. */
export const basicrecipient = defineEntity({
  name: 'basicrecipient',
  service: 'bl-transport',
  title: ['收货人', 'Recipient', '收貨人'],
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(['收货人编码', 'Recipient code', '收貨人編碼'], { required: true, max: 40, filter: true }),
    name: text(['收货人名称', 'Recipient name', '收貨人名稱'], { required: true, filter: true }),
    customerCode: ref(['所属客户', 'Customer', '所屬客戶'], 'customer', { filter: true }),
    linkman: text(['联系人', 'Contact', '聯絡人'], { max: 50 }),
    mobile: mobile(['手机号', 'Mobile', '手機號']),
    addresses: rows(['收货地址', 'Delivery addresses', '收貨地址'], {
      address: text(['地址', 'Address', '地址'], { required: true, max: 200 }),
      linkman: text(['联系人', 'Contact', '聯絡人'], { max: 50 }),
      mobile: mobile(['手机号', 'Mobile', '手機號']),
      isDefault: flag(['默认地址', 'Default', '預設地址']),
    }),
  },
});
