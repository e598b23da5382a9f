import { createHash } from 'node:crypto';
import type { Envelope, TokenResponse } from '@tpl/contracts';

const BASIC = `Basic ${Buffer.from('console:console_secret').toString('base64')}`;
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export type Answer<T = unknown> = { status: number; body: Envelope<T> };

/** A tiny HTTP client speaking the API's conventions (headers, envelope), as the console does. */
export class ApiClient {
  token: TokenResponse | undefined;
  lang = 'en';

  constructor(readonly baseUrl: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Authorization: BASIC,
      'Accept-Language': this.lang,
      ...(this.token ? { 'Blade-Auth': `bearer ${this.token.accessToken}`, 'Tenant-Id': this.token.tenantId } : {}),
      ...extra,
    };
  }

  async call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: this.headers(body === undefined ? extra : { 'Content-Type': 'application/json', ...extra }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed };
  }

  get<T = unknown>(path: string, extra?: Record<string, string>) {
    return this.call<T>('GET', path, undefined, extra);
  }

  post<T = unknown>(path: string, body?: unknown, extra?: Record<string, string>) {
    return this.call<T>('POST', path, body, extra);
  }

  async signIn(tenantId: string, account: string, password: string): Promise<TokenResponse> {
    const q = new URLSearchParams({ grantType: 'password', tenantId, account, password: md5(password), type: 'account' });
    const r = await this.post<TokenResponse>(`/api/bl-auth/token?${q}`);
    if (r.status !== 200) throw new Error(`sign-in ${tenantId}/${account} failed: ${r.body.msg}`);
    this.token = r.body.data;
    return r.body.data;
  }

  /** a client of the same host signed in as someone else */
  async as(tenantId: string, account: string, password = 'demo123'): Promise<ApiClient> {
    const c = new ApiClient(this.baseUrl);
    await c.signIn(tenantId, account, password);
    return c;
  }
}

/** Unwraps a successful answer or fails with the server's message. */
export const data = <T>(a: Answer<T>): T => {
  if (a.status !== 200 || !a.body.success) throw new Error(`expected success, got ${a.status}: ${a.body.msg}`);
  return a.body.data;
};
