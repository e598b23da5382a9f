import { Navigate, createBrowserRouter } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { ConsignmentListPage } from './features/transport/consignment/ListPage';
import { ConsignmentFormPage } from './features/transport/consignment/FormPage';
import { ConsignmentViewPage } from './features/transport/consignment/ViewPage';
import { EntityRoute } from './features/md/entityRoute';
import { EntityListPage } from './features/md/EntityListPage';
import { EntityFormPage } from './features/md/EntityFormPage';
import { EntityViewPage } from './features/md/EntityViewPage';
import { paths } from './paths';
import { flowRoutes } from './features/flow/routes';
import { registrationRoutes } from './features/system/registrations/routes';
import { authRoutes } from './auth/routes';
import { shellPageRoutes, standalonePageRoutes } from './features/pages/routes';

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  ...authRoutes,
  ...standalonePageRoutes,
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: paths.consignmentList, element: <ConsignmentListPage /> },
      { path: paths.consignmentNew, element: <ConsignmentFormPage /> },
      { path: paths.consignmentView(':id'), element: <ConsignmentViewPage /> },
      { path: paths.consignmentEdit(':id'), element: <ConsignmentFormPage /> },
      // master data: any entity type of the contracts' registry; an unknown one is the 404 page
      { path: paths.mdList(':entity'), element: <EntityRoute render={(def) => <EntityListPage def={def} />} /> },
      { path: paths.mdNew(':entity'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
      { path: paths.mdView(':entity', ':id'), element: <EntityRoute render={(def) => <EntityViewPage def={def} />} /> },
      { path: paths.mdEdit(':entity', ':id'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
      ...flowRoutes,
      ...registrationRoutes,
      ...shellPageRoutes,
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
