import type { DocumentDef } from '../documents/define';
import type { Words } from '../i18n/labels';
import type { RouteDef } from './route';

/** A context's words file (its tree of L(zh, en, mo)), or one made from every described document type (the reviewable ones' titles). */
export type ContextWords = Words | ((documents: readonly DocumentDef[]) => Words);

/**
 * A business context's front door in the contracts (contracts/src/<context>/index.ts): what it
 * adds to the central lists. contracts/src/contexts.ts lists them; the document registry and the
 * shared resources (i18n/messages.ts) are compositions over that list. A context imports the
 * kernel (api/, validation/, entities/ and documents/ engines, i18n/languages), never another context.
 */
export type ContractsContext = {
  name: string;
  /** its document types, in menu order */
  documents?: readonly DocumentDef[];
  /** its route groups (OpenAPI's tags) by name, beside its documents' (api/routes.ts composes them) */
  routes?: Readonly<Record<string, Record<string, RouteDef>>>;
  /** its words file (contracts/src/<context>/words.ts: server messages and labels), deep-merged into the shared resources */
  words?: readonly ContextWords[];
};
