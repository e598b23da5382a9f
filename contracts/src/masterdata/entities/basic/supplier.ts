import { defineEntity, mobile, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Supplier: sends goods in (on inbound and purchase documents). */
export const supplier = defineEntity({
  name: 'supplier',
  service: 'bl-basic',
  title: L('供应商', 'Supplier', '供應商'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('供应商编码', 'Supplier code', '供應商編碼'), { required: true, max: 40, filter: true }),
    name: text(L('供应商简称', 'Short name', '供應商簡稱'), { required: true, filter: true }),
    fullName: text(L('供应商全称', 'Full name', '供應商全稱'), { max: 200 }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    address: text(L('地址', 'Address', '地址'), { max: 200 }),
    taxNumber: text(L('税号', 'Tax number', '稅號'), { max: 40, list: false }),
  },
});
