import type { AuthUser } from '@tpl/identity';
import type { OwnerScope } from './stock.queries';

/**
 * Which cargo owners' stock a user may see: every owner for the operator's staff, only
 * their own for a cargo owner's users. Answered by whoever knows users' bindings to
 * customers (the access context); the warehouse only applies it.
 */
export interface OwnerScopes {
  of(user: AuthUser): Promise<OwnerScope>;
}
export const OWNER_SCOPES = Symbol('OWNER_SCOPES');

/** Until users can be bound to customers: every owner of the tenant. */
export class AllOwners implements OwnerScopes {
  async of(): Promise<OwnerScope> {
    return { all: true };
  }
}
