import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { REPORT_PATHS, STOCK_REPORT_MENUS } from '@tpl/contracts';
import { lazyPage } from '../../../shared/lazyPage';

// each page loads with its first visit (its own chunk)
const BinBoardPage = lazyPage(() => import('./BinBoardPage').then((m) => m.BinBoardPage));
const ReportPage = lazyPage(() => import('./ReportPage').then((m) => m.ReportPage));
const StockDetailShowPage = lazyPage(() => import('./StockDetailShowPage').then((m) => m.StockDetailShowPage));

const names = Object.fromEntries(STOCK_REPORT_MENUS.map((m) => [m.path, m.name]));
/** The page's name (a Chinese label, as spec 01 names routes) and its title in the user's language, read by the shell's tabs. */
const titled = (page: keyof typeof REPORT_PATHS) => {
  const key = `stockReport.titles.${page}`;
  return { name: names[REPORT_PATHS[page]] ?? '收发存明细', titleKey: key, title: (t: TFunction) => t(key) };
};

/** Spec 01 /reportManagement: the stock reports, the bin board (stockpageshow2) and a period's lines (stockDetailViewShow). */
export const reportRoutes: RouteObject[] = [
  { path: REPORT_PATHS.stockByWarehouseArea, element: <ReportPage key="stockByWarehouseArea" name="stockByWarehouseArea" />, handle: titled('stockByWarehouseArea') },
  { path: REPORT_PATHS.stockByCustomerBatchNo, element: <ReportPage key="stockByCustomerBatchNo" name="stockByCustomerBatchNo" />, handle: titled('stockByCustomerBatchNo') },
  { path: REPORT_PATHS.stockByDetails, element: <ReportPage key="stockByDetails" name="stockByDetails" />, handle: titled('stockByDetails') },
  { path: REPORT_PATHS.stockDetail, element: <ReportPage key="stockDetail" name="stockDetail" />, handle: titled('stockDetail') },
  { path: REPORT_PATHS.stockStreamDetail, element: <ReportPage key="stockStreamDetail" name="stockStreamDetail" />, handle: titled('stockStreamDetail') },
  { path: REPORT_PATHS.stockDetailShow, element: <StockDetailShowPage />, handle: titled('stockDetailShow') },
  { path: REPORT_PATHS.binBoard, element: <BinBoardPage />, handle: titled('binBoard') },
];
