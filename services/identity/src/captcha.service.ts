import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import svgCaptcha from 'svg-captcha';
import { AppError } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';

const TTL_SECONDS = 300;
const hash = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/**
 * Picture captchas for the captcha grant: the answer is kept hashed in the database (so any
 * host can check it), expires after five minutes and works once, right or wrong.
 */
@Injectable()
export class CaptchaService {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  async create(): Promise<{ key: string; image: string; expiresIn: number }> {
    const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1il', color: true, background: '#f5f7fa' });
    const key = randomUUID();
    await this.pool.query(`DELETE FROM idn_captchas WHERE expires_at < now()`);
    await this.pool.query(`INSERT INTO idn_captchas (captcha_key, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      key,
      hash(c.text),
      TTL_SECONDS,
    ]);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, expiresIn: TTL_SECONDS };
  }

  /** Consumes the captcha; a missing, expired or wrong one is refused. */
  async verify(key: string | undefined, code: string | undefined): Promise<void> {
    if (!key || !code || !/^[0-9a-f-]{36}$/i.test(key)) throw new AppError(400, 'errors.captchaInvalid');
    const { rows } = await this.pool.query<{ answer_hash: string; expired: boolean }>(
      `DELETE FROM idn_captchas WHERE captcha_key = $1 RETURNING answer_hash, expires_at < now() AS expired`,
      [key],
    );
    const row = rows[0];
    if (!row || row.expired || row.answer_hash !== hash(code)) throw new AppError(400, 'errors.captchaInvalid');
  }

  /** For tests and the demo: the answer of a fresh captcha, never exposed over HTTP. */
  async createWithAnswer(): Promise<{ key: string; answer: string }> {
    const answer = Math.random().toString(36).slice(2, 6);
    const key = randomUUID();
    await this.pool.query(`INSERT INTO idn_captchas (captcha_key, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      key,
      hash(answer),
      TTL_SECONDS,
    ]);
    return { key, answer };
  }
}
