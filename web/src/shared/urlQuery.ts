/**
 * A list's page, sort and filters live in the URL; the contracts' list query schema (the one
 * the server validates with) reads them back. Shared by the entity lists and the document lists.
 */
type QuerySchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
};

/** URL parameters to a valid query; a parameter the schema refuses is dropped, not fatal. `skip`: parameters the URL never carries. */
export const parseUrlQuery = <T>(schema: QuerySchema<T>, params: URLSearchParams, fallback: T, skip: ReadonlySet<string> = new Set()): T => {
  let raw: Record<string, string> = Object.fromEntries([...params].filter(([key, value]) => value !== '' && !skip.has(key)));
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !refused.has(key)));
  }
  return fallback;
};

/** A query to URL parameters, leaving out what equals the default. */
export const toUrlSearch = (query: object, defaults: object, skip: ReadonlySet<string> = new Set()): URLSearchParams => {
  const params = new URLSearchParams();
  const base = defaults as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || base[key] === value || skip.has(key)) continue;
    params.set(key, String(value));
  }
  return params;
};
