import { z } from 'zod';

/** GET /api/bl-auth/login-options?tenantId=: what a tenant's sign-in page offers (read by the shell's sign-in page). */
export const loginOptionsQuerySchema = z.object({
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12),
});

export const socialProviderSchema = z.object({ source: z.string(), name: z.string(), icon: z.string().optional() });
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const loginOptionsSchema = z.object({
  captchaEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  socialProviders: z.array(socialProviderSchema),
  /** present (true) when the server signs opted-in accounts in against a directory (LDAP_URL): the page offers "Domain account" */
  domainLogin: z.boolean().optional(),
});
export type LoginOptions = z.infer<typeof loginOptionsSchema>;

/** A configured provider's key: lower-case, used in paths (/oauth/render/{source}) and on useroauth records. */
export const SOCIAL_SOURCE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** GET /api/bl-auth/oauth/render/{source}?tenantId= */
export const socialRenderQuerySchema = z.object({
  tenantId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(12),
});
