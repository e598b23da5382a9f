import type { TFunction } from 'i18next';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { consignmentDocument, documentByName } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';
import { TIMELINE_PATH } from './paths';

// each page loads with its first visit (its own chunk)
const BoardPage = lazyPage(() => import('./BoardPage').then((m) => m.BoardPage));
const SigningPage = lazyPage(() => import('./SigningPage').then((m) => m.SigningPage));
const TimelinePage = lazyPage(() => import('./TimelinePage').then((m) => m.TimelinePage));
const ArrivalPage = lazyPage(() => import('./confirmations').then((m) => m.ArrivalPage));
const ReviewPage = lazyPage(() => import('./confirmations').then((m) => m.ReviewPage));

export const BOARD_PATH = '/dispatchBoard';
const signingPath = documentByName('deliverybill')?.routes.edit ?? '/deliveryBill/deliveryBillEdit/:id';
export const arrivalPath = documentByName('loadingbill')?.routes.edit ?? '/loadingBill/loadingBillEdit/:id';
export const reviewPath = documentByName('arrivalbill')?.routes.edit ?? '/arrivalBill/arrivalBillEdit/:id';
const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });

/**
 * The transport screens beyond the kit's generic ones: the dispatcher board, the signing
 * confirmation, the arrival confirmation and the review confirmation (in place of the delivery,
 * loading and arrival bills' generic edit screens: registered before the documents' routes, the
 * router takes the first of equal paths) and the chain timeline.
 */
export const transportRoutes: RouteObject[] = [
  { path: BOARD_PATH, element: <BoardPage />, handle: titled('调度看板', 'board.title') },
  { path: signingPath, element: <SigningPage />, handle: titled('签收确认', 'signing.title') },
  { path: arrivalPath, element: <ArrivalPage />, handle: titled('到货确认', 'confirm.arrival') },
  { path: reviewPath, element: <ReviewPage />, handle: titled('复核确认', 'confirm.review') },
  { path: TIMELINE_PATH, element: <TimelinePage key="none" />, handle: titled('托运链时间线', 'timeline.title') },
  { path: `${TIMELINE_PATH}/:id`, element: <TimelinePage />, handle: titled('托运链时间线', 'timeline.title') },
];

/** The consignment order's paths before issue 14 (/transport/consignment...) lead to its spec routes, query kept. */
const OldConsignmentPath = ({ to }: { to: 'list' | 'new' | 'view' | 'edit' }) => {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`${consignmentDocument.routes[to].replace(':id', id)}${search}`} />;
};
export const oldConsignmentRoutes: RouteObject[] = [
  { path: '/transport/consignment', element: <OldConsignmentPath to="list" /> },
  { path: '/transport/consignment/new', element: <OldConsignmentPath to="new" /> },
  { path: '/transport/consignment/:id', element: <OldConsignmentPath to="view" /> },
  { path: '/transport/consignment/:id/edit', element: <OldConsignmentPath to="edit" /> },
];
