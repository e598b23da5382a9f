import type { RouteObject } from 'react-router-dom';
import { documents, type DocumentDef } from '@tpl/contracts';
import { DocumentFormPage } from './DocumentFormPage';
import { DocumentListPage } from './DocumentListPage';
import { DocumentViewPage } from './DocumentViewPage';

/**
 * One generic route set per document type of the registry, at the paths its description
 * gives (spec 01's routes: /transport/consignment, .../new, .../:id, .../:id/edit).
 */
export const routesOfDocument = (def: DocumentDef): RouteObject[] => [
  { path: def.routes.list, element: <DocumentListPage key={def.name} def={def} /> },
  { path: def.routes.new, element: <DocumentFormPage key={def.name} def={def} /> },
  { path: def.routes.view, element: <DocumentViewPage key={def.name} def={def} /> },
  { path: def.routes.edit, element: <DocumentFormPage key={def.name} def={def} /> },
];

export const documentRoutes: RouteObject[] = documents.flatMap(routesOfDocument);
