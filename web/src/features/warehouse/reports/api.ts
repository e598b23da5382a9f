import {
  STOCK_REPORTS,
  stockReportRoutes,
  warehouseStockReadRoutes,
  type BinBoard,
  type ReportPageOf,
  type StockDetailShow,
  type StockExplain,
  type StockReportName,
} from '@tpl/contracts';
import { download, request, type DownloadOptions, type QueryValue } from '../../../api/client';

/**
 * The stock reports' calls (/api/bl-report) and explain (/api/bl-warehouse/stockstream/explain),
 * every one through the shared client; shapes are the contracts' zod types.
 */
export type ReportQuery = Record<string, QueryValue>;
export type ReportRow = Record<string, unknown>;

const base = (name: StockReportName) => `/api/bl-report/${STOCK_REPORTS[name].api}`;

/** The explain call's query: every key of the row is sent, an empty one too (the rows with no batch or area). */
export const explainSearch = (keys: Record<string, string | null | undefined>, extra: ReportQuery): URLSearchParams => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(keys)) search.set(k, v ?? '');
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  return search;
};

export const reportsApi = {
  list: (name: StockReportName, query: ReportQuery, signal?: AbortSignal) => request<ReportPageOf<ReportRow>>('GET', `${base(name)}/list`, { query, signal }),
  exportFile: (name: StockReportName, query: ReportQuery, opts: DownloadOptions = {}) => download(`${base(name)}/export`, { ...opts, query }),
  explain: (search: URLSearchParams, signal?: AbortSignal) => request<StockExplain>('GET', warehouseStockReadRoutes.stockStreamExplain.path, { query: search, signal }),
  show: (query: ReportQuery, signal?: AbortSignal) => request<StockDetailShow>('GET', stockReportRoutes.stockDetailShow.path, { query, signal }),
  board: (query: ReportQuery, signal?: AbortSignal) => request<BinBoard>('GET', stockReportRoutes.binBoard.path, { query, signal }),
};

/** TanStack Query keys of the reports: one family per report, explain, the board and the period's lines. */
export const reportKeys = {
  all: ['stockReport'] as const,
  list: (name: StockReportName, query: object) => [...reportKeys.all, name, query] as const,
  explain: (search: string) => [...reportKeys.all, 'explain', search] as const,
  show: (query: object) => [...reportKeys.all, 'show', query] as const,
  board: (query: object) => [...reportKeys.all, 'board', query] as const,
};
