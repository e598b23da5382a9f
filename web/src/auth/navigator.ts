/**
 * The HTTP client and the token refresh live outside React but must send the browser to the
 * sign-in page (a 401, a refused refresh). main.tsx binds the router's navigate here; without
 * it (before the router exists) the page is loaded afresh.
 */
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void;

let navigate: Navigate | null = null;

export const bindNavigator = (fn: Navigate | null): void => {
  navigate = fn;
};

export const LOGIN_PATH = '/login';

/** To the sign-in page, remembering where the user was (unless already there). */
export const goToLogin = (): void => {
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (pathname === LOGIN_PATH) return;
  const state = { from: `${pathname}${search}` };
  if (navigate) navigate(LOGIN_PATH, { replace: true, state });
  else window.location.assign(LOGIN_PATH);
};
