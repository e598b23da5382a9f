import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import { documentRoutes } from './features/documents/routes';
import { EntityRoute } from './features/md/entityRoute';
import { paths } from './paths';
import { flowRoutes } from './features/flow/routes';
import { registrationRoutes } from './features/system/registrations/routes';
import { shellPageRoutes } from './features/pages/routes';
import { reportRoutes } from './features/reports/routes';
import { billingRoutes } from './features/billing/routes';
import { transportRoutes } from './features/transport/routes';
import { warehouseRoutes } from './features/warehouse/routes';
import { lazyPage } from './shared/lazyPage';

// the signed-in layout and every page load after sign-in, each in its own chunk
const AppLayout = lazyPage(() => import('./layout/AppLayout').then((m) => m.AppLayout));
const EntityListPage = lazyPage(() => import('./features/md/EntityListPage').then((m) => m.EntityListPage));
const EntityFormPage = lazyPage(() => import('./features/md/EntityFormPage').then((m) => m.EntityFormPage));
const EntityViewPage = lazyPage(() => import('./features/md/EntityViewPage').then((m) => m.EntityViewPage));

/**
 * The signed-in layout (tab pages) with the shell's pages and every feature's. This module is
 * itself loaded on demand (router.tsx patches it in on the first navigation that needs it): its
 * route tables read the contracts' registries (documents, entities, reports: zod schemas), which
 * the sign-in page never loads.
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      // transport's own screens (the board, signing, the chain timeline): before the documents', whose
      // generic edit screen of the delivery bill the signing screen replaces
      ...transportRoutes,
      // documents: every type of the contracts' registry, at the paths its description gives
      ...documentRoutes,
      // master data: any entity type of the contracts' registry; an unknown one is the 404 page
      { path: paths.mdList(':entity'), element: <EntityRoute render={(def) => <EntityListPage def={def} />} /> },
      { path: paths.mdNew(':entity'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
      { path: paths.mdView(':entity', ':id'), element: <EntityRoute render={(def) => <EntityViewPage def={def} />} /> },
      { path: paths.mdEdit(':entity', ':id'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
      ...flowRoutes,
      ...reportRoutes,
      ...warehouseRoutes,
      ...billingRoutes,
      ...registrationRoutes,
      ...shellPageRoutes,
    ],
  },
];
