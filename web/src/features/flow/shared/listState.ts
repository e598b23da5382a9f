import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tpl/contracts';
import type { TablePaginationConfig } from 'antd';

/**
 * A server-paged list's page and filters, kept in the URL (back/forward and shared links
 * restore them). Filters are plain strings; empty ones leave the URL.
 */
export const useListState = <F extends string>(filterNames: readonly F[]) => {
  const [params, setParams] = useSearchParams();
  const current = Math.max(1, Number(params.get('current')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const key = params.toString();
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? undefined])) as Partial<Record<F, string>>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const query = useMemo(() => ({ current, size, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) }), [current, size, filters]);

  const setFilters = (next: Partial<Record<F, string | undefined>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next) as [string, string | undefined][]) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    p.delete('current');
    setParams(p);
  };
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current,
    pageSize: size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    onChange: (c, s) => {
      const p = new URLSearchParams(params);
      p.set('current', String(s !== size ? 1 : c));
      p.set('size', String(s));
      setParams(p);
    },
  });
  return { query, filters, setFilters, pagination };
};
