import jwt from 'jsonwebtoken';

/**
 * Access tokens this host has verified, with their claims (the newest `max`, least recently used
 * first out). A token's signature and issuer are checked once: the same string signed by the same
 * key verifies the same way every time. Its expiry is checked at every use, as jsonwebtoken
 * checks it (expired once the current second reaches `exp`). A token that fails is never kept.
 * The session behind a token is not settled here: revocation is asked at every request.
 */
export class VerifiedTokens<C extends { exp?: number }> {
  private readonly entries = new Map<string, C>();

  constructor(
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token's claims; `verify` (the signature and issuer check) runs only for a token not yet verified here. */
  claims(token: string, verify: () => C): C {
    let claims = this.entries.get(token);
    if (claims) this.entries.delete(token);
    else claims = verify();
    if (claims.exp !== undefined && Math.floor(this.now() / 1000) >= claims.exp) throw new jwt.TokenExpiredError('jwt expired', new Date(claims.exp * 1000));
    this.entries.set(token, claims);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return claims;
  }
}
