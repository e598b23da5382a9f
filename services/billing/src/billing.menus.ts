import { BILLING_REPORT_MENUS, DOCUMENT_MENU_GROUPS, otherBillDocuments } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

/** The billing groups the other billing documents sit under (/acct, screens at /otherBill). */
const billingGroups = () => [...new Set(otherBillDocuments.map((d) => d.menu.parent))];

/**
 * Billing's menus: month bills are made by one command of their own (monthbill_generate,
 * beside the kit's buttons); the billing group; the billing reports (BILLING_REPORT_MENUS), the
 * piece-work ones under the reports. Finance works the other billing documents, generates,
 * checks, reopens, invoices, records payments and closes month bills (made and brought up to
 * date only by generate: no add, no hand edit of a priced bill) and settles or writes off the fee
 * carry-over; a cargo owner's user reads the charges it is billed, confirms its own month bills
 * and reads its carry-over (its owner scope keeps it to its own), and gets no page of the
 * warehouse's own costs (staff-only reports).
 */
export const billingMenus: ContextMenus = {
  add: (tree) => {
    if (tree.has('monthbill')) tree.button('monthbill_generate', 'generate', 'monthbill', 20);
    const acct = DOCUMENT_MENU_GROUPS.acct!;
    if (!tree.has('acct')) tree.menu('acct', acct.label[0], acct.path, undefined, acct.sort, 'menuGroups.acct');
    BILLING_REPORT_MENUS.forEach((r, i) => tree.menu(r.code, r.name, r.path, r.group, 40 + i, r.alias));
  },
  grants: (tree) => {
    const groups = billingGroups();
    const monthBill = tree.under('monthbill');
    return {
      finance: [
        ...groups,
        ...otherBillDocuments.flatMap((d) => [d.name, ...tree.under(d.name)]),
        ...BILLING_REPORT_MENUS.map((r) => r.code),
        'acct',
        'monthbill',
        ...monthBill.filter((c) => !['monthbill_confirm', 'monthbill_add', 'monthbill_edit'].includes(c)),
        'baccount',
        ...tree.under('baccount').filter((c) => c !== 'baccount_add'),
        // issue 30: the rules its bills are priced by and the piece rates of the lading bills are finance's to keep
        ...['md_billingrules', 'md_employeecost'].filter((c) => tree.has(c)).flatMap((c) => [c, ...tree.under(c)]),
      ],
      owner: [
        ...groups,
        ...otherBillDocuments.filter((d) => 'customerCode' in d.header).map((d) => d.name),
        ...BILLING_REPORT_MENUS.filter((r) => !r.staffOnly).map((r) => r.code),
        'acct',
        'monthbill',
        ...monthBill.filter((c) => c === 'monthbill_confirm' || c === 'monthbill_export' || c === 'monthbill_print'),
        'baccount',
      ],
    };
  },
  top: () => ({ work: billingGroups() }),
};
