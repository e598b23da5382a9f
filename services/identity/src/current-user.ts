import { randomUUID } from 'node:crypto';
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

/**
 * What a command needs to know about its request: the caller, the correlation id, and the
 * command's own id (one request carries one command: every event it leads to names this
 * id as its cause).
 */
export type RequestMeta = { user: AuthUser; correlationId: string; commandId: string };

type CommandRequest = { correlationId?: string; commandId?: string };

/** The id of the command a request carries, made once per request where it enters. */
export const commandIdOf = (req: CommandRequest): string => (req.commandId ??= randomUUID());

export const Meta = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestMeta => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser } & CommandRequest>();
  if (!req.user) throw new AppError(401, 'errors.unauthorized');
  return { user: req.user, correlationId: req.correlationId ?? 'none', commandId: commandIdOf(req) };
});

/** The correlation and command ids of a public request (no caller yet: sign-in, registration). */
export const RequestIds = createParamDecorator((_: unknown, ctx: ExecutionContext): { correlationId: string; commandId: string } => {
  const req = ctx.switchToHttp().getRequest<CommandRequest>();
  return { correlationId: req.correlationId ?? 'none', commandId: commandIdOf(req) };
});
