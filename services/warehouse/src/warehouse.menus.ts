import { BILLING_REPORT_MENUS, DOCUMENT_MENU_GROUPS, LABEL_PRINT_LIST, PACKAGE_LIST, PUT_AWAY_LIST, STOCK_REPORT_MENUS, documentButtons, documents } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

/** The warehouse's menu groups (inbound, outbound, ...) as its documents name them, in the groups' order. */
const warehouseGroups = () =>
  [...new Set(documents.filter((d) => d.service === 'bl-warehouse').map((d) => d.menu.parent))].sort(
    (x, y) => (DOCUMENT_MENU_GROUPS[x]?.sort ?? 99) - (DOCUMENT_MENU_GROUPS[y]?.sort ?? 99),
  );

/**
 * The warehouse's menus: the reports group with the stock reports (spec 01 /reportManagement),
 * the keeper's put-away list and the printed labels beside the inbound documents, the temporary
 * packages' list beside their bills. The keeper works every warehouse
 * document (its entries and all their buttons) and reads the reports; finance reads the reports;
 * a cargo owner's user reads its own documents' entries (no buttons but the export: it reads and
 * takes its own documents away as .xlsx, the operator acts) and the reports but the staff-only ones
 * (the warehouse's own costs).
 */
export const warehouseMenus: ContextMenus = {
  add: (tree) => {
    const reports = DOCUMENT_MENU_GROUPS.reportManagement!;
    if (!tree.has('reportManagement')) tree.menu('reportManagement', reports.label[0], reports.path, undefined, reports.sort, 'menuGroups.reportManagement');
    STOCK_REPORT_MENUS.forEach((r, i) => tree.menu(r.code, r.name, r.path, 'reportManagement', 20 + i, r.alias));
    if (tree.has('warehousingManagement')) tree.menu(PUT_AWAY_LIST.code, PUT_AWAY_LIST.name, PUT_AWAY_LIST.path, 'warehousingManagement', 3, PUT_AWAY_LIST.alias);
    // every label printed, tenant-wide, beside the inbound work that prints most of them
    if (tree.has('warehousingManagement')) tree.menu(LABEL_PRINT_LIST.code, LABEL_PRINT_LIST.name, LABEL_PRINT_LIST.path, 'warehousingManagement', 90, LABEL_PRINT_LIST.alias);
    // the temporary packages as the stock holds them, beside the packing and unpacking bills
    if (tree.has('otherBill')) tree.menu(PACKAGE_LIST.code, PACKAGE_LIST.name, PACKAGE_LIST.path, 'otherBill', 5, PACKAGE_LIST.alias);
  },
  grants: (tree) => {
    const groups = warehouseGroups();
    const reports = ['reportManagement', ...tree.under('reportManagement')];
    const staffOnly = new Set(BILLING_REPORT_MENUS.filter((r) => r.staffOnly).map((r) => r.code));
    return {
      keeper: [...groups.flatMap((g) => tree.writes(g)), ...groups, ...reports],
      finance: reports,
      owner: [
        ...groups,
        ...groups.flatMap((g) => tree.under(g)),
        ...documents.filter((d) => d.service === 'bl-warehouse').map((d) => documentButtons(d).export!),
        ...reports.filter((c) => !staffOnly.has(c)),
      ],
    };
  },
  top: () => ({ work: [...warehouseGroups(), 'reportManagement'] }),
};
