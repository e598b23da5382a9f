import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { BOARD_DISPATCH_DOC, BOARD_NOTE_DOC, documentByName, type Board, type BoardQuery } from '@tpl/contracts';
import { DB_POOL, runAsSystem } from '@tpl/event-store';
import { ROW_SCOPES, ownerScopeOf, ownerScopeSql, rowScopeSql, type AuthUser, type RowScopes } from '@tpl/identity';
import { BOARD_PROJECTION, BOARD_TABLE } from './board.projection';
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

  /** The global position the board's rows are complete up to: the projection's checkpoint. */
  async checkpoint(): Promise<string> {
    const { rows } = await runAsSystem(() => this.pool.query<{ position: string }>('SELECT position::text AS position FROM tpl_checkpoints WHERE name = $1', [BOARD_PROJECTION]));
    return rows[0]?.position ?? '0';
  }

  async board(user: AuthUser, q: BoardQuery): Promise<Board> {
    const viewer = await this.viewerOf(user);
    // first the checkpoint, then the rows: the rows are at least as new as the position the stream goes on from
    const position = await this.checkpoint();
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

  /** Every tenant's rows that moved after `after` up to `upto` (the stream narrows them per listener). */
  async movedBetween(after: string, upto: string): Promise<BoardRow[]> {
    const { rows } = await runAsSystem(() =>
      this.pool.query<BoardRow>(`SELECT ${COLUMNS} FROM ${BOARD_TABLE} WHERE position > $1::bigint AND position <= $2::bigint ORDER BY position`, [after, upto]),
    );
    return rows;
  }
}
