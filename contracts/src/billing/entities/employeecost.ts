import { defineEntity, flag, num, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';
import { ladingTypeField } from '../documents/common';

/**
 * Employee piece rates (员工计件单价, spec 02 master data `employeecost`, fields not shown): what
 * one employee is paid per cost unit for one kind of work, by stage (inbound, outbound, transfer,
 * value-added, other). The lading bill reads them: picking a rate on an item fills the employee,
 * the kind of work, the cost unit and the five prices (still editable before the audit); the
 * audited lading bill is what cost ladings are priced from. docs/DOMAIN.md "Billing documents".
 */
export const employeecost = defineEntity({
  name: 'employeecost',
  service: 'bl-basic',
  title: L('员工计件单价', 'Employee piece rates', '員工計件單價'),
  codeField: 'code',
  nameField: 'name',
  // the warehouse's labour cost: no cargo owner's business
  owner: { by: 'operator' },
  fields: {
    code: text(L('单价编码', 'Rate code', '單價編碼'), { required: true, max: 40, filter: true }),
    name: text(L('单价名称', 'Rate name', '單價名稱'), { required: true, filter: true }),
    employeeCode: ref(L('员工', 'Employee', '員工'), 'employee', { required: true, filter: true }),
    employeeName: text(L('员工姓名', 'Employee name', '員工姓名'), { max: 50 }),
    ladingType: ladingTypeField(),
    costUnit: ref(L('计件单位', 'Cost unit', '計件單位'), 'unit', { required: true }),
    inPrice: num(L('入库单价', 'Inbound price', '入庫單價'), 'unitPrice', { default: 0 }),
    outPrice: num(L('出库单价', 'Outbound price', '出庫單價'), 'unitPrice', { default: 0 }),
    transferPrice: num(L('移库单价', 'Transfer price', '移庫單價'), 'unitPrice', { default: 0 }),
    valueAddPrice: num(L('增值单价', 'Value-added price', '增值單價'), 'unitPrice', { default: 0 }),
    otherPrice: num(L('其他单价', 'Other price', '其他單價'), 'unitPrice', { default: 0 }),
    invalid: flag(L('作废', 'Invalid', '作廢')),
  },
  example: { name: '张伟 装卸', employeeName: '张伟', ladingType: 'HANDLING', inPrice: 8, outPrice: 8.5, transferPrice: 5, valueAddPrice: 0, otherPrice: 3 },
});
