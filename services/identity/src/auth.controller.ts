import { Body, Controller, Get, Headers, Inject, Query } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, authRoutes, domainSignInBodySchema, errorLogUploadSchema, ok, parseOrThrow, refuseNonObjectBody, type RefreshTokenQuery, type TokenQuery } from '@tpl/contracts';
import { DB_POOL, runInTenant } from '@tpl/event-store';
import { CaptchaService } from './captcha.service';
import { SmsCodes } from './sms.service';
import { LoginOptionsService } from './social/login-options.service';
import { SocialSignIn } from './social/social.service';
import { AuthService } from './auth.service';
import { sameTenant } from './business-day';
import { EveryUser, Public, type AuthUser } from './auth-user';
import { PostOk } from './http';
import { CurrentUser } from './current-user';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captchas: CaptchaService,
    private readonly sms: SmsCodes,
    private readonly options: LoginOptionsService,
    private readonly social: SocialSignIn,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  @Public()
  @PostOk(authRoutes.token.path)
  async token(
    @Query() query: unknown,
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers('captcha-key') captchaKey: string | undefined,
    @Headers('captcha-code') captchaCode: string | undefined,
    @Headers('tenant-id') tenantHeader: string | undefined,
  ) {
    this.auth.checkClient(authorization);
    // the body is optional (the domain grant's password); one of another shape than an object is malformed, whatever the grant
    refuseNonObjectBody(body);
    const q = parseOrThrow(authRoutes.token.query!, query, 'auth') as TokenQuery;
    // the captcha grant is the password grant behind a picture check (Captcha-Key, Captcha-Code headers);
    // a tenant that wants captchas gets no plain password grant
    if (q.grantType === 'captcha') await this.captchas.verify(captchaKey, captchaCode);
    if (q.grantType === 'password' && (await this.options.captchaRequired(q.tenantId))) throw new AppError(400, 'errors.captchaRequired');
    if (q.grantType === 'sms') {
      this.options.requireSms();
      await this.sms.verify(q.tenantId ?? '', q.phone, q.code);
    }
    if (q.grantType === 'social') {
      if (!q.tenantId) throw new AppError(400, 'errors.tenantRequired');
      if (!sameTenant(tenantHeader, q.tenantId)) throw new AppError(403, 'errors.tenantMismatch');
      return ok(await runInTenant(q.tenantId, () => this.social.grant(q)));
    }
    if (q.grantType === 'domain') {
      // the directory needs the password as typed: it travels in the body, never in the URL
      const { password } = parseOrThrow(domainSignInBodySchema, body ?? {}, 'auth');
      return ok(await this.auth.domainGrant(q, password));
    }
    return ok(await this.auth.grant(q));
  }

  /**
   * Spec 01's refresh call, as the console makes it: the refresh grant of /api/bl-auth/token
   * (the same service path: rotation, and a reused refresh token revokes its session). A
   * Tenant-Id header naming another tenant than the query's is refused.
   */
  @Public()
  @PostOk(authRoutes.refreshToken.path)
  async refreshToken(
    @Query() query: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Headers('tenant-id') tenantHeader: string | undefined,
  ) {
    this.auth.checkClient(authorization);
    const q = parseOrThrow(authRoutes.refreshToken.query!, query, 'auth') as RefreshTokenQuery;
    if (!sameTenant(tenantHeader, q.tenantId)) throw new AppError(403, 'errors.tenantMismatch');
    return ok(await this.auth.grant({ grantType: 'refresh_token', tenantId: q.tenantId, refreshToken: q.refreshToken, scope: q.scope }));
  }

  /** Phone sign-in, step one (path decided here; spec 01 says "path not shown"). */
  @Public()
  @PostOk(authRoutes.smsSend.path)
  async sendSms(@Query() query: unknown) {
    const q = parseOrThrow(authRoutes.smsSend.query!, query, 'auth') as { tenantId: string; phone: string };
    this.options.requireSms();
    return ok(await this.sms.send(q.tenantId, q.phone));
  }

  @Public()
  @Get(authRoutes.captcha.path)
  async captcha() {
    return ok(await this.captchas.create());
  }

  /** The console's periodic check that its token still works (spec 01 section 7). */
  @EveryUser()
  @Get(authRoutes.tokenCheck.path)
  async tokenCheck(@CurrentUser() user: AuthUser) {
    return ok({ valid: true, tenantId: user.tenantId, userId: user.userId });
  }

  /** {base}/user/logout of spec 01: the same as bl-auth/logout. */
  @EveryUser()
  @PostOk(authRoutes.userLogout.path)
  async userLogout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return ok(true);
  }

  /** The console's local error log, uploaded by the user (spec 01: "Upload local error logs"). */
  @EveryUser()
  @PostOk('/api/bl-system/error-log/upload')
  async uploadErrorLog(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const entries = parseOrThrow(errorLogUploadSchema, body, 'errorLog');
    for (const entry of entries) {
      await this.pool.query(`INSERT INTO idn_error_logs (tenant_id, user_id, account, entry) VALUES ($1, $2, $3, $4)`, [
        user.tenantId,
        user.userId,
        user.account,
        entry,
      ]);
    }
    return ok({ received: entries.length });
  }

  @EveryUser()
  @Get(authRoutes.logout.path)
  async logout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return ok(true);
  }

  @EveryUser()
  @Get(authRoutes.userInfo.path)
  async userInfo(@CurrentUser() user: AuthUser) {
    return ok(await this.auth.userInfo(user));
  }
}
