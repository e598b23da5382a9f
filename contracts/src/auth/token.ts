import { z } from 'zod';

/** POST /api/bl-auth/token query, as Saber clients send it (DESIGN section 5). */
export const grantTypes = ['password', 'captcha', 'refresh_token', 'social', 'sms', 'domain'] as const;

export const tokenQuerySchema = z.object({
  grantType: z.enum(grantTypes, { error: 'validation.requiredSelect' }),
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12).optional(),
  account: z.string().trim().max(64).optional(),
  /** MD5 hex of the plain password, as Saber sends it */
  password: z.string().max(128).optional(),
  type: z.string().max(20).optional(),
  refreshToken: z.string().max(512).optional(),
  /** sms grant: the phone */
  phone: z.string().trim().max(20).optional(),
  /** sms grant: the code sent to the phone; social grant: the provider's authorization code */
  code: z.string().trim().max(2048).optional(),
  scope: z.string().max(50).optional(),
  /** social grant: the configured provider, the state issued by oauth/render, and (optional, RFC 9207) the issuer the provider named */
  source: z.string().trim().max(32).optional(),
  state: z.string().trim().max(256).optional(),
  iss: z.string().trim().max(500).optional(),
});
export type TokenQuery = z.infer<typeof tokenQuerySchema>;

/**
 * The domain grant's body: the password as typed, which the directory binds with (an LDAP bind
 * takes the password itself, not its MD5); in the body so it never appears in a URL.
 */
export const domainSignInBodySchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(256, { error: 'validation.tooLong' }),
});

/**
 * POST /api/bl-auth/refreshToken (spec 01 section 7): the refresh grant under its own path, as
 * the console calls it: query tenantId, refreshToken, grantType refresh_token, scope; header Tenant-Id.
 */
export const refreshTokenQuerySchema = z.object({
  grantType: z.enum(['refresh_token'], { error: 'validation.invalid' }).default('refresh_token'),
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12),
  refreshToken: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(512),
  scope: z.string().max(50).optional(),
});
export type RefreshTokenQuery = z.infer<typeof refreshTokenQuerySchema>;

/** POST /api/bl-auth/sms/send: phone sign-in, step one. */
export const smsSendQuerySchema = z.object({
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12),
  phone: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(20),
});

/** GET /api/bl-auth/captcha: a picture code (SVG data URL) and the key to send back with the answer. */
export const captchaSchema = z.object({ key: z.string(), image: z.string(), expiresIn: z.number().int() });

export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  tenantId: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  avatar: z.string(),
  oauthId: z.string(),
  openCodeCheck: z.boolean(),
  roles: z.array(z.string()),
  /** the tenant's business time zone (IANA): the console shows every instant in it, as the printed documents do */
  timeZone: z.string().optional(),
  /**
   * the key of the encrypted token header (contracts/src/auth/token-crypto.ts), given only when the
   * server is configured for it (TOKEN_CRYPTO_KEY): the console then sends `crypto …` instead of `bearer …`
   */
  tokenCryptoKey: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userInfoSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export { DEMO_CLIENT } from './calls';
export const ACCESS_TOKEN_SECONDS = 7200;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;
