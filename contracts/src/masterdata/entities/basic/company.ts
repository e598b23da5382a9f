import { defineEntity, mobile, text } from '../../../entities/define';

/** Company: an operating company of the tenant; warehouses and documents belong to one. */
export const company = defineEntity({
  name: 'company',
  service: 'bl-basic',
  title: ['公司', 'Company', '公司'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['公司编码', 'Company code', '公司編碼'], { required: true, max: 40, filter: true }),
    name: text(['公司简称', 'Short name', '公司簡稱'], { required: true, filter: true }),
    fullName: text(['公司全称', 'Full name', '公司全稱'], { max: 200 }),
    linkman: text(['联系人', 'Contact', '聯絡人'], { max: 50 }),
    mobile: mobile(['手机号', 'Mobile', '手機號']),
    address: text(['地址', 'Address', '地址'], { max: 200 }),
    taxNumber: text(['税号', 'Tax number', '稅號'], { max: 40, list: false }),
  },
});
