import { useEffect } from 'react';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { notifyError } from '../api/feedback';
import { clearSession, getSession, setSession, type Session } from './session';

/** How often the session is looked at, and how long before expiry it is renewed. */
export const REFRESH_CHECK_MS = 6 * 60 * 1000;
export const REFRESH_MARGIN_MS = 10 * 60 * 1000;

export const isRefreshDue = (session: Session, now = Date.now()): boolean =>
  now - session.issuedAt >= session.token.expiresIn * 1000 - REFRESH_MARGIN_MS;

let inFlight: Promise<void> | null = null;

/** Renews the access token when it is due; never runs two refreshes at once. */
export const refreshIfDue = (): Promise<void> => {
  const session = getSession();
  if (!session || !isRefreshDue(session)) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const token = await authApi.refresh(session.token.tenantId, session.token.refreshToken);
      setSession(token);
    } catch (error) {
      // a refused refresh token ends the session; a network hiccup waits for the next check
      if (error instanceof ApiError && error.code >= 400 && error.code < 500) {
        clearSession();
        notifyError(error.message);
      }
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
};

/** Checks now and every six minutes while the signed-in layout is mounted. */
export const useTokenRefresh = (): void => {
  useEffect(() => {
    void refreshIfDue();
    const timer = setInterval(() => void refreshIfDue(), REFRESH_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
};
