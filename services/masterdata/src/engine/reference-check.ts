import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { INVALID_FIELD, ValidationError, entityByName, type NamedByFilter, type ReferenceUse } from '@tpl/contracts';
import { CACHE_CHANNEL, ChannelCache, DB_POOL, LocalCacheChannel, type CacheChannel, type UnitOfWork } from '@tpl/event-store';
import type { NamedRecord, ReferenceCheck } from '@tpl/documents';
import { RECORDS_TABLE } from './records.migrations';

/** What is wrong with one reference: it names no live record, one marked invalid, or one its field's pick does not offer. */
export type ReferenceProblem = { use: ReferenceUse; key: 'errors.refMissing' | 'errors.refInvalid' | 'errors.refOtherOwner' | NamedByFilter['refusal'] };

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * SQL: the record (alias `r`, of md_records) is named by at least one live, valid record of the
 * filter's entity in its field (an area holds a place). Shared by the lists and the reference check.
 */
export const namedBySql = (f: NamedByFilter, alias: string) =>
  `EXISTS (SELECT 1 FROM ${RECORDS_TABLE} n WHERE n.tenant_id = ${alias}.tenant_id AND n.entity = ${quoted(f.entity)} AND NOT n.is_deleted
             AND n.data->>${quoted(f.field)} = ${alias}.code AND coalesce(n.data->>'${INVALID_FIELD}', '0') <> '1')`;

/** Turns problems into the 400 that names each field and code. */
export const referenceError = (entity: string, problems: readonly ReferenceProblem[]) =>
  new ValidationError(
    entity,
    problems.map(
      (p) => ({ code: 'custom', path: [...p.use.path], message: p.key, params: { code: p.use.code }, input: p.use.code }) as unknown as z.core.$ZodIssue,
    ),
  );

/** The channel topic of records: key, the tenant whose records were written. */
export const REFERENCES_TOPIC = 'references';

/**
 * Master data's answer to "do these codes name usable records?", from md_records: the document
 * kit's ReferenceCheck port (REFERENCE_CHECK, bound to it by the host), so no context reads
 * master data's tables itself.
 *
 * Records found are kept per tenant, entity and code with their invalid flag (a draft changed
 * ten times names the same customer ten times): every write of a tenant's records drops its
 * entries on every host (`forget`, through the cache channel; this host's at once, before the
 * write's answer), and a read that a drop overtook is not kept. A code not found is never kept:
 * a record made by any path is usable at once. Entries expire after a minute, the last line
 * should a notice be lost with no sign of it.
 */
@Injectable()
export class RecordReferences implements ReferenceCheck {
  private readonly found = new ChannelCache<boolean>({ ttlMs: 60_000, max: 50_000 });

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Optional() @Inject(CACHE_CHANNEL) private readonly channel: CacheChannel = new LocalCacheChannel(),
  ) {
    this.found.listen(channel, REFERENCES_TOPIC);
  }

  /** The tenant's records were written: every host forgets what it kept of them (this one before this resolves). */
  forget(tenantId: string): Promise<void> {
    return this.channel.publish(REFERENCES_TOPIC, tenantId);
  }

  /** Every problem among the uses, in their order (one query for the codes not kept, none when all are). */
  /** `db`: the caller's transaction, when it holds one (the embedded store has a single connection) */
  async problems(tenantId: string, uses: readonly ReferenceUse[], db?: Pick<UnitOfWork, 'query'>): Promise<ReferenceProblem[]> {
    const keyOf = (entity: string, code: string) => `${tenantId}\u0000${entity}\u0000${code}`;
    const found = new Map<string, Map<string, boolean>>();
    const unknown = new Map<string, Set<string>>();
    for (const u of uses) {
      if (!entityByName(u.entity)) continue;
      const hit = found.get(u.entity) ?? found.set(u.entity, new Map()).get(u.entity)!;
      const kept = this.found.peek(keyOf(u.entity, u.code));
      if (kept !== undefined) hit.set(u.code, kept);
      else (unknown.get(u.entity) ?? unknown.set(u.entity, new Set()).get(u.entity)!).add(u.code);
    }
    if (unknown.size) {
      // one round trip for every entity named: both lists as index keys (tenant, entity, code), the
      // pairs matched here; the invalid flag counts only where the entity has one
      const since = this.found.mark();
      const codes = [...new Set([...unknown.values()].flatMap((c) => [...c]))];
      const text = `SELECT entity, code, coalesce(data->>'${INVALID_FIELD}', '0') = '1' AS invalid
           FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = ANY($2) AND NOT is_deleted AND code = ANY($3)`;
      const params = [tenantId, [...unknown.keys()], codes];
      type Found = { entity: string; code: string; invalid: boolean };
      const rows = db ? await db.query<Found>(text, params) : (await this.pool.query<Found>(text, params)).rows;
      for (const r of rows) {
        if (!unknown.get(r.entity)?.has(r.code)) continue;
        const invalid = r.invalid && INVALID_FIELD in (entityByName(r.entity)?.fields ?? {});
        found.get(r.entity)!.set(r.code, invalid);
        this.found.remember(keyOf(r.entity, r.code), [tenantId], invalid, since);
      }
    }
    const out: ReferenceProblem[] = [];
    const picked: ReferenceUse[] = [];
    for (const use of uses) {
      const hit = found.get(use.entity);
      if (!hit) continue; // not an entity of the framework: nothing to check against
      const invalid = hit.get(use.code);
      if (invalid === undefined) out.push({ use, key: 'errors.refMissing' });
      else if (invalid && !use.kept) out.push({ use, key: 'errors.refInvalid' });
      // what the field's pick would not offer is refused even when the document held it before (an area without places takes no goods)
      if (invalid !== undefined && use.pick) picked.push(use);
    }
    out.push(...(await this.unpicked(tenantId, picked, db)));
    // whose a record is, once every code names a usable record (an owner that does not exist is said as such, alone)
    if (!out.length) out.push(...(await this.otherOwners(tenantId, uses.filter((u) => u.owned), db)));
    return out;
  }

  /**
   * The uses whose record another cargo owner keeps: its owner field (a material's custCode) names
   * an owner, not the content's. A record kept for no owner is common to all. One query per entity
   * and field (a consignment order's lines: one), never kept: an owner's records change hands rarely
   * and the answer must be the one in force.
   */
  private async otherOwners(tenantId: string, uses: readonly ReferenceUse[], db?: Pick<UnitOfWork, 'query'>): Promise<ReferenceProblem[]> {
    const groups = new Map<string, ReferenceUse[]>();
    for (const u of uses) {
      const key = `${u.entity}\u0000${u.owned!.field}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(u);
    }
    const out: ReferenceProblem[] = [];
    for (const group of groups.values()) {
      const { entity, owned } = group[0]!;
      const text = `SELECT code, coalesce(data->>$3, '') AS owner FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($4)`;
      const params = [tenantId, entity, owned!.field, [...new Set(group.map((u) => u.code))]];
      const rows = db ? await db.query<{ code: string; owner: string }>(text, params) : (await this.pool.query<{ code: string; owner: string }>(text, params)).rows;
      const owners = new Map(rows.map((r) => [r.code, r.owner]));
      for (const use of group) {
        const owner = owners.get(use.code);
        if (owner && owner !== use.owned!.owner) out.push({ use, key: 'errors.refOtherOwner' });
      }
    }
    return out;
  }

  /**
   * The uses whose record their field's pick would not offer: each `namedBy` filter the pick asks
   * for, checked by one query per filter (kept like the records found, dropped by the same notices).
   */
  private async unpicked(tenantId: string, uses: readonly ReferenceUse[], db?: Pick<UnitOfWork, 'query'>): Promise<ReferenceProblem[]> {
    const out: ReferenceProblem[] = [];
    for (const use of uses) {
      const filters = entityByName(use.entity)?.namedBy ?? {};
      for (const [param, wanted] of Object.entries(use.pick ?? {})) {
        const f = filters[param];
        if (!f || (wanted !== '1' && wanted !== '0')) continue;
        const key = `${tenantId}\u0000${use.entity}\u0000${use.code}\u0000${param}`;
        let named = this.found.peek(key);
        if (named === undefined) {
          const since = this.found.mark();
          const text = `SELECT ${namedBySql(f, 'r')} AS named FROM ${RECORDS_TABLE} r WHERE r.tenant_id = $1 AND r.entity = $2 AND NOT r.is_deleted AND r.code = $3 LIMIT 1`;
          const params = [tenantId, use.entity, use.code];
          const rows = db ? await db.query<{ named: boolean }>(text, params) : (await this.pool.query<{ named: boolean }>(text, params)).rows;
          named = rows[0]?.named === true;
          this.found.remember(key, [tenantId], named, since);
        }
        if (named !== (wanted === '1')) out.push({ use, key: f.refusal });
      }
    }
    return out;
  }

  async named(tenantId: string, entity: string, codes: readonly string[], db?: Pick<UnitOfWork, 'query'>): Promise<Map<string, NamedRecord>> {
    if (!codes.length) return new Map();
    const text = `SELECT code, name, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`;
    const params = [tenantId, entity, [...new Set(codes)]];
    // inside the caller's transaction its reads go through it (the embedded store has one connection)
    type Row = { code: string; name: string | null; data: Record<string, unknown> };
    const rows = db ? await db.query<Row>(text, params) : (await this.pool.query<Row>(text, params)).rows;
    return new Map(rows.map((r) => [r.code, { name: r.name ?? '', data: r.data }]));
  }

  async listed(tenantId: string, entity: string, limit: number, where?: { field: string; values: readonly string[] }): Promise<(NamedRecord & { code: string })[]> {
    const params: unknown[] = [tenantId, entity, limit];
    let filter = '';
    if (where) {
      params.push(where.field, [...where.values]);
      filter = ` AND data->>$4 = ANY($5)`;
    }
    const { rows } = await this.pool.query<{ code: string; name: string | null; data: Record<string, unknown> }>(
      `SELECT code, name, data FROM ${RECORDS_TABLE}
        WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code IS NOT NULL AND coalesce(data->>'${INVALID_FIELD}', '0') <> '1'${filter}
        ORDER BY code LIMIT $3`,
      params,
    );
    return rows.map((r) => ({ code: r.code, name: r.name ?? '', data: r.data }));
  }

  async assertUsable(tenantId: string, uses: readonly ReferenceUse[], entity: string, db?: Pick<UnitOfWork, 'query'>): Promise<void> {
    const problems = await this.problems(tenantId, uses, db);
    if (problems.length) throw referenceError(entity, problems);
  }
}
