import { invalidFlag } from '../../entities/references';
import { defineEntity, mobile, oneOf, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/**
 * Transport department (basicdept): the carrier's depots and branches (网点) where goods are
 * collected, cross-docked or delivered from; a route starts and ends at one.
 */
export const basicdept = defineEntity({
  name: 'basicdept',
  service: 'bl-transport',
  title: L('运输网点', 'Transport depot', '運輸網點'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('网点编码', 'Depot code', '網點編碼'), { required: true, max: 40, filter: true }),
    name: text(L('网点名称', 'Depot name', '網點名稱'), { required: true, filter: true }),
    deptType: oneOf(L('网点类型', 'Depot type', '網點類型'), {
      HUB: L('分拨中心', 'Hub', '分撥中心'),
      BRANCH: L('营业网点', 'Branch', '營業網點'),
      PARTNER: L('合作网点', 'Partner depot', '合作網點'),
    }, { required: true, filter: true }),
    city: text(L('城市', 'City', '城市'), { max: 50, filter: true }),
    address: text(L('地址', 'Address', '地址'), { max: 200 }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    invalid: invalidFlag(),
  },
});
