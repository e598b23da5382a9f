import type { ReactNode } from 'react';
import { useLocation, useParams, type RouteObject } from 'react-router-dom';
import { documents, type DocumentDef } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';
import { usePageSubject, type PageHandle } from '../../shared/widgets/pageTitle';
import { useDocument } from './hooks';

// each page loads with its first visit (its own chunk)
const DocumentFormPage = lazyPage(() => import('./DocumentFormPage').then((m) => m.DocumentFormPage));
const DocumentListPage = lazyPage(() => import('./DocumentListPage').then((m) => m.DocumentListPage));
const DocumentViewPage = lazyPage(() => import('./DocumentViewPage').then((m) => m.DocumentViewPage));

/**
 * One generic route set per document type of the registry, at the paths its description
 * gives (spec 01's routes: /consignmentOrderbill, .../consignmentOrderbillAdd, ...View/:id, ...Edit/:id).
 */
export const routesOfDocument = (def: DocumentDef): RouteObject[] => {
  const page = (mode: NonNullable<PageHandle['page']>['mode']): PageHandle => ({ page: { titleKey: `${def.name}.title`, mode } });
  /** a page of one document: its tab named by the bill number once read */
  const named = (element: ReactNode) => (
    <>
      <BillNoSubject def={def} />
      {element}
    </>
  );
  return [
    { path: def.routes.list, element: <DocumentListPage key={def.name} def={def} /> },
    { path: def.routes.new, element: <DocumentFormPage key={def.name} def={def} />, handle: page('new') },
    { path: def.routes.view, element: named(<DocumentViewPage key={def.name} def={def} />), handle: page('view') },
    { path: def.routes.edit, element: named(<DocumentFormPage key={def.name} def={def} />), handle: page('edit') },
  ];
};

/**
 * Names the page after the document's bill number once it is read (its tab: "入库单 · 查看 ·
 * RK2026…"). The page reads the same document (one query, one request).
 */
const BillNoSubject = ({ def }: { def: DocumentDef }) => {
  const { id } = useParams();
  const { pathname } = useLocation();
  const doc = useDocument(def, id);
  usePageSubject(pathname, doc.data?.billNo);
  return null;
};

export const documentRoutes: RouteObject[] = documents.flatMap(routesOfDocument);
