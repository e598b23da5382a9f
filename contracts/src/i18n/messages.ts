/**
 * Translation resources shared by the server (validation and error messages in the
 * user's language) and the console (which extends them with its own UI strings).
 * Keys are predictable: <entity>.fields.<field>, enum.<name>.<value>, validation.<rule>.
 */
import { entityResources } from '../entities/define';
import { entities } from '../entities/registry';
import { documentResources } from '../documents/derive';
import { DOCUMENT_MENU_GROUPS, type DocumentDef } from '../documents/define';
import { documents } from '../documents/registry';
import { documentWords } from '../documents/words';

import { kernelWords } from './words';
import { wordsIn, type Words, type WordTree } from './labels';
import { contexts } from '../contexts';

import { LANGUAGES, type Language } from './languages';

export { LANGUAGES, type Language };


type Tree = WordTree;

/** Accept-Language as Saber sends it (zh-CN, en, zh-TW) to our language codes. */
export const languageFromHeader = (header: string | undefined): Language => {
  const h = (header ?? '').toLowerCase();
  if (h.startsWith('en')) return 'en';
  if (h.startsWith('zh-tw') || h.startsWith('zh-hk') || h.startsWith('zh-mo') || h.startsWith('mo') || h.includes('hant')) return 'mo';
  return 'zh';
};

/**
 * Field keys are written flat for reading ('consignor.mobile'); i18next wants a tree.
 * nest() turns them into one, keeping a parent's own label under '_'.
 */
const nest = (tree: Tree): Tree => {
  const out: Tree = {};
  const put = (target: Tree, parts: string[], value: string | Tree) => {
    const [head, ...rest] = parts as [string, ...string[]];
    if (rest.length === 0) {
      const existing = target[head];
      if (existing && typeof existing === 'object' && typeof value === 'string') existing._ = value;
      else target[head] = value;
      return;
    }
    let child = target[head];
    if (typeof child === 'string') child = target[head] = { _: child };
    if (!child) child = target[head] = {};
    put(child, rest, value);
  };
  for (const [k, v] of Object.entries(tree)) put(out, k.split('.'), typeof v === 'string' ? v : nest(v));
  return out;
};

/** Each entity's labels come from its description (L(zh, en, mo)); merged in here. */
const withEntities = (base: Tree, lang: 0 | 1 | 2): Tree => {
  const out: Tree = { ...base };
  const enumTree: Tree = { ...((base.enum as Tree | undefined) ?? {}) };
  for (const def of entities) {
    const r = entityResources(def, lang);
    out[def.name] = { ...((base[def.name] as Tree | undefined) ?? {}), title: r.title, fields: r.fields as Tree };
    if (Object.keys(r.enums).length) enumTree[def.name] = r.enums;
  }
  // documents: labels from their descriptions (the kit's, see contracts/src/documents)
  for (const def of documents) {
    const r = documentResources(def, lang);
    out[def.name] = deepMerge(r.tree, (out[def.name] as Tree | undefined) ?? {});
    if (Object.keys(r.enums).length) enumTree[def.name] = deepMerge((enumTree[def.name] as Tree | undefined) ?? {}, r.enums);
  }
  out.enum = enumTree;
  // the menu groups documents hang under
  out.menuGroups = Object.fromEntries(Object.entries(DOCUMENT_MENU_GROUPS).map(([code, g]) => [code, g.label[lang]]));
  return out;
};

/**
 * The contracts' words files by name, in merge order: the kernel's (i18n/words.ts, the base), the
 * document kit's, then each context's (contracts/src/<context>/words.ts) in the contexts' order.
 */
export const wordFilesOfContracts: Readonly<Record<string, Words>> = Object.fromEntries([
  ['kernel', kernelWords],
  ['documents', documentWords],
  ...contexts.flatMap((c) => (c.words ?? []).map((w, i) => [i ? `${c.name}${i}` : c.name, typeof w === 'function' ? w(documents) : w] as const)),
]);
const areas: Record<Language, Tree>[] = Object.entries(wordFilesOfContracts)
  .filter(([name]) => name !== 'kernel')
  .map(([, words]) => wordsIn(words));
const deepMerge = (base: Tree, extra: Tree): Tree => {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const existing = out[k];
    out[k] = typeof v === 'object' && typeof existing === 'object' ? deepMerge(existing, v) : v;
  }
  return out;
};
const withAreas = (base: Tree, lang: Language): Tree => areas.reduce((tree, area) => deepMerge(tree, area[lang]), base);

/** The kernel's words (validation, errors, the shell's calls), the base the rest merge over. */
const kernel = wordsIn(kernelWords);

export const resources: Record<Language, Tree> = {
  zh: nest(withEntities(withAreas(kernel.zh, 'zh'), 0)),
  en: nest(withEntities(withAreas(kernel.en, 'en'), 1)),
  mo: nest(withEntities(withAreas(kernel.mo, 'mo'), 2)),
};

/**
 * The labels of a document type served beside the registry's (a host given more
 * descriptions, as tests do): merged into the shared resources once, so its messages name
 * its fields like any other's.
 */
export const addDocumentResources = (def: DocumentDef): void => {
  LANGUAGES.forEach((lang, i) => {
    const r = documentResources(def, i as 0 | 1 | 2);
    const tree = resources[lang];
    tree[def.name] = deepMerge(nest({ [def.name]: r.tree }) [def.name] as Tree, (tree[def.name] as Tree | undefined) ?? {});
    if (Object.keys(r.enums).length) {
      const enums = (tree.enum as Tree | undefined) ?? (tree.enum = {});
      enums[def.name] = deepMerge(nest(r.enums), (enums[def.name] as Tree | undefined) ?? {});
    }
  });
};

const lookupNode = (tree: Tree, key: string): string | Tree | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
};

const lookup = (tree: Tree, key: string): string | undefined => {
  const node = lookupNode(tree, key);
  if (typeof node === 'string') return node;
  if (node && typeof node._ === 'string') return node._;
  return undefined;
};

/** The i18n key of a field's label, for a zod issue path such as ['lines', 2, 'qty']. */
export const fieldKey = (entity: string, path: readonly PropertyKey[]): string => {
  const names = path.filter((p): p is string => typeof p === 'string');
  const key = `${entity}.fields.${names.join('.')}`;
  const node = lookupNode(resources.zh, key);
  return node && typeof node === 'object' ? `${key}._` : key;
};

/**
 * A tenant's own wording of messages (its errormsginfo records): message key -> text per
 * language. A language it leaves out keeps the words' text.
 */
export type MessageOverrides = ReadonlyMap<string, Partial<Record<Language, string>>>;

/** Server-side translation with i18next-style {{placeholders}}; a tenant's override of the key, when given, is the template. */
export const translate = (lang: Language, key: string, vars: Record<string, string | number> = {}, overrides?: MessageOverrides): string => {
  const template = overrides?.get(key)?.[lang] || (lookup(resources[lang], key) ?? lookup(resources.en, key) ?? key);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
};

export const hasKey = (lang: Language, key: string): boolean => lookup(resources[lang], key) !== undefined;

/** A message's own text in the words, its {{placeholders}} unfilled (what a tenant's override replaces). */
export const messageTemplate = (lang: Language, key: string): string | undefined => lookup(resources[lang], key);
