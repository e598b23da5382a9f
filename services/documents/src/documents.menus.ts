import { DOCUMENT_MENU_GROUPS, documentButtons, documents } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

/**
 * Every document type's menu entry and its buttons, from its description (the kit's part of the
 * menus): the entry under its group (the group made from DOCUMENT_MENU_GROUPS unless its context
 * named it first), a button per command (`<doc>_add` ...).
 */
export const documentsMenus: ContextMenus = {
  add: (tree) => {
    for (const d of documents) {
      const group = DOCUMENT_MENU_GROUPS[d.menu.parent];
      if (group && !tree.has(d.menu.parent)) tree.menu(d.menu.parent, group.label[0], group.path, undefined, group.sort, `menuGroups.${d.menu.parent}`);
      tree.menu(d.name, d.title[0], d.routes.list, d.menu.parent, d.menu.sort, `${d.name}.title`);
      Object.entries(documentButtons(d)).forEach(([action, code], i) => tree.button(code, action, d.name, i + 1));
    }
  },
};
