import { defineEntity, mobile, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Factory: a production plant goods come from or go to (also used by material sync). */
export const factory = defineEntity({
  name: 'factory',
  service: 'bl-basic',
  title: L('工厂', 'Factory', '工廠'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('工厂编码', 'Factory code', '工廠編碼'), { required: true, max: 40, filter: true }),
    name: text(L('工厂简称', 'Short name', '工廠簡稱'), { required: true, filter: true }),
    fullName: text(L('工厂全称', 'Full name', '工廠全稱'), { max: 200 }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    address: text(L('地址', 'Address', '地址'), { max: 200 }),
  },
});
