import { date, defineEntity, dict, idCard, mobile, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Employee: warehouse and office staff (tally clerks, forklift drivers, keepers). */
export const employee = defineEntity({
  name: 'employee',
  service: 'bl-basic',
  title: L('员工', 'Employee', '員工'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('员工编号', 'Employee code', '員工編號'), { required: true, max: 40, filter: true }),
    name: text(L('姓名', 'Name', '姓名'), { required: true, max: 50, filter: true }),
    deptCode: ref(L('部门', 'Department', '部門'), 'dept', { filter: true }),
    post: text(L('岗位', 'Post', '崗位'), { max: 50 }),
    mobile: mobile(L('手机号', 'Mobile', '手機號')),
    idCard: idCard(L('身份证号', 'ID card number', '身份證號碼'), { list: false }),
    entryDate: date(L('入职日期', 'Joined on', '入職日期')),
    staffType: dict(L('人员类型', 'Staff type', '人員類型'), 'staffType', { filter: true }),
  },
});
