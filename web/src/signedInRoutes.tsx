import type { RouteObject } from 'react-router-dom';
import { REPORT_PATHS, consignmentDocument, documentByName, documents } from '@tpl/contracts';
import { RequireAuth } from './auth/RequireAuth';
import { documentRoutes } from './features/documents/routes';
import { EntityRoute } from './features/md/entityRoute';
import { paths } from './paths';
import { flowRoutes } from './features/flow/routes';
import { registrationRoutes } from './features/system/registrations/routes';
import { shellPageRoutes } from './features/pages/routes';
import { reportRoutes } from './features/reports/routes';
import { billingRoutes } from './features/billing/routes';
import { transportRoutes } from './features/transport/routes';
import { warehouseRoutes } from './features/warehouse/routes';
import { lazyPage } from './shared/lazyPage';
import { MenuGate } from './layout/MenuGate';
import type { RouteGrant } from './layout/menuGrant';
import { flowPaths, inboxTabs } from './features/flow/paths';

// the signed-in layout and every page load after sign-in, each in its own chunk
const AppLayout = lazyPage(() => import('./layout/AppLayout').then((m) => m.AppLayout));
const EntityListPage = lazyPage(() => import('./features/md/EntityListPage').then((m) => m.EntityListPage));
const EntityFormPage = lazyPage(() => import('./features/md/EntityFormPage').then((m) => m.EntityFormPage));
const EntityViewPage = lazyPage(() => import('./features/md/EntityViewPage').then((m) => m.EntityViewPage));

const BY_MENU: RouteGrant = {};

/** The entries a document type's pages belong to (its form, view and edit pages: its list's entry). */
const documentGrants = new Map<string, RouteGrant>(
  documents.flatMap((def) => [def.routes.list, def.routes.new, def.routes.view, def.routes.edit].map((path) => [path, { menus: [def.routes.list] }] as const)),
);
const deliveryList = documentByName('deliverybill')?.routes.list;
const inboxEntries = inboxTabs.map(flowPaths.inbox);
/**
 * Pages no entry names, by route path: the entries whose pages they are. The process page also
 * belongs to the entry of the document type it shows the review of (a cargo owner reads the
 * approval of its own order from the order).
 */
const PAGE_GRANTS: Record<string, RouteGrant> = {
  '/flowable/work/detail': {
    menus: (search) => {
      const reviewed = documentByName(search.get('documentType') ?? '');
      return [...inboxEntries, flowPaths.start, flowPaths.definitions, ...(reviewed ? [reviewed.routes.list] : [])];
    },
  },
  '/task/process/leave/form/:processDefinitionId': { menus: [flowPaths.start] },
  '/task/process/leave/handle/:taskId/:processInstanceId/:businessId': { menus: inboxEntries },
  '/task/process/leave/detail/:processInstanceId/:businessId': { menus: [...inboxEntries, flowPaths.start] },
  [REPORT_PATHS.stockDetailShow]: { menus: [REPORT_PATHS.stockDetail] },
  ...(deliveryList ? { [documentByName('deliverybill')!.routes.edit]: { menus: [deliveryList] } } : {}),
  '/transport/consignment': { menus: [consignmentDocument.routes.list] },
  '/transport/consignment/new': { menus: [consignmentDocument.routes.list] },
  '/transport/consignment/:id': { menus: [consignmentDocument.routes.list] },
  '/transport/consignment/:id/edit': { menus: [consignmentDocument.routes.list] },
};

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
          // transport's own screens (the board, signing, the chain timeline): before the documents', whose
          // generic edit screen of the delivery bill the signing screen replaces
          ...transportRoutes,
          // documents: every type of the contracts' registry, at the paths its description gives
          ...documentRoutes,
          // master data: any entity type of the contracts' registry; an unknown one is the 404 page
          { path: paths.mdList(':entity'), element: <EntityRoute render={(def) => <EntityListPage def={def} />} /> },
          { path: paths.mdNew(':entity'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
          { path: paths.mdView(':entity', ':id'), element: <EntityRoute render={(def) => <EntityViewPage def={def} />} /> },
          { path: paths.mdEdit(':entity', ':id'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
          ...flowRoutes,
          ...reportRoutes,
          ...warehouseRoutes,
          ...billingRoutes,
          ...registrationRoutes,
        ],
        grantOf,
      ),
      // the shell's own pages (home, dashboard, personal information, connection check, external frame): every user's
      ...shellPageRoutes,
    ],
  },
];
