import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../shared/lazyPage';
import { LOAD_BILL_PAGES } from '@tpl/contracts';
import { PUT_AWAY_LIST_PATH } from './paths';

const PutAwayListPage = lazyPage(() => import('./PutAwayListPage').then((m) => m.PutAwayListPage));
const LoadSheetPage = lazyPage(() => import('./LoadSheetPage').then((m) => m.LoadSheetPage));
const LoadTimesPage = lazyPage(() => import('./LoadTimesPage').then((m) => m.LoadTimesPage));
const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });

/** The warehouse's own screens beside its documents': the put-away list (待上架), the load sheet and the load's times (spec 01 /loadHandle). */
export const warehouseRoutes: RouteObject[] = [
  { path: PUT_AWAY_LIST_PATH, element: <PutAwayListPage />, handle: titled('待上架', 'putAway.title') },
  { path: LOAD_BILL_PAGES.show, element: <LoadSheetPage />, handle: titled('装车单', 'warehouse.load.show') },
  { path: LOAD_BILL_PAGES.timeEdit, element: <LoadTimesPage />, handle: titled('修改装车时间', 'warehouse.load.times') },
];
