import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api/envelope';

/**
 * A social sign-in user without an account here applies for one (spec 01: register-guest);
 * the tenant's administrator approves (choosing roles and department) or rejects it.
 */
export const registrationStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/**
 * POST /api/bl-system/register-guest?tenantId=&name=&account=&password=&oauthId= (query, as Saber sends it).
 * Emptiness is checked by the service in the spec's order with the spec's messages; this
 * schema bounds sizes and refuses anything else (roles, a second tenant) outright.
 */
export const registerGuestQuerySchema = z
  .object({
    tenantId: z.string().trim().max(12).optional(),
    name: z.string().trim().max(50).optional(),
    account: z.string().trim().max(45).optional(),
    /** MD5 hex of the plain password, as everywhere */
    password: z.string().trim().max(64).optional(),
    oauthId: z.string().trim().max(128).optional(),
  })
  .strict();
export type RegisterGuestQuery = z.infer<typeof registerGuestQuerySchema>;

/** An account name: what a user types to sign in (the user record's account). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{2,45}$/;

const uuid = z.uuid({ error: 'validation.invalid' });
const version = z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' });

export const registrationListQuerySchema = pageQuerySchema.extend({
  status: z.enum(registrationStatuses, { error: 'validation.requiredSelect' }).optional(),
  account: z.string().trim().max(45).optional(),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;

export const approveRegistrationSchema = z.object({
  id: uuid,
  version,
  /** role codes (roleAlias) the new user gets; at least one */
  roleId: z.array(z.string().trim().min(1).max(64), { error: 'validation.requiredSelect' }).min(1, { error: 'validation.requiredSelect' }).max(20),
  /** department code */
  deptId: z.string().trim().max(64).optional(),
});
export type ApproveRegistration = z.infer<typeof approveRegistrationSchema>;

export const rejectRegistrationSchema = z.object({
  id: uuid,
  version,
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
});
export type RejectRegistration = z.infer<typeof rejectRegistrationSchema>;

export const registrationIdQuerySchema = z.object({ id: uuid });

export const registrationRowSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  tenantId: z.string(),
  account: z.string(),
  name: z.string(),
  source: z.string(),
  externalName: z.string(),
  email: z.string(),
  avatar: z.string(),
  status: z.enum(registrationStatuses),
  reason: z.string(),
  roleId: z.array(z.string()),
  deptId: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string(),
});
export type RegistrationRow = z.infer<typeof registrationRowSchema>;
export const registrationPageSchema = pageSchema(registrationRowSchema);

/** The button codes of the administrator's registrations screen (menu records, allocated to roles). */
export const REGISTRATION_BUTTONS = { approve: 'registration_approve', reject: 'registration_reject' } as const;
