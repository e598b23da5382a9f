import type { AuthUser } from './auth-user';

/**
 * Which rows of a resource a user may see: all of them, or those created by one of
 * `users` or in one of `depts` (a row matching either is visible).
 */
export type RowScope = { all: true } | { all: false; users: string[]; depts: string[] };
export const ALL_ROWS: RowScope = { all: true };

/**
 * The port every context asks for a user's data scope over one of its resources (an
 * entity's name, or a document type): the access context answers it from the data scope
 * records allocated to the user's roles; the host binds it.
 */
export interface RowScopes {
  rowScope(user: AuthUser, resource: string): Promise<RowScope>;
}
export const ROW_SCOPES = Symbol('ROW_SCOPES');

/**
 * The SQL condition of a scope over a table's created-by and created-in-department columns;
 * its values are appended to params.
 */
export const rowScopeSql = (scope: RowScope, userColumn: string, deptColumn: string, params: unknown[]): string | undefined => {
  if (scope.all) return undefined;
  params.push(scope.users, scope.depts);
  return `(${userColumn} = ANY($${params.length - 1}::text[]) OR ${deptColumn} = ANY($${params.length}::text[]))`;
};
