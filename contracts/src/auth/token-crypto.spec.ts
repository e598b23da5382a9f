import { TOKEN_CRYPTO_MAX_AGE_MS, decryptTokenHeader, encryptTokenHeader, tokenCryptoKeyBytes } from './token-crypto';

// Spec 01 section 7's encrypted token header: AES-256-GCM over the time and the token, refused when stale, tampered or under another key.
const key = Buffer.alloc(32, 7).toString('base64');
const other = Buffer.alloc(32, 8).toString('base64url');

describe('encrypted token header', () => {
  it('carries the access token, differently on every call, and opens under its key', async () => {
    const now = Date.parse('2026-11-29T05:00:00Z');
    const a = await encryptTokenHeader('eyJ.token.sig', key, now);
    const b = await encryptTokenHeader('eyJ.token.sig', key, now);
    expect(a).toMatch(/^crypto [A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('eyJ');
    expect(await decryptTokenHeader(a, key, now + 1000)).toEqual({ ok: true, accessToken: 'eyJ.token.sig' });
  });

  it('refuses a header older or newer than two minutes, one sealed under another key, a tampered one and a plain one', async () => {
    const now = Date.parse('2026-11-29T05:00:00Z');
    const header = await encryptTokenHeader('t', key, now);
    expect(await decryptTokenHeader(header, key, now + TOKEN_CRYPTO_MAX_AGE_MS + 1)).toEqual({ ok: false, reason: 'stale' });
    expect(await decryptTokenHeader(header, key, now - TOKEN_CRYPTO_MAX_AGE_MS - 1)).toEqual({ ok: false, reason: 'stale' });
    expect(await decryptTokenHeader(header, key, now + TOKEN_CRYPTO_MAX_AGE_MS)).toEqual({ ok: true, accessToken: 't' });
    expect(await decryptTokenHeader(header, other, now)).toEqual({ ok: false, reason: 'key' });
    const body = header.slice('crypto '.length);
    const flipped = `crypto ${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    expect(await decryptTokenHeader(flipped, key, now)).toEqual({ ok: false, reason: 'key' });
    expect(await decryptTokenHeader('bearer t', key, now)).toEqual({ ok: false, reason: 'format' });
  });

  it('takes a 32-byte key in base64 or base64url, nothing else', () => {
    expect(tokenCryptoKeyBytes(key)?.length).toBe(32);
    expect(tokenCryptoKeyBytes(other)?.length).toBe(32);
    expect(tokenCryptoKeyBytes(Buffer.alloc(16).toString('base64'))).toBeUndefined();
    expect(tokenCryptoKeyBytes('not a key!')).toBeUndefined();
    expect(tokenCryptoKeyBytes(undefined)).toBeUndefined();
  });
});
