import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@tpl/contracts';
import { setRequestTenant } from '@tpl/event-store';
import { AuthService } from './auth.service';
import { BUTTON_PERMISSIONS, IS_PUBLIC, REQUIRED_BUTTON, REQUIRED_ROLES, type AuthUser, type ButtonPermissions } from './auth-user';

type RequestWithUser = { headers: Record<string, string | string[] | undefined>; query?: unknown; user?: AuthUser };

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

/**
 * Every route needs a valid user token unless marked @Public. The tenant is the
 * token's; a Tenant-Id header naming another tenant is refused, not obeyed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
    @Optional() @Inject(BUTTON_PERMISSIONS) private readonly buttons?: ButtonPermissions,
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
    if (tenantHeader && tenantHeader !== user.tenantId) throw new AppError(403, 'errors.forbidden');
    req.user = user;
    setRequestTenant(user.tenantId);
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !user.roles.includes('admin') && !roles.some((r) => user.roles.includes(r))) {
      throw new AppError(403, 'errors.forbidden');
    }
    const button = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_BUTTON, targets);
    if (button && this.buttons && !user.roles.includes('admin') && !(await this.buttons.codes(user)).has(button)) {
      throw new AppError(403, 'errors.forbidden');
    }
    return true;
  }
}

/** For a route whose button depends on its input (submit: add or edit). */
@Injectable()
export class ButtonCheck {
  constructor(@Optional() @Inject(BUTTON_PERMISSIONS) private readonly buttons?: ButtonPermissions) {}

  async require(user: AuthUser, code: string): Promise<void> {
    if (!this.buttons || user.roles.includes('admin')) return;
    if (!(await this.buttons.codes(user)).has(code)) throw new AppError(403, 'errors.forbidden');
  }
}
