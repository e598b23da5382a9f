import type { DocumentDef } from './define';
import { contexts } from '../contexts';
import { registerDocuments } from './known';

/**
 * Every document type the kit serves: each context's, in the order of the list of contexts
 * (contracts/src/contexts.ts). Adding one: its description file and one line in its context's
 * front door (contracts/src/<context>/index.ts), and a folder of its own decisions when it has
 * any. See docs/ARCHITECTURE.md.
 */
export const documents: readonly DocumentDef[] = contexts.flatMap((c) => c.documents ?? []);
registerDocuments(documents);

export const documentByName = (name: string): DocumentDef | undefined => documents.find((d) => d.name === name);

/** What may be made from a document of `source`'s type: each target type that names it among its sources, with how. */
export const documentsMadeFrom = (source: string): { target: DocumentDef; how: NonNullable<DocumentDef['sources']>[string] }[] =>
  documents.flatMap((target) => {
    const how = target.sources?.[source];
    return how ? [{ target, how }] : [];
  });

/** The document type of a spec 02 billType (the stock stream's streamType names its causing document by it). */
export const documentByBillType = (billType: unknown): DocumentDef | undefined =>
  billType === undefined || billType === null || billType === '' ? undefined : documents.find((d) => d.billType !== undefined && String(d.billType) === String(billType));

/** A billType as it reads: "12 入库单" through `title` (the type's title in the reader's words), "0" the general stream. */
export const billTypeText = (billType: unknown, title: (documentName: string) => string, general: string): string => {
  const d = documentByBillType(billType);
  if (d) return `${String(billType)} ${title(d.name)}`;
  return String(billType) === '0' || billType === 'general' ? general : String(billType);
};
