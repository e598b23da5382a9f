import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ADMIN_ROLE, ALL_ACCESS, AppError, holds } from '@tpl/contracts';
import { setRequestTenant } from '@tpl/event-store';
import { AuthService } from './auth.service';
import { apiAllowed, pathOf } from './api-permissions';
import { ACCESS_RULES, EVERY_USER, IS_PUBLIC, REQUIRED_BUTTON, REQUIRED_ROLES, type AccessRules, type AuthUser } from './auth-user';

type RequestWithUser = { headers: Record<string, string | string[] | undefined>; query?: unknown; url?: string; user?: AuthUser };

const header = (req: RequestWithUser, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const TENANT_ID = /^[\w-]{1,32}$/;
const tenantNamed = (req: RequestWithUser): string | undefined => {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.tenantId;
  const named = typeof fromQuery === 'string' ? fromQuery.trim() : header(req, 'tenant-id');
  return named && TENANT_ID.test(named) ? named : undefined;
};

export const isAdmin = (user: AuthUser) => user.roles.includes(ADMIN_ROLE);
const forbidden = () => new AppError(403, 'errors.forbidden');
// each wall words its own refusal, so the user (and a test) can tell which one said no
const buttonRequired = () => new AppError(403, 'errors.buttonRequired');
const apiForbidden = () => new AppError(403, 'errors.apiForbidden');
const tenantMismatch = () => new AppError(403, 'errors.tenantMismatch');

/**
 * Every route needs a valid user token unless marked @Public. The tenant is the token's; a
 * Tenant-Id header naming another tenant is refused, not obeyed. Then, unless the caller is
 * an administrator: @Roles, the API permissions covering the URL, and @Button.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
    @Optional() @Inject(ACCESS_RULES) private readonly rules?: AccessRules,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // a route before sign-in works in the tenant it names (the sign-in form's tenant), or in none
      const named = tenantNamed(req);
      if (named) setRequestTenant(named);
      return true;
    }
    const user = await this.auth.authenticate(header(req, 'blade-auth'));
    const tenantHeader = header(req, 'tenant-id');
    if (tenantHeader && tenantHeader !== user.tenantId) throw tenantMismatch();
    req.user = user;
    setRequestTenant(user.tenantId);
    if (isAdmin(user)) return true;
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.some((r) => user.roles.includes(r))) throw forbidden();
    if (!this.rules) return true;
    const button = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_BUTTON, targets);
    const codes = await this.rules.codes(user);
    if (!this.reflector.getAllAndOverride<boolean>(EVERY_USER, targets) && !codes.has(ALL_ACCESS)) {
      const { scopes, granted } = await this.rules.apiScopes(user);
      if (!apiAllowed(scopes, granted, pathOf(req.url ?? '/'))) throw apiForbidden();
    }
    if (button && !holds(codes, button)) throw buttonRequired();
    return true;
  }
}

/** For a route whose button depends on its input (submit: add or edit; the entity framework's commands). */
@Injectable()
export class ButtonCheck {
  constructor(@Optional() @Inject(ACCESS_RULES) private readonly rules?: AccessRules) {}

  async has(user: AuthUser, code: string): Promise<boolean> {
    return !this.rules || isAdmin(user) || holds(await this.rules.codes(user), code);
  }

  async require(user: AuthUser, code: string): Promise<void> {
    if (!(await this.has(user, code))) throw buttonRequired();
  }
}
