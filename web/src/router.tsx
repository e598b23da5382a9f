import { Navigate, createBrowserRouter } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { LOCK_PATH, LockGuard, LockPage } from './layout/Lock';
import { documentRoutes } from './features/documents/routes';
import { EntityRoute } from './features/md/entityRoute';
import { EntityListPage } from './features/md/EntityListPage';
import { EntityFormPage } from './features/md/EntityFormPage';
import { EntityViewPage } from './features/md/EntityViewPage';
import { paths } from './paths';
import { flowRoutes } from './features/flow/routes';
import { registrationRoutes } from './features/system/registrations/routes';
import { authRoutes } from './auth/routes';
import { shellPageRoutes, standalonePageRoutes } from './features/pages/routes';
import { reportRoutes } from './features/reports/routes';
import { scanRoutes } from './features/scan/routes';

/**
 * Spec 01 section 2. /lock stands alone; every other route is under the lock guard (locked:
 * to /lock). Outside the layout: sign-in, the token check page (/), the error pages. Inside
 * the signed-in layout (tab pages): the shell's pages and every feature's. Unknown paths: /404.
 */
export const router = createBrowserRouter([
  { path: LOCK_PATH, element: <LockPage /> },
  {
    element: <LockGuard />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      ...authRoutes,
      ...standalonePageRoutes,
      ...scanRoutes,
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          // documents: every type of the contracts' registry, at the paths its description gives
          ...documentRoutes,
          // master data: any entity type of the contracts' registry; an unknown one is the 404 page
          { path: paths.mdList(':entity'), element: <EntityRoute render={(def) => <EntityListPage def={def} />} /> },
          { path: paths.mdNew(':entity'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
          { path: paths.mdView(':entity', ':id'), element: <EntityRoute render={(def) => <EntityViewPage def={def} />} /> },
          { path: paths.mdEdit(':entity', ':id'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
          ...flowRoutes,
          ...reportRoutes,
          ...registrationRoutes,
          ...shellPageRoutes,
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
