import { createHash, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  REPAIR_ACTOR,
  REPAIR_CORRELATION,
  applyNumberRepairs,
  entities,
  entityByName,
  entityHasNumbers,
  fieldKey,
  filterFields,
  listQuerySchemaOf,
  numberRepairs,
  toPage,
  type EntityDef,
  type FieldDef,
  type Page,
  type ReferenceUse,
} from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, StaleVersionError, historyEntryOf, loadStream, runCommand, runInTenant, type EventMetadata, type EventStorePort } from '@tpl/event-store';
import type { z } from 'zod';
import { decideRecord, recordFold, type RecordState } from './record.decider';
import { eventType, pascal, recordStream } from './record.events';
import { RECORDS_TABLE } from './records.migrations';
import { ownerScopeSql, rowScopeSql, type OwnerScope, type RowScope } from '@tpl/identity';
import { RecordReferences, namedBySql } from './reference-check';
import { EntityHooksRegistry, type RecordRow } from './entity-hooks';
import type { LiveRecord, RecordContext, RecordsPort } from './records.port';

/**
 * Who reads: the tenant, the rows of the entity their data scopes let them see, and the cargo
 * owners whose records they may see (a user bound to a customer: only that customer's).
 */
export type Viewer = { tenantId: string; rows: RowScope; owners: OwnerScope; userId: string };
export type RecordListQuery = z.infer<ReturnType<typeof listQuerySchemaOf>>;

const TEXTLIKE = new Set<FieldDef['kind']>(['text', 'mobile', 'email', 'plate', 'idCard']);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

type DbRow = {
  tenant_id: string;
  create_dept: string | null;
  id: string;
  version: number;
  data: Record<string, unknown>;
  status: number;
  remark: string | null;
  create_user_name: string;
  create_time: Date;
  update_user_name: string;
  update_time: Date;
  ref_names: Record<string, string | null> | null;
  has_children?: boolean;
  total_count?: string;
};

/** Secret fields (kind password) are never returned by the API. */
const publicData = (def: EntityDef, data: Record<string, unknown>) => {
  const out = { ...data };
  for (const [k, f] of Object.entries(def.fields)) if (f.kind === 'password') delete out[k];
  return out;
};

/** History shows that a secret changed, never the secret (nor a password's hash). */
const MASK = '******';
const maskSecrets = (def: EntityDef, eventData: unknown): unknown => {
  const secret = new Set(Object.entries(def.fields).filter(([, f]) => f.kind === 'password').map(([k]) => k));
  const d = eventData as { data?: Record<string, unknown>; changes?: Record<string, [unknown, unknown]>; hash?: string };
  const out: Record<string, unknown> = { ...(eventData as object) };
  if (d.data) out.data = Object.fromEntries(Object.entries(d.data).map(([k, v]) => [k, secret.has(k) ? MASK : v]));
  if (d.changes) out.changes = Object.fromEntries(Object.entries(d.changes).map(([k, v]) => [k, secret.has(k) ? [MASK, MASK] : v]));
  if (d.hash) out.hash = MASK;
  return out;
};

/** Login passwords never enter a record's data or its history: only their hash, in a PasswordSet event. */
const loginPasswords = (def: EntityDef) => def.passwordOnCreate ?? [];
const storedData = (def: EntityDef, data: Record<string, unknown>) => {
  const out = { ...data };
  for (const k of loginPasswords(def)) delete out[k];
  return out;
};

/** Saber clients sign in with MD5(password); we keep argon2 of that. */
export const hashLoginPassword = async (plain: string) => argon2.hash(createHash('md5').update(plain).digest('hex'));

const passwordEvents = async (def: EntityDef, data: Record<string, unknown>, reset = false) => {
  const out: { type: string; data: unknown }[] = [];
  for (const k of loginPasswords(def)) {
    const plain = data[k];
    if (typeof plain === 'string' && plain) out.push({ type: eventType(def, 'PasswordSet'), data: { field: k, hash: await hashLoginPassword(plain), ...(reset ? { reset } : {}) } });
  }
  return out;
};

/**
 * The codes a record's data names through its ref fields; `kept` when the record already
 * named that code before (`before`), so it may point at a record marked invalid since.
 */
export const referenceUses = (def: EntityDef, data: Record<string, unknown>, before?: Record<string, unknown>): ReferenceUse[] => {
  const uses: ReferenceUse[] = [];
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.kind !== 'ref' || data[k] === undefined || data[k] === null) continue;
    const had = new Set([before?.[k]].flat().filter((c) => c !== undefined && c !== null).map(String));
    for (const code of [data[k]].flat()) uses.push({ path: [k], entity: f.entity, code: String(code), ...(had.has(String(code)) ? { kept: true } : {}) });
  }
  return uses;
};

/** The material's own owner field (its custCode): what a record owned through a material is owned by. */
const materialOwnerField = (): string => {
  const o = entityByName('material')?.owner;
  return o?.by === 'customer' ? o.field : 'custCode';
};

/**
 * The condition under which a cargo owner's user sees a record of `def` (md_records as `r`), its
 * values appended to params; undefined when every record is seen (the operator's staff, or
 * reference data naming no customer). The entity's description says whose its records are
 * (contracts' EntityOwnership; docs/DOMAIN.md "What a cargo owner sees of master data").
 * `listing`: a list, count or export, where an attachment shows only to its uploader; one record
 * read by its id (an attachment a visible document names) is not narrowed by that.
 */
export const ownerSqlOf = (def: EntityDef, viewer: Pick<Viewer, 'owners' | 'userId'>, params: unknown[], listing: boolean): string | undefined => {
  const o = def.owner;
  if (viewer.owners.all || !o) return undefined;
  switch (o.by) {
    case 'operator':
      return 'FALSE';
    case 'uploader':
      if (!listing) return undefined;
      params.push(viewer.userId);
      return `r.create_user = $${params.length}`;
    case 'customer': {
      const column = o.field === def.codeField ? 'r.code' : `(r.data->>${lit(o.field)})`;
      const own = ownerScopeSql(viewer.owners, column, params)!;
      return o.unowned === 'shared' ? `(${own} OR COALESCE(${column}, '') = '')` : own;
    }
    case 'material': {
      const own = ownerScopeSql(viewer.owners, `(m.data->>${lit(materialOwnerField())})`, params)!;
      return `EXISTS (SELECT 1 FROM ${RECORDS_TABLE} m WHERE m.tenant_id = r.tenant_id AND m.entity = 'material' AND NOT m.is_deleted AND m.code = r.data->>${lit(o.field)} AND ${own})`;
    }
  }
};

@Injectable()
export class RecordsService implements RecordsPort {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(EntityHooksRegistry) private readonly hooks: EntityHooksRegistry,
    @Inject(RecordReferences) private readonly references: RecordReferences,
  ) {}

  /** Records of the entity were written: its hooks hear of it (a cache of rights is cleared at once on this host), and the reference check. */
  private changed<T>(def: EntityDef, tenantId: string, result: T): T {
    this.hooks.changed(def, tenantId);
    // codes other documents name may be gone or invalid now (this host forgets at once, the others on notice)
    void this.references.forget(tenantId);
    return result;
  }

  /** The live records of these entities in the tenant (the port other contexts read records through). */
  async live(tenantId: string, names: readonly string[], options: { codes?: readonly string[]; withoutData?: readonly string[] } = {}): Promise<LiveRecord[]> {
    const params: unknown[] = [tenantId, names, options.withoutData ?? []];
    if (options.codes) params.push(options.codes);
    const { rows } = await this.pool.query<{ entity: string; id: string; code: string | null; parent_code: string | null; version: number; data: Record<string, unknown> | null }>(
      `SELECT entity, id, code, parent_code, version, CASE WHEN entity = ANY($3) THEN NULL ELSE data END AS data
         FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = ANY($2) AND NOT is_deleted${options.codes ? ' AND code = ANY($4)' : ''}`,
      params,
    );
    return rows.map((r) => ({ entity: r.entity, id: r.id, code: r.code, parentCode: r.parent_code, version: r.version, data: r.data }));
  }

  // ---------------------------------------------------------------- queries
  private selectList(def: EntityDef): string {
    const refs = Object.entries(def.fields).filter(([, f]) => f.kind === 'ref') as [string, Extract<FieldDef, { kind: 'ref' }>][];
    const refNames = refs.length
      ? `jsonb_build_object(${refs
          .map(([k, f]) =>
            f.multiple
              ? `${lit(k)}, (SELECT string_agg(r2.name, ', ') FROM ${RECORDS_TABLE} r2 WHERE r2.tenant_id = r.tenant_id AND r2.entity = ${lit(f.entity)} AND NOT r2.is_deleted AND r.data->${lit(k)} ? r2.code)`
              : `${lit(k)}, (SELECT r2.name FROM ${RECORDS_TABLE} r2 WHERE r2.tenant_id = r.tenant_id AND r2.entity = ${lit(f.entity)} AND NOT r2.is_deleted AND r2.code = r.data->>${lit(k)} LIMIT 1)`,
          )
          .join(', ')})`
      : 'NULL';
    const hasChildren = def.tree
      ? `, EXISTS (SELECT 1 FROM ${RECORDS_TABLE} c WHERE c.tenant_id = r.tenant_id AND c.entity = r.entity AND NOT c.is_deleted AND c.parent_code = r.code) AS has_children`
      : '';
    return `SELECT r.tenant_id, r.id, r.version, r.data, r.status, r.remark, r.create_user_name, r.create_dept, r.create_time, r.update_user_name, r.update_time,
                   ${refNames} AS ref_names${hasChildren}`;
  }

  private toRow(def: EntityDef, r: DbRow): RecordRow {
    return {
      ...publicData(def, r.data),
      id: r.id,
      // the owning tenant, unless the entity has a field of that name (the tenant entity itself)
      ...('tenantId' in def.fields ? {} : { tenantId: r.tenant_id }),
      version: r.version,
      status: r.status,
      isDeleted: 0,
      remark: r.remark ?? undefined,
      createUser: r.create_user_name,
      createDept: r.create_dept ?? '',
      createTime: r.create_time.toISOString(),
      updateUser: r.update_user_name,
      updateTime: r.update_time.toISOString(),
      refNames: r.ref_names ?? {},
      ...(def.tree ? { hasChildren: Boolean(r.has_children) } : {}),
    };
  }

  /** WHERE and ORDER BY for a list query, shared by the list and the export. */
  whereFor(def: EntityDef, viewer: Viewer, q: Record<string, unknown>) {
    const where = ['r.tenant_id = $1', 'r.entity = $2', 'NOT r.is_deleted'];
    const params: unknown[] = [viewer.tenantId, def.name];
    const scoped = rowScopeSql(viewer.rows, 'r.create_user', 'r.create_dept', params);
    if (scoped) where.push(scoped);
    const owned = ownerSqlOf(def, viewer, params, true);
    if (owned) where.push(owned);
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replaceAll('?', `$${params.length}`));
    };
    for (const [k, f] of filterFields(def)) {
      const col = `r.data->>${lit(k)}`;
      if (f.kind === 'date' || f.kind === 'datetime') {
        if (q[`${k}From`]) add(`${col} >= ?`, q[`${k}From`]);
        if (q[`${k}To`]) add(`${col} <= ?`, f.kind === 'datetime' ? `${String(q[`${k}To`])}\uffff` : q[`${k}To`]);
        continue;
      }
      const v = q[k];
      if (v === undefined || v === '') continue;
      if (TEXTLIKE.has(f.kind)) add(`${col} ILIKE ?`, `${likeEscape(String(v))}%`);
      else if (f.kind === 'ref' && f.multiple) add(`r.data->${lit(k)} ? ?::text`, String(v));
      else if (f.kind === 'number') add(`(${col})::numeric = ?::numeric`, String(v));
      // a flag never set reads as 0 (invalid=0: the records that may be chosen)
      else if (f.kind === 'flag') add(`coalesce(${col}, '0') = ?`, String(v));
      else add(`${col} = ?`, String(v));
    }
    for (const [k, f] of Object.entries(def.namedBy ?? {})) {
      if (q[k] === undefined || q[k] === '') continue;
      where.push(`${q[k] === '1' ? '' : 'NOT '}${namedBySql(f, 'r')}`);
    }
    if (q.keyword) add(`(r.code ILIKE ? OR r.name ILIKE ?)`, `%${likeEscape(String(q.keyword))}%`);
    if (Array.isArray(q.codes) && q.codes.length) add('r.code = ANY(?)', q.codes.map(String));
    if (q.parent !== undefined && def.tree) {
      if (q.parent === '' || q.parent === null) where.push('r.parent_code IS NULL');
      else add('r.parent_code = ?', q.parent);
    }
    const sort = String(q.sort ?? 'updateTime');
    const f = def.fields[sort];
    const sortCol =
      sort === 'updateTime' ? 'r.update_time'
      : sort === 'createTime' ? 'r.create_time'
      : sort === def.codeField ? 'r.code'
      : f?.kind === 'number' ? `(r.data->>${lit(sort)})::numeric`
      : `r.data->>${lit(sort)}`;
    const dir = q.order === 'desc' ? 'DESC' : 'ASC';
    return { where: where.join(' AND '), params, orderBy: `${sortCol} ${dir} NULLS LAST, r.id ${dir}` };
  }

  async list(def: EntityDef, viewer: Viewer, q: RecordListQuery): Promise<Page<RecordRow>> {
    const { where, params, orderBy } = this.whereFor(def, viewer, q as Record<string, unknown>);
    const size = q.size;
    const offset = (q.current - 1) * size;
    const { rows } = await this.pool.query<DbRow>(
      `${this.selectList(def)}, count(*) OVER () AS total_count FROM ${RECORDS_TABLE} r WHERE ${where} ORDER BY ${orderBy}
        LIMIT ${size} OFFSET ${offset}`,
      params,
    );
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && q.current > 1) {
      total = Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${RECORDS_TABLE} r WHERE ${where}`, params)).rows[0]!.n);
    }
    return toPage(await this.hooks.rows(def, viewer.tenantId, rows.map((r) => this.toRow(def, r))), total, q);
  }

  /** Every matching row, fetched in keyset-free pages so an export never holds them all. */
  async *stream(def: EntityDef, viewer: Viewer, q: Record<string, unknown>, batch = 2000): AsyncGenerator<RecordRow> {
    const { where, params, orderBy } = this.whereFor(def, viewer, q);
    for (let offset = 0; ; offset += batch) {
      const { rows } = await this.pool.query<DbRow>(
        `${this.selectList(def)} FROM ${RECORDS_TABLE} r WHERE ${where} ORDER BY ${orderBy} LIMIT ${batch} OFFSET ${offset}`,
        params,
      );
      for (const r of rows) yield this.toRow(def, r);
      if (rows.length < batch) return;
    }
  }

  async count(def: EntityDef, viewer: Viewer, q: Record<string, unknown>): Promise<number> {
    const { where, params } = this.whereFor(def, viewer, q);
    return Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${RECORDS_TABLE} r WHERE ${where}`, params)).rows[0]!.n);
  }

  async detail(def: EntityDef, viewer: Viewer, id: string): Promise<RecordRow> {
    const params: unknown[] = [viewer.tenantId, def.name, id];
    const scoped = [rowScopeSql(viewer.rows, 'r.create_user', 'r.create_dept', params), ownerSqlOf(def, viewer, params, false)].filter(Boolean);
    const { rows } = await this.pool.query<DbRow>(
      `${this.selectList(def)} FROM ${RECORDS_TABLE} r WHERE r.tenant_id = $1 AND r.entity = $2 AND r.id = $3 AND NOT r.is_deleted${scoped.map((c) => ` AND ${c}`).join('')}`,
      params,
    );
    if (!rows[0]) throw new AppError(404, 'errors.recordNotFound', { id });
    return (await this.hooks.rows(def, viewer.tenantId, [this.toRow(def, rows[0])]))[0]!;
  }

  /**
   * A record outside the viewer's data scope, or another cargo owner's (or the operator's own, to
   * a cargo owner's user), answers as if it did not exist (404, never 403, so its existence does
   * not leak), removed ones included.
   */
  async assertVisible(def: EntityDef, viewer: Viewer, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const params: unknown[] = [viewer.tenantId, def.name, ids];
    const scoped = [rowScopeSql(viewer.rows, 'r.create_user', 'r.create_dept', params), ownerSqlOf(def, viewer, params, false)].filter(Boolean);
    if (!scoped.length) return;
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT r.id FROM ${RECORDS_TABLE} r WHERE r.tenant_id = $1 AND r.entity = $2 AND r.id = ANY($3::uuid[]) AND NOT COALESCE((${scoped.join(' AND ')}), FALSE)`,
      params,
    );
    if (rows[0]) throw new AppError(404, 'errors.recordNotFound', { id: rows[0].id });
  }

  /**
   * Whether a cargo owner's user may write these fields of `def` (created, changed to, imported,
   * or removed as they are): only a record that is its own customer's, by the customer it names
   * or through its material. The operator's records, reference data, a bin reserved for no owner
   * and an attachment are the operator's to write.
   */
  async ownsData(def: EntityDef, viewer: Viewer, data: Record<string, unknown>): Promise<boolean> {
    const o = def.owner;
    if (viewer.owners.all) return true;
    if (o?.by === 'customer') return viewer.owners.customers.includes(String(data[o.field] ?? ''));
    if (o?.by === 'material') {
      const { rows } = await this.pool.query<{ owner: string | null }>(
        `SELECT data->>${lit(materialOwnerField())} AS owner FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'material' AND NOT is_deleted AND code = $2`,
        [viewer.tenantId, String(data[o.field] ?? '')],
      );
      return rows.length > 0 && viewer.owners.customers.includes(rows[0]!.owner ?? '');
    }
    return false;
  }

  /** The record's fields as they are now (undefined when it never existed). */
  async current(def: EntityDef, tenantId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const state = await this.load(def, tenantId, id);
    return state && !state.removed ? state.data : undefined;
  }

  async history(def: EntityDef, viewer: Viewer, id: string) {
    await this.assertVisible(def, viewer, [id]);
    const events = await this.store.readStream(recordStream(def, viewer.tenantId, id));
    if (!events.length) throw new AppError(404, 'errors.recordNotFound', { id });
    return events.map((e) => historyEntryOf(e, maskSecrets(def, e.data)));
  }

  // ---------------------------------------------------------------- commands
  private async load(def: EntityDef, tenantId: string, id: string): Promise<RecordState | undefined> {
    return (await loadStream(this.store, recordStream(def, tenantId, id), recordFold)).state;
  }

  private meta(ctx: RecordContext): EventMetadata {
    return { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: ctx.causationId };
  }

  /**
   * Referenced codes must name live records of the caller's tenant, and new or changed ones
   * records that are not marked invalid (`before`: the record's fields before this change);
   * a tree's parent may not be the record or below it.
   */
  private async checkReferences(def: EntityDef, tenantId: string, data: Record<string, unknown>, self?: { code: string | undefined }, before?: Record<string, unknown>) {
    await this.references.assertUsable(tenantId, referenceUses(def, data, before), def.name);
    if (def.tree && self?.code) {
      const parent = data[def.tree.parentField];
      if (parent === undefined) return;
      const { rows } = await this.pool.query<{ hit: boolean }>(
        `WITH RECURSIVE sub(code) AS (
           SELECT $3::text
           UNION SELECT r.code FROM ${RECORDS_TABLE} r JOIN sub ON r.parent_code = sub.code
            WHERE r.tenant_id = $1 AND r.entity = $2 AND NOT r.is_deleted)
         SELECT EXISTS (SELECT 1 FROM sub WHERE code = $4) AS hit`,
        [tenantId, def.name, self.code, String(parent)],
      );
      if (rows[0]?.hit) throw new AppError(400, 'errors.treeCycle');
    }
  }

  private duplicate(def: EntityDef, data: Record<string, unknown>, err: unknown): never {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'md_records_code_uq' && def.codeField) {
      throw new AppError(409, 'errors.duplicateCode', { code: String(data[def.codeField]) }, { label: fieldKey(def.name, [def.codeField]) });
    }
    throw err;
  }

  /**
   * Creates or edits a record. A generated field (the server's to set: a category's last change,
   * a user's domain login) keeps its stored value on an edit from a form or the API; the server's
   * own work that sets one (the category job) says `setsGenerated`.
   */
  async submit(def: EntityDef, ctx: RecordContext, input: { id?: string | undefined; version?: number | undefined; data: Record<string, unknown> }, options: { setsGenerated?: boolean } = {}) {
    const data = storedData(def, input.data);
    const secrets = await passwordEvents(def, input.data);
    const id = input.id ?? randomUUID();
    const command = { stream: recordStream(def, ctx.tenantId, id), streamType: pascal(def.name), fold: recordFold, metadata: this.meta(ctx) };
    try {
      if (input.id === undefined) {
        await this.checkReferences(def, ctx.tenantId, data);
        const r = await runCommand(this.store, { ...command, decide: (state) => [...decideRecord(def, { type: 'Create', id, data }, state), ...secrets] });
        return this.changed(def, ctx.tenantId, { id, version: r.version });
      }
      const r = await runCommand(this.store, {
        ...command,
        decide: async (state) => {
          // a password left empty on edit keeps the old one
          const kept = { ...data };
          for (const [k, f] of Object.entries(def.fields)) if (f.kind === 'password' && kept[k] === undefined && state?.data[k] !== undefined) kept[k] = state.data[k];
          // a generated field is not the form's to set: an edit keeps what the server set (the user's domain login flag)
          if (!options.setsGenerated) for (const [k, f] of Object.entries(def.fields)) if (f.generated && state?.data[k] !== undefined) kept[k] = state.data[k];
          // a record that is not there (or not at this version) is said first, before its references are judged
          const events = decideRecord(def, { type: 'Change', id, expectedVersion: input.version ?? 0, data: kept }, state);
          await this.checkReferences(def, ctx.tenantId, data, { code: def.codeField ? String(state?.data[def.codeField] ?? '') : undefined }, state?.data);
          return [...events, ...secrets];
        },
      });
      return r.events.length ? this.changed(def, ctx.tenantId, { id, version: r.version }) : { id, version: r.version };
    } catch (err) {
      this.duplicate(def, data, err);
    }
  }

  /**
   * Data repair (issue 11): every live record whose numbers lie outside their kind gets a
   * Changed event by the System actor bringing them back into range (number-repair.ts).
   * One tenant, or every tenant (at start, in the system scope); each repair is appended
   * in its own tenant's scope with the version it was decided on (a concurrent edit wins;
   * the next run looks again). Answers what was repaired.
   */
  async repairNumbers(tenantId?: string): Promise<{ entity: string; id: string; tenantId: string; fields: string[] }[]> {
    const done: { entity: string; id: string; tenantId: string; fields: string[] }[] = [];
    for (const def of entities.filter(entityHasNumbers)) {
      const { rows } = await this.pool.query<{ tenant_id: string; id: string; data: Record<string, unknown> }>(
        `SELECT tenant_id, id, data FROM ${RECORDS_TABLE} WHERE entity = $1 AND NOT is_deleted ${tenantId ? 'AND tenant_id = $2' : ''}`,
        tenantId ? [def.name, tenantId] : [def.name],
      );
      for (const r of rows) {
        if (!numberRepairs(def.fields, r.data).length) continue;
        const fields = await runInTenant(r.tenant_id, () => this.repairRecord(def, r.tenant_id, r.id));
        if (fields.length) done.push({ entity: def.name, id: r.id, tenantId: r.tenant_id, fields });
      }
    }
    return done;
  }

  private async repairRecord(def: EntityDef, tenantId: string, id: string): Promise<string[]> {
    const state = await this.load(def, tenantId, id);
    if (!state || state.removed) return [];
    const repairs = numberRepairs(def.fields, state.data);
    if (!repairs.length) return [];
    const changes: Record<string, [unknown, unknown]> = {};
    for (const rep of repairs) {
      // the value exactly as stored (jsonb keeps every digit the double lost), as text
      const { rows } = await this.pool.query<{ v: string | null }>(
        `SELECT data #>> $3::text[] AS v FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id, rep.path.map(String)],
      );
      changes[rep.path.join('.')] = [rows[0]?.v ?? null, rep.after];
    }
    const meta: EventMetadata = { tenantId, actor: REPAIR_ACTOR, occurredAt: new Date().toISOString(), correlationId: REPAIR_CORRELATION, causationId: `data-repair-${id}-v${state.version}` };
    try {
      await this.store.append(recordStream(def, tenantId, id), [{ type: eventType(def, 'Changed'), data: { data: applyNumberRepairs(state.data, repairs), changes } }], {
        expectedVersion: state.version,
        metadata: meta,
        streamType: pascal(def.name),
      });
    } catch (err) {
      if (err instanceof StaleVersionError) return [];
      throw err;
    }
    // a repaired number (a serial code's bounds) is a change its hooks hear of too
    this.hooks.changed(def, tenantId);
    return Object.keys(changes);
  }

  /** Who refers to this code: the first live record of any entity whose ref field names it. */
  async referrer(def: EntityDef, tenantId: string, code: string): Promise<{ entity: string; code: string } | undefined> {
    for (const other of entities) {
      for (const [k, f] of Object.entries(other.fields)) {
        if (f.kind !== 'ref' || f.entity !== def.name) continue;
        const match = f.multiple ? `data->${lit(k)} ? $3::text` : `data->>${lit(k)} = $3`;
        const { rows } = await this.pool.query<{ code: string | null; id: string }>(
          `SELECT code, id FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND ${match} LIMIT 1`,
          [tenantId, other.name, code],
        );
        if (rows[0]) return { entity: other.name, code: rows[0].code ?? rows[0].id };
      }
    }
    return undefined;
  }

  /** Removes all the given records or none: a referenced one stops the whole batch. */
  async remove(def: EntityDef, ctx: RecordContext, ids: string[]) {
    // who refers to each record is read from md_records before the transaction (the embedded store has one connection);
    // the removal is then decided on each stream as it is inside the transaction, at the version the check saw
    const planned: { id: string; expectedVersion: number; referencedBy?: { entity: string; code: string } }[] = [];
    for (const id of [...new Set(ids)]) {
      const state = await this.load(def, ctx.tenantId, id);
      const code = def.codeField && state ? String(state.data[def.codeField] ?? '') : '';
      const referencedBy = code ? await this.referrer(def, ctx.tenantId, code) : undefined;
      planned.push({ id, expectedVersion: state?.version ?? 0, ...(referencedBy ? { referencedBy } : {}) });
    }
    const meta = this.meta(ctx);
    const removed = await this.store.withTransaction(async (uow) => {
      const out = [];
      for (const p of planned) {
        const r = await runCommand(uow, {
          stream: recordStream(def, ctx.tenantId, p.id),
          streamType: pascal(def.name),
          fold: recordFold,
          metadata: meta,
          decide: (state) => decideRecord(def, { type: 'Remove', ...p }, state),
        });
        out.push({ id: p.id, version: r.version });
      }
      return out;
    });
    return this.changed(def, ctx.tenantId, removed);
  }

  /** Resets login passwords to the default (after the user confirmed), all or none. */
  async resetPasswords(def: EntityDef, ctx: RecordContext, ids: string[], plain: string) {
    const field = loginPasswords(def)[0];
    if (!field) throw new AppError(404, 'errors.notFound');
    // hashing is slow: done before the transaction, not while it holds a connection
    const planned: { id: string; events: { type: string; data: unknown }[] }[] = [];
    for (const id of [...new Set(ids)]) planned.push({ id, events: await passwordEvents(def, { [field]: plain }, true) });
    const meta = this.meta(ctx);
    return this.store.withTransaction(async (uow) => {
      const out = [];
      for (const p of planned) {
        const r = await runCommand(uow, {
          stream: recordStream(def, ctx.tenantId, p.id),
          streamType: pascal(def.name),
          fold: recordFold,
          metadata: meta,
          decide: (state) => {
            if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: p.id });
            return p.events;
          },
        });
        out.push({ id: p.id, version: r.version });
      }
      return out;
    });
  }

  /**
   * Opts login records in to domain (AD / LDAP) sign-in, or out (after the user confirmed), all or
   * none: a Changed event of the entity's domainLogin flag for each record whose flag differs.
   */
  async setDomainLogin(def: EntityDef, ctx: RecordContext, ids: string[], enabled: boolean) {
    const field = def.domainLogin;
    if (!field) throw new AppError(404, 'errors.notFound');
    const meta = this.meta(ctx);
    const written = await this.store.withTransaction(async (uow) => {
      const out = [];
      for (const id of [...new Set(ids)]) {
        const r = await runCommand(uow, {
          stream: recordStream(def, ctx.tenantId, id),
          streamType: pascal(def.name),
          fold: recordFold,
          metadata: meta,
          decide: (state) => {
            if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id });
            return decideRecord(def, { type: 'Change', id, expectedVersion: state.version, data: { ...state.data, [field]: enabled ? 1 : 0 } }, state);
          },
        });
        out.push({ id, version: r.version });
      }
      return out;
    });
    return this.changed(def, ctx.tenantId, written);
  }

  /**
   * Creates the new rows and updates the matched records, every one or none, in one transaction
   * (material sync). An update overlays the record's stored fields with the row's: fields the row
   * does not name are kept. Rows are already validated.
   */
  async upsertAll(def: EntityDef, ctx: RecordContext, creates: Record<string, unknown>[], updates: { id: string; data: Record<string, unknown> }[]) {
    const meta = this.meta(ctx);
    return this.store.withTransaction(async (uow) => {
      let updated = 0;
      for (const data of creates) {
        const id = randomUUID();
        const events = decideRecord(def, { type: 'Create', id, data: storedData(def, data) }, undefined);
        try {
          await uow.append(recordStream(def, ctx.tenantId, id), events, { expectedVersion: 0, metadata: meta, streamType: pascal(def.name) });
        } catch (err) {
          this.duplicate(def, data, err);
        }
      }
      for (const u of updates) {
        const r = await runCommand(uow, {
          stream: recordStream(def, ctx.tenantId, u.id),
          streamType: pascal(def.name),
          fold: recordFold,
          metadata: meta,
          decide: (state) => decideRecord(def, { type: 'Change', id: u.id, expectedVersion: state?.version ?? 0, data: storedData(def, { ...(state?.data ?? {}), ...u.data }) }, state),
        });
        if (r.events.length) updated++;
      }
      return this.changed(def, ctx.tenantId, { created: creates.length, updated });
    });
  }

  /** Imports every row or none, in one transaction. Rows are already validated. */
  async importAll(def: EntityDef, ctx: RecordContext, rows: Record<string, unknown>[]) {
    const meta = this.meta(ctx);
    return this.store.withTransaction(async (uow) => {
      for (const data of rows) {
        // a new record under a new id: nothing to read or fold, the stream must simply not exist yet
        const id = randomUUID();
        const events = [...decideRecord(def, { type: 'Create', id, data: storedData(def, data) }, undefined), ...(await passwordEvents(def, data))];
        try {
          await uow.append(recordStream(def, ctx.tenantId, id), events, { expectedVersion: 0, metadata: meta, streamType: pascal(def.name) });
        } catch (err) {
          this.duplicate(def, data, err);
        }
      }
      return this.changed(def, ctx.tenantId, rows.length);
    });
  }
}
