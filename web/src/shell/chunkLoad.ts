/**
 * Spec 01: "Chunk load timeout 120 s"; "Chunk load failures raise ChunkLoadError; a stylesheet
 * load failure has code CSS_CHUNK_LOAD_FAILED". Vite has neither a chunk timeout nor typed
 * failures (webpack had both): every page's and part's chunk is loaded through `loadChunk`, which
 * gives up after CHUNK_LOAD_TIMEOUT_MS and turns any failure into a ChunkLoadError (code
 * CSS_CHUNK_LOAD_FAILED when a stylesheet failed). What the console then does is
 * `decideChunkFailure`'s, pure (docs/DOMAIN.md "Chunk load failures").
 */
import { addErrorLog } from './errorLog';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A reload for a failed chunk within this long of the last one shows the message instead: no reload loop. */
export const CHUNK_RELOAD_GUARD_MS = 5 * 60_000;
/** sessionStorage: when the console last reloaded itself for a failed chunk (ms since the epoch). */
export const CHUNK_RELOAD_KEY = 'tpl.chunkReloadAt';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    /** 'CSS_CHUNK_LOAD_FAILED' when the failed file is a stylesheet; 'timeout' when it never came */
    readonly code?: 'CSS_CHUNK_LOAD_FAILED' | 'timeout',
  ) {
    super(message);
  }
}

const textOf = (reason: unknown): string => (reason instanceof Error ? `${reason.message} ${(reason as { code?: unknown }).code ?? ''}` : String(reason));

/** Whether a rejection is a failed load of a chunk (vite's and the browsers' wordings, or already typed). */
export const isChunkFailure = (reason: unknown): boolean =>
  reason instanceof ChunkLoadError ||
  (reason instanceof Error && reason.name === 'ChunkLoadError') ||
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(textOf(reason));

/** A failed chunk load as the spec names it: a ChunkLoadError, coded CSS_CHUNK_LOAD_FAILED for a stylesheet. */
export const asChunkLoadError = (reason: unknown): ChunkLoadError => {
  if (reason instanceof ChunkLoadError) return reason;
  const text = textOf(reason);
  return new ChunkLoadError(text.trim(), /\.css\b|\bCSS\b|CSS_CHUNK_LOAD_FAILED/i.test(text) ? 'CSS_CHUNK_LOAD_FAILED' : undefined);
};

/** `load` within `timeoutMs`, a failed chunk typed; anything else it throws (a page's own bug) is thrown as it is. */
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`, 'timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (reason: unknown) => {
        clearTimeout(timer);
        reject(isChunkFailure(reason) ? asChunkLoadError(reason) : reason);
      },
    );
  });

export type ChunkFailureAction = { action: 'reload' } | { action: 'message'; messageKey: 'chunk.failed' | 'chunk.timeout' };

/**
 * What the console does about a failed chunk. A script or stylesheet that is not there any more is
 * almost always a new deployment replacing the files the open page still names: reload once, and
 * the page comes back on the new files. A reload already made for this within
 * CHUNK_RELOAD_GUARD_MS did not help (the network, the server): say so, with a refresh button,
 * rather than reload forever. A chunk that never came within the timeout is a slow network: a
 * reload would start the wait again, so say so.
 */
export const decideChunkFailure = (error: ChunkLoadError, lastReloadAt: number | null, now: number): ChunkFailureAction => {
  if (error.code === 'timeout') return { action: 'message', messageKey: 'chunk.timeout' };
  if (lastReloadAt !== null && now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_GUARD_MS) return { action: 'message', messageKey: 'chunk.failed' };
  return { action: 'reload' };
};

const lastReload = (): number | null => {
  try {
    const v = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
};

/**
 * Applies the decision in the browser: reloads (remembering when) and answers a promise that never
 * settles, so nothing flashes before the page goes; else throws the typed error for the route's
 * error page to word.
 */
export const handleChunkFailure = (reason: unknown): Promise<never> => {
  const error = asChunkLoadError(reason);
  const decided = decideChunkFailure(error, lastReload(), Date.now());
  if (decided.action === 'reload') {
    try {
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    } catch {
      // private mode: the guard is lost, the reload still helps
    }
    window.location.reload();
    return new Promise<never>(() => {});
  }
  // vite's preload hook logged a missing file already; a chunk that never came is logged here
  if (error.code === 'timeout') addErrorLog({ type: 'ChunkLoadError', message: error.message, stack: error.stack ?? '', info: `${CHUNK_LOAD_TIMEOUT_MS / 1000} s` });
  return Promise.reject(error);
};

/** A page's or part's chunk: loaded within the timeout, a failure handled as decided. */
export const loadPageChunk = <T>(load: () => Promise<T>): Promise<T> =>
  loadChunk(load).catch((reason: unknown) => (isChunkFailure(reason) ? handleChunkFailure(reason) : Promise.reject(reason)));
