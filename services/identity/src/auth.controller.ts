import { Body, Controller, Get, Headers, Inject, Query } from '@nestjs/common';
import type { Pool } from 'pg';
import { z } from 'zod';
import { AppError, authRoutes, errorLogUploadSchema, ok, parseOrThrow, type TokenQuery } from '@tpl/contracts';
import { DB_POOL, runInTenant } from '@tpl/event-store';
import { CaptchaService } from './captcha.service';
import { SmsCodes } from './sms.service';
import { LoginOptionsService } from './social/login-options.service';
import { SocialSignIn } from './social/social.service';
import { AuthService } from './auth.service';
import { sameTenant } from './business-day';
import { Public, type AuthUser } from './auth-user';
import { PostOk } from './http';
import { CurrentUser } from './current-user';

const smsQuery = z.object({
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12),
  phone: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(20),
});

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
    @Headers('authorization') authorization: string | undefined,
    @Headers('captcha-key') captchaKey: string | undefined,
    @Headers('captcha-code') captchaCode: string | undefined,
    @Headers('tenant-id') tenantHeader: string | undefined,
  ) {
    this.auth.checkClient(authorization);
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
      if (!sameTenant(tenantHeader, q.tenantId)) throw new AppError(403, 'errors.forbidden');
      return ok(await runInTenant(q.tenantId, () => this.social.grant(q)));
    }
    return ok(await this.auth.grant(q));
  }

  /** Phone sign-in, step one (path decided here; spec 01 says "path not shown"). */
  @Public()
  @PostOk('/api/bl-auth/sms/send')
  async sendSms(@Query() query: unknown) {
    const q = parseOrThrow(smsQuery, query, 'auth');
    this.options.requireSms();
    return ok(await this.sms.send(q.tenantId, q.phone));
  }

  @Public()
  @Get('/api/bl-auth/captcha')
  async captcha() {
    return ok(await this.captchas.create());
  }

  /** The console's periodic check that its token still works (spec 01 section 7). */
  @Get('/api/bl-customize/token-check/check')
  async tokenCheck(@CurrentUser() user: AuthUser) {
    return ok({ valid: true, tenantId: user.tenantId, userId: user.userId });
  }

  /** {base}/user/logout of spec 01: the same as bl-auth/logout. */
  @PostOk('/api/bl-system/user/logout')
  async userLogout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return ok(true);
  }

  /** The console's local error log, uploaded by the user (spec 01: "Upload local error logs"). */
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

  @Get(authRoutes.logout.path)
  async logout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return ok(true);
  }

  @Get(authRoutes.userInfo.path)
  async userInfo(@CurrentUser() user: AuthUser) {
    return ok(await this.auth.userInfo(user));
  }
}
