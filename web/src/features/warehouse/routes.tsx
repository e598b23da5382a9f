import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { LABEL_PRINT_LIST, LOAD_BILL_PAGES, PACKAGE_LIST, SHOW_IMAGE_PATH, WAREHOUSE_SCREENS } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';
import type { PageHandle } from '../../shared/widgets/pageTitle';
import { PUT_AWAY_LIST_PATH } from './paths';

const PutAwayListPage = lazyPage(() => import('./PutAwayListPage').then((m) => m.PutAwayListPage));
const LoadSheetPage = lazyPage(() => import('./LoadSheetPage').then((m) => m.LoadSheetPage));
const LoadTimesPage = lazyPage(() => import('./LoadTimesPage').then((m) => m.LoadTimesPage));
const LabelPrintListPage = lazyPage(() => import('./LabelPrintListPage').then((m) => m.LabelPrintListPage));
const PackageListPage = lazyPage(() => import('./PackageListPage').then((m) => m.PackageListPage));
// the read-only screens of one document (one chunk for the six)
const screens = () => import('./screens/WarehouseScreens');
const StockBatchPage = lazyPage(() => screens().then((m) => m.StockBatchPage));
const InboundFeesPage = lazyPage(() => screens().then((m) => m.InboundFeesPage));
const PrintedLabelsPage = lazyPage(() => screens().then((m) => m.PrintedLabelsPage));
const PrintedPackageLabelsPage = lazyPage(() => screens().then((m) => m.PrintedPackageLabelsPage));
const PreparationPage = lazyPage(() => screens().then((m) => m.PreparationPage));
const ShowImagePage = lazyPage(() => screens().then((m) => m.ShowImagePage));

const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });
/** A screen about one document: its tab reads "<screen> · 查看 · <bill number>". */
const viewing = (titleKey: string): PageHandle & { titleKey: string } => ({ titleKey, page: { titleKey, mode: 'view' } });

/**
 * The warehouse's own screens beside its documents': the put-away list (待上架), the printed labels
 * (已打印标签), the temporary packages as the stock holds them (临时包装列表), the load sheet and
 * the load's times (spec 01 /loadHandle), and the read-only screens of one document (docs/DOMAIN.md
 * "Read-only warehouse screens").
 */
export const warehouseRoutes: RouteObject[] = [
  { path: PUT_AWAY_LIST_PATH, element: <PutAwayListPage />, handle: titled('待上架', 'putAway.title') },
  { path: LOAD_BILL_PAGES.show, element: <LoadSheetPage />, handle: titled('装车单', 'warehouse.load.show') },
  { path: LOAD_BILL_PAGES.timeEdit, element: <LoadTimesPage />, handle: titled('修改装车时间', 'warehouse.load.times') },
  { path: WAREHOUSE_SCREENS.stockBatch.path, element: <StockBatchPage />, handle: viewing('whScreens.batches.title') },
  { path: WAREHOUSE_SCREENS.inboundFees.path, element: <InboundFeesPage />, handle: viewing('whScreens.fees.title') },
  { path: WAREHOUSE_SCREENS.printedLabels.path, element: <PrintedLabelsPage />, handle: viewing('whScreens.labels.title') },
  { path: WAREHOUSE_SCREENS.printedPackageLabels.path, element: <PrintedPackageLabelsPage />, handle: viewing('whScreens.labels.title') },
  { path: LABEL_PRINT_LIST.path, element: <LabelPrintListPage />, handle: titled('已打印标签', LABEL_PRINT_LIST.alias) },
  { path: PACKAGE_LIST.path, element: <PackageListPage />, handle: titled('临时包装列表', PACKAGE_LIST.alias) },
  { path: WAREHOUSE_SCREENS.preparation.path, element: <PreparationPage />, handle: viewing('whScreens.preparation.title') },
  { path: SHOW_IMAGE_PATH, element: <ShowImagePage />, handle: viewing('whScreens.images.title') },
];
