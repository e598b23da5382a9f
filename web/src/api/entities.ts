import { ErrorCodes, type EntityDef, type ImportPreview, type ImportRowError, type Page } from '@tpl/contracts';
import { ApiError, download, request, type DownloadOptions, type QueryValue } from './client';
import { notifyError } from './feedback';

/**
 * The master-data API, the same for every entity type: /api/<service>/<name>/<action>.
 * Records are flat: the EntityDef's fields beside the common columns.
 */
export type EntityRecord = {
  id: string;
  version: number;
  remark?: string | null;
  status?: unknown;
  createUser?: string | null;
  createTime?: string | null;
  updateUser?: string | null;
  updateTime?: string | null;
  /** the name of each referenced record, by the ref field's name */
  refNames?: Record<string, string | string[] | null | undefined>;
  /** tree entities: whether children exist */
  hasChildren?: boolean;
  [field: string]: unknown;
};

/** current, size, sort, order, keyword, parent and one parameter per filter (<date>From/<date>To). */
export type EntityListQuery = Record<string, QueryValue>;

export type EntitySubmitBody = { id?: string; version?: number } & Record<string, unknown>;
export type EntityCommandResult = { id: string; version: number };

export type EntityHistoryEntry = {
  /** <Entity>Created | <Entity>Changed | <Entity>Removed */
  type: string;
  version: number;
  actor: { name?: string; account?: string };
  time: string;
  data?: { changes?: Record<string, [before: unknown, after: unknown]> } & Record<string, unknown>;
};

export type { ImportPreview, ImportRowError } from '@tpl/contracts';
export type ImportOutcome =
  | { ok: true; imported: number }
  | { ok: false; message: string; errors: ImportRowError[]; reportId?: string };

export type DictOption = { value: string; label: string };

/** The only suffixes the import accepts (checked in the browser before uploading). */
export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
export const isImportFile = (name: string): boolean => IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** An import parses and validates every row before answering. */
const IMPORT_TIMEOUT_MS = 120_000;

const base = (def: Pick<EntityDef, 'service' | 'name'>) => `/api/${def.service}/${def.name}`;

/** Empty values are left out, except `parent=` (a tree's roots, as opposed to no parent filter: the flat list). */
const listParams = (query: EntityListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (value === '' && key !== 'parent') continue;
    params.set(key, String(value));
  }
  return params;
};

const importFailure = (error: unknown): ImportOutcome | undefined => {
  if (!(error instanceof ApiError) || error.code !== ErrorCodes.badRequest) return undefined;
  const data = error.data as { errors?: unknown; reportId?: unknown } | undefined;
  if (!data || !Array.isArray(data.errors)) return undefined;
  return {
    ok: false,
    message: error.message,
    errors: data.errors as ImportRowError[],
    reportId: typeof data.reportId === 'string' ? data.reportId : undefined,
  };
};

export const entityApi = {
  list: (def: EntityDef, query: EntityListQuery, signal?: AbortSignal) =>
    request<Page<EntityRecord>>('GET', `${base(def)}/list`, { query: listParams(query), signal }),

  /** Every page of a query (a tree node's children), 50 at a time. */
  listAll: async (def: EntityDef, query: EntityListQuery, signal?: AbortSignal): Promise<EntityRecord[]> => {
    const records: EntityRecord[] = [];
    for (let current = 1; current <= 40; current++) {
      const page = await entityApi.list(def, { ...query, current, size: 50 }, signal);
      records.push(...page.records);
      if (records.length >= page.total || page.records.length === 0) break;
    }
    return records;
  },

  detail: (def: EntityDef, id: string, signal?: AbortSignal) =>
    request<EntityRecord>('GET', `${base(def)}/detail`, { query: { id }, signal }),

  /** No id: creates. id and version: updates, if nobody saved in between (409 otherwise). */
  submit: (def: EntityDef, body: EntitySubmitBody) => request<EntityCommandResult>('POST', `${base(def)}/submit`, { body }),

  remove: (def: EntityDef, ids: readonly string[]) =>
    request<unknown>('POST', `${base(def)}/remove`, { query: { ids: ids.join(',') } }),

  /** Login passwords back to the default (administrators, after a confirmation). */
  resetPassword: (def: EntityDef, ids: readonly string[]) =>
    request<unknown>('POST', `${base(def)}/reset-password`, { query: { ids: ids.join(',') } }),

  /** Opts login records in to domain (AD) login, or out (administrators, after a confirmation). */
  setDomainLogin: (def: EntityDef, ids: readonly string[], enabled: boolean) =>
    request<unknown>('POST', `${base(def)}/domain-login`, { query: { ids: ids.join(','), enabled: enabled ? '1' : '0' } }),

  history: (def: EntityDef, id: string, signal?: AbortSignal) =>
    request<EntityHistoryEntry[]>('GET', `${base(def)}/history`, { query: { id }, signal }),

  /** The list as .xlsx, with the list's filters and sort, streamed with progress. */
  exportFile: (def: EntityDef, query: EntityListQuery, opts: Pick<DownloadOptions, 'onProgress' | 'signal'> = {}) =>
    download(`${base(def)}/export`, { ...opts, query: listParams(query), fallbackName: `${def.name}.xlsx` }),

  template: (def: EntityDef) => download(`${base(def)}/template`, { fallbackName: `${def.name}-template.xlsx` }),

  /**
   * Uploads an .xls/.xlsx. Rows with errors come back as an outcome (nothing was written),
   * not as a toast: the screen lists them. Any other failure is shown and thrown.
   */
  importFile: async (def: EntityDef, file: File): Promise<ImportOutcome> => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const data = await request<{ imported: number }>('POST', `${base(def)}/import`, {
        form,
        notify: false,
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      return { ok: true, imported: data?.imported ?? 0 };
    } catch (error) {
      const failure = importFailure(error);
      if (failure) return failure;
      if (error instanceof ApiError) notifyError(error.message);
      throw error;
    }
  },

  /**
   * What importing the file would do (rows found, every row's errors), nothing written. A file
   * that cannot be read at all (no rows, wrong headers, not a spreadsheet) is shown and thrown.
   */
  previewImport: (def: EntityDef, file: File): Promise<ImportPreview> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<ImportPreview>('POST', `${base(def)}/import`, { form, query: { preview: 1 }, timeoutMs: IMPORT_TIMEOUT_MS });
  },

  importReport: (def: EntityDef, reportId: string) =>
    download(`${base(def)}/import-report`, { query: { id: reportId }, fallbackName: `${def.name}-import-errors.xlsx` }),

  /** A dictionary's entries as select options (Saber's dictionary call). */
  dict: async (code: string, signal?: AbortSignal): Promise<DictOption[]> => {
    const items = await request<{ dictKey: string; dictValue: string }[]>('GET', '/api/bl-system/dict/dictionary', { query: { code }, signal });
    return items.map((item) => ({ value: String(item.dictKey), label: String(item.dictValue ?? item.dictKey) }));
  },
};
