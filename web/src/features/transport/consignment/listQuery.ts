import { consignmentListQuerySchema, type ConsignmentListQuery } from '@tpl/contracts';

/** The list's filters, page and sort live in the URL; the contracts' query schema reads them back. */
export const DEFAULT_LIST_QUERY: ConsignmentListQuery = consignmentListQuerySchema.parse({});

/** URL parameters to a valid query; a parameter the schema refuses is dropped, not fatal. */
export const parseListQuery = (params: URLSearchParams): ConsignmentListQuery => {
  let raw: Record<string, string> = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = consignmentListQuerySchema.safeParse(raw);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !refused.has(key)));
  }
  return DEFAULT_LIST_QUERY;
};

/** A query to URL parameters, leaving out what equals the default. */
export const toListSearch = (query: ConsignmentListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || DEFAULT_LIST_QUERY[key as keyof ConsignmentListQuery] === value) continue;
    params.set(key, String(value));
  }
  return params;
};
