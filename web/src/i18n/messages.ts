import { LANGUAGES, resources as sharedResources, type Language } from '@tpl/contracts';
import { zh } from './zh';
import { en } from './en';
import { mo } from './mo';
import { registrationsMessages } from '../features/system/registrations/i18n';
import { roleEditorMessages } from '../features/system/roles/i18n';
import { flowStrings } from '../features/flow/i18n';
import { signinStrings } from '../auth/i18n';
import { shellStrings } from '../layout/i18n';
import { pagesStrings } from '../features/pages/i18n';
import { transportStrings } from '../features/transport/i18n';
import { billingStrings } from '../features/billing/i18n';

/**
 * The console's words: the shared resources of @tpl/contracts (field labels, actions, enums,
 * errors, validation: the same words the server uses, derived partly from the document and
 * entity registries) with the console's own strings deep-merged over them. The browser never
 * loads this module: words/<lang>.ts reads one language from it, and the build writes each
 * words/<lang>.ts as that language's finished tree alone (web/vite.config.ts, plugin
 * tpl-words), so a page loads its language's words and neither zod nor the registries.
 * Node (tests, missingKeys()) reads it as it is.
 */
export type Messages = { [key: string]: string | Messages };


/** Deep merge: objects merge key by key, a string of `extra` replaces what `base` had. */
export const mergeMessages = (base: Messages, extra: Messages): Messages => {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
  }
  return out;
};

const consoleStrings: Record<Language, Messages> = { zh, en, mo };

/** Strings of feature areas kept in their own folders: one line per area. */
const areaStrings: Record<Language, Messages>[] = [
  registrationsMessages,
  roleEditorMessages,
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
