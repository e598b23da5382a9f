/**
 * Spec 01 section 7: every request carries "a bearer (or encrypted) token header". The encrypted
 * variant, opt-in by configuration (TOKEN_CRYPTO_KEY on the server; docs/DOMAIN.md "Encrypted
 * token header"): `Blade-Auth: crypto <base64url(iv | AES-256-GCM(ciphertext | tag))>` over
 * `<milliseconds since the epoch>.<access token>`, a fresh IV and time on every request. The server
 * takes it for the token within TOKEN_CRYPTO_MAX_AGE_MS of the time it carries (either way: clocks
 * differ), so a header read out of a log or a proxy's trace is no token, and replaying it works
 * for two minutes at most. The plain `bearer <token>` header stays accepted. Web Crypto only: the
 * same code runs in the console and in Node.
 */
export const TOKEN_CRYPTO_SCHEME = 'crypto';
export const TOKEN_CRYPTO_MAX_AGE_MS = 120_000;

const toB64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64 = (text: string): Uint8Array<ArrayBuffer> => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** A configured key: 32 bytes, written in base64 or base64url; anything else is no key. */
export const tokenCryptoKeyBytes = (key: string | undefined): Uint8Array<ArrayBuffer> | undefined => {
  if (!key) return undefined;
  try {
    const bytes = fromB64(key.trim());
    return bytes.length === 32 ? bytes : undefined;
  } catch {
    return undefined;
  }
};

/** Web Crypto's key type, named without the DOM library (the services compile without it) */
type WebCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
const keys = new Map<string, Promise<WebCryptoKey>>();
const cryptoKey = (key: string): Promise<WebCryptoKey> => {
  let k = keys.get(key);
  if (!k) {
    const bytes = tokenCryptoKeyBytes(key);
    if (!bytes) return Promise.reject(new Error('TOKEN_CRYPTO_KEY must be 32 bytes in base64'));
    k = globalThis.crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(key, k);
  }
  return k;
};

/** The header's value for an access token. */
export const encryptTokenHeader = async (accessToken: string, key: string, now: number = Date.now()): Promise<string> => {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cryptoKey(key), new TextEncoder().encode(`${now}.${accessToken}`)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${TOKEN_CRYPTO_SCHEME} ${toB64url(out)}`;
};

export type OpenedToken = { ok: true; accessToken: string } | { ok: false; reason: 'format' | 'key' | 'stale' };

/** The access token an encrypted header carries, or why it carries none. */
export const decryptTokenHeader = async (value: string, key: string, now: number = Date.now()): Promise<OpenedToken> => {
  const m = new RegExp(`^${TOKEN_CRYPTO_SCHEME}\\s+([A-Za-z0-9_-]+)$`, 'i').exec(value.trim());
  if (!m) return { ok: false, reason: 'format' };
  const raw = fromB64(m[1]!);
  if (raw.length < 12 + 16 + 3) return { ok: false, reason: 'format' };
  let plain: string;
  try {
    plain = new TextDecoder().decode(await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv: raw.slice(0, 12) }, await cryptoKey(key), raw.slice(12)));
  } catch {
    return { ok: false, reason: 'key' };
  }
  const dot = plain.indexOf('.');
  const at = Number(plain.slice(0, dot));
  if (dot < 1 || !Number.isFinite(at)) return { ok: false, reason: 'format' };
  if (Math.abs(now - at) > TOKEN_CRYPTO_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  return { ok: true, accessToken: plain.slice(dot + 1) };
};
