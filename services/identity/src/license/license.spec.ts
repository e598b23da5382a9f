import { generateKeyPairSync, sign } from 'node:crypto';
import type { AppError } from '@tpl/contracts';
import { licenseInfoOf, publicKeyOf, verifyLicense, VENDOR_LICENSE_KEY } from './license';

const pair = () => generateKeyPairSync('ed25519');
const signed = (payload: unknown, key = vendor.privateKey) => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body, 'ascii'), key).toString('base64url')}`;
};
const vendor = pair();
const keys = [publicKeyOf(vendor.publicKey.export({ type: 'spki', format: 'pem' }) as string)];
const payload = { id: 'L-2026-001', licensee: 'Harbor Logistics', edition: 'enterprise', issued: '2026-01-01', expires: '2027-12-31', limits: { tenants: 20, users: 500 } };

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
};

describe('licence verification', () => {
  it('accepts a licence signed by a trusted key and reads its payload', () => {
    expect(verifyLicense(signed(payload), keys, '2026-11-23')).toEqual(payload);
  });

  it('takes keys as PEM or as base64 DER, and the built-in vendor key loads', () => {
    const der = (vendor.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
    expect(verifyLicense(signed(payload), [publicKeyOf(der)], '2026-11-23').id).toBe('L-2026-001');
    expect(publicKeyOf(VENDOR_LICENSE_KEY).asymmetricKeyType).toBe('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(() => publicKeyOf(rsa)).toThrow('Ed25519');
  });

  it('refuses a licence signed by another key, or changed after signing', () => {
    expect(refusal(() => verifyLicense(signed(payload, pair().privateKey), keys, '2026-11-23'))).toMatchObject({ code: 400, key: 'errors.licenseBadSignature' });
    const [, sig] = signed(payload).split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...payload, expires: '2099-12-31' })).toString('base64url')}.${sig}`;
    expect(refusal(() => verifyLicense(forged, keys, '2026-11-23')).key).toBe('errors.licenseBadSignature');
  });

  it('refuses malformed licences', () => {
    for (const bad of ['', 'abc', 'a.b.c', 'not base64!.x', `${'A'.repeat(10)}.${'B'.repeat(10)}`, 'x'.repeat(5000)]) {
      expect(refusal(() => verifyLicense(bad, keys, '2026-11-23')).key).toBe('errors.licenseMalformed');
    }
    // signed, but not a licence inside
    expect(refusal(() => verifyLicense(signed({ hello: 'world' }), keys, '2026-11-23')).key).toBe('errors.licenseMalformed');
    expect(refusal(() => verifyLicense(signed({ ...payload, expires: '2025-01-01' }), keys, '2024-06-01')).key).toBe('errors.licenseMalformed');
  });

  it('refuses an expired licence, naming the day it ended; the last day still counts', () => {
    expect(refusal(() => verifyLicense(signed(payload), keys, '2028-01-01'))).toMatchObject({ key: 'errors.licenseExpired', vars: { date: '2027-12-31' } });
    expect(verifyLicense(signed(payload), keys, '2027-12-31').id).toBe('L-2026-001');
  });

  it('reports none, valid or expired for what is installed', () => {
    expect(licenseInfoOf(undefined, '2026-11-23').status).toBe('none');
    const installed = { payload, at: '2026-11-23T08:00:00.000Z', by: 'Platform administrator' };
    expect(licenseInfoOf(installed, '2026-11-23')).toMatchObject({ status: 'valid', licensee: 'Harbor Logistics', limits: { tenants: 20, users: 500 } });
    expect(licenseInfoOf(installed, '2028-01-01').status).toBe('expired');
  });
});
