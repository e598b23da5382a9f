import { Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ADMIN_ROLE, AppError, PLATFORM_TENANT, ok, parseOrThrow, PROJECTION, reportRoutes as R, type ProjectionStatus, type RebuildProjectionQuery } from '@tpl/contracts';
import { NotRebuildableError, PROJECTOR, UnknownProjectionError, type Projector, type ProjectionStatus as Status } from '@tpl/event-store';
import { CurrentUser, type AuthUser } from '@tpl/identity';

/** The contract's shape of one projection's state. */
const statusOf = (s: Status): ProjectionStatus => ({ ...s });

/**
 * /api/bl-report/projections: the asynchronous read models of the whole installation,
 * every tenant's events included, so only the platform's administrators (tenant 000000,
 * role admin) see them or rebuild one; a tenant's administrator gets 403.
 */
@Controller()
export class ProjectionsController {
  constructor(@Inject(PROJECTOR) private readonly projector: Projector) {}

  private platformAdmin(user: AuthUser) {
    if (user.tenantId !== PLATFORM_TENANT || !user.roles.includes(ADMIN_ROLE)) throw new AppError(403, 'errors.forbidden');
  }

  @Get(R.projections.path)
  async list(@CurrentUser() user: AuthUser) {
    this.platformAdmin(user);
    return ok((await this.projector.status()).map(statusOf));
  }

  /** Answers at once with the projection marked rebuilding; it catches up in the background. */
  @Post(R.rebuildProjection.path)
  @HttpCode(200)
  async rebuild(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    this.platformAdmin(user);
    const { name } = parseOrThrow(R.rebuildProjection.query!, query, PROJECTION) as RebuildProjectionQuery;
    try {
      await this.projector.rebuild(name);
    } catch (err) {
      if (err instanceof UnknownProjectionError) throw new AppError(404, 'errors.projectionNotFound', { name });
      if (err instanceof NotRebuildableError) throw new AppError(409, 'errors.projectionNotRebuildable', { name });
      throw err;
    }
    return ok(statusOf((await this.projector.status()).find((s) => s.name === name)!));
  }
}
