import { SetMetadata } from '@nestjs/common';

/** Who is calling: read from the access token only, never from the request body. */
export type AuthUser = {
  tenantId: string;
  userId: string;
  account: string;
  name: string;
  roles: string[];
  sessionId: string;
};

export const IS_PUBLIC = 'tpl:isPublic';
export const REQUIRED_ROLES = 'tpl:roles';

/** The route needs no user token (the token grant itself, health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** Only users holding one of these roles may call the route; admin always may. */
export const Roles = (...roles: string[]) => SetMetadata(REQUIRED_ROLES, roles);

export const REQUIRED_BUTTON = 'tpl:button';
/** The route is a button's command: the caller needs that button code (admin always has it). */
export const Button = (code: string) => SetMetadata(REQUIRED_BUTTON, code);

/** Where button codes come from (the menu and role records of system administration). */
export interface ButtonPermissions {
  codes(user: AuthUser): Promise<Set<string>>;
}
export const BUTTON_PERMISSIONS = Symbol('BUTTON_PERMISSIONS');
