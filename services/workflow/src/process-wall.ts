import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@tpl/contracts';
import { ROW_SCOPES, ownerScopeOf, ownerScopeSql, rowScopeSql, type AuthUser, type OwnerScope, type RowScope, type RowScopes } from '@tpl/identity';
import { ReviewRegistry } from './review/review.port';

/**
 * Which processes a user may see (docs/DOMAIN.md, "Approvals behind the document's walls"): those
 * of documents the user may see. A process keeps the scope of the document it reviews as it was
 * submitted (its cargo owner, who made it and in which department: the ProcessInstanceStarted
 * event's `scope`, projected into wf_instances), so the same rules the document's own list applies
 * apply to its process: a cargo owner's user sees only processes of its own customer's documents
 * (none naming no customer, leave requests and free processes included); a user whose data scope
 * over a document type is restricted sees that type's processes only of the documents it covers.
 */
export type ProcessWall = { owners: OwnerScope; rows: Readonly<Record<string, RowScope>> };

/** No wall: the operator's staff with no restricted scope, and the system's own reads. */
export const OPEN_WALL: ProcessWall = { owners: { all: true }, rows: {} };

/**
 * The wall as a condition over wf_instances (as `alias`), its values appended to params;
 * undefined when nothing is hidden. Pure: the lists, the reads by id and the tests share it.
 */
export const processWallSql = (wall: ProcessWall, alias: string, params: unknown[]): string | undefined => {
  const clauses: string[] = [];
  const owned = ownerScopeSql(wall.owners, `${alias}.customer_code`, params);
  if (owned) clauses.push(owned);
  const restricted = Object.entries(wall.rows).filter(([, scope]) => !scope.all);
  if (restricted.length) {
    const branches = restricted.map(([type, scope]) => {
      params.push(type);
      const at = params.length;
      return `WHEN $${at} THEN COALESCE(${rowScopeSql(scope, `${alias}.doc_created_by`, `${alias}.doc_created_dept`, params)!}, FALSE)`;
    });
    clauses.push(`(CASE ${alias}.document_type ${branches.join(' ')} ELSE TRUE END)`);
  }
  return clauses.length ? `(${clauses.join(' AND ')})` : undefined;
};

/** A process outside the wall answers as if it did not exist (404), as its document does. */
export const hiddenProcess = (instanceId: string) => new AppError(404, 'flow.errors.instanceNotFound', { id: instanceId });

/** The wall of a user: its cargo owner binding and its data scope over each reviewable document type. */
@Injectable()
export class ProcessWalls {
  constructor(
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
    @Inject(ReviewRegistry) private readonly registry: ReviewRegistry,
  ) {}

  async of(user: AuthUser): Promise<ProcessWall> {
    const rows: Record<string, RowScope> = {};
    for (const doc of this.registry.all()) rows[doc.documentType] = await this.scopes.rowScope(user, doc.documentType);
    return { owners: ownerScopeOf(user), rows };
  }
}
