import { defineEntity, mobile, text } from '../../../entities/define';

/** Factory: a production plant goods come from or go to (also used by material sync). */
export const factory = defineEntity({
  name: 'factory',
  service: 'bl-basic',
  title: ['工厂', 'Factory', '工廠'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['工厂编码', 'Factory code', '工廠編碼'], { required: true, max: 40, filter: true }),
    name: text(['工厂简称', 'Short name', '工廠簡稱'], { required: true, filter: true }),
    fullName: text(['工厂全称', 'Full name', '工廠全稱'], { max: 200 }),
    linkman: text(['联系人', 'Contact', '聯絡人'], { max: 50 }),
    mobile: mobile(['手机号', 'Mobile', '手機號']),
    address: text(['地址', 'Address', '地址'], { max: 200 }),
  },
});
