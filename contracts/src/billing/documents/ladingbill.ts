import { date, dict, num, ref, text } from '../../entities/define';
import { defineDocument } from '../../documents/define';
import { L, billingActions, billingColumns, billingFilters, billingLifecycle, ladingTypeField, otherBillRoutes } from './common';

/**
 * Lading bill (计件单价单, spec 02 ladingbill): the piece rates the warehouse pays its own people,
 * one item per employee and kind of work, with a price for inbound, outbound, transfer,
 * value-added and other work per cost unit. Audited, it is in force from `effectiveDate` until
 * a later audited lading bill names the same employee and kind of work; cost ladings are priced
 * from it. Not a charge to a cargo owner: owners see none. docs/DOMAIN.md "Billing documents
 * (issue 15)".
 */
export const ladingbill = defineDocument({
  name: 'ladingbill',
  service: 'bl-billing',
  streamType: 'LadingBill',
  title: L('计件单价单', 'Lading bill', '計件單價單'),
  billType: 47,
  billNo: { serialCode: 'ladingbill', prefix: 'JJ', serialName: L('计件单价单号', 'Lading bill number', '計件單價單號') },
  header: {
    name: text(L('名称', 'Name', '名稱'), { required: true, max: 100, filter: true }),
    billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
    effectiveDate: date(L('生效日期', 'In force from', '生效日期'), { required: true }),
  },
  lines: {
    key: 'items',
    label: L('计件明细', 'Piece rates', '計件明細'),
    fields: {
      lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
      /** the employee's piece rate (master data employeecost) the item is read from: picking it fills the rest */
      employeeCostCode: ref(L('员工计件单价', 'Employee piece rate', '員工計件單價'), 'employeecost'),
      employeeCode: ref(L('员工', 'Employee', '員工'), 'employee', { required: true }),
      employeeName: text(L('员工姓名', 'Employee name', '員工姓名'), { max: 50 }),
      employeeType: dict(L('人员类型', 'Staff type', '人員類型'), 'staffType'),
      costUnit: ref(L('计件单位', 'Cost unit', '計件單位'), 'unit', { required: true }),
      ladingType: ladingTypeField(),
      inPrice: num(L('入库单价', 'Inbound price', '入庫單價'), 'unitPrice', { default: 0 }),
      outPrice: num(L('出库单价', 'Outbound price', '出庫單價'), 'unitPrice', { default: 0 }),
      transferPrice: num(L('移库单价', 'Transfer price', '移庫單價'), 'unitPrice', { default: 0 }),
      valueAddPrice: num(L('增值单价', 'Value-added price', '增值單價'), 'unitPrice', { default: 0 }),
      otherPrice: num(L('其他单价', 'Other price', '其他單價'), 'unitPrice', { default: 0 }),
    },
    uniqueBy: ['employeeCode', 'ladingType'],
    fills: {
      employeeCostCode: {
        set: { employeeCode: 'employeeCode', employeeName: 'employeeName', ladingType: 'ladingType', costUnit: 'costUnit', inPrice: 'inPrice', outPrice: 'outPrice', transferPrice: 'transferPrice', valueAddPrice: 'valueAddPrice', otherPrice: 'otherPrice' },
      },
      employeeCode: { set: { employeeName: 'name', employeeType: 'staffType' } },
    },
  },
  lifecycle: billingLifecycle(),
  actions: billingActions(),
  list: {
    columns: ['billNo', 'name', 'billDate', 'effectiveDate', 'state', ...billingColumns()],
    filters: [...billingFilters(), { key: 'name', match: 'contains' }],
    defaultSort: 'billNo',
    defaultOrder: 'desc',
  },
  menu: { parent: 'acct', sort: 16, icon: 'team' },
  routes: otherBillRoutes('ladingbill'),
  feeds: [],
  example: {
    name: '2026年11月装卸计件单价',
    billDate: '2026-11-01',
    effectiveDate: '2026-11-01',
    items: [
      { employeeCode: 'E001', employeeName: '张伟', costUnit: 'T', ladingType: 'HANDLING', inPrice: 8, outPrice: 8.5, transferPrice: 5, valueAddPrice: 0, otherPrice: 3 },
      { employeeCode: 'E002', employeeName: '李娜', costUnit: 'PLT', ladingType: 'FORKLIFT', inPrice: 2, outPrice: 2, transferPrice: 1.5, valueAddPrice: 0, otherPrice: 1 },
    ],
  },
});
