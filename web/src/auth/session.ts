import type { TokenResponse } from '@tpl/contracts';
import { persistedStore } from '../shell/persistedStore';
import { setDisplayTimeZone } from '../shared/format';

/**
 * The signed-in session: the token answer of /api/bl-auth/token plus when it was issued
 * (to know when to refresh). Kept in localStorage so a reload stays signed in; other tabs
 * follow through the storage event (a refresh in one tab rotates the refresh token for all).
 *
 * Beside it a cookie marks the access token for its lifetime (spec 01 section 9: 7200000 ms),
 * set at sign-in and at every refresh. A stored session whose cookie is gone is stale: the
 * page cache outlived the token (spec 01 section 8, 页面缓存更新失败). See docs/DOMAIN.md.
 */
export type Session = { token: TokenResponse; issuedAt: number };

const STORAGE_KEY = 'tpl.session';
export const TOKEN_COOKIE = 'tpl-access-token';
/** spec 01 section 9: the access-token cookie lives 2 hours */
export const TOKEN_COOKIE_MS = 7_200_000;

const isSession = (value: unknown): value is Session => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, issuedAt } = value as Partial<Session>;
  return typeof issuedAt === 'number' && typeof token?.accessToken === 'string' && Array.isArray(token.roles);
};

const store = persistedStore<Session | null>(STORAGE_KEY, null, (value): value is Session | null => value === null || isSession(value));

/**
 * The cookie holds a marker of the access token (its last 16 characters, part of the
 * signature), never the token itself: it travels with every request and must be useless there.
 */
export const tokenMarker = (accessToken: string): string => accessToken.slice(-16);

const hasDocument = () => typeof document !== 'undefined';

const writeCookie = (accessToken: string) => {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(tokenMarker(accessToken))}; max-age=${TOKEN_COOKIE_MS / 1000}; path=/; SameSite=Lax`;
};

const dropCookie = () => {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/; SameSite=Lax`;
};

/** Whether the access-token cookie is still there (it expires 2 hours after sign-in or the last refresh). */
export const hasTokenCookie = (): boolean =>
  hasDocument() && document.cookie.split(';').some((part) => part.trim().startsWith(`${TOKEN_COOKIE}=`) && part.trim().length > TOKEN_COOKIE.length + 1);

// instants are shown in the tenant's zone the session names (shared/format.ts)
const followZone = () => setDisplayTimeZone(store.get()?.token.timeZone);
followZone();
store.subscribe(followZone);

export const getSession = store.get;

/** Re-reads the stored session (another tab may have refreshed it a moment ago). */
export const reloadSession = store.reload;

export const setSession = (token: TokenResponse, issuedAt = Date.now()): void => {
  writeCookie(token.accessToken);
  store.set({ token, issuedAt });
};

export const clearSession = (): void => {
  dropCookie();
  if (store.get() !== null) store.set(null);
};

/**
 * How a stored session stands: `none`; `empty` (an empty access token: spec 01 section 4 forces
 * a local sign-out); `stale` (the token cookie is gone: the page-cache message); `valid`.
 */
export type SessionState = 'none' | 'empty' | 'stale' | 'valid';

export const sessionState = (session: Session | null = store.get(), cookiePresent: boolean = hasTokenCookie()): SessionState => {
  if (!session) return 'none';
  if (session.token.accessToken.trim() === '') return 'empty';
  return cookiePresent ? 'valid' : 'stale';
};

export const subscribeSession = store.subscribe;

export const useSession = (): Session | null => store.use();
