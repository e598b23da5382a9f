import { addErrorLog } from './errorLog';

/**
 * Global error capture (spec 01 section 8): uncaught errors, unhandled promise rejections and
 * failed chunk loads go to the local error log the shell's log dialog lists and uploads.
 * Chunk failures are typed as webpack-era consoles name them: ChunkLoadError for a script,
 * CSS_CHUNK_LOAD_FAILED for a stylesheet; vite reports both through `vite:preloadError`.
 */
export type CapturedType = 'error' | 'unhandledrejection' | 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED';

const messageOf = (reason: unknown): string => {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
};

/** The log type of a failed load: a stylesheet or a script chunk. */
export const chunkFailureType = (reason: unknown): 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' => {
  const text = `${messageOf(reason)} ${(reason as { code?: string } | null)?.code ?? ''}`;
  return /\.css\b|\bCSS\b|CSS_CHUNK_LOAD_FAILED/i.test(text) ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError';
};

/** Whether an uncaught error is a failed dynamic import (a chunk missing after a new deployment). */
export const isChunkLoadFailure = (reason: unknown): boolean =>
  (reason instanceof Error && reason.name === 'ChunkLoadError') ||
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(messageOf(reason));

const record = (type: CapturedType, reason: unknown, info = '') =>
  addErrorLog({ type, message: messageOf(reason), stack: reason instanceof Error ? (reason.stack ?? '') : '', info });

/** failures already logged through vite:preloadError (the import rejects with the same error afterwards) */
const seen = new WeakSet<object>();

let installed = false;

/** Installs the listeners once (main.tsx). */
export const installErrorCapture = (): void => {
  if (installed || typeof window === 'undefined') return;
  installed = true;

  window.addEventListener(
    'error',
    (event: Event) => {
      // a <link> or <script> that failed to load reaches the capture phase without bubbling
      const target = event.target as HTMLElement | null;
      if (target && target !== (window as unknown as HTMLElement) && (target.tagName === 'LINK' || target.tagName === 'SCRIPT')) {
        const url = (target as HTMLLinkElement).href || (target as HTMLScriptElement).src || '';
        addErrorLog({ type: target.tagName === 'LINK' ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError', message: `Loading ${url} failed`, info: url });
        return;
      }
      if (!(event instanceof ErrorEvent)) return;
      const reason = event.error ?? event.message;
      const info = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
      record(isChunkLoadFailure(reason) ? chunkFailureType(reason) : 'error', reason, info);
    },
    true,
  );

  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (typeof reason === 'object' && reason !== null && seen.has(reason)) return;
    record(isChunkLoadFailure(reason) ? chunkFailureType(reason) : 'unhandledrejection', reason);
  });

  // vite's hook for a failed preload of a lazy chunk (script or stylesheet); the import still
  // rejects afterwards with the same error, which is not logged a second time
  window.addEventListener('vite:preloadError', (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (typeof payload === 'object' && payload !== null) seen.add(payload);
    record(chunkFailureType(payload), payload);
  });
};
