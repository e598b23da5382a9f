import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { SYSENUM_BUILTIN } from '@tpl/contracts';
import { EntityRoute } from '../md/entityRoute';
import { paths } from '../../paths';
import { lazyPage } from '../../shared/lazyPage';

// the entity kit's screens, each in its own chunk
const EntityListPage = lazyPage(() => import('../md/EntityListPage').then((m) => m.EntityListPage));
const EntityFormPage = lazyPage(() => import('../md/EntityFormPage').then((m) => m.EntityFormPage));
const EntityViewPage = lazyPage(() => import('../md/EntityViewPage').then((m) => m.EntityViewPage));
const BuiltInEnumsPage = lazyPage(() => import('./enums/BuiltInEnumsPage').then((m) => m.BuiltInEnumsPage));

/**
 * Master data: any entity type of the contracts' registry on the entity kit's screens (an unknown
 * one is the 404 page), and the built-in enumerations' read-only page (a static path, so it wins
 * over `/md/:entity`).
 */
export const masterdataRoutes: RouteObject[] = [
  { path: SYSENUM_BUILTIN.path, element: <BuiltInEnumsPage />, handle: { name: SYSENUM_BUILTIN.name, titleKey: SYSENUM_BUILTIN.alias, title: (t: TFunction) => t(SYSENUM_BUILTIN.alias) } },
  { path: paths.mdList(':entity'), element: <EntityRoute render={(def) => <EntityListPage def={def} />} /> },
  { path: paths.mdNew(':entity'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
  { path: paths.mdView(':entity', ':id'), element: <EntityRoute render={(def) => <EntityViewPage def={def} />} /> },
  { path: paths.mdEdit(':entity', ':id'), element: <EntityRoute render={(def) => <EntityFormPage def={def} />} /> },
];
