import type { ContextMenus } from '@tpl/event-store';
import { demoMenus } from '@tpl/access';
import { contextMenus } from '@tpl/host';
import { transportContext } from '@tpl/transport';

/**
 * The demo's menus are composed from each context's own (ServiceContext.menus, issue 29): the
 * whole tree hangs together, every role is given codes that exist, and a code is named by the
 * first context that adds it.
 */
describe('the menus the contexts bring', () => {
  const { menus, topmenus, allocations } = demoMenus(contextMenus());
  const codes = new Set(menus.map((m) => String(m.code)));

  it('hangs every entry and button under an entry of the tree, each code once', () => {
    expect(codes.size).toBe(menus.length);
    const orphans = menus.filter((m) => m.parentId !== undefined && !codes.has(String(m.parentId))).map((m) => m.code);
    expect(orphans).toEqual([]);
  });

  it('gives each demo role only codes of the tree, and puts only its groups on the top menus', () => {
    const unknown = Object.entries(allocations).flatMap(([role, given]) => given.filter((c) => !codes.has(c)).map((c) => `${role}: ${c}`));
    expect(unknown).toEqual([]);
    expect(Object.keys(allocations).sort()).toEqual(['approver', 'auditor', 'dispatcher', 'finance', 'guard', 'keeper', 'owner']);
    for (const t of topmenus) for (const g of t.menus as string[]) expect([g, codes.has(g)]).toEqual([g, true]);
  });

  it('each context adds its own: transport names its group before the kit hangs documents under it', () => {
    const transport = menus.find((m) => m.code === 'transport')!;
    expect(transport.alias).toBe('menu.transport');
    // the same composition without transport's part: the kit names the group from the documents' groups
    const withoutTransport = demoMenus(contextMenus().filter((c) => c !== transportContext.menus));
    expect(withoutTransport.menus.find((m) => m.code === 'transport')!.alias).toBe('menuGroups.transport');
  });

  it('a context added later brings its entries, grants and top-menu groups with it, touching nothing else', () => {
    const yard: ContextMenus = {
      add: (tree) => {
        tree.menu('yard', 'Yard', '/yard', undefined, 5);
        tree.menu('yard_moves', 'Moves', '/yard/moves', 'yard', 1);
        tree.button('yard_moves_add', 'add', 'yard_moves', 1);
        // a code another context named first stays as that one named it
        tree.menu('transport', 'Not transport', '/elsewhere');
      },
      grants: (tree) => ({ yardman: ['yard', ...tree.writes('yard')] }),
      top: { work: ['yard'] },
    };
    const more = demoMenus([...contextMenus(), yard]);
    expect(more.allocations.yardman).toEqual(['yard', 'yard_moves', 'yard_moves_add']);
    expect(more.menus.find((m) => m.code === 'transport')!.path).toBe('/transport');
    expect(more.menus.length).toBe(menus.length + 3);
    expect((more.topmenus.find((t) => t.menuCode === 'work')!.menus as string[]).at(-1)).toBe('yard');
    expect(more.allocations.keeper).toEqual(allocations.keeper);
  });
});
