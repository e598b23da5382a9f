import { Controller, Get, Query } from '@nestjs/common';
import { ok, parseOrThrow, reportRoutes as R, type DashboardQuery } from '@tpl/contracts';
import { CurrentUser, EveryUser, type AuthUser } from '@tpl/identity';
import { ReportQueries } from './report.queries';

/**
 * /api/bl-report. The dashboard is an ordinary read call: API permissions that cover its URL
 * apply as to any list. The home page's figures are every signed-in user's (the first page
 * must open for everyone); both count only what the caller's data scopes let them see.
 */
@Controller()
export class ReportController {
  constructor(private readonly queries: ReportQueries) {}

  @Get(R.dashboard.path)
  async dashboard(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    const q = parseOrThrow(R.dashboard.query!, query, 'report') as DashboardQuery;
    return ok(await this.queries.dashboard(user, q.days ?? 14));
  }

  @EveryUser()
  @Get(R.home.path)
  async home(@CurrentUser() user: AuthUser) {
    return ok(await this.queries.home(user));
  }
}
