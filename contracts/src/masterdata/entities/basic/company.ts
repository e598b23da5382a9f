import { defineEntity, mobile, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Company: an operating company of the tenant; warehouses and documents belong to one. */
export const company = defineEntity({
  name: 'company',
  service: 'bl-basic',
  title: L('公司', 'Company', '公司'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('公司编码', 'Company code', '公司編碼'), { required: true, max: 40, filter: true }),
    name: text(L('公司简称', 'Short name', '公司簡稱'), { required: true, filter: true }),
    fullName: text(L('公司全称', 'Full name', '公司全稱'), { max: 200 }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    address: text(L('地址', 'Address', '地址'), { max: 200 }),
    taxNumber: text(L('税号', 'Tax number', '稅號'), { max: 40, list: false }),
  },
});
