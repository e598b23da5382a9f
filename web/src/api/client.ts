import type { Envelope, RouteDef } from '@tpl/contracts';
import { DEMO_CLIENT, ErrorCodes, encryptTokenHeader, type RouteCall } from '@tpl/contracts/light';
import { acceptLanguage, currentLanguage, i18n } from '../i18n';
import { clearSession, getSession } from '../auth/session';
import { goToLogin } from '../auth/navigator';
import { addErrorLog } from '../shell/errorLog';
import { notifyError } from './feedback';
import { EventStreamParser, type StreamEvent } from './eventStream';

/**
 * The one place that talks HTTP: headers, timeout, envelope unwrap, error toasts and the
 * 401 sign-out. Screens call the typed functions of api/*.ts through TanStack Query.
 */
export const REQUEST_TIMEOUT_MS = 6000;

const BASIC_AUTH = `Basic ${btoa(`${DEMO_CLIENT.clientId}:${DEMO_CLIENT.clientSecret}`)}`;

/**
 * Spec 01 section 7's skip-client header. The console always authenticates as the client
 * (Basic header), so it never asks a gateway to skip that check: the value is `false`.
 */
export const SKIP_CLIENT_HEADER = 'Skip-Client';

/**
 * Spec 01 section 8: codes in this whitelist reject the call without a toast. Empty by default:
 * every error code the server answers carries a msg the user should read, and 401 has its own
 * rule below; a deployment behind a gateway that answers codes of its own lists them here
 * (docs/DOMAIN.md). Callers that show a message themselves pass `notify: false` instead.
 */
export const clientConfig: { silentCodes: readonly number[] } = { silentCodes: [] };

/** The 401 toast shows for the first of each run of five 401 answers (spec 01 section 8). */
export const UNAUTHORIZED_TOAST_EVERY = 5;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** the envelope's data of an error answer, when it carries some (an import's row errors) */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isConflict(): boolean {
    return this.code === ErrorCodes.conflict;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** a record drops empty values; URLSearchParams are sent as they are (an empty `parent=` included) */
  query?: Record<string, QueryValue> | URLSearchParams;
  body?: unknown;
  /** a multipart body (file uploads); the browser sets its Content-Type */
  form?: FormData;
  /** overrides REQUEST_TIMEOUT_MS (uploads that the server parses row by row) */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Tenant-Id header when nobody is signed in yet (the sign-in form) */
  tenantId?: string;
  /** false for calls made before signing in: no Blade-Auth, and a 401 does not sign out */
  auth?: boolean;
  /** false when the caller shows the message itself */
  notify?: boolean;
  /** extra headers (Captcha-Key and Captcha-Code of the captcha grant) */
  headers?: Record<string, string>;
};

/** What a route answers inside its envelope, read from its zod response schema. */
export type RouteData<R extends RouteDef> = ReturnType<R['response']['parse']> extends { data: infer D } ? D : never;

const toSearch = (query: Record<string, QueryValue> | URLSearchParams = {}): string => {
  if (query instanceof URLSearchParams) {
    const search = query.toString();
    return search ? `?${search}` : '';
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
};

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && ('code' in value || 'success' in value);

/**
 * How far the server's clock is ahead of this browser's (its answers' Date header): the encrypted
 * token header carries the server's time, so a browser whose clock is off is not refused.
 */
let serverClockOffsetMs = 0;
const noteServerClock = (response: Response) => {
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(date)) serverClockOffsetMs = date - Date.now();
};

/**
 * The token header's value (spec 01 section 7): `bearer <token>`, or the encrypted variant when the
 * server gave a key with the token (TOKEN_CRYPTO_KEY configured; contracts/src/auth/token-crypto.ts).
 */
export const tokenHeaderValue = (token: { accessToken: string; tokenCryptoKey?: string | undefined }, now = Date.now() + serverClockOffsetMs): Promise<string> =>
  token.tokenCryptoKey ? encryptTokenHeader(token.accessToken, token.tokenCryptoKey, now) : Promise.resolve(`bearer ${token.accessToken}`);

const headersFor = async (opts: RequestOptions, method = 'GET'): Promise<Headers> => {
  const session = opts.auth === false ? null : getSession();
  const headers = new Headers({
    Accept: 'application/json',
    Authorization: BASIC_AUTH,
    'Accept-Language': acceptLanguage[currentLanguage()],
    [SKIP_CLIENT_HEADER]: 'false',
  });
  const tenantId = opts.tenantId ?? session?.token.tenantId;
  if (tenantId) headers.set('Tenant-Id', tenantId);
  if (session?.token.accessToken) headers.set('Blade-Auth', await tokenHeaderValue(session.token));
  // spec 01 section 7's JSON content type; not on a multipart body (the browser sets its boundary)
  // nor on a POST without a body (the server refuses an empty JSON body)
  if (!opts.form && (opts.body !== undefined || method === 'GET')) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
  return headers;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The envelope's code of a success (spec 01 section 7: default 200). */
const OK_CODE = 200;

/** HTTP statuses whose body decides (spec 01 section 8: 200 to 500); others are failures as such. */
export const isAcceptedStatus = (status: number): boolean => status >= 200 && status <= 500;

/**
 * The envelope's data, or an ApiError with the envelope's code and msg. Within the accepted
 * statuses the body's `code` (default 200) decides, not the HTTP status.
 */
const unwrap = async <T>(response: Response): Promise<T> => {
  const payload = parseJson(await response.text());
  if (isAcceptedStatus(response.status) && isEnvelope(payload)) {
    const code = typeof payload.code === 'number' ? payload.code : OK_CODE;
    if (code === OK_CODE && payload.success !== false) return payload.data as T;
    throw new ApiError(code === OK_CODE ? ErrorCodes.internal : code, payload.msg || i18n.t('errors.unknown'), payload.data ?? undefined);
  }
  throw new ApiError(isAcceptedStatus(response.status) ? ErrorCodes.internal : response.status, i18n.t('errors.unknown'));
};

/**
 * Whether the page is being left (a reload, a typed URL): the browser then aborts every call in
 * flight, which is no fault of the server's and must neither toast nor fill the error log.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** One exchange, body included, within REQUEST_TIMEOUT_MS; a caller's signal cancels it too. */
const exchange = async <T>(method: string, url: string, opts: RequestOptions): Promise<T> => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  opts.signal?.addEventListener('abort', forward);
  try {
    const response = await fetch(url, {
      method,
      headers: await headersFor(opts, method),
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: controller.signal,
    });
    noteServerClock(response);
    return await unwrap<T>(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(0, i18n.t('errors.timeout'));
    if (opts.signal?.aborted || leaving) throw error; // cancelled by TanStack Query, or the page is being left: nothing to show
    throw new ApiError(0, i18n.t('errors.network'));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forward);
  }
};

/** What the client does with a failed call; pure, so the rules of spec 01 section 8 are unit-tested. */
export type FailurePlan = { signOut: boolean; toast: boolean; log: boolean };

/**
 * - 401 on a signed-in call: sign out and go to /login; toast only for the first of each run of five.
 * - a whitelisted code: rejected silently.
 * - anything else: a toast unless the caller shows it itself (notify: false).
 * - network errors, timeouts (code 0) and server faults (5xx) the caller does not handle go to the
 *   local error log as interface errors; refusals (4xx) are answers, not faults.
 */
export const planFailure = (
  code: number,
  opts: { auth?: boolean; notify?: boolean },
  unauthorizedSoFar: number,
  silentCodes: readonly number[] = clientConfig.silentCodes,
): FailurePlan => {
  const unhandled = opts.notify !== false;
  if (code === ErrorCodes.unauthorized && opts.auth !== false) {
    return { signOut: true, toast: unhandled && unauthorizedSoFar % UNAUTHORIZED_TOAST_EVERY === 0, log: false };
  }
  if (silentCodes.includes(code)) return { signOut: false, toast: false, log: false };
  return { signOut: false, toast: unhandled, log: unhandled && (code === 0 || code >= 500) };
};

/** 401 answers since the last call that went through (the run the toast rule counts). */
let unauthorizedRun = 0;

const handleFailure = (error: ApiError, method: string, url: string, opts: RequestOptions): void => {
  const plan = planFailure(error.code, opts, unauthorizedRun);
  if (error.code === ErrorCodes.unauthorized && opts.auth !== false) unauthorizedRun++;
  if (plan.toast) notifyError(error.message);
  if (plan.log) addErrorLog({ type: 'api', url, message: error.message, stack: error.stack ?? '', info: `${method} ${error.code}` });
  if (plan.signOut) {
    clearSession();
    goToLogin();
  }
};

export const request = async <T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<T> => {
  const url = `${path}${toSearch(opts.query)}`;
  try {
    const answer = await exchange<T>(method, url, opts);
    if (opts.auth !== false && getSession()) unauthorizedRun = 0;
    return answer;
  } catch (error) {
    if (error instanceof ApiError) handleFailure(error, method, url, opts);
    throw error;
  }
};

/** Calls a route of the contracts' registry; the answer is typed by the route's schema. */
export const callRoute = <R extends RouteDef>(route: R, opts: RequestOptions = {}): Promise<RouteData<R>> =>
  request<RouteData<R>>(route.method, route.path, opts);

/**
 * Calls a route by its method and path alone (the schema-free calls of '@tpl/contracts/light'),
 * typed by the route's description named as a type: `callAt<typeof authRoutes.token>(authCalls.token)`.
 * The sign-in page calls this way, so its chunk holds no zod schema.
 */
export const callAt = <R extends RouteDef>(call: RouteCall & Pick<R, 'method' | 'path'>, opts: RequestOptions = {}): Promise<RouteData<R>> =>
  request<RouteData<R>>(call.method, call.path, opts);

// ---- files: exports, templates, import reports

/** How far a download has come; `totalRows` is the server's x-total-rows, `totalBytes` its Content-Length. */
export type DownloadProgress = { bytes: number; totalBytes?: number; totalRows?: number; done: boolean };

export type DownloadedFile = { blob: Blob; filename: string; totalRows?: number };

export type DownloadOptions = Omit<RequestOptions, 'body' | 'form'> & {
  onProgress?: (progress: DownloadProgress) => void;
  /** the name to save under when the server sends no download-filename header */
  fallbackName?: string;
  /** POST with this JSON body (a printed document that records what it printed); GET without */
  post?: unknown;
};

/** Waiting for the first byte of a file may take longer than for a JSON answer: the server builds it first. */
export const DOWNLOAD_START_TIMEOUT_MS = 60_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The spec's download messages (01 section 8): by status, else the server's msg. */
const downloadMessage = (code: number, msg?: string): string => {
  switch (code) {
    case ErrorCodes.unauthorized:
      return i18n.t('md.download.unauthorized');
    case ErrorCodes.forbidden:
      return i18n.t('md.download.forbidden');
    case ErrorCodes.notFound:
      return i18n.t('md.download.notFound');
    default:
      return msg || i18n.t('md.download.unknown');
  }
};

const filenameOf = (response: Response, fallback: string): string => {
  const raw = response.headers.get('download-filename');
  if (raw) {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].replace(/"/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
};

const positive = (header: string | null): number | undefined => {
  const n = Number(header);
  return header !== null && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Reads the body chunk by chunk so the caller can show progress while it streams. */
const readBody = async (response: Response, onChunk: (bytes: number) => void): Promise<Blob> => {
  const type = response.headers.get('content-type') || XLSX_TYPE;
  if (!response.body) {
    const blob = await response.blob();
    onChunk(blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onChunk(bytes);
  }
  return new Blob(chunks, { type });
};

/**
 * A file from the API (GET, or POST with `post`): the headers as for every call, the name from download-filename,
 * the body streamed with progress. An answer in JSON instead of a file is an error envelope:
 * it becomes an ApiError worded as the spec's download messages, shown as a toast.
 */
export const download = async (path: string, opts: DownloadOptions = {}): Promise<DownloadedFile> => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? DOWNLOAD_START_TIMEOUT_MS);
  const forward = () => controller.abort();
  opts.signal?.addEventListener('abort', forward);
  const method = opts.post === undefined ? 'GET' : 'POST';
  const fail = (error: ApiError): never => {
    handleFailure(error, method, path, opts);
    throw error;
  };
  try {
    const headers = await headersFor(method === 'POST' ? { ...opts, body: opts.post } : opts, method);
    headers.set('Accept', `${XLSX_TYPE}, application/pdf, application/octet-stream, application/json`);
    let response: Response;
    try {
      const body = method === 'POST' ? { body: JSON.stringify(opts.post) } : {};
      response = await fetch(`${path}${toSearch(opts.query)}`, { method, headers, signal: controller.signal, ...body });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      return fail(new ApiError(0, timedOut ? i18n.t('errors.timeout') : i18n.t('md.download.network')));
    }
    // the file may stream for longer than the wait for its first byte
    clearTimeout(timer);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('json')) {
      const payload = parseJson(await response.text().catch(() => ''));
      const envelope = isEnvelope(payload) ? payload : undefined;
      const code = envelope && envelope.code >= 400 ? envelope.code : response.ok ? ErrorCodes.internal : response.status;
      return fail(new ApiError(code, downloadMessage(code, envelope?.msg), envelope?.data ?? undefined));
    }
    const filename = filenameOf(response, opts.fallbackName ?? 'download.xlsx');
    const totalRows = positive(response.headers.get('x-total-rows'));
    const totalBytes = positive(response.headers.get('content-length')) || undefined;
    opts.onProgress?.({ bytes: 0, totalBytes, totalRows, done: false });
    let blob: Blob;
    try {
      blob = await readBody(response, (bytes) => opts.onProgress?.({ bytes, totalBytes, totalRows, done: false }));
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      return fail(new ApiError(0, i18n.t('md.download.network')));
    }
    opts.onProgress?.({ bytes: blob.size, totalBytes, totalRows, done: true });
    return { blob, filename, totalRows };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forward);
  }
};

// ---- server-sent events (the dispatcher board): EventSource cannot send Blade-Auth, so fetch reads the stream

export { EventStreamParser, type StreamEvent } from './eventStream';

/**
 * Opens a server-sent event stream with the headers of every call and hands each event to
 * `onEvent` until the server ends it or `signal` aborts. A refusal (401, 403...) is an ApiError,
 * handled as every call's; the caller decides when to reconnect.
 */
export const openEventStream = async (path: string, opts: { query?: Record<string, QueryValue>; signal: AbortSignal; onOpen?: () => void; onEvent: (e: StreamEvent) => void }): Promise<void> => {
  const url = `${path}${toSearch(opts.query)}`;
  const headers = await headersFor({}, 'GET');
  headers.set('Accept', 'text/event-stream');
  const response = await fetch(url, { headers, signal: opts.signal, cache: 'no-store' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    const error = await unwrap<never>(response).catch((e: unknown) => e);
    const failure = error instanceof ApiError ? error : new ApiError(response.status, i18n.t('errors.unknown'));
    handleFailure(failure, 'GET', url, {});
    throw failure;
  }
  opts.onOpen?.();
  const parser = new EventStreamParser();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const e of parser.push(value)) opts.onEvent(e);
    }
  } finally {
    reader.releaseLock();
  }
};
