import { Navigate, createBrowserRouter } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { LOCK_PATH, LockGuard, LockPage } from './layout/Lock';
import { paths } from './paths';
import { authRoutes } from './auth/routes';
import { standalonePageRoutes } from './features/pages/routes';
import { scanRoutes } from './features/warehouse/scan/routes';
import { RouteErrorPage } from './shared/widgets/RouteErrorPage';
import { loadPageChunk } from './shell/chunkLoad';

/** The route under which the signed-in routes are patched in (router.patchRoutes). */
const GUARDED = 'lock-guarded';

/** The signed-in routes, loaded once: the first navigation outside the sign-in pages waits for them. */
let signedIn: Promise<void> | null = null;

/**
 * Spec 01 section 2. /lock stands alone; every other route is under the lock guard (locked:
 * to /lock). Outside the layout: sign-in, the token check page (/), the error pages: the only
 * routes the entry knows. The signed-in layout and every feature's pages (signedInRoutes.tsx) are
 * patched in on the first navigation that does not match one of these exactly (React Router's
 * patchRoutesOnNavigation, which it calls for any path not matched, or matched only by the
 * catch-all): the sign-in page loads none of them, nor the contracts' registries they read.
 * Unknown paths, once they are loaded: /404.
 */
export const router = createBrowserRouter(
  [
    { path: LOCK_PATH, element: <LockPage />, errorElement: <RouteErrorPage /> },
    {
      id: GUARDED,
      element: <LockGuard />,
      errorElement: <RouteErrorPage />,
      children: [{ path: paths.login, element: <LoginPage /> }, ...authRoutes, ...standalonePageRoutes, ...scanRoutes],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ],
  {
    patchRoutesOnNavigation: ({ patch }) =>
      (signedIn ??= loadPageChunk(() => import('./signedInRoutes')).then(({ signedInRoutes }) => patch(GUARDED, signedInRoutes)).catch((e: unknown) => {
        signedIn = null; // a failed chunk load (network) is tried again on the next navigation
        throw e;
      })),
  },
);
