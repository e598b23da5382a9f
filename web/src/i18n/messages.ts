import { keysMissing, resources as sharedResources, treeIn, type Language, type Words } from '@tpl/contracts';
import { consoleWords } from '../shared/words';
import { accessWords } from '../features/access/words';
import { flowWords } from '../features/flow/words';
import { signinWords } from '../auth/words';
import { shellWords } from '../layout/words';
import { pagesWords } from '../features/pages/words';
import { transportWords } from '../features/transport/words';
import { billingWords } from '../features/billing/words';
import { warehouseScreenWords } from '../features/warehouse/words';
import { masterdataWords } from '../features/masterdata/words';
import { gateScreenWords } from '../features/gate/words';
import { productionWords } from '../features/production/words';
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

/** The console's words files by folder, one line each, in merge order: the shared widgets', then each context's and the shell's (<folder>/words.ts). */
export const wordFiles: Readonly<Record<string, Words>> = {
  shared: consoleWords,
  access: accessWords,
  flow: flowWords,
  auth: signinWords,
  layout: shellWords,
  pages: pagesWords,
  transport: transportWords,
  billing: billingWords,
  warehouse: warehouseScreenWords,
  masterdata: masterdataWords,
  gate: gateScreenWords,
  production: productionWords,
};

const composed = (lang: Language): Messages => Object.values(wordFiles).reduce((m, w) => mergeMessages(m, treeIn(w, lang)), sharedResources[lang] as Messages);

export const messages: Record<Language, Messages> = { zh: composed('zh'), en: composed('en'), mo: composed('mo') };

/**
 * Every key that one language has and another lacks, as "<lang>: <key>" (empty when the
 * three languages agree). Also reports keys whose text is empty.
 */
export const missingKeys = (): string[] => keysMissing(messages);
