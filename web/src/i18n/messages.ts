import { LANGUAGES, resources as sharedResources, treeIn, type Language, type Words } from '@tpl/contracts';
import { consoleWords } from '../shared/words';
import { accessWords } from '../features/access/words';
import { flowWords } from '../features/flow/words';
import { signinWords } from '../auth/words';
import { shellWords } from '../layout/words';
import { pagesWords } from '../features/pages/words';
import { transportWords } from '../features/transport/words';
import { billingWords } from '../features/billing/words';
import { mergeMessages, type Messages } from './tree';

export { mergeMessages, type Messages };

/**
 * The console's words: the shared resources of @tpl/contracts (field labels, actions, enums,
 * errors, validation: the same words the server uses, derived partly from the document and
 * entity registries) with the console's own words files deep-merged over them. The browser never
 * loads this module: words/<lang>.ts reads one language from it, and the build writes each
 * words/<lang>.ts as that language's finished tree alone (web/vite.config.ts, plugin
 * tpl-words), so a page loads its language's words and neither zod nor the registries.
 * Node (tests, missingKeys()) reads it as it is.
 */

/** The console's words files, one line each, in merge order: the shared widgets', then each context's and the shell's (<folder>/words.ts). */
export const wordFiles: readonly Words[] = [consoleWords, accessWords, flowWords, signinWords, shellWords, pagesWords, transportWords, billingWords];

const composed = (lang: Language): Messages => wordFiles.reduce((m, w) => mergeMessages(m, treeIn(w, lang)), sharedResources[lang] as Messages);

export const messages: Record<Language, Messages> = { zh: composed('zh'), en: composed('en'), mo: composed('mo') };

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
