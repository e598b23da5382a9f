import { entryFor, isExternal, type MenuNode } from './menu';

/**
 * Which signed-in routes a user's menus grant (the console's side of authorization: the server
 * refuses on its own, this keeps a typed URL from showing a screen the menus do not give, spec
 * 01's 403). No React here: unit-tested.
 *
 * - `open`: the shell's own pages every signed-in user has (home, dashboard, personal
 *   information, the connection check, an external page in the frame);
 * - otherwise the location must belong to an entry of the user's menus (entryFor: the entry's
 *   path or a page under it, /md/customer/<id>), or the route names the entries whose pages it
 *   serves (a document's form and view belong to its list's entry; the process page to the inbox
 *   entries, or to the entry of the document it reviews).
 */
export type RouteGrant = { open: true } | { open?: false; menus?: readonly string[] | ((search: URLSearchParams) => readonly string[]) };

const normalise = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The console paths of every entry of the trees (entries with children included; external ones not). */
const entryPaths = (trees: readonly (readonly MenuNode[])[]): Set<string> => {
  const out = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.path && !isExternal(node.path)) out.add(normalise(node.path.split('?')[0]!));
      if (node.children?.length) walk(node.children);
    }
  };
  for (const tree of trees) walk(tree);
  return out;
};

/**
 * The entries a user's roles grant: those with no role restriction or one naming a role of the
 * user. An entry hidden from the side menu (isShow 0) still grants its pages: hiding is layout.
 */
export const grantedMenu = (tree: readonly MenuNode[], roles: readonly string[]): MenuNode[] =>
  tree
    .filter((node) => !node.meta?.roles?.length || node.meta.roles.some((role) => roles.includes(role)))
    .map((node) => (node.children?.length ? { ...node, children: grantedMenu(node.children, roles) } : node));

/** Whether the user's granted menu trees (grantedMenu) grant this location to a route with this grant. */
export const isGranted = (trees: readonly (readonly MenuNode[])[], pathname: string, search: string, grant: RouteGrant): boolean => {
  if (grant.open) return true;
  if (trees.some((tree) => entryFor(tree, pathname, search))) return true;
  const wanted = typeof grant.menus === 'function' ? grant.menus(new URLSearchParams(search)) : (grant.menus ?? []);
  if (!wanted.length) return false;
  const have = entryPaths(trees);
  return wanted.some((path) => have.has(normalise(path)));
};
