import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { VerifiedTokens } from './verified-tokens';
import { tenantTimeZone } from './business-day';
import { tokenCryptoKey } from './auth-settings';
import type { Pool } from 'pg';
import {
  ACCESS_TOKEN_SECONDS,
  AppError,
  DEMO_CLIENT,
  REFRESH_TOKEN_SECONDS,
  TOKEN_CRYPTO_SCHEME,
  decryptTokenHeader,
  type TokenQuery,
  type TokenResponse,
  type UserInfo,
} from '@tpl/contracts';
import { CACHE_CHANNEL, ChannelCache, DB_POOL, LocalCacheChannel, runAsSystem, runInTenant, type CacheChannel } from '@tpl/event-store';
import type { AuthUser } from './auth-user';
import { Directory } from './directory/directory';

type UserRow = {
  tenant_id: string;
  user_id: string;
  account: string;
  name: string;
  password_hash: string;
  roles: string[];
  dept_code: string | null;
  avatar: string;
  status: number;
  failed_attempts: number;
  locked_until: Date | null;
  /** the account signs in only through the directory (the user record's domainLogin flag) */
  domain_login: boolean;
  /** the roles the directory's groups gave at the last directory sign-in */
  directory_roles: string[];
};

/**
 * The roles a user holds: the ones given in the console, plus, for an account that signs in
 * through the directory, the ones its directory groups gave at its last sign-in (docs/DOMAIN.md).
 */
const effectiveRoles = (u: { roles: string[] | null; domain_login?: boolean | null; directory_roles?: string[] | null }): string[] =>
  u.domain_login ? [...new Set([...(u.roles ?? []), ...(u.directory_roles ?? [])])] : (u.roles ?? []);

type AccessClaims = { tid: string; uid: string; acc: string; nam: string; rol: string[]; sid: string; dpt?: string; exp?: number };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const MAX_FAILED = 5;
const LOCK_MINUTES = 30;
/**
 * how long a session's state is kept: a change (revoked, roles, department) is told to every
 * host at once through the cache channel (topic 'sessions', key: the session or its tenant);
 * this bound only matters should a notice be lost unnoticed
 */
const SESSION_CACHE_MS = 60_000;
/** the cache channel's topic of session states; keys are session ids and tenant ids */
export const SESSIONS_TOPIC = 'sessions';

/** Clients allowed to ask for tokens (Basic clientId:clientSecret). The console is the demo client. */
const CLIENTS = new Map<string, string>([[DEMO_CLIENT.clientId, DEMO_CLIENT.clientSecret]]);

@Injectable()
export class AuthService {
  private secret: string | undefined;
  private key: KeyObject | undefined;
  private dummyHash: string | undefined;
  /** tokens verified here: signature and issuer checked once per token, expiry at every request */
  private readonly verified = new VerifiedTokens<AccessClaims>();
  /**
   * per session: revoked, and the user's roles, department and bound customer as they are now (a change applies at
   * the next request on this host, which forgets the tenant's sessions; on other hosts within 5 s)
   */
  private readonly sessionCache = new ChannelCache<{ revoked: boolean; roles?: string[]; deptId?: string; customerCode?: string }>({ ttlMs: SESSION_CACHE_MS });
  private readonly channel: CacheChannel;

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Optional() @Inject(CACHE_CHANNEL) channel?: CacheChannel,
    @Optional() @Inject(Directory) private readonly directory?: Directory,
  ) {
    this.channel = channel ?? new LocalCacheChannel();
    this.sessionCache.listen(this.channel, SESSIONS_TOPIC);
  }

  /**
   * The signing key: JWT_SECRET, or one generated once and kept in the database so restarts keep
   * sessions. A KeyObject made once: given a string, jsonwebtoken tries it as a public key first on
   * every call and fails (an exception per request: a sixth of a command's CPU, measured).
   */
  private async signingKey(): Promise<KeyObject> {
    if (this.key) return this.key;
    return (this.key = createSecretKey(Buffer.from(await this.secretText(), 'utf8')));
  }

  private async secretText(): Promise<string> {
    if (this.secret) return this.secret;
    if (process.env.JWT_SECRET) return (this.secret = process.env.JWT_SECRET);
    const candidate = randomBytes(48).toString('base64url');
    await this.pool.query(`INSERT INTO idn_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [candidate]);
    const { rows } = await this.pool.query<{ value: string }>(`SELECT value FROM idn_settings WHERE key = 'jwt_secret'`);
    return (this.secret = rows[0]!.value);
  }

  checkClient(authorization: string | undefined): void {
    const m = /^Basic\s+(.+)$/i.exec(authorization ?? '');
    if (!m) throw new AppError(401, 'errors.badClient');
    const [id, secret] = Buffer.from(m[1]!, 'base64').toString('utf8').split(':');
    if (!id || CLIENTS.get(id) !== secret) throw new AppError(401, 'errors.badClient');
  }

  async grant(q: TokenQuery): Promise<TokenResponse> {
    switch (q.grantType) {
      case 'password':
      case 'captcha':
        return this.passwordGrant(q);
      case 'refresh_token':
        return this.refreshGrant(q);
      case 'social':
        // the controller hands the social grant to SocialSignIn, which needs the provider
        throw new AppError(400, 'errors.unsupportedGrant', { grantType: q.grantType });
      case 'sms':
        return this.smsGrant(q);
      case 'domain':
        // the controller hands it the password from the body (never the query)
        throw new AppError(400, 'errors.unsupportedGrant', { grantType: q.grantType });
    }
  }

  /** Phone and code (the code was checked by SmsCodes before this is called). */
  private async smsGrant(q: TokenQuery): Promise<TokenResponse> {
    if (!q.tenantId) throw new AppError(400, 'errors.tenantRequired');
    const { rows } = await this.pool.query<UserRow>(
      `SELECT u.* FROM idn_users u JOIN idn_tenants t ON t.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.phone = $2 AND u.status = 1 AND t.status = 1 ORDER BY u.created_at LIMIT 1`,
      [q.tenantId, q.phone],
    );
    const user = rows[0];
    if (!user) throw new AppError(401, 'errors.smsInvalid');
    if (user.domain_login) throw new AppError(401, 'errors.domainLoginRequired');
    const sessionId = randomUUID();
    await this.pool.query(`INSERT INTO idn_sessions (session_id, tenant_id, user_id) VALUES ($1, $2, $3)`, [sessionId, user.tenant_id, user.user_id]);
    return this.issue(user, sessionId);
  }

  private async passwordGrant(q: TokenQuery): Promise<TokenResponse> {
    if (!q.tenantId) throw new AppError(400, 'errors.tenantRequired');
    if (!q.account || !q.password) throw new AppError(401, 'errors.badCredentials');
    const { rows } = await this.pool.query<UserRow>(
      `SELECT u.* FROM idn_users u JOIN idn_tenants t ON t.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.account = $2 AND t.status = 1`,
      [q.tenantId, q.account],
    );
    const user = rows[0];
    if (!user || user.status !== 1) {
      // same work and answer as a wrong password, so accounts can't be probed by timing
      this.dummyHash ??= await argon2.hash(randomBytes(16).toString('hex'));
      await argon2.verify(this.dummyHash, q.password);
      throw new AppError(401, 'errors.badCredentials');
    }
    if (user.locked_until && user.locked_until > new Date()) {
      throw new AppError(401, 'errors.accountLocked', { until: user.locked_until.toISOString() });
    }
    // an account opted in to domain login has no local password: the directory's is the only one
    if (user.domain_login) throw new AppError(401, 'errors.domainLoginRequired');
    const ok = await argon2.verify(user.password_hash, q.password.toLowerCase());
    if (!ok) {
      await this.countFailure(user.tenant_id, user.user_id);
      throw new AppError(401, 'errors.badCredentials');
    }
    await this.pool.query(`UPDATE idn_users SET failed_attempts = 0, locked_until = NULL WHERE tenant_id = $1 AND user_id = $2`, [
      user.tenant_id,
      user.user_id,
    ]);
    const sessionId = randomUUID();
    await this.pool.query(`INSERT INTO idn_sessions (session_id, tenant_id, user_id) VALUES ($1, $2, $3)`, [
      sessionId,
      user.tenant_id,
      user.user_id,
    ]);
    return this.issue(user, sessionId);
  }

  /**
   * Domain (AD / LDAP) sign-in of an account opted in to it: the directory binds the person's
   * entry with the password typed (plain, from the request's body: a directory needs it as it
   * is), the roles its groups map to are kept as the account's directory roles until the next
   * directory sign-in. A wrong password counts toward the same five-strike lock; a directory
   * that cannot be reached is said as such (401 with its own message, never 500).
   */
  async domainGrant(q: TokenQuery, password: string | undefined): Promise<TokenResponse> {
    if (!q.tenantId) throw new AppError(400, 'errors.tenantRequired');
    if (!q.account || !password) throw new AppError(401, 'errors.badCredentials');
    const { rows } = await this.pool.query<UserRow>(
      `SELECT u.* FROM idn_users u JOIN idn_tenants t ON t.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.account = $2 AND t.status = 1`,
      [q.tenantId, q.account],
    );
    const user = rows[0];
    if (!user || user.status !== 1) throw new AppError(401, 'errors.badCredentials');
    if (user.locked_until && user.locked_until > new Date()) {
      throw new AppError(401, 'errors.accountLocked', { until: user.locked_until.toISOString() });
    }
    if (!user.domain_login) throw new AppError(401, 'errors.domainLoginNotEnabled');
    const answer = this.directory ? await this.directory.signIn(user.account, password) : ({ kind: 'off' } as const);
    if (answer.kind === 'off') throw new AppError(401, 'errors.directoryNotConfigured');
    if (answer.kind === 'unavailable') throw new AppError(401, 'errors.directoryUnavailable');
    if (answer.kind === 'refused') {
      await this.countFailure(user.tenant_id, user.user_id);
      throw new AppError(401, 'errors.badCredentials');
    }
    await this.pool.query(
      `UPDATE idn_users SET failed_attempts = 0, locked_until = NULL, directory_roles = $3 WHERE tenant_id = $1 AND user_id = $2`,
      [user.tenant_id, user.user_id, answer.roles],
    );
    // the person's sessions already open (here and on other hosts) pick up the new roles at their next request
    await this.channel.publish(SESSIONS_TOPIC, user.tenant_id);
    this.forgetSessions(user.tenant_id);
    const sessionId = randomUUID();
    await this.pool.query(`INSERT INTO idn_sessions (session_id, tenant_id, user_id) VALUES ($1, $2, $3)`, [sessionId, user.tenant_id, user.user_id]);
    return this.issue({ ...user, directory_roles: answer.roles }, sessionId);
  }

  /** Rotation: each refresh token works once; presenting a used one revokes the whole session. */
  private async refreshGrant(q: TokenQuery): Promise<TokenResponse> {
    if (!q.refreshToken) throw new AppError(401, 'errors.refreshInvalid');
    const hash = sha256(q.refreshToken);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ session_id: string; expires_at: Date; used_at: Date | null; revoked_at: Date | null }>(
        `SELECT r.session_id, r.expires_at, r.used_at, s.revoked_at
           FROM idn_refresh_tokens r JOIN idn_sessions s ON s.session_id = r.session_id
          WHERE r.token_hash = $1 FOR UPDATE OF r`,
        [hash],
      );
      const token = rows[0];
      if (!token || token.revoked_at || token.expires_at < new Date()) {
        await client.query('ROLLBACK');
        throw new AppError(401, 'errors.refreshInvalid');
      }
      if (token.used_at) {
        await client.query(`UPDATE idn_sessions SET revoked_at = now(), revoked_reason = 'refresh token reused' WHERE session_id = $1`, [
          token.session_id,
        ]);
        await client.query('COMMIT');
        await this.channel.publish(SESSIONS_TOPIC, token.session_id);
        throw new AppError(401, 'errors.refreshInvalid');
      }
      await client.query(`UPDATE idn_refresh_tokens SET used_at = now() WHERE token_hash = $1`, [hash]);
      const users = await client.query<UserRow>(
        `SELECT u.* FROM idn_users u JOIN idn_sessions s ON s.tenant_id = u.tenant_id AND s.user_id = u.user_id WHERE s.session_id = $1`,
        [token.session_id],
      );
      const user = users.rows[0];
      if (!user || user.status !== 1 || (q.tenantId && q.tenantId !== user.tenant_id)) {
        await client.query('ROLLBACK');
        throw new AppError(401, 'errors.refreshInvalid');
      }
      const issued = await this.issue(user, token.session_id, client);
      await client.query('COMMIT');
      return issued;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * A new session for an active user of an active tenant, found by account (the social
   * grant, once the provider vouched for the person); undefined when there is none.
   */
  async sessionForAccount(tenantId: string, account: string, oauthId: string): Promise<TokenResponse | undefined> {
    const { rows } = await this.pool.query<UserRow>(
      `SELECT u.* FROM idn_users u JOIN idn_tenants t ON t.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.account = $2 AND u.status = 1 AND t.status = 1`,
      [tenantId, account],
    );
    const user = rows[0];
    if (!user) return undefined;
    const sessionId = randomUUID();
    await this.pool.query(`INSERT INTO idn_sessions (session_id, tenant_id, user_id) VALUES ($1, $2, $3)`, [sessionId, user.tenant_id, user.user_id]);
    return { ...(await this.issue(user, sessionId)), oauthId };
  }

  private async issue(user: UserRow, sessionId: string, db: Pick<Pool, 'query'> = this.pool): Promise<TokenResponse> {
    const claims: AccessClaims = {
      tid: user.tenant_id,
      uid: user.user_id,
      acc: user.account,
      nam: user.name,
      rol: effectiveRoles(user),
      sid: sessionId,
      dpt: user.dept_code ?? '',
    };
    const accessToken = jwt.sign(claims, await this.signingKey(), {
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_SECONDS,
      issuer: 'tpl-console',
    });
    const refreshToken = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO idn_refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [sha256(refreshToken), sessionId, REFRESH_TOKEN_SECONDS],
    );
    return {
      accessToken,
      tokenType: 'bearer',
      refreshToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      tenantId: user.tenant_id,
      userId: user.user_id,
      account: user.account,
      userName: user.name,
      avatar: user.avatar,
      oauthId: '',
      openCodeCheck: false,
      roles: effectiveRoles(user),
      // the console shows every instant in the zone the paper prints it in, whatever the browser's own
      timeZone: tenantTimeZone(),
      ...(tokenCryptoKey() ? { tokenCryptoKey: tokenCryptoKey()! } : {}),
    };
  }

  /**
   * Verifies a Blade-Auth header value and that its session was not revoked: `bearer <token>`,
   * or, when TOKEN_CRYPTO_KEY is configured, the encrypted `crypto <…>` (spec 01 section 7).
   */
  async authenticate(bladeAuth: string | undefined): Promise<AuthUser> {
    const cryptoKey = tokenCryptoKey();
    if (cryptoKey && bladeAuth && new RegExp(`^${TOKEN_CRYPTO_SCHEME}\\s`, 'i').test(bladeAuth)) {
      const opened = await decryptTokenHeader(bladeAuth, cryptoKey);
      if (!opened.ok) throw new AppError(401, 'errors.unauthorized');
      return this.authenticate(`bearer ${opened.accessToken}`);
    }
    const m = /^bearer\s+(.+)$/i.exec(bladeAuth ?? '');
    if (!m) throw new AppError(401, 'errors.unauthorized');
    let claims: AccessClaims;
    const key = await this.signingKey();
    try {
      claims = this.verified.claims(m[1]!, () => jwt.verify(m[1]!, key, { algorithms: ['HS256'], issuer: 'tpl-console' }) as AccessClaims);
    } catch (err) {
      throw new AppError(401, (err as Error).name === 'TokenExpiredError' ? 'errors.tokenExpired' : 'errors.unauthorized');
    }
    const session = await runInTenant(claims.tid, () => this.sessionState(claims.tid, claims.sid));
    if (session.revoked) throw new AppError(401, 'errors.unauthorized');
    return {
      tenantId: claims.tid,
      userId: claims.uid,
      account: claims.acc,
      name: claims.nam,
      roles: session.roles ?? claims.rol,
      sessionId: claims.sid,
      deptId: session.deptId ?? claims.dpt ?? '',
      ...(session.customerCode ? { customerCode: session.customerCode } : {}),
    };
  }

  private sessionState(tenantId: string, sessionId: string): Promise<{ revoked: boolean; roles?: string[]; deptId?: string; customerCode?: string }> {
    return this.sessionCache.get(sessionId, [tenantId], async () => {
      const { rows } = await this.pool.query<{
        revoked_at: Date | null;
        roles: string[] | null;
        domain_login: boolean | null;
        directory_roles: string[] | null;
        dept_code: string | null;
        customer_code: string | null;
        status: number | null;
      }>(
        `SELECT s.revoked_at, u.roles, u.domain_login, u.directory_roles, u.dept_code, u.customer_code, u.status FROM idn_sessions s
           LEFT JOIN idn_users u ON u.tenant_id = s.tenant_id AND u.user_id = s.user_id
          WHERE s.session_id = $1`,
        [sessionId],
      );
      const r = rows[0];
      return {
        revoked: !r || r.revoked_at !== null || r.status !== 1,
        ...(r?.roles ? { roles: effectiveRoles(r) } : {}),
        ...(r ? { deptId: r.dept_code ?? '' } : {}),
        ...(r?.customer_code ? { customerCode: r.customer_code } : {}),
      };
    });
  }

  async logout(user: AuthUser): Promise<void> {
    await this.pool.query(`UPDATE idn_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE session_id = $1 AND revoked_at IS NULL`, [
      user.sessionId,
    ]);
    await this.channel.publish(SESSIONS_TOPIC, user.sessionId);
    this.sessionCache.set(user.sessionId, [user.tenantId], { revoked: true });
  }

  /**
   * Forgets what is cached of the tenant's sessions: called when its users, roles or rules
   * change (a user's roles or department changed, a user removed), so the next request on
   * this host reads them as they are now.
   */
  forgetSessions(tenantId: string): void {
    this.sessionCache.drop(tenantId);
  }

  /**
   * Checks the caller's current password (MD5 hex, as at sign-in). A wrong one counts toward
   * the same five-strike lock as sign-in, so a borrowed session cannot guess the password;
   * while locked the answer says until when.
   */
  async verifyOwnPassword(user: AuthUser, md5: string): Promise<void> {
    const { rows } = await this.pool.query<UserRow>(`SELECT * FROM idn_users WHERE tenant_id = $1 AND user_id = $2`, [user.tenantId, user.userId]);
    const u = rows[0];
    if (!u || u.status !== 1) throw new AppError(401, 'errors.unauthorized');
    // the directory holds the password of an account opted in to domain login: it is changed there
    if (u.domain_login) throw new AppError(400, 'errors.domainPasswordElsewhere');
    if (u.locked_until && u.locked_until > new Date()) throw new AppError(400, 'errors.accountLocked', { until: u.locked_until.toISOString() });
    if (u.password_hash && (await argon2.verify(u.password_hash, md5.toLowerCase()))) {
      await this.pool.query(`UPDATE idn_users SET failed_attempts = 0 WHERE tenant_id = $1 AND user_id = $2`, [user.tenantId, user.userId]);
      return;
    }
    await this.countFailure(user.tenantId, user.userId);
    throw new AppError(400, 'errors.oldPasswordWrong');
  }

  /** A wrong password (sign-in or password change): the fifth in a row locks the account for LOCK_MINUTES. */
  private async countFailure(tenantId: string, userId: string): Promise<void> {
    await this.pool.query(
      `UPDATE idn_users SET failed_attempts = failed_attempts + 1,
          locked_until = CASE WHEN failed_attempts + 1 >= $3 THEN now() + make_interval(mins => $4) ELSE locked_until END
        WHERE tenant_id = $1 AND user_id = $2`,
      [tenantId, userId, MAX_FAILED, LOCK_MINUTES],
    );
  }

  /** Ends every session of the user but the calling one (after a password change); answers how many. */
  async revokeOtherSessions(user: AuthUser, reason: string): Promise<number> {
    const { rows } = await this.pool.query<{ session_id: string }>(
      `UPDATE idn_sessions SET revoked_at = now(), revoked_reason = $4
        WHERE tenant_id = $1 AND user_id = $2 AND session_id <> $3 AND revoked_at IS NULL RETURNING session_id`,
      [user.tenantId, user.userId, user.sessionId, reason],
    );
    for (const r of rows) {
      await this.channel.publish(SESSIONS_TOPIC, r.session_id);
      this.sessionCache.set(r.session_id, [user.tenantId], { revoked: true });
    }
    return rows.length;
  }

  /** Whether a tenant of this id is registered (inbound integration messages name theirs). */
  async tenantExists(tenantId: string): Promise<boolean> {
    const { rows } = await runAsSystem(() => this.pool.query('SELECT 1 FROM idn_tenants WHERE tenant_id = $1', [tenantId]));
    return rows.length > 0;
  }

  /** The tenant's display name (the personal information page). */
  async tenantName(tenantId: string): Promise<string> {
    const { rows } = await this.pool.query<{ name: string }>(`SELECT name FROM idn_tenants WHERE tenant_id = $1`, [tenantId]);
    return rows[0]?.name ?? tenantId;
  }

  async userInfo(user: AuthUser): Promise<UserInfo> {
    const { rows } = await this.pool.query<UserRow & { tenant_name: string }>(
      `SELECT u.*, t.name AS tenant_name FROM idn_users u JOIN idn_tenants t ON t.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.user_id = $2`,
      [user.tenantId, user.userId],
    );
    const u = rows[0];
    if (!u) throw new AppError(401, 'errors.unauthorized');
    return { tenantId: u.tenant_id, tenantName: u.tenant_name, userId: u.user_id, account: u.account, userName: u.name, avatar: u.avatar, roles: effectiveRoles(u) };
  }
}
