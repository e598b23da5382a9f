import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../../../auth/RequireAuth';
import { lazyPage } from '../../../shared/lazyPage';

const ScanRoute = lazyPage(() => import('./ScanPage').then((m) => m.ScanRoute));

/** Scan mode, outside the console's layout (a phone's whole screen): /scan/receive, /scan/putaway, /scan/pick. */
export const scanRoutes: RouteObject[] = [
  {
    path: '/scan/:mode',
    element: (
      <RequireAuth>
        <ScanRoute />
      </RequireAuth>
    ),
  },
];
