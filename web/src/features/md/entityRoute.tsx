import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { entityByName, type EntityDef } from '@tpl/contracts';
import { NotFoundPage } from '../../shared/widgets/ErrorPages';

/**
 * /md/:entity/... — the entity type named in the URL, or the 404 page. Keyed by the name so
 * that moving from one entity to another starts the screen afresh (filters, selection).
 */
export const EntityRoute = ({ render }: { render: (def: EntityDef) => ReactNode }) => {
  const { entity } = useParams();
  const def = entity ? entityByName(entity) : undefined;
  if (!def) return <NotFoundPage />;
  return <EntityScope key={def.name}>{render(def)}</EntityScope>;
};

const EntityScope = ({ children }: { children: ReactNode }) => <>{children}</>;
