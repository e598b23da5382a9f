import { useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { authFlowRoutes } from '@tpl/contracts';
import { callRoute, request } from '../api/client';
import { useSession } from '../auth/session';
import type { ErrorLogEntry } from '../shell/errorLog';
import type { MenuNode, TopMenu } from '../shared/menu';

/** TanStack Query keys of the shell's menus; `all` is what the refresh entry reloads. */
export const shellKeys = {
  all: ['shell', 'menus'] as const,
  top: (user: string) => [...shellKeys.all, 'top', user] as const,
  routes: (user: string, topMenuId: string) => [...shellKeys.all, 'routes', user, topMenuId] as const,
};

/** The button permissions' query key prefix (auth/buttons.ts): reloaded with the menus. */
const BUTTONS_KEY = ['permissions', 'buttons'] as const;

export const shellApi = {
  topMenus: (signal?: AbortSignal) => request<TopMenu[]>('GET', '/api/bl-system/topmenu/listByParams', { query: { filter: 1 }, signal }),
  routes: (topMenuId: string, signal?: AbortSignal) => request<MenuNode[]>('GET', '/api/bl-system/menu/routes', { query: { topMenuId }, signal }),
  uploadErrorLogs: (entries: ErrorLogEntry[]) => callRoute(authFlowRoutes.errorLogUpload, { body: entries }),
};

/**
 * The signed-in user's top menus and, per top menu, its menu tree (all loaded, so the search
 * box finds every entry and a URL shows the top menu it belongs to).
 */
export const useShellMenus = () => {
  const session = useSession();
  const user = session ? `${session.token.tenantId}/${session.token.userId}` : '';
  const top = useQuery({
    queryKey: shellKeys.top(user),
    queryFn: ({ signal }) => shellApi.topMenus(signal),
    enabled: Boolean(session),
    staleTime: Infinity,
  });
  const tops = useMemo(() => top.data ?? [], [top.data]);
  const trees = useQueries({
    queries: tops.map((t) => ({
      queryKey: shellKeys.routes(user, t.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => shellApi.routes(t.id, signal),
      staleTime: Infinity,
    })),
  });
  const treeData = trees.map((q) => q.data);
  const byTop = useMemo(() => {
    const map = new Map<string, MenuNode[] | undefined>();
    tops.forEach((t, i) => map.set(t.id, treeData[i]));
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tops, ...treeData]);
  return { tops, byTop, loading: top.isLoading || trees.some((q) => q.isLoading) };
};

/** The refresh entry: menus and button permissions loaded again from the server. */
export const useReloadMenus = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: shellKeys.all }), client.invalidateQueries({ queryKey: BUTTONS_KEY })]);
};
