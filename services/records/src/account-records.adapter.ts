import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, dataSchemaOf, entityByName, fieldKey, parseOrThrow, type EntityDef } from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, type EventMetadata, type PostgresEventStore, type StoredEvent } from '@tpl/event-store';
import type { AccountContext, AccountRecords, CoAppend, ExternalProfile, OwnProfile } from '@tpl/identity';
import { decideRecord, evolveRecord, type RecordState } from './record.decider';
import { eventType, pascal, recordStream } from './record.events';
import { RECORDS_TABLE } from './records.migrations';

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
 * The records side of identity's AccountRecords port: the social flow's useroauth records
 * and the user an approved registration becomes are ordinary records of system
 * administration (same events, same screens, same history).
 */
@Injectable()
export class RecordsAccountPort implements AccountRecords {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: PostgresEventStore,
  ) {}

  private meta(ctx: AccountContext): EventMetadata {
    return { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: randomUUID() };
  }

  private async load(d: EntityDef, tenantId: string, id: string): Promise<RecordState | undefined> {
    const events: StoredEvent[] = await this.store.readStream(recordStream(d, tenantId, id));
    return events.reduce<RecordState | undefined>((s, e) => evolveRecord(s, e), undefined);
  }

  async saveExternalUser(ctx: AccountContext, profile: ExternalProfile): Promise<{ id: string }> {
    const oauth = def('useroauth');
    // an administrator may have made the record by hand: the oldest live one for this subject wins
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'useroauth' AND NOT is_deleted AND data->>'source' = $2 AND data->>'uuid' = $3
        ORDER BY create_time, id LIMIT 1`,
      [ctx.tenantId, profile.source, profile.uuid],
    );
    const existing = rows[0] ? await this.load(oauth, ctx.tenantId, rows[0].id) : undefined;
    if (existing) {
      const data = dataSchemaOf(oauth).parse({ ...existing.data, ...profile }) as Record<string, unknown>;
      const events = decideRecord(oauth, { type: 'Change', id: existing.id, expectedVersion: existing.version, data }, existing);
      if (events.length) await this.store.append(recordStream(oauth, ctx.tenantId, existing.id), events, { expectedVersion: existing.version, metadata: this.meta(ctx), streamType: pascal(oauth.name) });
      return { id: existing.id };
    }
    const stable = stableId(ctx.tenantId, profile.source, profile.uuid);
    // the stable stream is taken when its record was removed: that person starts afresh
    const id = (await this.store.readStream(recordStream(oauth, ctx.tenantId, stable))).length ? randomUUID() : stable;
    const data = dataSchemaOf(oauth).parse(profile) as Record<string, unknown>;
    await this.store.append(recordStream(oauth, ctx.tenantId, id), decideRecord(oauth, { type: 'Create', id, data }, undefined), {
      expectedVersion: 0,
      metadata: this.meta(ctx),
      streamType: pascal(oauth.name),
    });
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
    const link = await this.load(oauth, ctx.tenantId, input.oauthRecordId);
    if (!link || link.removed) throw new AppError(404, 'errors.recordNotFound', { id: input.oauthRecordId });
    const linkEvents = decideRecord(oauth, { type: 'Change', id: link.id, expectedVersion: link.version, data: { ...link.data, userId: input.account } }, link);
    const meta = this.meta(ctx);
    try {
      await this.store.withTransaction(async (uow) => {
        await uow.append(
          recordStream(user, ctx.tenantId, input.userId),
          [...decideRecord(user, { type: 'Create', id: input.userId, data }, undefined), { type: eventType(user, 'PasswordSet'), data: { field: 'password', hash: input.passwordHash } }],
          { expectedVersion: 0, metadata: meta, streamType: pascal(user.name) },
        );
        if (linkEvents.length) await uow.append(recordStream(oauth, ctx.tenantId, link.id), linkEvents, { expectedVersion: link.version, metadata: meta, streamType: pascal(oauth.name) });
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
    const state = await this.load(user, ctx.tenantId, userId);
    if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: userId });
    // the record's own rules over the whole record as it would be, so a profile edit can never store what the user screen refuses
    const next: Record<string, unknown> = { ...state.data };
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    const data = parseOrThrow(dataSchemaOf(user), next, 'user') as Record<string, unknown>;
    const events = decideRecord(user, { type: 'Change', id: userId, expectedVersion: expectedVersion ?? state.version, data }, state);
    if (!events.length) return { id: userId, version: state.version };
    const r = await this.store.append(recordStream(user, ctx.tenantId, userId), events, { expectedVersion: state.version, metadata: this.meta(ctx), streamType: pascal(user.name) });
    return { id: userId, version: r.nextVersion };
  }

  async setOwnPassword(ctx: AccountContext, userId: string, passwordHash: string): Promise<{ id: string; version: number }> {
    const user = def('user');
    const state = await this.load(user, ctx.tenantId, userId);
    if (!state || state.removed) throw new AppError(404, 'errors.recordNotFound', { id: userId });
    const r = await this.store.append(
      recordStream(user, ctx.tenantId, userId),
      [{ type: eventType(user, 'PasswordSet'), data: { field: 'password', hash: passwordHash, self: true } }],
      { expectedVersion: state.version, metadata: this.meta(ctx), streamType: pascal(user.name) },
    );
    return { id: userId, version: r.nextVersion };
  }
}
