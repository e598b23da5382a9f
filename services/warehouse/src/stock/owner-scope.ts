import { ownerScopeOf, type AuthUser, type OwnerScope } from '@tpl/identity';

export type { OwnerScope } from '@tpl/identity';

/**
 * Which cargo owners' stock a user may see: every owner for the operator's staff, only
 * their own for a cargo owner's users. Every stock read, stream read, report and explain of
 * the warehouse asks it; documents apply the same binding through the kit.
 */
export interface OwnerScopes {
  of(user: AuthUser): Promise<OwnerScope>;
}
export const OWNER_SCOPES = Symbol('OWNER_SCOPES');

/**
 * The binding identity keeps: a user record's customerCode (re-read with the user's roles at
 * every request, so unbinding a user takes effect within seconds) makes its user a cargo
 * owner's, who sees that customer's rows only.
 */
export class BoundOwners implements OwnerScopes {
  async of(user: AuthUser): Promise<OwnerScope> {
    return ownerScopeOf(user);
  }
}
