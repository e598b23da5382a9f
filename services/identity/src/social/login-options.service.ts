import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, type LoginOptions } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { AuthSettings } from '../auth-settings';
import { Directory } from '../directory/directory';

/**
 * Captcha: off by default (spec 01 "captcha off"); CAPTCHA_ENABLED=true turns it on for
 * every tenant, and a tenant record's "sign-in captcha" flag for that tenant alone.
 * SMS: on unless SMS_ENABLED=false. Social: the configured providers open to the tenant.
 */
@Injectable()
export class LoginOptionsService {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    private readonly settings: AuthSettings,
    @Optional() @Inject(Directory) private readonly directory?: Directory,
  ) {}

  async captchaRequired(tenantId: string | undefined): Promise<boolean> {
    if (this.settings.captchaForAll) return true;
    if (!tenantId) return false;
    const { rows } = await this.pool.query<{ captcha_enabled: boolean }>(`SELECT captcha_enabled FROM idn_tenants WHERE tenant_id = $1`, [tenantId]);
    return rows[0]?.captcha_enabled === true;
  }

  requireSms(): void {
    if (!this.settings.smsEnabled) throw new AppError(400, 'errors.smsDisabled');
  }

  async forTenant(tenantId: string): Promise<LoginOptions> {
    return {
      captchaEnabled: await this.captchaRequired(tenantId),
      smsEnabled: this.settings.smsEnabled,
      socialProviders: this.settings.providersFor(tenantId).map((p) => ({ source: p.source, name: p.name, ...(p.icon ? { icon: p.icon } : {}) })),
      ...(this.directory?.configured ? { domainLogin: true } : {}),
    };
  }
}
