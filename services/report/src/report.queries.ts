import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  ACTIONABLE_STATES,
  CONSIGNMENT,
  consignmentStates,
  type ConsignmentState,
  type Dashboard,
  type HomeFigures,
} from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { ROW_SCOPES, ownerScopeOf, rowScopeSql, type AuthUser, type RowScopes } from '@tpl/identity';
import { FLOW_INBOX, type FlowInbox } from '@tpl/workflow';
import { FACTS_TABLE } from './projections/consignment-facts.projection';

/** Business days are counted in BUSINESS_TZ (default Asia/Shanghai), as bill numbers are. */
export const businessTimeZone = () => process.env.BUSINESS_TZ ?? 'Asia/Shanghai';

const num = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's and home page's figures. Consignment figures come from the report's own
 * projection (kept by the asynchronous projector from its own checkpoint, so a store made
 * before it existed is filled from the first event), narrowed by the caller's data scopes
 * for consignment orders (identity's ROW_SCOPES port, the same rule the order list applies); approval
 * figures from the workflow context's FLOW_INBOX port (the caller's own inbox).
 */
@Injectable()
export class ReportQueries {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
    @Inject(FLOW_INBOX) private readonly flow: FlowInbox,
  ) {}

  /** The caller's visible orders as a WHERE clause over the facts table ($1 is the tenant). */
  private async visible(user: AuthUser): Promise<{ where: string; params: unknown[]; scoped: boolean }> {
    const params: unknown[] = [user.tenantId];
    const scope = await this.scopes.rowScope(user, CONSIGNMENT);
    // a cargo owner's user (bound to a customer) sees no operator-wide figures: the facts do not name owners
    const scoped = ownerScopeOf(user).all ? rowScopeSql(scope, 'created_by', 'created_dept', params) : 'FALSE';
    return { where: `tenant_id = $1 AND NOT is_deleted${scoped ? ` AND ${scoped}` : ''}`, params, scoped: scoped !== undefined };
  }

  private async byState(where: string, params: unknown[]): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ state: string; n: string }>(`SELECT state, count(*) AS n FROM ${FACTS_TABLE} WHERE ${where} GROUP BY state`, params);
    return new Map(rows.map((r) => [r.state, num(r.n)]));
  }

  private async approvals(user: AuthUser) {
    // a read: nothing is appended, so no command id is at stake
    const ctx = { tenantId: user.tenantId, actor: { userId: user.userId, account: user.account, name: user.name }, roles: user.roles, correlationId: 'report', causationId: 'report' };
    const one = { current: 1, size: 1 } as const;
    const [todo, claimable, done, sent] = await Promise.all([
      this.flow.todo(ctx, one),
      this.flow.claimable(ctx, one),
      this.flow.done(ctx, one),
      this.flow.sent(ctx, one),
    ]);
    return { todo: todo.total, claimable: claimable.total, done: done.total, sent: sent.total };
  }

  async dashboard(user: AuthUser, days = 14): Promise<Dashboard> {
    const tz = businessTimeZone();
    const { where, params, scoped } = await this.visible(user);
    const states = await this.byState(where, params);
    const n = params.length;
    // one row per business day, oldest first, today (in tz) last
    const perDay = await this.pool.query<{ day: string; created: string; signed: string }>(
      `WITH d AS (
         SELECT generate_series((now() AT TIME ZONE $${n + 1})::date - ($${n + 2}::int - 1), (now() AT TIME ZONE $${n + 1})::date, interval '1 day')::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              (SELECT count(*) FROM ${FACTS_TABLE} WHERE ${where} AND (created_at AT TIME ZONE $${n + 1})::date = d.day) AS created,
              (SELECT count(*) FROM ${FACTS_TABLE} WHERE ${where} AND signed_at IS NOT NULL AND (signed_at AT TIME ZONE $${n + 1})::date = d.day) AS signed
         FROM d ORDER BY d.day`,
      [...params, tz, days],
    );
    const open = await this.pool.query<{ orders: string; qty: string; weg: string; volume: string; packages: string }>(
      `SELECT count(*) AS orders, COALESCE(sum(total_qty), 0) AS qty, COALESCE(sum(total_weg), 0) AS weg, COALESCE(sum(total_volume), 0) AS volume,
              COALESCE(sum(total_packages), 0) AS packages
         FROM ${FACTS_TABLE} WHERE ${where} AND state NOT IN ('Signed', 'PartiallySigned', 'Refused', 'Cancelled')`,
      params,
    );
    const o = open.rows[0]!;
    return {
      generatedAt: new Date().toISOString(),
      timeZone: tz,
      scoped,
      consignments: {
        total: [...states.values()].reduce((a, b) => a + b, 0),
        byState: consignmentStates.map((state) => ({ state, count: states.get(state) ?? 0 })),
        perDay: perDay.rows.map((r) => ({ day: r.day, created: num(r.created), signed: num(r.signed) })),
        open: { orders: num(o.orders), qty: num(o.qty), weight: num(o.weg), volume: num(o.volume), packages: num(o.packages) },
      },
      approvals: await this.approvals(user),
    };
  }

  async home(user: AuthUser): Promise<HomeFigures> {
    const { where, params, scoped } = await this.visible(user);
    const states = await this.byState(where, params);
    return {
      approvals: await this.approvals(user),
      needingAction: ACTIONABLE_STATES.map((state: ConsignmentState) => ({ state, count: states.get(state) ?? 0 })),
      scoped,
    };
  }
}
