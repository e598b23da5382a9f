import { SetMetadata } from '@nestjs/common';

/** Who is calling: read from the access token only, never from the request body. */
export type AuthUser = {
  tenantId: string;
  userId: string;
  account: string;
  name: string;
  roles: string[];
  sessionId: string;
  /** the user's department code ('' when none): records and documents are stamped with it, data scopes read it */
  deptId: string;
  /**
   * The customer a cargo owner's user is bound to (the user record's customerCode, re-read with
   * the roles): such a user sees only that owner's rows (ownerScopeOf). Absent or '' for staff.
   */
  customerCode?: string;
};

export const IS_PUBLIC = 'tpl:isPublic';
export const REQUIRED_ROLES = 'tpl:roles';

/** The route needs no user token (the token grant itself, health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** Only users holding one of these roles may call the route; admin always may. */
export const Roles = (...roles: string[]) => SetMetadata(REQUIRED_ROLES, roles);

export const REQUIRED_BUTTON = 'tpl:button';
/** The route is a button's command: the caller needs that button code (admin and the wildcard always pass). */
export const Button = (code: string) => SetMetadata(REQUIRED_BUTTON, code);

export const EVERY_USER = 'tpl:everyUser';
/**
 * Every signed-in user may call the route whatever API permissions say: the calls the
 * console needs to show itself at all (menus, buttons, user info, token check, log out).
 */
export const EveryUser = () => SetMetadata(EVERY_USER, true);

/** An API permission (apiscope) as the guard matches it: a URL pattern, or every API (scope type ALL). */
export type ApiScopeRule = { code: string; url: string; all: boolean };

/**
 * What system administration allocated to the user's roles, read by the guard: button codes
 * (menu records of category BUTTON, with ALL_ACCESS as the wildcard), the tenant's API
 * permissions and the ones granted to the roles.
 */
export interface AccessRules {
  codes(user: AuthUser): Promise<Set<string>>;
  apiScopes(user: AuthUser): Promise<{ scopes: readonly ApiScopeRule[]; granted: ReadonlySet<string> }>;
}
export const ACCESS_RULES = Symbol('ACCESS_RULES');
