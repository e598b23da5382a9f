import { date, num, oneOf, ref } from '../../entities/define';
import type { ColumnDef, DocumentDef, FilterDef, LifecycleStateDef } from '../../documents/define';
import { L, auditAction, cancelAction } from '../../documents/actions';

/**
 * What the billing documents besides the month bill share (issue 15, docs/DOMAIN.md "Billing
 * documents (issue 15)"), written once so each description names only what is its own.
 *
 * The five "other charge" documents (value-added service, handling, adjust-price, package and
 * rent warehouse bills) keep to the interface with the month bill: header `customerCode` and
 * `billDate`, a computed header `amount` (money, scale 2; negative only on an adjust-price
 * bill) in the content their Created/Changed events record; `audit` records `<Type>Audited`,
 * `cancel` records `<Type>Cancelled` (isCancel 1). An audited, not cancelled one counts in
 * `otherCost` of its customer's month of `billDate`.
 */
export { L };

/** The header every charge to a cargo owner starts with: its date (which month bill it lands on) and the owner. */
export const chargeHeader = () => ({
  billDate: date(L('单据日期', 'Bill date', '單據日期'), { required: true }),
  customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { required: true, filter: true }),
});

/** The computed header amount (what the month bill counts); signed only where a charge can credit. */
export const amountField = (o: { signed?: boolean } = {}) =>
  num(L('金额', 'Amount', '金額'), o.signed ? 'signedMoney' : 'money', { generated: true });

/** A line's computed amount (price x quantity, rounded half up to the cent). */
export const lineAmountField = () => num(L('金额', 'Amount', '金額'), 'money', { generated: true });

/**
 * The life of a billing document: a draft is edited or removed; finance audits it (from then on
 * it counts); a mistake after the audit is cancelled (kept, isCancel 1) and issued again. No
 * review: the audit is finance's own check, and the month bill counts only `<Type>Audited`.
 */
export const billingLifecycle = (): { initial: string; states: Record<string, LifecycleStateDef> } => ({
  initial: 'Draft',
  states: {
    Draft: { label: L('草稿', 'Draft', '草稿'), on: { EDIT: 'Draft', AUDIT: 'Audited', CANCEL: 'Cancelled', REMOVE: 'Draft' } },
    Audited: { label: L('已审核', 'Audited', '已審核'), tone: 'success', on: { CANCEL: 'Cancelled' } },
    Cancelled: { label: L('已作废', 'Cancelled', '已作廢'), tone: 'error', final: true },
  },
});

export const billingActions = () => ({ audit: auditAction(), cancel: cancelAction() });

/** The list columns every billing document shows after its own: audit time and the cancel flag. */
export const billingColumns = (): ColumnDef[] => [
  { key: 'isCancel', path: 'isCancel', label: L('是否作废', 'Cancelled', '是否作廢'), kind: 'flag' },
  { key: 'auditDate', path: 'auditDate', label: L('审核时间', 'Audited at', '審核時間'), kind: 'datetime' },
];

export const billingFilters = (): (string | FilterDef)[] => [
  { key: 'billNo', match: 'contains' },
  'state',
  { key: 'date', path: 'billDate', match: 'range', label: L('单据日期', 'Bill date', '單據日期') },
];

/** The console's paths of a document under /otherBill (spec 01: <name>Form, FormEdit, FormView). */
export const otherBillRoutes = (name: string): DocumentDef['routes'] => ({
  list: `/otherBill/${name}`,
  new: `/otherBill/${name}Form`,
  view: `/otherBill/${name}FormView/:id`,
  edit: `/otherBill/${name}FormEdit/:id`,
});

/** What kind of piece-work a worker is paid for (lading bill items, cost lading). */
export const ladingTypeField = (o: { required?: boolean } = {}) =>
  oneOf(L('计件类型', 'Piece-work', '計件類型'), {
    HANDLING: L('装卸', 'Loading and unloading', '裝卸'),
    FORKLIFT: L('叉车', 'Forklift', '叉車'),
    TALLY: L('理货', 'Tallying', '理貨'),
    PACKING: L('包装', 'Packing', '包裝'),
    OTHER: L('其他', 'Other', '其他'),
  }, { required: o.required ?? true, filter: true });
