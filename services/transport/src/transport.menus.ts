import type { ContextMenus } from '@tpl/event-store';

/**
 * Transport's menus: its group (named before the kit adds the documents under it), the
 * dispatcher board and the order's cross-document timeline (web/src/features/transport). The
 * dispatcher works the transport chain's documents (notes, dispatch, loading, arrival, delivery,
 * schedules) and transport's master data with their buttons, and stores the signing screen's
 * drawn signature and photos (attach_add); everyone but the auditor (who reads all) and the
 * administrator (who has all) reads consignments.
 */
export const transportMenus: ContextMenus = {
  add: (tree) => {
    tree.menu('transport', '运输管理', '/transport', undefined, 1, 'menu.transport');
    tree.menu('dispatchBoard', '调度看板', '/dispatchBoard', 'transport', 0, 'menu.dispatchBoard');
    tree.menu('consignmentTimeline', '托运链时间线', '/consignmentTimeline', 'transport', 90, 'menu.consignmentTimeline');
  },
  grants: (tree) => ({
    dispatcher: ['consignment', ...tree.under('consignment'), ...tree.writes('transportData'), ...tree.writes('transport'), 'attach_add'],
    keeper: ['consignment'],
    approver: ['consignment'],
    finance: ['consignment'],
    owner: ['consignment'],
  }),
  top: { work: ['transport'] },
};
