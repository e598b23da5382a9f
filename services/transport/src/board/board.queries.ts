import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { BOARD_DISPATCH_DOC, BOARD_NOTE_DOC, documentByName, type Board, type BoardQuery } from '@tpl/contracts';
import { DB_POOL, runAsSystem, runInTenant } from '@tpl/event-store';
import { ROW_SCOPES, ownerScopeOf, ownerScopeSql, rowScopeSql, type AuthUser, type RowScopes } from '@tpl/identity';
import { BOARD_SEQ_TABLE, BOARD_TABLE } from './board.projection';
import { BOARD_DOCS, dispatchOf, noteOf, type BoardRow, type BoardViewer } from './board.rows';

/** How long a note or dispatch bill in a final state stays on the board after its last move. */
export const BOARD_FINAL_DAYS = 2;
/** The most rows of each type one board answer carries (the most recently moved). */
export const BOARD_LIMIT = 1000;

const COLUMNS = 'tenant_id, id::text AS id, doc_type, bill_no, state, version, content, facts, customer_code, created_by, created_dept, is_deleted, position::text AS position';

const finalStates = (name: string) => {
  const def = documentByName(name);
  return def ? Object.entries(def.lifecycle.states).filter(([s, v]) => v.final || s === 'Cancelled').map(([s]) => s) : [];
};

/** The board's reads: what a dispatcher sees now, and what moved between two positions (for the stream). */
@Injectable()
export class BoardQueries {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  async viewerOf(user: AuthUser): Promise<BoardViewer> {
    const scopes = Object.fromEntries(await Promise.all(BOARD_DOCS.map(async (d) => [d, await this.scopes.rowScope(user, d)] as const)));
    return { tenantId: user.tenantId, scopes, owners: ownerScopeOf(user) };
  }

  /**
   * The tenant's board position: the moves of its board rows projected so far (its own count,
   * never the store's global position, which counts every tenant's events). Read in the
   * caller's scope: row-level security shows a tenant its own count only.
   */
  async position(tenantId: string): Promise<string> {
    const { rows } = await this.pool.query<{ seq: string }>(`SELECT seq::text AS seq FROM ${BOARD_SEQ_TABLE} WHERE tenant_id = $1`, [tenantId]);
    return rows[0]?.seq ?? '0';
  }

  /** The positions of these tenants' boards (the stream's look for moves, for every listener at once). */
  async positions(tenantIds: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await runAsSystem(() => this.pool.query<{ tenant_id: string; seq: string }>(`SELECT tenant_id, seq::text AS seq FROM ${BOARD_SEQ_TABLE} WHERE tenant_id = ANY($1::text[])`, [tenantIds]));
    return new Map(tenantIds.map((t) => [t, rows.find((r) => r.tenant_id === t)?.seq ?? '0']));
  }

  async board(user: AuthUser, q: BoardQuery): Promise<Board> {
    const viewer = await this.viewerOf(user);
    // first the position, then the rows: the rows are at least as new as the position the stream goes on from
    const position = await this.position(user.tenantId);
    const notes = await this.rows(viewer, BOARD_NOTE_DOC, (params) => {
      const where: string[] = [];
      if (q.customerCode) where.push(`customer_code = $${params.push(q.customerCode)}`);
      if (q.lineCode) where.push(`COALESCE(NULLIF(facts->>'lineCode', ''), content->>'lineCode') = $${params.push(q.lineCode)}`);
      if (q.date) where.push(`COALESCE(NULLIF(content->>'plannedDate', ''), content->>'billDate') = $${params.push(q.date)}`);
      return where;
    });
    const dispatches = await this.rows(viewer, BOARD_DISPATCH_DOC, (params) => {
      const where: string[] = [];
      if (q.lineCode) where.push(`COALESCE(NULLIF(facts->>'lineCode', ''), content->>'lineCode') = $${params.push(q.lineCode)}`);
      if (q.date) {
        const i = params.push(q.date);
        where.push(`left(COALESCE(facts->>'plannedStart', content->>'plannedStart', ''), 10) <= $${i} AND left(COALESCE(facts->>'plannedEnd', NULLIF(content->>'plannedEnd', ''), content->>'plannedStart', '9999'), 10) >= $${i}`);
      }
      return where;
    });
    return { position, notes: notes.map(noteOf), dispatches: dispatches.map(dispatchOf) };
  }

  private async rows(viewer: BoardViewer, docType: string, filters: (params: unknown[]) => string[]): Promise<BoardRow[]> {
    const scope = viewer.scopes[docType];
    if (!scope) return [];
    const params: unknown[] = [viewer.tenantId, docType, finalStates(docType), BOARD_FINAL_DAYS];
    const where = [`tenant_id = $1`, `doc_type = $2`, `NOT is_deleted`, `(state <> ALL($3::text[]) OR updated_at > now() - make_interval(days => $4::int))`];
    const rows = rowScopeSql(scope, 'created_by', 'created_dept', params);
    if (rows) where.push(rows);
    // a dispatch bill names no customer: an owner's user sees only notes of its own
    const owners = ownerScopeSql(viewer.owners, 'customer_code', params);
    if (owners) where.push(owners);
    where.push(...filters(params));
    const { rows: found } = await this.pool.query<BoardRow>(`SELECT ${COLUMNS} FROM ${BOARD_TABLE} WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT ${BOARD_LIMIT}`, params);
    return found;
  }

  /** One tenant's rows that moved after its position `after` up to `upto` (the stream narrows them per listener), in that tenant's scope. */
  async movedBetween(tenantId: string, after: string, upto: string): Promise<BoardRow[]> {
    const { rows } = await runInTenant(tenantId, () =>
      this.pool.query<BoardRow>(`SELECT ${COLUMNS} FROM ${BOARD_TABLE} WHERE tenant_id = $1 AND position > $2::bigint AND position <= $3::bigint ORDER BY position`, [tenantId, after, upto]),
    );
    return rows;
  }
}
