import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { entityByName } from '@tpl/contracts';
import { DB_POOL, type UnitOfWork } from '@tpl/event-store';
import { RECORDS_TABLE } from './records.migrations';

/** A master-data record as other contexts read it: its code and its fields. */
export type MasterRecord = { code: string; data: Record<string, unknown> };

/**
 * The port other contexts read master data through (the warehouse's put-away reads places,
 * materials and strategies): live records of the tenant, never another context's tables.
 */
export interface MasterData {
  /** The live records of an entity with these codes, by code (missing codes are absent). */
  /** `db`: the caller's transaction, when it holds one (the embedded store has a single connection) */
  byCodes(tenantId: string, entity: string, codes: readonly string[], db?: Queryable): Promise<Map<string, MasterRecord>>;
  /** The live records of an entity whose fields equal the given values (text comparison), by code. */
  where(tenantId: string, entity: string, equals: Record<string, string>, limit?: number, db?: Queryable): Promise<MasterRecord[]>;
}
export const MASTER_DATA = Symbol('MASTER_DATA');
type Queryable = Pick<UnitOfWork, 'query'>;

@Injectable()
export class RecordsMasterData implements MasterData {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  private known(entity: string) {
    if (!entityByName(entity)) throw new Error(`no entity ${entity}`);
  }

  private async rows(text: string, params: unknown[], db?: Queryable) {
    return db ? db.query<{ code: string; data: Record<string, unknown> }>(text, params) : (await this.pool.query<{ code: string; data: Record<string, unknown> }>(text, params)).rows;
  }

  async byCodes(tenantId: string, entity: string, codes: readonly string[], db?: Queryable): Promise<Map<string, MasterRecord>> {
    this.known(entity);
    if (!codes.length) return new Map();
    const rows = await this.rows(
      `SELECT code, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`,
      [tenantId, entity, [...new Set(codes)]],
      db,
    );
    return new Map(rows.map((r) => [r.code, { code: r.code, data: r.data }]));
  }

  async where(tenantId: string, entity: string, equals: Record<string, string>, limit = 2000, db?: Queryable): Promise<MasterRecord[]> {
    const def = entityByName(entity);
    if (!def) throw new Error(`no entity ${entity}`);
    const params: unknown[] = [tenantId, entity];
    const conds = Object.entries(equals).map(([k, v]) => {
      if (!def.fields[k]) throw new Error(`${entity} has no field ${k}`);
      params.push(k, v);
      return `data->>$${params.length - 1} = $${params.length}`;
    });
    params.push(limit);
    const rows = await this.rows(
      `SELECT code, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code IS NOT NULL
         ${conds.length ? `AND ${conds.join(' AND ')}` : ''} ORDER BY code LIMIT $${params.length}`,
      params,
      db,
    );
    return rows.map((r) => ({ code: r.code, data: r.data }));
  }
}
