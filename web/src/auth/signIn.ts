import type { TokenResponse } from '@tpl/contracts';
import { clearLock } from '../shell/lock';
import { closeAllTabs } from '../shell/tabs';
import { setSession } from './session';

/** Where the sign-in page sends the user afterwards when no page asked for sign-in: the token-check page. */
export const AFTER_SIGN_IN = '/';

/** Spec 01 section 4: signing in stores the session, clears the lock and closes every tab but home. */
export const completeSignIn = (token: TokenResponse): void => {
  setSession(token);
  clearLock();
  closeAllTabs();
};

/** A social answer for a person without a local account: userId empty or negative (spec 01 section 5). */
export const needsRegistration = (userId: string | null | undefined): boolean => {
  const id = (userId ?? '').trim();
  if (id === '') return true;
  const n = Number(id);
  return Number.isFinite(n) && n < 0;
};

/** The tenant a third-party sign-in started in, kept across the provider's redirect. */
export const OAUTH_TENANT_KEY = 'tpl.oauthTenant';
