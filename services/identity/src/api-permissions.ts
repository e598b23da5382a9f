import picomatch from 'picomatch';
import type { ApiScopeRule } from './auth-user';

/**
 * API permissions (BladeX semantics): a URL that at least one of the tenant's API
 * permissions covers may be called only by roles granted a permission that covers it; a
 * URL that none covers stays open to every signed-in user of the tenant. Patterns are
 * Ant-style paths: `*` within one segment, `**` across segments (`/api/bl-system/**`); the
 * query string is never part of the match.
 */
const compiled = new Map<string, (path: string) => boolean>();

const matcherOf = (pattern: string) => {
  let m = compiled.get(pattern);
  if (!m) {
    m = picomatch(pattern.trim().replace(/\/+$/, '') || '/', { dot: true, nocase: true });
    if (compiled.size > 5_000) compiled.clear();
    compiled.set(pattern, m);
  }
  return m;
};

export const pathOf = (url: string): string => {
  const p = url.split('?')[0]!.split('#')[0]!.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  try {
    return decodeURIComponent(p) || '/';
  } catch {
    return p || '/';
  }
};

export const covers = (rule: ApiScopeRule, path: string): boolean => rule.all || matcherOf(rule.url)(path);

/** Whether a caller granted `granted` may call `path` under the tenant's `scopes`. */
export const apiAllowed = (scopes: readonly ApiScopeRule[], granted: ReadonlySet<string>, path: string): boolean => {
  const covering = scopes.filter((s) => covers(s, path));
  return covering.length === 0 || covering.some((s) => granted.has(s.code));
};
