import { ANY_RESOURCE, DATA_SCOPE_TYPES, type DataScopeColumn, type DataScopeType } from '@tpl/contracts';
import { ALL_ROWS, type RowScope } from '@tpl/identity';

/** A data scope record as the resolver reads it (the datascope entity). */
export type DataScopeRule = {
  resourceCode: string;
  scopeType: DataScopeType;
  scopeColumn?: DataScopeColumn;
  scopeDepts?: string[];
  scopeUsers?: string[];
};

/** What the resolver needs to know about the tenant's organisation. */
export type Organisation = {
  /** a department's code and every department below it */
  deptAndBelow(code: string): string[];
  /** user ids of the given accounts (custom scopes name users by account) */
  userIds(accounts: readonly string[]): string[];
};

export type ScopeSubject = {
  userId: string;
  deptId: string;
  /** per role the user holds (that exists), the data scopes allocated to it */
  roles: readonly (readonly DataScopeRule[])[];
};

/** One rule's rows for this user: undefined means every row. */
const rowsOf = (rule: DataScopeRule, who: ScopeSubject, org: Organisation): { users: string[]; depts: string[] } | undefined => {
  switch (rule.scopeType) {
    case DATA_SCOPE_TYPES.all:
      return undefined;
    case DATA_SCOPE_TYPES.own:
      return { users: [who.userId], depts: [] };
    case DATA_SCOPE_TYPES.dept:
      return { users: [], depts: who.deptId ? [who.deptId] : [] };
    case DATA_SCOPE_TYPES.deptAndBelow:
      return { users: [], depts: who.deptId ? org.deptAndBelow(who.deptId) : [] };
    case DATA_SCOPE_TYPES.custom:
      return rule.scopeColumn === 'createUser'
        ? { users: org.userIds(rule.scopeUsers ?? []), depts: [] }
        : { users: [], depts: rule.scopeDepts ?? [] };
  }
};

/**
 * The rows of `resource` a user sees. Per role: the scopes written for the resource, else
 * those written for every resource (`*`), else none, which means every row (BladeX: no
 * data scope, no restriction). Several roles or scopes: the union, so the widest wins. A
 * restricted user always sees what they created themselves. A user with no existing role
 * sees only their own rows.
 */
export const resolveRowScope = (resource: string, who: ScopeSubject, org: Organisation): RowScope => {
  const users = new Set<string>([who.userId]);
  const depts = new Set<string>();
  for (const rules of who.roles) {
    const specific = rules.filter((r) => r.resourceCode === resource);
    const applying = specific.length ? specific : rules.filter((r) => r.resourceCode === ANY_RESOURCE);
    if (!applying.length) return ALL_ROWS;
    for (const rule of applying) {
      const rows = rowsOf(rule, who, org);
      if (!rows) return ALL_ROWS;
      rows.users.forEach((u) => users.add(u));
      rows.depts.forEach((d) => depts.add(d));
    }
  }
  return { all: false, users: [...users], depts: [...depts] };
};
