/**
 * Every word the product has, one line each, sorted: `<lang>\t<where>:<key>\t<text>`. Written
 * before and after a change to the words' shape (issue 29, "One shape for words"): the two dumps
 * must be byte-identical, which proves no word moved, vanished or changed.
 *
 * - `web:` the console's composed words (web/src/i18n/messages.ts: the contracts' shared
 *   resources with every console words file over them), the keys i18next resolves;
 * - `server:` the contracts' shared resources (the server's translate());
 * - `xlsx:` the spreadsheet texts of the entity engine;
 * - `desc:` every label ([zh, en, mo]) anywhere in an entity or document description, and the
 *   document menu groups', by its path in the description.
 *
 * Run: `npx jest --selectProjects=unit --testPathPatterns words-dump` with WORDS_DUMP=<file>
 * (tests/unit/words-dump.spec.ts writes it there).
 */
import { DOCUMENT_MENU_GROUPS, documents, entities, LANGUAGES, resources } from '@tpl/contracts';
import { messages } from '../../web/src/i18n/messages';
import { xlsxMessages } from '@tpl/documents';

type Tree = { [key: string]: unknown };

const flatten = (tree: Tree, prefix: string, out: [string, string][]): [string, string][] => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push([path, value]);
    else if (value && typeof value === 'object') flatten(value as Tree, path, out);
  }
  return out;
};

const isLabels = (v: unknown): v is readonly [string, string, string] =>
  Array.isArray(v) && v.length === 3 && v.every((s) => typeof s === 'string');

/** Every [zh, en, mo] below `value`, by path; functions and zod schemas are not descriptions' words. */
const labelsIn = (value: unknown, path: string, out: [string, readonly [string, string, string]][], seen: Set<unknown>): void => {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (isLabels(value)) {
    out.push([path, value]);
    return;
  }
  if ('_def' in (value as object) || '_zod' in (value as object)) return;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as object);
  for (const [key, v] of entries) labelsIn(v, `${path}.${key}`, out, seen);
};

export const wordsDump = (): string => {
  const lines: string[] = [];
  LANGUAGES.forEach((lang, i) => {
    for (const [key, text] of flatten(messages[lang] as Tree, '', [])) lines.push(`${lang}\tweb:${key}\t${text}`);
    for (const [key, text] of flatten(resources[lang] as Tree, '', [])) lines.push(`${lang}\tserver:${key}\t${text}`);
    for (const [key, text] of Object.entries(xlsxMessages[lang])) lines.push(`${lang}\txlsx:${key}\t${text}`);
    const labels: [string, readonly [string, string, string]][] = [];
    for (const def of entities) labelsIn(def, `entity:${def.name}`, labels, new Set());
    for (const def of documents) labelsIn(def, `document:${def.name}`, labels, new Set());
    labelsIn(DOCUMENT_MENU_GROUPS, 'menuGroups', labels, new Set());
    for (const [path, label] of labels) lines.push(`${lang}\tdesc:${path}\t${label[i]}`);
  });
  return lines.map((l) => l.replace(/\n/g, '\\n')).sort().join('\n') + '\n';
};
