import { AppError, type DocumentDef, type DocumentOf } from '@tpl/contracts';
import { documentOf, type DocumentService } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';

/** A live document (not removed) of the type, read in the transaction when one is given; undefined when none. */
export const liveDoc = async <D extends DocumentDef>(documents: DocumentService, def: D, tenantId: string, id: string | undefined, uow?: UnitOfWork): Promise<DocumentOf<D> | undefined> => {
  if (!id) return undefined;
  try {
    const d = documentOf(def, await documents.detail(def, tenantId, id, undefined, uow));
    return d.removed ? undefined : d;
  } catch (e) {
    if (e instanceof AppError && e.code === 404) return undefined;
    throw e;
  }
};
