import { date, dict, num, oneOf, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, billingActions, billingColumns, billingFilters, billingLifecycle, ladingTypeField, otherBillRoutes } from './common';

/**
 * Cost lading (计件工资单, spec 02 costlading): one piece of work done by an employee or a
 * porter (a day's unloading, a pick), what the warehouse owes them for it: amount = costQty x
 * price, rounded half up to the cent. The price is typed, or filled from the porter's price
 * per tonne; audited, it counts in the employee cost reports (/reportManagement
 * empCostMonthDetailView, costLadingView). Not a charge to a cargo owner: owners see none.
 * docs/DOMAIN.md "Billing documents (issue 15)".
 */
export const costlading = defineDocument({
  name: 'costlading',
  service: 'bl-billing',
  streamType: 'CostLading',
  title: L('计件工资单', 'Cost lading', '計件工資單'),
  billType: 48,
  billNo: { serialCode: 'costlading', prefix: 'GZ', serialName: L('计件工资单号', 'Cost lading number', '計件工資單號') },
  header: {
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    workDate: date(L('作业日期', 'Work date', '作業日期'), { required: true }),
    workerType: oneOf(L('人员类别', 'Worker', '人員類別'), {
      EMPLOYEE: L('员工', 'Employee', '員工'),
      PORTER: L('装卸工', 'Porter', '裝卸工'),
    }, { required: true, filter: true }),
    employeeCode: ref(L('员工', 'Employee', '員工'), 'employee', { filter: true }),
    porterCode: ref(L('装卸工', 'Porter', '裝卸工'), 'porter', { filter: true }),
    employeeName: text(L('姓名', 'Name', '姓名'), { required: true, max: 50 }),
    employeeType: dict(L('人员类型', 'Staff type', '人員類型'), 'staffType'),
    ladingType: ladingTypeField(),
    workType: oneOf(L('作业环节', 'Work', '作業環節'), {
      IN: L('入库', 'Inbound', '入庫'),
      OUT: L('出库', 'Outbound', '出庫'),
      TRANSFER: L('移库', 'Transfer', '移庫'),
      VALUE_ADD: L('增值', 'Value-added', '增值'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true, filter: true }),
    sourceBillNo: text(L('作业单号', 'Work bill', '作業單號'), { max: 40, filter: true }),
    costUnit: ref(L('计件单位', 'Cost unit', '計件單位'), 'unit', { required: true }),
    costQty: num(L('计件数量', 'Quantity', '計件數量'), 'quantity', { required: true, positive: true }),
    price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { required: true }),
    amount: num(L('金额', 'Amount', '金額'), 'money', { generated: true }),
  },
  fills: {
    employeeCode: { set: { employeeName: 'name', employeeType: 'staffType' } },
    porterCode: { set: { employeeName: 'name', price: 'pricePerTon' } },
  },
  refine: (c, ctx) => {
    // the worker named is of the kind chosen, and only that one
    if (c.workerType === 'EMPLOYEE' && !c.employeeCode) ctx.addIssue({ code: 'custom', path: ['employeeCode'], message: 'validation.required' });
    if (c.workerType === 'PORTER' && !c.porterCode) ctx.addIssue({ code: 'custom', path: ['porterCode'], message: 'validation.required' });
    if (c.workerType === 'EMPLOYEE' && c.porterCode) ctx.addIssue({ code: 'custom', path: ['porterCode'], message: 'billing.validation.oneWorker' });
    if (c.workerType === 'PORTER' && c.employeeCode) ctx.addIssue({ code: 'custom', path: ['employeeCode'], message: 'billing.validation.oneWorker' });
    if (typeof c.workDate === 'string' && typeof c.billDate === 'string' && c.workDate > c.billDate) {
      ctx.addIssue({ code: 'custom', path: ['workDate'], message: 'billing.validation.workAfterBill' });
    }
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'billDate', 'workDate', 'workerType', 'employeeCode', 'porterCode', 'employeeName', 'ladingType', 'workType', 'sourceBillNo',
      'costQty', 'costUnit', 'price', 'amount', 'state', ...billingColumns()],
    filters: [...billingFilters(), 'workerType', { key: 'employeeCode', match: 'exact' }, { key: 'porterCode', match: 'exact' }, 'workType',
      { key: 'workDate', match: 'range' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 17, icon: 'solution' },
  routes: otherBillRoutes('costlading'),
  feeds: [],
  example: {
    billDate: '2026-11-24',
    workDate: '2026-11-24',
    workerType: 'PORTER',
    porterCode: 'P001',
    employeeName: '赵刚',
    ladingType: 'HANDLING',
    workType: 'IN',
    sourceBillNo: 'RK2026112400001',
    costUnit: 'T',
    costQty: 12.5,
    price: 8,
  },
});
