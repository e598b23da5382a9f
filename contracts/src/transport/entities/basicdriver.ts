import { invalidFlag } from '../../entities/references';
import { defineEntity, idCard, mobile, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Driver; the ID card, when given, passes the spec's rule (length, format, region, birth date, check digit). */
export const basicdriver = defineEntity({
  name: 'basicdriver',
  service: 'bl-transport',
  title: L('司机', 'Driver', '司機'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'operator' },
  fields: {
    code: text(L('司机编号', 'Driver code', '司機編號'), { required: true, max: 40, filter: true }),
    name: text(L('姓名', 'Name', '姓名'), { required: true, max: 50, filter: true }),
    mobile: mobile(L('手机号', 'Mobile', '手機號'), { required: true }),
    idCard: idCard(L('身份证号', 'ID card number', '身份證號碼'), { list: false }),
    licenseNo: text(L('驾驶证号', 'Driving licence no.', '駕駛執照號碼'), { max: 30 }),
    carrierCode: ref(L('所属承运商', 'Carrier', '所屬承運商'), 'basiccarrier', { filter: true }),
    invalid: invalidFlag(),
  },
});
