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
 * Which cargo owners' rows a user may see: every owner's (the operator's staff), or only the
 * customers the user is bound to (a cargo owner's user: the user record's customerCode).
 * Stock, the stock stream, the stock reports and every document naming a customer apply it.
 */
export type OwnerScope = { all: true } | { all: false; customers: readonly string[] };
export const ALL_OWNERS: OwnerScope = { all: true };

export const ownerScopeOf = (user: Pick<AuthUser, 'customerCode'>): OwnerScope =>
  user.customerCode ? { all: false, customers: [user.customerCode] } : ALL_OWNERS;

/** The SQL condition of an owner scope over a table's customer column (a row naming no customer is not an owner's); its value is appended to params. */
export const ownerScopeSql = (scope: OwnerScope, customerColumn: string, params: unknown[]): string | undefined => {
  if (scope.all) return undefined;
  params.push(scope.customers);
  return `${customerColumn} = ANY($${params.length}::text[])`;
};

/**
 * The SQL condition of a scope over a table's created-by and created-in-department columns;
 * its values are appended to params.
 */
export const rowScopeSql = (scope: RowScope, userColumn: string, deptColumn: string, params: unknown[]): string | undefined => {
  if (scope.all) return undefined;
  params.push(scope.users, scope.depts);
  return `(${userColumn} = ANY($${params.length - 1}::text[]) OR ${deptColumn} = ANY($${params.length}::text[]))`;
};
