import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { INVALID_FIELD, ValidationError, entityByName, type ReferenceUse } from '@tpl/contracts';
import { DB_POOL, type UnitOfWork } from '@tpl/event-store';
import { RECORDS_TABLE } from './records.migrations';

/** What is wrong with one reference: it names no live record, or one marked invalid. */
export type ReferenceProblem = { use: ReferenceUse; key: 'errors.refMissing' | 'errors.refInvalid' };

/**
 * The port other contexts check their codes through (transport's consignment order names
 * customers and materials): they never read master data's tables themselves.
 */
export interface ReferenceCheck {
  /**
   * Refuses with a 400 (ValidationError of `entity`, so the message names the field in the
   * caller's language, and the code) when a code names no live record of its entity in the
   * tenant, or (unless `kept`) a record whose `invalid` flag is 1.
   */
  assertUsable(tenantId: string, uses: readonly ReferenceUse[], entity: string, db?: Pick<UnitOfWork, 'query'>): Promise<void>;
}
export const REFERENCE_CHECK = Symbol('REFERENCE_CHECK');

/** Turns problems into the 400 that names each field and code. */
export const referenceError = (entity: string, problems: readonly ReferenceProblem[]) =>
  new ValidationError(
    entity,
    problems.map(
      (p) => ({ code: 'custom', path: [...p.use.path], message: p.key, params: { code: p.use.code }, input: p.use.code }) as unknown as z.core.$ZodIssue,
    ),
  );

/** Master data's answer to "do these codes name usable records?", from md_records. */
@Injectable()
export class RecordReferences implements ReferenceCheck {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  /** Every problem among the uses, in their order (one query per entity named). */
  /** `db`: the caller's transaction, when it holds one (the embedded store has a single connection) */
  async problems(tenantId: string, uses: readonly ReferenceUse[], db?: Pick<UnitOfWork, 'query'>): Promise<ReferenceProblem[]> {
    const byEntity = new Map<string, Set<string>>();
    for (const u of uses) if (entityByName(u.entity)) (byEntity.get(u.entity) ?? byEntity.set(u.entity, new Set()).get(u.entity)!).add(u.code);
    const found = new Map<string, Map<string, boolean>>();
    for (const [entity, codes] of byEntity) {
      const withFlag = INVALID_FIELD in (entityByName(entity)?.fields ?? {});
      const text = `SELECT code, ${withFlag ? `coalesce(data->>'${INVALID_FIELD}', '0') = '1'` : 'false'} AS invalid
           FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`;
      const params = [tenantId, entity, [...codes]];
      const rows = db ? await db.query<{ code: string; invalid: boolean }>(text, params) : (await this.pool.query<{ code: string; invalid: boolean }>(text, params)).rows;
      found.set(entity, new Map(rows.map((r) => [r.code, r.invalid])));
    }
    const out: ReferenceProblem[] = [];
    for (const use of uses) {
      const hit = found.get(use.entity);
      if (!hit) continue; // not an entity of the framework: nothing to check against
      const invalid = hit.get(use.code);
      if (invalid === undefined) out.push({ use, key: 'errors.refMissing' });
      else if (invalid && !use.kept) out.push({ use, key: 'errors.refInvalid' });
    }
    return out;
  }

  async assertUsable(tenantId: string, uses: readonly ReferenceUse[], entity: string, db?: Pick<UnitOfWork, 'query'>): Promise<void> {
    const problems = await this.problems(tenantId, uses, db);
    if (problems.length) throw referenceError(entity, problems);
  }
}
