import { actionsOf, buttonCode, documentButtons, documents, entities, FLOW_BUTTONS, ALL_ACCESS } from '@tpl/contracts';

/**
 * The role editor's reading of the menu records (pure; tests/unit/role-menus.spec.ts): the tree
 * they form by parentId, each entry and button in the user's words, a search that keeps the
 * branches leading to what matched, and what ticking an entry does to the role's menus.
 */

/** What the editor needs of a menu record. */
export type MenuRecord = { code: string; name?: unknown; alias?: unknown; parentId?: unknown; category?: unknown; sort?: unknown };

export type MenuNode = { code: string; record: MenuRecord; children: MenuNode[] };

const sortOf = (r: MenuRecord) => (typeof r.sort === 'number' ? r.sort : Number.MAX_SAFE_INTEGER);

/** The records as a tree by their parent's code; a record whose parent is missing is a root. Siblings by sort, then code. */
export const menuTree = (records: readonly MenuRecord[]): MenuNode[] => {
  const nodes = new Map(records.map((r) => [r.code, { code: r.code, record: r, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = typeof node.record.parentId === 'string' ? nodes.get(node.record.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => sortOf(a.record) - sortOf(b.record) || a.code.localeCompare(b.code));
    list.forEach((n) => order(n.children));
    return list;
  };
  return order(roots);
};

/** A words key (and its values) that names a button code, from the descriptions that made the code. */
export type Words = { key: string; values?: Record<string, string> };

/**
 * Every button code the product seeds, with the words that name it: a document's buttons by its
 * actions' labels, an entity's by the kind of action (its entry names the entity), the workflow's,
 * and the few of their own. Codes not listed are named by their record's name.
 */
export const buttonWords = (): Map<string, Words> => {
  const out = new Map<string, Words>();
  for (const d of documents) for (const [action, code] of Object.entries(documentButtons(d))) out.set(code, { key: `${d.name}.actions.${action}` });
  for (const e of entities) for (const a of actionsOf(e)) out.set(buttonCode(e, a), { key: `roleEditor.buttons.${a}` });
  for (const [key, code] of Object.entries(FLOW_BUTTONS)) out.set(code, { key: `roleEditor.flow.${key}` });
  out.set(ALL_ACCESS, { key: 'roleEditor.special.all' });
  for (const code of ['registration_approve', 'registration_reject', 'monthbill_generate']) out.set(code, { key: `roleEditor.special.${code}` });
  return out;
};

export type Translate = { t: (key: string, values?: Record<string, string>) => string; exists: (key: string) => boolean };

/** An entry or a button as the user reads it: a menu by its alias's words (else its name), a button by its action's. */
export const menuLabel = (r: MenuRecord, words: ReadonlyMap<string, Words>, i18n: Translate): string => {
  const name = typeof r.name === 'string' && r.name ? r.name : r.code;
  if (r.category === 'BUTTON') {
    const w = words.get(r.code);
    return w && i18n.exists(w.key) ? i18n.t(w.key, w.values) : name;
  }
  return typeof r.alias === 'string' && r.alias && i18n.exists(r.alias) ? i18n.t(r.alias) : name;
};

/** Every code at and below a node. */
export const codesBelow = (node: MenuNode): string[] => [node.code, ...node.children.flatMap(codesBelow)];

/** Each code's parent code (the path up to the root). */
export const parentsOf = (tree: readonly MenuNode[]): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (nodes: readonly MenuNode[], parent?: string) =>
    nodes.forEach((n) => {
      if (parent) out.set(n.code, parent);
      walk(n.children, n.code);
    });
  walk(tree);
  return out;
};

const find = (tree: readonly MenuNode[], code: string): MenuNode | undefined => {
  for (const n of tree) {
    if (n.code === code) return n;
    const below = find(n.children, code);
    if (below) return below;
  }
  return undefined;
};

/**
 * The role's menus after ticking (or unticking) one entry: ticking gives the entry, everything
 * below it and every entry above it (a button is no use without its page, a page without its
 * group in the menu); unticking takes the entry and everything below it away and leaves the rest.
 * Codes the tree does not know (granted by another version) are kept as they were.
 */
export const toggleMenu = (tree: readonly MenuNode[], selected: readonly string[], code: string, on: boolean): string[] => {
  const node = find(tree, code);
  if (!node) return [...selected];
  const below = new Set(codesBelow(node));
  if (!on) return selected.filter((c) => !below.has(c));
  const parents = parentsOf(tree);
  const above: string[] = [];
  for (let p = parents.get(code); p; p = parents.get(p)) above.push(p);
  return [...new Set([...selected, ...above, ...below])];
};

/**
 * The tree as the search shows it: entries whose words or code contain the text, with the
 * branches leading to them (and, under a matching entry, all it holds). Empty text: the whole tree.
 */
export const searchTree = (tree: readonly MenuNode[], text: string, label: (n: MenuNode) => string): MenuNode[] => {
  const q = text.trim().toLowerCase();
  if (!q) return [...tree];
  const keep = (n: MenuNode): MenuNode | undefined => {
    if (label(n).toLowerCase().includes(q) || n.code.toLowerCase().includes(q)) return n;
    const children = n.children.map(keep).filter((c): c is MenuNode => Boolean(c));
    return children.length ? { ...n, children } : undefined;
  };
  return tree.map(keep).filter((n): n is MenuNode => Boolean(n));
};
