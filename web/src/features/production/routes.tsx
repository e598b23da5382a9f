import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { GENEALOGY_PATH } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';

// loads with its first visit (its own chunk)
const GenealogyPage = lazyPage(() => import('./GenealogyPage').then((m) => m.GenealogyPage));

/** Spec 01 /secondaryProcessing/batchForm: the lot genealogy (the documents' screens are the kit's). */
export const productionRoutes: RouteObject[] = [
  {
    path: GENEALOGY_PATH,
    element: <GenealogyPage />,
    handle: { name: '批次追溯', titleKey: 'production.genealogy.title', title: (t: TFunction) => t('production.genealogy.title') },
  },
];
