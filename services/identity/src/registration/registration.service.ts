import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import type { Pool } from 'pg';
import {
  ACCOUNT_PATTERN,
  AppError,
  toPage,
  type ApproveRegistration,
  type Page,
  type RegisterGuestQuery,
  type RegistrationListQuery,
  type RegistrationRow,
  type RejectRegistration,
} from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, historyEntryOf, loadStream, runCommand, type EventMetadata, type EventStorePort } from '@tpl/event-store';
import { ACCOUNT_RECORDS, type AccountContext, type AccountRecords } from '../account-records';
import { SocialSignIn } from '../social/social.service';
import { decideRegistration, registrationFold } from './registration.decider';
import { registrationStream } from './registration.events';

const MD5_HEX = /^[0-9a-f]{32}$/i;
const blank = (v: string | undefined) => !v || !v.trim();

type Row = {
  tenant_id: string;
  id: string;
  version: number;
  account: string;
  name: string;
  source: string;
  external_name: string;
  email: string;
  avatar: string;
  status: RegistrationRow['status'];
  reason: string;
  role_id: string[];
  dept_id: string;
  submitted_at: Date;
  decided_at: Date | null;
  decided_by: string;
  total_count?: string;
};

const toRow = (r: Row): RegistrationRow => ({
  id: r.id,
  version: r.version,
  tenantId: r.tenant_id,
  account: r.account,
  name: r.name,
  source: r.source,
  externalName: r.external_name,
  email: r.email,
  avatar: r.avatar,
  status: r.status,
  reason: r.reason,
  roleId: r.role_id,
  deptId: r.dept_id,
  submittedAt: r.submitted_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : '',
  decidedBy: r.decided_by,
});

/** A unique pending index caught a concurrent application: say which. */
const pendingClash = (err: unknown, account: string): never => {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'idn_registrations_pending_account') throw new AppError(409, 'errors.accountTaken', { account });
  if (e.code === '23505' && e.constraint === 'idn_registrations_pending_person') throw new AppError(409, 'errors.registrationPending');
  throw err;
};

/**
 * Guest registration (spec 01 register-guest) and the administrator's decision on it. An
 * application is a small event-sourced document: Submitted, then Approved (the user record
 * is created through the records context, in the same transaction) or Rejected.
 */
@Injectable()
export class Registrations {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(ACCOUNT_RECORDS) private readonly accounts: AccountRecords,
    private readonly social: SocialSignIn,
  ) {}

  private meta(ctx: AccountContext): EventMetadata {
    return { tenantId: ctx.tenantId, actor: ctx.actor, occurredAt: new Date().toISOString(), correlationId: ctx.correlationId, causationId: ctx.causationId };
  }

  /** Checks in the spec's order, each with its message; then the ticket, then the account. */
  async submit(q: RegisterGuestQuery, ids: { correlationId: string; commandId: string }): Promise<{ id: string }> {
    if (blank(q.tenantId)) throw new AppError(400, 'registration.tenantRequired');
    if (blank(q.account)) throw new AppError(400, 'registration.accountRequired');
    if (blank(q.password)) throw new AppError(400, 'registration.passwordRequired');
    const tenantId = q.tenantId!.trim();
    const account = q.account!.trim();
    const ticket = await this.social.ticket(tenantId, q.oauthId);
    if (!ACCOUNT_PATTERN.test(account)) throw new AppError(400, 'errors.accountInvalid');
    if (!MD5_HEX.test(q.password!.trim())) throw new AppError(400, 'errors.passwordFormat');
    const taken = await this.pool.query(
      `SELECT 1 FROM idn_users WHERE tenant_id = $1 AND account = $2 AND status = 1
       UNION ALL SELECT 1 FROM idn_registrations WHERE tenant_id = $1 AND account = $2 AND status = 'PENDING'`,
      [tenantId, account],
    );
    if (taken.rowCount) throw new AppError(409, 'errors.accountTaken', { account });
    const id = randomUUID();
    const name = q.name?.trim() || ticket.nickname || account;
    const submitted = {
      id,
      account,
      name: name.slice(0, 50),
      source: ticket.source,
      uuid: ticket.uuid,
      oauthRecordId: ticket.oauthRecordId,
      externalName: ticket.nickname,
      email: ticket.email,
      avatar: ticket.avatar,
      passwordHash: await argon2.hash(q.password!.trim().toLowerCase()),
    };
    const ctx: AccountContext = { tenantId, actor: { userId: '00000000-0000-0000-0000-000000000000', account, name }, correlationId: ids.correlationId, causationId: ids.commandId };
    try {
      await this.store.withTransaction(async (uow) => {
        const spent = await uow.query(SocialSignIn.spendTicketSql, [SocialSignIn.ticketHash(q.oauthId!), tenantId]);
        if (!spent.length) throw new AppError(400, 'errors.ticketInvalid');
        await runCommand(uow, {
          stream: registrationStream(tenantId, id),
          streamType: 'Registration',
          fold: registrationFold,
          metadata: this.meta(ctx),
          decide: (state) => decideRegistration({ type: 'Submit', data: submitted }, state),
        });
      });
    } catch (err) {
      pendingClash(err, account);
    }
    return { id };
  }

  private async load(tenantId: string, id: string) {
    return (await loadStream(this.store, registrationStream(tenantId, id), registrationFold)).state;
  }

  /**
   * The registration's decision is appended by the records context together with the user
   * record it creates (one transaction): decided here on the folded stream, appended there
   * with the version it was decided on.
   */
  async approve(ctx: AccountContext, cmd: ApproveRegistration): Promise<{ id: string; version: number; userId: string }> {
    const state = await this.load(ctx.tenantId, cmd.id);
    const deptId = cmd.deptId ?? '';
    // the user's id is the record's; the decision names it once the record exists
    const userId = randomUUID();
    const events = decideRegistration({ type: 'Approve', id: cmd.id, expectedVersion: cmd.version, roleId: cmd.roleId, deptId, userId }, state);
    const s = state!.submitted;
    await this.accounts.createLinkedUser(
      { ...ctx },
      { account: s.account, name: s.name, roleId: cmd.roleId, deptId: cmd.deptId || undefined, email: s.email || undefined, avatar: s.avatar || undefined, passwordHash: s.passwordHash, oauthRecordId: s.oauthRecordId, userId },
      { stream: registrationStream(ctx.tenantId, cmd.id), events, expectedVersion: state!.version, streamType: 'Registration' },
    );
    return { id: cmd.id, version: state!.version + 1, userId };
  }

  async reject(ctx: AccountContext, cmd: RejectRegistration): Promise<{ id: string; version: number }> {
    const r = await runCommand(this.store, {
      stream: registrationStream(ctx.tenantId, cmd.id),
      streamType: 'Registration',
      fold: registrationFold,
      metadata: this.meta(ctx),
      decide: (state) => decideRegistration({ type: 'Reject', id: cmd.id, expectedVersion: cmd.version, reason: cmd.reason }, state),
    });
    return { id: cmd.id, version: r.version };
  }

  async list(tenantId: string, q: RegistrationListQuery): Promise<Page<RegistrationRow>> {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [tenantId];
    if (q.status) where.push(`status = $${params.push(q.status)}`);
    if (q.account) where.push(`account ILIKE $${params.push(`${q.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    const { rows } = await this.pool.query<Row>(
      `SELECT *, count(*) OVER () AS total_count FROM idn_registrations WHERE ${where.join(' AND ')}
        ORDER BY (status = 'PENDING') DESC, submitted_at DESC, id LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
      params,
    );
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && q.current > 1) total = Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM idn_registrations WHERE ${where.join(' AND ')}`, params)).rows[0]!.n);
    return toPage(rows.map(toRow), total, q);
  }

  /** Every event of one application; the password hash never leaves. */
  async history(tenantId: string, id: string) {
    const events = await this.store.readStream(registrationStream(tenantId, id));
    if (!events.length) throw new AppError(404, 'errors.recordNotFound', { id });
    return events.map((e) => {
      const d = e.data as { passwordHash?: string };
      return historyEntryOf(e, d.passwordHash ? { ...d, passwordHash: '******' } : e.data);
    });
  }
}
