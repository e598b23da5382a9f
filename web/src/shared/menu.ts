/**
 * The shell's menus as the server sends them (spec 01 sections 2, 3, 6) and the pure rules
 * the layout applies to them: which entries show, where an entry leads, what it is called,
 * which entry a URL belongs to, and the search box's matches. No React here: unit-tested.
 */

/** A top menu of GET /api/bl-system/topmenu/listByParams?filter=1. */
export type TopMenu = { id: string; menuName: string; icon?: string; path?: string; menuCode?: string; sort?: number };

/** An entry of GET /api/bl-system/menu/routes?topMenuId= (a tree). */
export type MenuNode = {
  id: string;
  code: string;
  name: string;
  path?: string;
  source?: string;
  /** 0 hides the entry (the record's flag); meta.isShow false says the same */
  isShow?: number | boolean;
  /** become query parameters of the entry's route */
  tableName?: string;
  tabName?: string;
  children?: MenuNode[];
  meta?: { i18n?: string; isShow?: boolean; roles?: string[] };
};

/** Spec 01 section 2: external pages open through the frame route. */
export const IFRAME_PATH = '/myiframe/urlPath';

const isHidden = (node: MenuNode): boolean => node.isShow === 0 || node.isShow === false || node.meta?.isShow === false;

/** Spec 01 section 6: shown only without a role restriction or when its roles include one of the user's. */
const roleAllows = (node: MenuNode, roles: readonly string[]): boolean => {
  const allowed = node.meta?.roles;
  return !allowed || allowed.length === 0 || allowed.some((role) => roles.includes(role));
};

/** The entries the side menu shows: isShow 0 and role-restricted entries (with their children) dropped. */
export const visibleMenu = (tree: readonly MenuNode[], roles: readonly string[]): MenuNode[] =>
  tree
    .filter((node) => !isHidden(node) && roleAllows(node, roles))
    .map((node) => (node.children?.length ? { ...node, children: visibleMenu(node.children, roles) } : node));

export const isExternal = (path: string | undefined): boolean => /^https?:\/\//i.test(path ?? '');

/**
 * Where choosing an entry goes: its console path with tableName and tabName as query
 * parameters, or, for a path starting with http, the frame route with the URL and name.
 */
export const menuTarget = (node: MenuNode): string => {
  const path = node.path ?? '';
  if (isExternal(path)) {
    const query = new URLSearchParams({ src: path, name: node.name });
    return `${IFRAME_PATH}?${query.toString()}`;
  }
  const query = new URLSearchParams();
  if (node.tableName) query.set('tableName', node.tableName);
  if (node.tabName) query.set('tabName', node.tabName);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

/** The entry's label: its meta.i18n key when the translations have it, else its name. */
export const menuLabel = (node: Pick<MenuNode, 'name' | 'meta'>, translate: (key: string) => string | undefined): string => {
  const key = node.meta?.i18n;
  return (key && translate(key)) || node.name;
};

/** Entries without children, depth first, in menu order. */
export const menuLeaves = (tree: readonly MenuNode[]): MenuNode[] =>
  tree.flatMap((node) => (node.children?.length ? menuLeaves(node.children) : node.path ? [node] : []));

/** Spec 01 section 2: the search box matches a label by prefix, ignoring case. */
export const matchesPrefix = (label: string, input: string): boolean => {
  const wanted = input.trim().toLowerCase();
  return wanted.length > 0 && label.toLowerCase().startsWith(wanted);
};

/**
 * The search box's answers: the labelled entries matching by prefix, the closest first (the
 * shortest label, then by label), at most `limit`. The order depends only on the labels, not on
 * the order the top menus' trees arrived in, so an answer does not move under the pointer while
 * the menus load.
 */
export const searchMatches = <T extends { text: string }>(entries: readonly T[], input: string, limit = 20): T[] =>
  entries
    .filter((e) => matchesPrefix(e.text, input))
    .sort((a, b) => a.text.length - b.text.length || a.text.localeCompare(b.text))
    .slice(0, limit);

const normalise = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The entry a location belongs to: the frame entry whose URL it shows, else the entry whose
 * path equals it, else the one whose path is its longest prefix at a segment boundary
 * (/transport/consignment/<id> belongs to /transport/consignment). `exact` tells which.
 */
export const entryFor = (
  tree: readonly MenuNode[],
  pathname: string,
  search = '',
): { node: MenuNode; exact: boolean; trail: MenuNode[] } | undefined => {
  const here = normalise(pathname);
  const src = pathname === IFRAME_PATH ? new URLSearchParams(search).get('src') : null;
  let best: { node: MenuNode; exact: boolean; trail: MenuNode[]; length: number } | undefined;
  const walk = (nodes: readonly MenuNode[], trail: MenuNode[]) => {
    for (const node of nodes) {
      const path = node.path ?? '';
      if (node.children?.length) walk(node.children, [...trail, node]);
      else if (src !== null) {
        if (isExternal(path) && path === src) best = { node, exact: true, trail, length: Infinity };
      } else if (path && !isExternal(path)) {
        const own = normalise(path);
        const exact = own === here;
        if (exact || here.startsWith(`${own}/`)) {
          const length = exact ? Number.MAX_SAFE_INTEGER : own.length;
          if (!best || length > best.length) best = { node, exact, trail, length };
        }
      }
    }
  };
  walk(tree, []);
  return best && { node: best.node, exact: best.exact, trail: best.trail };
};

/** Spec 01 section 2: width 1200 or more is 3, 992 or more 2, 768 or more 1, otherwise 0. */
export type ScreenClass = 0 | 1 | 2 | 3;
export const screenClass = (width: number): ScreenClass => (width >= 1200 ? 3 : width >= 992 ? 2 : width >= 768 ? 1 : 0);

/** A menu code as a test id: `menu-consignment`, `menu-md-customer`, `menu-flow-todo`. */
export const menuTestId = (code: string): string => `menu-${code.replace(/_/g, '-')}`;
