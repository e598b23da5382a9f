import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AppError } from '@tpl/contracts';
import type { AuthUser } from './auth-user';

/** The authenticated caller, set by AuthGuard. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
  if (!user) throw new AppError(401, 'errors.unauthorized');
  return user;
});

/** The caller as the actor events record (with the department, which data scopes read). */
export const actorOf = (user: AuthUser): { userId: string; account: string; name: string; deptId?: string } => ({
  userId: user.userId,
  account: user.account,
  name: user.name,
  ...(user.deptId ? { deptId: user.deptId } : {}),
});

/** What a command needs to know about its request: the caller and the correlation id. */
export type RequestMeta = { user: AuthUser; correlationId: string };

export const Meta = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestMeta => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser; correlationId?: string }>();
  if (!req.user) throw new AppError(401, 'errors.unauthorized');
  return { user: req.user, correlationId: req.correlationId ?? 'none' };
});
