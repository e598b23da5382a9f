import { persistedStore } from './persistedStore';

/** Spec 01 section 3: a local log entry of an unhandled error (shown in the shell's log dialog). */
export type ErrorLogEntry = { type: string; url: string; message: string; stack: string; time: string; info: string };

/** Oldest entries drop out beyond this many (the upload call accepts at most 200). */
export const ERROR_LOG_LIMIT = 200;

const isEntries = (value: unknown): value is ErrorLogEntry[] => Array.isArray(value);

const store = persistedStore<ErrorLogEntry[]>('tpl.errorLog', [], isEntries);

export const getErrorLogs = store.get;
export const useErrorLogs = store.use;

/** Records an error; `time` defaults to now (ISO), `url` to the current page. */
export const addErrorLog = (entry: Partial<ErrorLogEntry> & Pick<ErrorLogEntry, 'type' | 'message'>): void => {
  const full: ErrorLogEntry = {
    url: typeof location === 'undefined' ? '' : location.href,
    stack: '',
    info: '',
    time: new Date().toISOString(),
    ...entry,
  };
  store.set((logs) => [...logs, full].slice(-ERROR_LOG_LIMIT));
};

export const clearErrorLogs = (): void => store.set([]);

/** Drops the oldest `count` entries (the ones just uploaded); entries logged meanwhile stay. */
export const dropErrorLogs = (count: number): void => store.set((logs) => logs.slice(count));
