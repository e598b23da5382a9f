import type { RouteObject } from 'react-router-dom';
import { documents } from '@tpl/contracts';
import { RequireAuth } from './auth/RequireAuth';
import { documentRoutes } from './features/documents/routes';
import { shellPageRoutes } from './features/pages/routes';
import { lazyPage } from './shared/lazyPage';
import { MenuGate } from './layout/MenuGate';
import type { RouteGrant } from './shared/menuGrant';
import { contexts } from './contexts';

// the signed-in layout and every page load after sign-in, each in its own chunk
const AppLayout = lazyPage(() => import('./layout/AppLayout').then((m) => m.AppLayout));

const BY_MENU: RouteGrant = {};

/** The entries a document type's pages belong to (its form, view and edit pages: its list's entry). */
const documentGrants = new Map<string, RouteGrant>(
  documents.flatMap((def) => [def.routes.list, def.routes.new, def.routes.view, def.routes.edit].map((path) => [path, { menus: [def.routes.list] }] as const)),
);
/** Pages no entry names, by route path: the entries whose pages they are (each context says its own). */
const PAGE_GRANTS: Record<string, RouteGrant> = Object.assign({}, ...contexts.map((c) => c.pageGrants ?? {}));

/**
 * Every page behind the user's menus (layout/MenuGate): a route shows where the menus grant it,
 * else the 403 page, whatever URL was typed; the shell's own pages are every user's.
 */
const gated = (routes: RouteObject[], grantOf: (path: string) => RouteGrant): RouteObject[] =>
  routes.map((r) => ({
    ...r,
    ...(r.element ? { element: <MenuGate grant={grantOf(r.path ?? '')}>{r.element}</MenuGate> } : {}),
    ...(r.children ? { children: gated(r.children, grantOf) } : {}),
  })) as RouteObject[];
const grantOf = (path: string): RouteGrant => PAGE_GRANTS[path] ?? documentGrants.get(path) ?? BY_MENU;

/**
 * The signed-in layout (tab pages) with the shell's pages and every feature's. This module is
 * itself loaded on demand (router.tsx patches it in on the first navigation that needs it): its
 * route tables read the contracts' registries (documents, entities, reports: zod schemas), which
 * the sign-in page never loads.
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      ...gated(
        [
          // a context's screens that replace a generic one (transport's signing screen): before the documents'
          ...contexts.flatMap((c) => c.overrides ?? []),
          // documents: every type of the contracts' registry, at the paths its description gives
          ...documentRoutes,
          // every context's own pages (master data's: any entity type of the contracts' registry)
          ...contexts.flatMap((c) => c.routes ?? []),
        ],
        grantOf,
      ),
      // the shell's own pages (home, dashboard, personal information, connection check, external frame): every user's
      ...shellPageRoutes,
    ],
  },
];
