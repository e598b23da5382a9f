import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { AppError, LICENSE_MAX_LENGTH, licensePayloadSchema, type LicenseInfo, type LicensePayload } from '@tpl/contracts';

/**
 * The vendor's licence-signing public key, built in. Its private half is held by the
 * vendor and is not in this repository; operators add keys of their own with
 * LICENSE_PUBLIC_KEYS (scripts/license.mjs makes a pair and signs licences).
 */
export const VENDOR_LICENSE_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAlyFM+3T4EyEGV4zJV+T8FXErnCQhlztrlWV/eDPYAos=
-----END PUBLIC KEY-----`;

/** PEM text or base64 DER (SPKI) to an Ed25519 public key; anything else is a configuration error. */
export const publicKeyOf = (text: string): KeyObject => {
  const key = text.includes('BEGIN PUBLIC KEY') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('licence keys must be Ed25519 public keys');
  return key;
};

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a licence `<base64url(JSON payload)>.<base64url(Ed25519 signature of the first part)>`
 * against the trusted keys and today's date (yyyy-MM-dd). Pure: the same input, the same answer.
 * Malformed, badly signed and expired licences are 400s with their own messages.
 */
export const verifyLicense = (text: string, keys: readonly KeyObject[], today: string): LicensePayload => {
  const parts = text.trim().split('.');
  if (text.length > LICENSE_MAX_LENGTH || parts.length !== 2 || !parts.every((p) => B64URL.test(p))) throw new AppError(400, 'errors.licenseMalformed');
  const [body, signature] = parts as [string, string];
  const sig = Buffer.from(signature, 'base64url');
  if (sig.length !== 64) throw new AppError(400, 'errors.licenseMalformed');
  if (!keys.some((k) => verify(null, Buffer.from(body, 'ascii'), k, sig))) throw new AppError(400, 'errors.licenseBadSignature');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(400, 'errors.licenseMalformed');
  }
  const parsed = licensePayloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.expires < parsed.data.issued) throw new AppError(400, 'errors.licenseMalformed');
  if (parsed.data.expires < today) throw new AppError(400, 'errors.licenseExpired', { date: parsed.data.expires });
  return parsed.data;
};

export type LicenseImported = { type: 'LicenseImported'; data: { license: string; payload: LicensePayload } };

/** What is installed now: the last licence imported, read against today. */
export const licenseInfoOf = (last: { payload: LicensePayload; at: string; by: string } | undefined, today: string): LicenseInfo => {
  if (!last) return { status: 'none', id: '', licensee: '', edition: '', issued: '', expires: '', limits: {}, importedAt: '', importedBy: '' };
  const p = last.payload;
  return {
    status: p.expires < today ? 'expired' : 'valid',
    id: p.id,
    licensee: p.licensee,
    edition: p.edition,
    issued: p.issued,
    expires: p.expires,
    limits: p.limits,
    importedAt: last.at,
    importedBy: last.by,
  };
};
