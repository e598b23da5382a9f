import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  ChunkLoadError,
  asChunkLoadError,
  decideChunkFailure,
  isChunkFailure,
  loadChunk,
} from '../../web/src/shell/chunkLoad';

/**
 * Spec 01: chunk load timeout 120 s; a failed chunk raises ChunkLoadError, a stylesheet's has code
 * CSS_CHUNK_LOAD_FAILED (web/src/shell/chunkLoad.ts). The console reloads once for a chunk a new
 * deployment removed, and says so instead when that did not help or the chunk never came.
 */
describe('chunk loads', () => {
  afterEach(() => jest.useRealTimers());

  it('waits 120 seconds for a chunk, then fails it as a ChunkLoadError', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    jest.useFakeTimers();
    const never = loadChunk(() => new Promise<never>(() => {}));
    const outcome = never.then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await jest.advanceTimersByTimeAsync(119_999);
    const early = await Promise.race([outcome, Promise.resolve('waiting')]);
    expect(early).toBe('waiting');
    await jest.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect([error.name, error.code]).toEqual(['ChunkLoadError', 'timeout']);
  });

  it('types a failed script as ChunkLoadError and a failed stylesheet as CSS_CHUNK_LOAD_FAILED; other errors pass as they are', async () => {
    const script = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://x/assets/Page-abc.js'))).catch((e: unknown) => e);
    expect(script).toBeInstanceOf(ChunkLoadError);
    expect((script as ChunkLoadError).code).toBeUndefined();
    const css = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/Page-abc.css'))).catch((e: unknown) => e);
    expect([(css as ChunkLoadError).name, (css as ChunkLoadError).code]).toEqual(['ChunkLoadError', 'CSS_CHUNK_LOAD_FAILED']);
    const bug = new RangeError('a page`s own bug');
    expect(await loadChunk(() => Promise.reject(bug)).catch((e: unknown) => e)).toBe(bug);
    expect(await loadChunk(() => Promise.resolve(42))).toBe(42);
    expect(isChunkFailure(bug)).toBe(false);
    expect(asChunkLoadError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' })).code).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  it('reloads once for a missing chunk, then shows the message; a timeout shows the message at once', () => {
    const now = Date.parse('2026-11-29T05:00:00Z');
    const missing = new ChunkLoadError('Failed to fetch dynamically imported module');
    const css = new ChunkLoadError('Unable to preload CSS', 'CSS_CHUNK_LOAD_FAILED');
    expect(decideChunkFailure(missing, null, now)).toEqual({ action: 'reload' });
    expect(decideChunkFailure(css, null, now)).toEqual({ action: 'reload' });
    expect(decideChunkFailure(missing, now - 10_000, now)).toEqual({ action: 'message', messageKey: 'chunk.failed' });
    expect(decideChunkFailure(missing, now - CHUNK_RELOAD_GUARD_MS, now)).toEqual({ action: 'reload' });
    expect(decideChunkFailure(new ChunkLoadError('timed out', 'timeout'), null, now)).toEqual({ action: 'message', messageKey: 'chunk.timeout' });
  });
});
