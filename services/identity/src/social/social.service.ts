import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, type TokenQuery, type TokenResponse } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { ACCOUNT_RECORDS, type AccountRecords, type ExternalProfile } from '../account-records';
import { AuthService } from '../auth.service';
import { AuthSettings, type OAuthProviderConfig } from '../auth-settings';
import { OidcClient, type Claims } from './oidc-client';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const opaque = () => randomBytes(32).toString('base64url');

/** How long the provider's round trip may take (the person types a password there). */
export const STATE_TTL_SECONDS = 600;
/** How long a person has to fill in the registration dialog. */
export const TICKET_TTL_SECONDS = 1800;

const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The useroauth fields from standard OIDC claims (spec 02 3.1 names GitHub's; these are their OIDC counterparts). */
export const profileOf = (source: string, c: Claims): ExternalProfile => {
  const email = text(c.email, 100);
  const address = c.address as { locality?: unknown; formatted?: unknown } | undefined;
  const username = text(c.preferred_username, 100) ?? email ?? c.sub.slice(0, 100);
  return {
    source,
    uuid: c.sub.slice(0, 64),
    username,
    nickname: text(c.name, 100) ?? text(c.nickname, 100) ?? username,
    ...(text(c.picture, 500) ? { avatar: text(c.picture, 500)! } : {}),
    ...(text(c.website, 255) ?? text(c.profile, 255) ? { blog: (text(c.website, 255) ?? text(c.profile, 255))! } : {}),
    ...(text(c.company, 100) ?? text(c.organization, 100) ? { company: (text(c.company, 100) ?? text(c.organization, 100))! } : {}),
    ...(text(address?.locality, 100) ?? text(address?.formatted, 100) ? { location: (text(address?.locality, 100) ?? text(address?.formatted, 100))! } : {}),
    ...(email && EMAIL.test(email) ? { email } : {}),
    ...(text(c.gender, 20) ? { gender: text(c.gender, 20)! } : {}),
  };
};

/** The actor of a change the social flow makes: the provider acting for the person. */
const actorFor = (profile: ExternalProfile) => ({ userId: '00000000-0000-0000-0000-000000000000', account: `${profile.source}:${profile.username}`.slice(0, 100), name: profile.nickname });

export type Ticket = { tenantId: string; oauthRecordId: string; source: string; uuid: string; nickname: string; email: string; avatar: string };

/**
 * Social sign-in (OAuth2 authorization code, OIDC): the state we issue (bound to tenant and
 * source, single use, ten minutes, with the PKCE verifier and nonce), the code exchange,
 * the useroauth record, and either a session for a linked user or a registration ticket.
 */
@Injectable()
export class SocialSignIn {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    private readonly settings: AuthSettings,
    private readonly oidc: OidcClient,
    private readonly auth: AuthService,
    @Inject(ACCOUNT_RECORDS) private readonly accounts: AccountRecords,
  ) {}

  provider(source: string | undefined, tenantId: string): OAuthProviderConfig {
    const p = source ? this.settings.provider(source, tenantId) : undefined;
    if (!p) throw new AppError(400, 'errors.socialUnknownSource', { source: String(source ?? '').slice(0, 32) }, { label: 'auth.fields.source' });
    return p;
  }

  private async requireTenant(tenantId: string): Promise<void> {
    const { rowCount } = await this.pool.query(`SELECT 1 FROM idn_tenants WHERE tenant_id = $1 AND status = 1`, [tenantId]);
    if (!rowCount) throw new AppError(400, 'errors.tenantUnknown', { tenantId });
  }

  /** The provider's authorize URL for this tenant's sign-in, with a fresh state. */
  async authorizeUrl(tenantId: string, source: string, origin: string): Promise<string> {
    const p = this.provider(source, tenantId);
    await this.requireTenant(tenantId);
    const redirectUri = `${origin}/oauth/callback/${p.source}`;
    const state = opaque();
    const request = await this.oidc.authorizationUrl(p, redirectUri, state);
    await this.pool.query(`DELETE FROM idn_oauth_states WHERE expires_at < now()`);
    await this.pool.query(
      `INSERT INTO idn_oauth_states (state_hash, tenant_id, source, code_verifier, nonce, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [sha256(state), tenantId, p.source, request.codeVerifier, request.nonce, redirectUri, STATE_TTL_SECONDS],
    );
    return request.url;
  }

  /** grantType=social: a session for a linked user, or a registration ticket for a new one. */
  async grant(q: TokenQuery): Promise<TokenResponse> {
    const tenantId = q.tenantId ?? '';
    if (!tenantId) throw new AppError(400, 'errors.tenantRequired');
    const p = this.provider(q.source, tenantId);
    if (!q.state || !q.code) throw new AppError(401, 'errors.socialStateInvalid');
    // single use: the state is gone whatever happens next
    const { rows } = await this.pool.query<{ code_verifier: string; nonce: string; redirect_uri: string; live: boolean }>(
      `DELETE FROM idn_oauth_states WHERE state_hash = $1 AND tenant_id = $2 AND source = $3
       RETURNING code_verifier, nonce, redirect_uri, expires_at > now() AS live`,
      [sha256(q.state), tenantId, p.source],
    );
    const st = rows[0];
    if (!st?.live) throw new AppError(401, 'errors.socialStateInvalid');
    const claims = await this.oidc.exchange(p, { redirectUri: st.redirect_uri, code: q.code, state: q.state, iss: q.iss, codeVerifier: st.code_verifier, nonce: st.nonce });
    const profile = profileOf(p.source, claims);
    // the command is this grant: its single-use state names it (hashed, as it is stored)
    const ctx = { tenantId, actor: actorFor(profile), correlationId: `social-${p.source}`, causationId: `social-grant-${sha256(q.state)}` };
    const record = await this.accounts.saveExternalUser(ctx, profile);

    const link = await this.pool.query<{ account: string | null }>(
      `SELECT account FROM idn_oauth_links WHERE tenant_id = $1 AND record_id = $2 AND NOT removed`,
      [tenantId, record.id],
    );
    const account = link.rows[0]?.account;
    if (account) {
      const token = await this.auth.sessionForAccount(tenantId, account, record.id);
      if (!token) throw new AppError(401, 'errors.socialUserDisabled');
      return token;
    }
    const pending = await this.pool.query(`SELECT 1 FROM idn_registrations WHERE tenant_id = $1 AND oauth_record_id = $2 AND status = 'PENDING'`, [tenantId, record.id]);
    if (pending.rowCount) throw new AppError(409, 'errors.registrationPending');
    const ticket = opaque();
    await this.pool.query(`DELETE FROM idn_oauth_tickets WHERE expires_at < now()`);
    await this.pool.query(
      `INSERT INTO idn_oauth_tickets (ticket_hash, tenant_id, oauth_record_id, source, uuid, nickname, email, avatar, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
      [sha256(ticket), tenantId, record.id, p.source, profile.uuid, profile.nickname, profile.email ?? '', profile.avatar ?? '', TICKET_TTL_SECONDS],
    );
    // spec 01: the console opens its registration dialog when userId is empty or negative
    return {
      accessToken: '',
      tokenType: 'bearer',
      refreshToken: '',
      expiresIn: 0,
      tenantId,
      userId: '-1',
      account: '',
      userName: profile.nickname,
      avatar: profile.avatar ?? '',
      oauthId: ticket,
      openCodeCheck: false,
      roles: [],
    };
  }

  /** A live, unused ticket of this tenant (checked again, atomically, when it is spent). */
  async ticket(tenantId: string, ticket: string | undefined): Promise<Ticket> {
    if (!ticket) throw new AppError(400, 'errors.ticketInvalid');
    const { rows } = await this.pool.query<{ oauth_record_id: string; source: string; uuid: string; nickname: string; email: string; avatar: string }>(
      `SELECT oauth_record_id, source, uuid, nickname, email, avatar FROM idn_oauth_tickets
        WHERE ticket_hash = $1 AND tenant_id = $2 AND used_at IS NULL AND expires_at > now()`,
      [sha256(ticket), tenantId],
    );
    const t = rows[0];
    if (!t) throw new AppError(400, 'errors.ticketInvalid');
    return { tenantId, oauthRecordId: t.oauth_record_id, source: t.source, uuid: t.uuid, nickname: t.nickname, email: t.email, avatar: t.avatar };
  }

  /** Spends a ticket inside the caller's transaction; false when someone spent it first. */
  static spendTicketSql = `UPDATE idn_oauth_tickets SET used_at = now() WHERE ticket_hash = $1 AND tenant_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING 1 AS spent`;
  static ticketHash = sha256;
}
