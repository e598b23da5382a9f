import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../paths';
import { useSession } from './session';

export type LoginLocationState = { from?: string };

/** Signed-in pages only: anyone else (or a session a 401 just ended) goes to the sign-in page. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
};
