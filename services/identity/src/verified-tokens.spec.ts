import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { VerifiedTokens } from './verified-tokens';

const key = createSecretKey(Buffer.from('a test key of enough length for HS256', 'utf8'));
const verifier = (token: string) => {
  let calls = 0;
  return {
    verify: () => (calls++, jwt.verify(token, key, { algorithms: ['HS256'], issuer: 'tpl-console' }) as { uid: string; exp?: number }),
    get calls() {
      return calls;
    },
  };
};

describe('VerifiedTokens', () => {
  const nowS = () => Math.floor(Date.now() / 1000);

  it('verifies a token once and answers its claims after that', () => {
    const token = jwt.sign({ uid: 'u1' }, key, { algorithm: 'HS256', issuer: 'tpl-console', expiresIn: 60 });
    const v = verifier(token);
    const tokens = new VerifiedTokens<{ uid: string; exp?: number }>();
    expect(tokens.claims(token, v.verify).uid).toBe('u1');
    expect(tokens.claims(token, v.verify).uid).toBe('u1');
    expect(v.calls).toBe(1);
  });

  it('refuses a token verified while valid once its expiry passes, as jsonwebtoken would (TokenExpiredError), and forgets it', () => {
    let clock = Date.now();
    const token = jwt.sign({ uid: 'u1', exp: nowS() + 30 }, key, { algorithm: 'HS256', issuer: 'tpl-console' });
    const v = verifier(token);
    const tokens = new VerifiedTokens<{ uid: string; exp?: number }>(10, () => clock);
    tokens.claims(token, v.verify);
    clock += 29_000;
    expect(tokens.claims(token, v.verify).uid).toBe('u1');
    clock += 2_000;
    expect(() => tokens.claims(token, v.verify)).toThrow(jwt.TokenExpiredError);
    expect(v.calls).toBe(1);
    // forgotten: the next attempt goes back to the real check (which, at real time, still passes)
    clock = Date.now();
    tokens.claims(token, v.verify);
    expect(v.calls).toBe(2);
  });

  it('never keeps a token that fails its check: a forged one fails every time', () => {
    const forged = jwt.sign({ uid: 'admin' }, 'another key', { algorithm: 'HS256', issuer: 'tpl-console', expiresIn: 60 });
    const v = verifier(forged);
    const tokens = new VerifiedTokens<{ uid: string; exp?: number }>();
    expect(() => tokens.claims(forged, v.verify)).toThrow(jwt.JsonWebTokenError);
    expect(() => tokens.claims(forged, v.verify)).toThrow(jwt.JsonWebTokenError);
    expect(v.calls).toBe(2);
  });

  it('keeps at most its bound, the least recently used going first', () => {
    const tokens = new VerifiedTokens<{ uid: string; exp?: number }>(2);
    const made = ['a', 'b', 'c'].map((uid) => jwt.sign({ uid }, key, { algorithm: 'HS256', issuer: 'tpl-console', expiresIn: 60 }));
    const vs = made.map(verifier);
    tokens.claims(made[0]!, vs[0]!.verify);
    tokens.claims(made[1]!, vs[1]!.verify);
    tokens.claims(made[0]!, vs[0]!.verify); // b is now the least recently used
    tokens.claims(made[2]!, vs[2]!.verify); // b goes
    tokens.claims(made[0]!, vs[0]!.verify);
    tokens.claims(made[1]!, vs[1]!.verify);
    expect([vs[0]!.calls, vs[1]!.calls, vs[2]!.calls]).toEqual([1, 2, 1]);
  });
});
