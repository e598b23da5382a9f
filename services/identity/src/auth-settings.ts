import fs from 'node:fs';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { SOCIAL_SOURCE, tokenCryptoKeyBytes } from '@tpl/contracts';

/**
 * One configured OIDC provider (OAUTH_PROVIDERS, a JSON array, or OAUTH_PROVIDERS_FILE, a
 * JSON file holding one). `tenants` limits it to some tenants; absent, every tenant sees it.
 */
const providerSchema = z.object({
  source: z.string().regex(SOCIAL_SOURCE),
  name: z.string().min(1).max(50),
  icon: z.string().max(500).optional(),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scope: z.string().default('openid profile email'),
  tenants: z.array(z.string()).optional(),
});
export type OAuthProviderConfig = z.infer<typeof providerSchema>;

/**
 * TOKEN_CRYPTO_KEY (32 bytes in base64): the encrypted token header is accepted and the console told
 * to send it (spec 01 section 7, "bearer (or encrypted)"); unset, bearer only. A key that is not
 * 32 bytes stops the start rather than silently leaving the header plain.
 */
export const tokenCryptoKey = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const key = env.TOKEN_CRYPTO_KEY?.trim();
  if (!key) return undefined;
  if (!tokenCryptoKeyBytes(key)) throw new Error('TOKEN_CRYPTO_KEY must be 32 bytes written in base64 (openssl rand -base64 32)');
  return key;
};

const truthy = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : /^(1|true|yes|on)$/i.test(v));

const readJson = (inline: string | undefined, file: string | undefined, what: string): unknown => {
  const text = inline?.trim() ? inline : file ? fs.readFileSync(file, 'utf8') : undefined;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
};

/** Public keys that licences may be signed with, as PEM blocks or base64 DER (SPKI), one per line or in one PEM text. */
const splitKeys = (text: string | undefined): string[] => {
  if (!text?.trim()) return [];
  const pems = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
  if (pems) return pems;
  return text.split(/[\s,]+/).filter(Boolean);
};

/**
 * Everything the sign-in flows read from the environment, read once per host:
 * CAPTCHA_ENABLED, SMS_ENABLED, OAUTH_PROVIDERS(_FILE), PUBLIC_URL, LICENSE_PUBLIC_KEYS(_FILE).
 * A malformed provider list stops the start rather than hiding a sign-in button.
 */
@Injectable()
export class AuthSettings {
  readonly captchaForAll: boolean;
  readonly smsEnabled: boolean;
  readonly providers: OAuthProviderConfig[];
  readonly publicUrl: string | undefined;
  readonly licenseKeys: string[];

  constructor(env: NodeJS.ProcessEnv = process.env) {
    // a malformed key stops the start here, not at the first request
    tokenCryptoKey(env);
    this.captchaForAll = truthy(env.CAPTCHA_ENABLED, false);
    this.smsEnabled = truthy(env.SMS_ENABLED, true);
    const raw = readJson(env.OAUTH_PROVIDERS, env.OAUTH_PROVIDERS_FILE, 'OAUTH_PROVIDERS');
    const parsed = z.array(providerSchema).safeParse(raw ?? []);
    if (!parsed.success) throw new Error(`OAUTH_PROVIDERS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const sources = parsed.data.map((p) => p.source);
    const twice = sources.find((s, i) => sources.indexOf(s) !== i);
    if (twice) throw new Error(`OAUTH_PROVIDERS: source "${twice}" is configured twice`);
    this.providers = parsed.data;
    this.publicUrl = env.PUBLIC_URL?.trim() ? env.PUBLIC_URL.trim().replace(/\/+$/, '') : undefined;
    this.licenseKeys = [...splitKeys(env.LICENSE_PUBLIC_KEYS), ...splitKeys(env.LICENSE_PUBLIC_KEYS_FILE ? fs.readFileSync(env.LICENSE_PUBLIC_KEYS_FILE, 'utf8') : undefined)];
  }

  /** The providers a tenant's sign-in page offers. */
  providersFor(tenantId: string): OAuthProviderConfig[] {
    return this.providers.filter((p) => !p.tenants || p.tenants.includes(tenantId));
  }

  provider(source: string, tenantId: string): OAuthProviderConfig | undefined {
    return this.providersFor(tenantId).find((p) => p.source === source);
  }
}
