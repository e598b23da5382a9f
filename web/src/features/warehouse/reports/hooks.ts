import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StockReportName } from '@tpl/contracts';
import { reportKeys, reportsApi, type ReportQuery } from './api';

/** Reports are reads of a ledger that moves: fetched when shown, never cached as current for long. */
export const useReport = (name: StockReportName, query: ReportQuery) =>
  useQuery({ queryKey: reportKeys.list(name, query), queryFn: ({ signal }) => reportsApi.list(name, query, signal), placeholderData: keepPreviousData });

export const useExplain = (search: URLSearchParams | undefined) =>
  useQuery({
    queryKey: reportKeys.explain(search?.toString() ?? ''),
    queryFn: ({ signal }) => reportsApi.explain(search!, signal),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
  });

export const useShow = (query: ReportQuery, enabled: boolean) =>
  useQuery({ queryKey: reportKeys.show(query), queryFn: ({ signal }) => reportsApi.show(query, signal), enabled, placeholderData: keepPreviousData });

export const useBoard = (query: ReportQuery, enabled: boolean) =>
  useQuery({ queryKey: reportKeys.board(query), queryFn: ({ signal }) => reportsApi.board(query, signal), enabled });
