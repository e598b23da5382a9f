import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { dataSchemaOf } from '../entities/define';
import { user } from './entities/system/user';

/** The user record's own field rules (lengths, email, mobile), so the profile page and the user screen agree. */
const userFields = (dataSchemaOf(user) as unknown as z.ZodObject<Record<string, z.ZodType>>).shape;

/** The fields a user may change about themselves; anything else (roles, department, tenant, status, account) is refused. */
export const PROFILE_FIELDS = ['name', 'realName', 'email', 'phone', 'avatar'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * POST /api/bl-system/user/update-info: the caller's own profile. A field left out keeps its
 * value; `version` (optional) is the user record's version the page read (stale: 409).
 */
export const updateInfoSchema = z.strictObject({
  version: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' }).optional(),
  ...Object.fromEntries(PROFILE_FIELDS.map((k) => [k, userFields[k]!.optional()])),
}) as unknown as z.ZodType<{ version?: number } & Partial<Record<ProfileField, string>>>;
export type UpdateInfo = z.infer<typeof updateInfoSchema>;

/** A password as every client sends it: the MD5 hex of the plain text (as at sign-in). */
const md5Hex = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(/^[a-fA-F0-9]{32}$/, { error: 'validation.invalid' })
  .transform((s) => s.toLowerCase());

/** POST /api/bl-system/user/update-password (query or JSON body), as Saber's personal page sends it. */
export const updatePasswordSchema = z
  .strictObject({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex })
  .superRefine((b, ctx) => {
    if (b.newPassword !== b.newPassword1) ctx.addIssue({ code: 'custom', path: ['newPassword1'], message: 'validation.passwordMismatch' });
  });
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

/** GET /api/bl-system/user/profile: the caller's own user record, as the personal information page edits it. */
export const profileSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  tenantId: z.string(),
  tenantName: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  email: z.string(),
  phone: z.string(),
  avatar: z.string(),
  /** role and department names, for reading only */
  roleNames: z.array(z.string()),
  deptName: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileRoutes = defineRoutes({
  profile: {
    method: 'GET',
    path: '/api/bl-system/user/profile',
    summary: "The caller's own profile (personal information page)",
    tag: 'auth',
    response: envelopeSchema(profileSchema),
  },
  updateInfo: {
    method: 'POST',
    path: '/api/bl-system/user/update-info',
    summary: 'Change your own profile: name, realName, email, phone, avatar (other fields: 400); a UserChanged event in the user record\'s history',
    tag: 'auth',
    body: updateInfoSchema,
    response: envelopeSchema(z.object({ id: z.string(), version: z.number().int() })),
  },
  updatePassword: {
    method: 'POST',
    path: '/api/bl-system/user/update-password',
    summary: 'Change your own password (oldPassword, newPassword, newPassword1 as MD5 hex); your other sessions are signed out',
    tag: 'auth',
    body: updatePasswordSchema,
    response: envelopeSchema(z.object({ id: z.string(), version: z.number().int(), revokedSessions: z.number().int() })),
  },
});
