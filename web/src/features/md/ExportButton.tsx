import type { EntityDef } from '@tpl/contracts';
import { entityApi, type EntityListQuery } from '../../api/entities';
import { ExportButton as ListExport } from '../../shared/ExportButton';

/** An entity list's export: the shared Export button over the entity's export route. */
export const ExportButton = ({ def, query }: { def: EntityDef; query: EntityListQuery }) => (
  <ListExport download={(opts) => entityApi.exportFile(def, query, opts)} />
);
