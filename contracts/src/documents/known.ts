import type { DocumentDef } from './define';

const known: DocumentDef[] = [];

/**
 * Every described document type, filled by the registry once it has loaded. Whoever needs the
 * list late (the data scopes' resources, read when a scope is validated) reads it here and so
 * need not import the registry that composes the contexts: no import from below to above.
 */
export const registeredDocuments = (): readonly DocumentDef[] => known;
export const registerDocuments = (list: readonly DocumentDef[]): void => {
  known.splice(0, known.length, ...list);
};
