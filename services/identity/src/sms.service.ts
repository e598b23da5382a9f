import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, checkMobile } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';

/** The port a real SMS gateway plugs into. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}
export const SMS_SENDER = Symbol('SMS_SENDER');

/** The demo sender: writes the message to the server log (and keeps the last few for tests). */
export class LogSmsSender implements SmsSender {
  private readonly logger = new Logger('SMS');
  readonly sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
    if (this.sent.length > 50) this.sent.shift();
    this.logger.warn(`to ${phone}: ${text}`);
  }
}

export const SMS_RESEND_SECONDS = 60;
const TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;
const hash = (tenantId: string, phone: string, code: string) => createHash('sha256').update(`${tenantId}:${phone}:${code}`).digest('hex');

/**
 * Sign-in by phone and code: a 6-digit code, valid five minutes and five tries, at most one
 * every 60 seconds per phone. Whether the phone belongs to a user is never revealed.
 */
@Injectable()
export class SmsCodes {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(SMS_SENDER) private readonly sender: SmsSender,
  ) {}

  async send(tenantId: string, phone: string): Promise<{ resendIn: number }> {
    const check = checkMobile(phone);
    if (!check.ok) throw new AppError(400, 'errors.phoneInvalid');
    const recent = await this.pool.query<{ wait: number }>(
      `SELECT ceil(extract(epoch FROM sent_at + make_interval(secs => $3) - now()))::int AS wait FROM idn_sms_codes
        WHERE tenant_id = $1 AND phone = $2 AND sent_at > now() - make_interval(secs => $3)`,
      [tenantId, phone, SMS_RESEND_SECONDS],
    );
    if (recent.rows[0]) throw new AppError(409, 'errors.smsTooSoon', { seconds: recent.rows[0].wait });
    const user = await this.pool.query(`SELECT 1 FROM idn_users WHERE tenant_id = $1 AND phone = $2 AND status = 1`, [tenantId, phone]);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.pool.query(
      `INSERT INTO idn_sms_codes (tenant_id, phone, code_hash, sent_at, expires_at, attempts) VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4), 0)
       ON CONFLICT (tenant_id, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, sent_at = now(), expires_at = EXCLUDED.expires_at, attempts = 0`,
      [tenantId, phone, hash(tenantId, phone, code), TTL_SECONDS],
    );
    if (user.rowCount) await this.sender.send(phone, `验证码 ${code}，5分钟内有效。Your sign-in code is ${code}.`);
    return { resendIn: SMS_RESEND_SECONDS };
  }

  /** Consumes a right code; wrong ones count against the five tries. */
  async verify(tenantId: string, phone: string | undefined, code: string | undefined): Promise<void> {
    if (!phone || !code) throw new AppError(401, 'errors.smsInvalid');
    const { rows } = await this.pool.query<{ ok: boolean }>(
      `UPDATE idn_sms_codes SET attempts = attempts + 1
        WHERE tenant_id = $1 AND phone = $2 AND expires_at > now() AND attempts < $4
        RETURNING code_hash = $3 AS ok`,
      [tenantId, phone, hash(tenantId, phone, code), MAX_ATTEMPTS],
    );
    if (!rows[0]?.ok) throw new AppError(401, 'errors.smsInvalid');
    await this.pool.query(`DELETE FROM idn_sms_codes WHERE tenant_id = $1 AND phone = $2`, [tenantId, phone]);
  }
}
