import type { DocumentDef } from '@tpl/contracts';
import type { DocumentService } from '@tpl/documents';
import { ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';

/**
 * Refuses (404) documents the signed-in user may not see: its data scope for the type and its
 * cargo-owner scope. What every warehouse route that reads or prints one document by id asks first.
 */
export const assertUserSees = async (documents: DocumentService, scopes: RowScopes, user: RequestMeta['user'], def: DocumentDef, ids: readonly string[]): Promise<void> =>
  documents.assertVisible(def, user.tenantId, ids, await scopes.rowScope(user, def.name), ownerScopeOf(user));
