import { documentRoutesOf, type CommandResult, type DocumentDef, type DocumentImportPreview, type DocumentImportResult, type HistoryEntry, type KitDocument, type Page } from '@tpl/contracts';
import type { RouteDef } from '@tpl/contracts';
import { download, request, type DownloadOptions, type QueryValue } from './client';

/** An import is checked and written row by row on the server: it may take a while. */
const IMPORT_TIMEOUT_MS = 180_000;

/**
 * The document kit's API, the same for every document type (its description's routes):
 * list, detail (?version=N: as it was after event N), history, submit, remove, and one POST
 * per action (submit-review, audit, dispatch...), each answering the command result.
 */
export type DocumentListRow = {
  id: string;
  billNo: string;
  billDate: string | null;
  state: string;
  isReview: 0 | 1 | 2;
  version: number;
  createdByName: string;
  updatedAt: string;
  [column: string]: unknown;
};

/** current, size, sort, order and one parameter per filter (<key>From/<key>To for ranges). */
export type DocumentListQuery = Record<string, QueryValue>;

export type DocumentSubmitBody = { id?: string; version?: number } & Record<string, unknown>;

/** An action's body: the document and the version the user saw, and the action's own fields. */
export type DocumentActionBody = { id: string; version: number } & Record<string, unknown>;

const routes = new WeakMap<DocumentDef, Record<string, RouteDef>>();
/** The routes of a document type, derived once from its description. */
export const routesOf = (def: DocumentDef): Record<string, RouteDef> => {
  let r = routes.get(def);
  if (!r) routes.set(def, (r = documentRoutesOf(def)));
  return r;
};

const path = (def: DocumentDef, name: string): string => {
  const route = routesOf(def)[name];
  if (!route) throw new Error(`${def.name} has no route ${name}`);
  return route.path;
};

export const documentApi = {
  list: (def: DocumentDef, query: DocumentListQuery, signal?: AbortSignal) =>
    request<Page<DocumentListRow>>('GET', path(def, 'list'), { query, signal }),

  /** The document now, or as it was right after event `version`. */
  detail: (def: DocumentDef, id: string, version?: number, signal?: AbortSignal) =>
    request<KitDocument>('GET', path(def, 'detail'), { query: { id, version }, signal }),

  history: (def: DocumentDef, id: string, signal?: AbortSignal) => request<HistoryEntry[]>('GET', path(def, 'history'), { query: { id }, signal }),

  /** Creates a draft (no id) or changes one (id and the version the user edited). */
  submit: (def: DocumentDef, body: DocumentSubmitBody) => request<CommandResult>('POST', path(def, 'submit'), { body }),

  remove: (def: DocumentDef, ids: readonly string[]) => request<CommandResult[]>('POST', path(def, 'remove'), { query: { ids: ids.join(',') } }),

  /** One of the user's actions (submitReview or the description's own), by its name. */
  act: (def: DocumentDef, action: string, body: DocumentActionBody) => request<CommandResult>('POST', path(def, action), { body }),

  /** The list's documents as .xlsx (its filters and sort; a sheet of headers, one of lines), streamed with progress. */
  exportFile: (def: DocumentDef, query: DocumentListQuery, opts: Pick<DownloadOptions, 'onProgress' | 'signal'> = {}) =>
    download(path(def, 'export'), { ...opts, query, fallbackName: `${def.name}.xlsx` }),

  /** The import template of a type described with `import`. */
  template: (def: DocumentDef) => download(path(def, 'template'), { fallbackName: `${def.name}-template.xlsx` }),

  /** What importing the file would make (documents, rows, every row's errors), nothing written. */
  previewImport: (def: DocumentDef, file: File): Promise<DocumentImportPreview> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<DocumentImportPreview>('POST', path(def, 'import'), { form, query: { preview: 1 }, timeoutMs: IMPORT_TIMEOUT_MS });
  },

  /** Writes the file's documents as drafts (a file with errors writes nothing). */
  importFile: (def: DocumentDef, file: File): Promise<DocumentImportResult> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<DocumentImportResult>('POST', path(def, 'import'), { form, timeoutMs: IMPORT_TIMEOUT_MS });
  },
};
