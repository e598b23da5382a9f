import { Navigate, createBrowserRouter } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './layout/NotFoundPage';
import { ConsignmentListPage } from './features/transport/consignment/ListPage';
import { ConsignmentFormPage } from './features/transport/consignment/FormPage';
import { ConsignmentViewPage } from './features/transport/consignment/ViewPage';
import { paths } from './paths';

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={paths.consignmentList} replace /> },
      { path: paths.consignmentList, element: <ConsignmentListPage /> },
      { path: paths.consignmentNew, element: <ConsignmentFormPage /> },
      { path: paths.consignmentView(':id'), element: <ConsignmentViewPage /> },
      { path: paths.consignmentEdit(':id'), element: <ConsignmentFormPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
