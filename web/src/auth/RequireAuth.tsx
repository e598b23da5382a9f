import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../paths';
import { clearSession, sessionState, useSession } from './session';

export type LoginLocationState = { from?: string };

/**
 * Signed-in pages only (spec 01 section 4): without a stored access token (or after a 401 ended
 * the session) the user goes to the sign-in page. An empty token is a local sign-out; a session
 * whose token cookie is gone goes there too, where the page-cache message explains it.
 */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const location = useLocation();
  const state = sessionState(session);
  useEffect(() => {
    if (state === 'empty') clearSession();
  }, [state]);
  if (state !== 'valid') {
    const from: LoginLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={from} />;
  }
  return children;
};
