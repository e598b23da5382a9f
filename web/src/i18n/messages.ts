import { LANGUAGES, resources as sharedResources, type Language } from '@tpl/contracts';
import { zh } from './zh';
import { en } from './en';
import { mo } from './mo';
import { accessStrings } from '../features/access/i18n';
import { flowStrings } from '../features/flow/i18n';
import { signinStrings } from '../auth/i18n';
import { shellStrings } from '../layout/i18n';
import { pagesStrings } from '../features/pages/i18n';
import { transportStrings } from '../features/transport/i18n';
import { billingStrings } from '../features/billing/i18n';
import { mergeMessages, type Messages } from './tree';

export { mergeMessages, type Messages };

/**
 * The console's words: the shared resources of @tpl/contracts (field labels, actions, enums,
 * errors, validation: the same words the server uses, derived partly from the document and
 * entity registries) with the console's own strings deep-merged over them. The browser never
 * loads this module: words/<lang>.ts reads one language from it, and the build writes each
 * words/<lang>.ts as that language's finished tree alone (web/vite.config.ts, plugin
 * tpl-words), so a page loads its language's words and neither zod nor the registries.
 * Node (tests, missingKeys()) reads it as it is.
 */
const consoleStrings: Record<Language, Messages> = { zh, en, mo };

/** Strings kept in their own folders: each context's words (features/<context>/i18n.ts) and the shell's, one line each. */
const areaStrings: Record<Language, Messages>[] = [
  ...accessStrings,
  flowStrings,
  signinStrings,
  shellStrings,
  pagesStrings,
  transportStrings,
  billingStrings,
];

export const messages: Record<Language, Messages> = {
  zh: areaStrings.reduce((m, a) => mergeMessages(m, a.zh), mergeMessages(sharedResources.zh, consoleStrings.zh)),
  en: areaStrings.reduce((m, a) => mergeMessages(m, a.en), mergeMessages(sharedResources.en, consoleStrings.en)),
  mo: areaStrings.reduce((m, a) => mergeMessages(m, a.mo), mergeMessages(sharedResources.mo, consoleStrings.mo)),
};

const flatten = (tree: Messages, prefix = ''): [key: string, text: string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value, path);
  });

/**
 * Every key that one language has and another lacks, as "<lang>: <key>" (empty when the
 * three languages agree). Also reports keys whose text is empty.
 */
export const missingKeys = (): string[] => {
  const entries = LANGUAGES.map((lang) => [lang, new Map(flatten(messages[lang]))] as const);
  const every = [...new Set(entries.flatMap(([, texts]) => [...texts.keys()]))].sort();
  const missing: string[] = [];
  for (const [lang, texts] of entries) {
    for (const key of every) {
      const text = texts.get(key);
      if (text === undefined) missing.push(`${lang}: ${key}`);
      else if (text.trim() === '') missing.push(`${lang}: ${key} (empty)`);
    }
  }
  return missing;
};
