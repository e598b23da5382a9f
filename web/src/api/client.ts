import { DEMO_CLIENT, ErrorCodes, type Envelope, type RouteDef } from '@tpl/contracts';
import { acceptLanguage, currentLanguage, i18n } from '../i18n';
import { clearSession, getSession } from '../auth/session';
import { notifyError } from './feedback';

/**
 * The one place that talks HTTP: headers, timeout, envelope unwrap, error toasts and the
 * 401 sign-out. Screens call the typed functions of api/*.ts through TanStack Query.
 */
export const REQUEST_TIMEOUT_MS = 6000;

const BASIC_AUTH = `Basic ${btoa(`${DEMO_CLIENT.clientId}:${DEMO_CLIENT.clientSecret}`)}`;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
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
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Tenant-Id header when nobody is signed in yet (the sign-in form) */
  tenantId?: string;
  /** false for calls made before signing in: no Blade-Auth, and a 401 does not sign out */
  auth?: boolean;
  /** false when the caller shows the message itself */
  notify?: boolean;
};

/** What a route answers inside its envelope, read from its zod response schema. */
export type RouteData<R extends RouteDef> = ReturnType<R['response']['parse']> extends { data: infer D } ? D : never;

const toSearch = (query: Record<string, QueryValue> = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
};

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && 'code' in value && 'success' in value;

const headersFor = (opts: RequestOptions): Headers => {
  const session = opts.auth === false ? null : getSession();
  const headers = new Headers({
    Accept: 'application/json',
    Authorization: BASIC_AUTH,
    'Accept-Language': acceptLanguage[currentLanguage()],
  });
  const tenantId = opts.tenantId ?? session?.token.tenantId;
  if (tenantId) headers.set('Tenant-Id', tenantId);
  if (session) headers.set('Blade-Auth', `bearer ${session.token.accessToken}`);
  if (opts.body !== undefined) headers.set('Content-Type', 'application/json');
  return headers;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The envelope's data, or an ApiError with the envelope's code and msg. */
const unwrap = async <T>(response: Response): Promise<T> => {
  const payload = parseJson(await response.text());
  if (isEnvelope(payload)) {
    if (payload.success && response.ok) return payload.data as T;
    const code = payload.code >= 400 ? payload.code : response.ok ? ErrorCodes.internal : response.status;
    throw new ApiError(code, payload.msg || i18n.t('errors.unknown'));
  }
  throw new ApiError(response.ok ? ErrorCodes.internal : response.status, i18n.t('errors.unknown'));
};

/** One exchange, body included, within REQUEST_TIMEOUT_MS; a caller's signal cancels it too. */
const exchange = async <T>(method: string, url: string, opts: RequestOptions): Promise<T> => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  opts.signal?.addEventListener('abort', forward);
  try {
    const response = await fetch(url, {
      method,
      headers: headersFor(opts),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    });
    return await unwrap<T>(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(0, i18n.t('errors.timeout'));
    if (opts.signal?.aborted) throw error; // cancelled by TanStack Query: nothing to show
    throw new ApiError(0, i18n.t('errors.network'));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forward);
  }
};

export const request = async <T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<T> => {
  try {
    return await exchange<T>(method, `${path}${toSearch(opts.query)}`, opts);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === ErrorCodes.unauthorized && opts.auth !== false) clearSession();
      if (opts.notify !== false) notifyError(error.message);
    }
    throw error;
  }
};

/** Calls a route of the contracts' registry; the answer is typed by the route's schema. */
export const callRoute = <R extends RouteDef>(route: R, opts: RequestOptions = {}): Promise<RouteData<R>> =>
  request<RouteData<R>>(route.method, route.path, opts);
