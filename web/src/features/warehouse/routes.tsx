import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../shared/lazyPage';
import { PUT_AWAY_LIST_PATH } from './paths';

const PutAwayListPage = lazyPage(() => import('./PutAwayListPage').then((m) => m.PutAwayListPage));

/** The warehouse's own screens beside its documents': the put-away list (待上架). */
export const warehouseRoutes: RouteObject[] = [
  { path: PUT_AWAY_LIST_PATH, element: <PutAwayListPage />, handle: { name: '待上架', titleKey: 'putAway.title', title: (t: TFunction) => t('putAway.title') } },
];
