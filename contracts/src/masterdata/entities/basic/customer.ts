import { invalidFlag } from '../../../entities/references';
import { defineEntity, email, mobile, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Customer: a cargo owner the operator stores and ships for. */
export const customer = defineEntity({
  name: 'customer',
  service: 'bl-basic',
  title: L('客户', 'Customer', '客戶'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'code' },
  fields: {
    code: text(L('客户编码', 'Customer code', '客戶編碼'), { required: true, max: 40, filter: true }),
    name: text(L('客户简称', 'Short name', '客戶簡稱'), { required: true, filter: true }),
    fullName: text(L('客户全称', 'Full name', '客戶全稱'), { max: 200 }),
    province: text(L('省份', 'Province', '省份'), { max: 40, filter: true }),
    region: text(L('地区', 'Region', '地區'), { max: 60, list: false }),
    address: text(L('地址', 'Address', '地址'), { max: 200, list: false }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    tel: text(L('电话', 'Telephone', '電話'), { max: 30, list: false }),
    email: email(L('邮箱', 'Email', '郵箱'), { list: false }),
    storagePrice: num(L('仓储单价', 'Storage price', '倉儲單價'), 'unitPrice', { list: false }),
    handlingPrice: num(L('装卸单价', 'Handling price', '裝卸單價'), 'unitPrice', { list: false }),
    depositBank: text(L('开户银行', 'Bank', '開戶銀行'), { max: 100, list: false }),
    account: text(L('银行账号', 'Bank account', '銀行帳號'), { max: 40, list: false }),
    taxNumber: text(L('税号', 'Tax number', '稅號'), { max: 40, list: false }),
    invalid: invalidFlag(),
  },
});
