import { DOCUMENT_MENU_GROUPS, GENEALOGY_PATH, documentButtons, secbombill, secondaryprocess, secproductive } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

const GENEALOGY = 'batchForm';
const documents = [secondaryprocess, secbombill, secproductive];

/**
 * Production's menus: the secondary-processing group (the kit makes it with the BOM and the task
 * under it; the request hangs under the in-warehouse group) and the lot genealogy's page in it.
 * The keeper works every production document and reads the genealogy; a cargo owner's user raises
 * and sends its own processing requests, reads its BOMs and tasks (the export only: the operator
 * acts) and the genealogy of its own lots.
 */
export const productionMenus: ContextMenus = {
  add: (tree) => {
    const group = DOCUMENT_MENU_GROUPS.secondaryProcessing!;
    if (!tree.has('secondaryProcessing')) tree.menu('secondaryProcessing', group.label[0], group.path, undefined, group.sort, 'menuGroups.secondaryProcessing');
    tree.menu(GENEALOGY, '批次追溯', GENEALOGY_PATH, 'secondaryProcessing', 9, 'production.genealogy.title');
  },
  grants: (tree) => {
    const request = documentButtons(secondaryprocess);
    return {
      keeper: ['secondaryProcessing', GENEALOGY, ...documents.flatMap((d) => [d.name, ...tree.under(d.name)])],
      owner: [
        'secondaryProcessing',
        GENEALOGY,
        secondaryprocess.name,
        request.add!,
        request.edit!,
        request.remove!,
        request.export!,
        request.send!,
        request.cancel!,
        secbombill.name,
        documentButtons(secbombill).export!,
        secproductive.name,
        documentButtons(secproductive).export!,
      ],
    };
  },
  top: () => ({ work: ['secondaryProcessing'] }),
};
