import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, dataSchemaOf, entityByName, fieldKey, parseOrThrow, type EntityDef } from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, loadStream, runCommand, type EventMetadata, type EventStorePort } from '@tpl/event-store';
import type { AccountContext, AccountRecords, CoAppend, ExternalProfile, OwnProfile } from '@tpl/identity';
import { decideRecord, recordFold, type RecordState } from '../engine/record.decider';
import { eventType, pascal, recordStream } from '../engine/record.events';
import { RECORDS_TABLE } from '../engine/records.migrations';

/** A stable record id for (tenant, source, subject): two first sign-ins at once cannot make two records. */
const stableId = (tenantId: string, source: string, uuid: string) => {
  const h = createHash('sha256').update(`useroauth|${tenantId}|${source}|${uuid}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const def = (name: string): EntityDef => {
  const d = entityByName(name);
  if (!d) throw new Error(`entity ${name} is not registered`);
  return d;
};

/**
 * The user and useroauth entities' side of identity's AccountRecords port (the host binds it): the social flow's useroauth records
 * and the user an approved registration becomes are ordinary records of system
 * administration (same events, same screens, same history).
 */
@Injectable()
export class RecordsAccountPort implements AccountRecords {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
  ) {}

  private meta(ctx: AccountContext): EventMetadata {
    return { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: ctx.causationId };
  }

  private async load(d: EntityDef, tenantId: string, id: string): Promise<RecordState | undefined> {
    return (await loadStream(this.store, recordStream(d, tenantId, id), recordFold)).state;
  }

  /** One command on one record: read, fold, decide, append at the version decided on. */
  private command(ctx: AccountContext, d: EntityDef, id: string, decide: (state: RecordState | undefined) => { type: string; data: unknown }[]) {
    return runCommand(this.store, { stream: recordStream(d, ctx.tenantId, id), streamType: pascal(d.name), fold: recordFold, metadata: this.meta(ctx), decide });
  }

  async saveExternalUser(ctx: AccountContext, profile: ExternalProfile): Promise<{ id: string }> {
    const oauth = def('useroauth');
    // an administrator may have made the record by hand: the oldest live one for this subject wins
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'useroauth' AND NOT is_deleted AND data->>'source' = $2 AND data->>'uuid' = $3
        ORDER BY create_time, id LIMIT 1`,
      [ctx.tenantId, profile.source, profile.uuid],
    );
    if (rows[0]) {
      const id = rows[0].id;
      await this.command(ctx, oauth, id, (existing) => {
        if (!existing) throw new AppError(404, 'errors.recordNotFound', { id });
        const data = dataSchemaOf(oauth).parse({ ...existing.data, ...profile }) as Record<string, unknown>;
        return decideRecord(oauth, { type: 'Change', id, expectedVersion: existing.version, data }, existing);
      });
      return { id };
    }
    const data = dataSchemaOf(oauth).parse(profile) as Record<string, unknown>;
    const create = (id: string) => this.command(ctx, oauth, id, (state) => (state ? [] : decideRecord(oauth, { type: 'Create', id, data }, state)));
    const stable = stableId(ctx.tenantId, profile.source, profile.uuid);
    if ((await create(stable)).events.length) return { id: stable };
    // the stable stream is taken when its record was removed: that person starts afresh
    const id = randomUUID();
    await create(id);
    return { id };
  }

  /** Roles and department must exist in the tenant (400 naming the field, as the user screen says it). */
  private async checkRefs(user: EntityDef, tenantId: string, refs: [field: string, entity: string, codes: string[]][]) {
    for (const [field, entity, codes] of refs) {
      if (!codes.length) continue;
      const { rows } = await this.pool.query<{ code: string }>(
        `SELECT code FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`,
        [tenantId, entity, codes],
      );
      const found = new Set(rows.map((r) => r.code));
      const missing = codes.find((c) => !found.has(c));
      if (missing !== undefined) throw new AppError(400, 'errors.refMissing', { code: missing }, { label: fieldKey(user.name, [field]) });
    }
  }

  async createLinkedUser(ctx: AccountContext, input: Parameters<AccountRecords['createLinkedUser']>[1], also: CoAppend): Promise<void> {
    const user = def('user');
    const oauth = def('useroauth');
    const data = parseOrThrow(
      dataSchemaOf(user),
      { account: input.account, name: input.name, roleId: input.roleId, ...(input.deptId ? { deptId: input.deptId } : {}), ...(input.email ? { email: input.email } : {}), ...(input.avatar ? { avatar: input.avatar } : {}) },
      'user',
    ) as Record<string, unknown>;
    await this.checkRefs(user, ctx.tenantId, [
      ['roleId', 'role', input.roleId],
      ['deptId', 'dept', input.deptId ? [input.deptId] : []],
    ]);
    const meta = this.meta(ctx);
    try {
      await this.store.withTransaction(async (uow) => {
        await runCommand(uow, {
          stream: recordStream(user, ctx.tenantId, input.userId),
          streamType: pascal(user.name),
          fold: recordFold,
          metadata: meta,
          decide: (state) => [...decideRecord(user, { type: 'Create', id: input.userId, data }, state), { type: eventType(user, 'PasswordSet'), data: { field: 'password', hash: input.passwordHash } }],
        });
        await runCommand(uow, {
          stream: recordStream(oauth, ctx.tenantId, input.oauthRecordId),
          streamType: pascal(oauth.name),
          fold: recordFold,
          metadata: meta,
          decide: (link) => {
            if (!link || link.removed) throw new AppError(404, 'errors.recordNotFound', { id: input.oauthRecordId });
            return decideRecord(oauth, { type: 'Change', id: link.id, expectedVersion: link.version, data: { ...link.data, userId: input.account } }, link);
          },
        });
        // the caller's own decision (the registration's), made on its stream at this version
        await uow.append(also.stream, also.events, { expectedVersion: also.expectedVersion, metadata: meta, streamType: also.streamType });
      });
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'md_records_code_uq') throw new AppError(409, 'errors.accountTaken', { account: input.account });
      throw err;
    }
  }

  async ownProfile(tenantId: string, userId: string): Promise<OwnProfile | undefined> {
    const state = await this.load(def('user'), tenantId, userId);
    if (!state || state.removed) return undefined;
    const names = async (entity: string, codes: string[]) => {
      if (!codes.length) return [];
      const { rows } = await this.pool.query<{ code: string; name: string | null }>(
        `SELECT code, name FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`,
        [tenantId, entity, codes],
      );
      const byCode = new Map(rows.map((r) => [r.code, r.name ?? r.code]));
      return codes.map((c) => byCode.get(c) ?? c);
    };
    const roles = Array.isArray(state.data.roleId) ? (state.data.roleId as string[]) : [];
    const dept = typeof state.data.deptId === 'string' && state.data.deptId ? [state.data.deptId] : [];
    return { id: state.id, version: state.version, data: state.data, roleNames: await names('role', roles), deptName: (await names('dept', dept))[0] ?? '' };
  }

  async changeOwnProfile(ctx: AccountContext, userId: string, changes: Record<string, string | null>, expectedVersion?: number): Promise<{ id: string; version: number }> {
    const user = def('user');
    const r = await this.command(ctx, user, userId, (state) => {
      if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: userId });
      // the record's own rules over the whole record as it would be, so a profile edit can never store what the user screen refuses
      const next: Record<string, unknown> = { ...state.data };
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) delete next[k];
        else next[k] = v;
      }
      const data = parseOrThrow(dataSchemaOf(user), next, 'user') as Record<string, unknown>;
      return decideRecord(user, { type: 'Change', id: userId, expectedVersion: expectedVersion ?? state.version, data }, state);
    });
    return { id: userId, version: r.version };
  }

  async userDepartments(): Promise<{ tenantId: string; userId: string; deptCode: string }[]> {
    const { rows } = await this.pool.query<{ tenant_id: string; id: string; dept: string }>(
      `SELECT tenant_id, id, data->>'deptId' AS dept FROM ${RECORDS_TABLE} WHERE entity = 'user' AND NOT is_deleted AND coalesce(data->>'deptId', '') <> ''`,
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.id, deptCode: r.dept }));
  }

  async setOwnPassword(ctx: AccountContext, userId: string, passwordHash: string): Promise<{ id: string; version: number }> {
    const user = def('user');
    const r = await this.command(ctx, user, userId, (state) => {
      if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: userId });
      return [{ type: eventType(user, 'PasswordSet'), data: { field: 'password', hash: passwordHash, self: true } }];
    });
    return { id: userId, version: r.version };
  }
}
