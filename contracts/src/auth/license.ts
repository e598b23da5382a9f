import { z } from 'zod';

/**
 * A licence: a payload signed with Ed25519, written `<base64url(JSON payload)>.<base64url(signature)>`
 * so it travels in a URL path (POST /api/bl-auth/importLicense/{license}).
 */
export const licensePayloadSchema = z.object({
  /** the licence's own id (the vendor's serial) */
  id: z.string().min(1).max(64),
  licensee: z.string().min(1).max(200),
  edition: z.string().min(1).max(50),
  /** yyyy-MM-dd */
  issued: z.iso.date(),
  /** yyyy-MM-dd: the last day it is valid */
  expires: z.iso.date(),
  limits: z.record(z.string().max(50), z.number().int().min(-1)).default({}),
});
export type LicensePayload = z.infer<typeof licensePayloadSchema>;

export const licenseStatuses = ['none', 'valid', 'expired'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

export const licenseInfoSchema = z.object({
  status: z.enum(licenseStatuses),
  id: z.string(),
  licensee: z.string(),
  edition: z.string(),
  issued: z.string(),
  expires: z.string(),
  limits: z.record(z.string(), z.number()),
  importedAt: z.string(),
  importedBy: z.string(),
});
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;

/** Longest licence accepted in the path: a payload of a few hundred bytes and a 64-byte signature fit well within. */
export const LICENSE_MAX_LENGTH = 4096;
