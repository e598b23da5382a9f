import { Injectable } from '@nestjs/common';
import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import { AppError } from '@tpl/contracts';
import type { OAuthProviderConfig } from '../auth-settings';

// openid-client is ESM-only: loaded with import() (Node's require(esm) in production, compiled by jest in tests)
type OpenId = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
let loaded: Promise<OpenId> | undefined;
const openid = (): Promise<OpenId> => (loaded ??= import('openid-client'));

/** Seconds to wait for a provider before telling the user it cannot be reached. */
const PROVIDER_TIMEOUT_SECONDS = 5;
/** A provider's discovered metadata is reused this long (keys and endpoints rarely change). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export type AuthorizationRequest = { url: string; codeVerifier: string; nonce: string };
export type Claims = Record<string, unknown> & { sub: string };

/** The provider's answer was a refusal (bad or used code, failed checks), not an outage. */
const isRefusal = (e: unknown, lib: OpenId): boolean =>
  e instanceof lib.ResponseBodyError || e instanceof lib.AuthorizationResponseError || e instanceof lib.WWWAuthenticateChallengeError ||
  (e instanceof Error && /^OAUTH_/.test(String((e as { code?: unknown }).code ?? '')) && !/TIMEOUT|ABORT/.test(String((e as { code?: unknown }).code)));

/**
 * OAuth2 authorization code with PKCE against configured OIDC providers, through
 * openid-client: discovery (cached), the authorize URL, the code exchange with state,
 * nonce and PKCE checks, and the user info. Outages and refusals become clear errors.
 */
@Injectable()
export class OidcClient {
  private readonly configs = new Map<string, { config: Configuration; at: number }>();

  private async configFor(p: OAuthProviderConfig): Promise<Configuration> {
    const hit = this.configs.get(p.source);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const lib = await openid();
    try {
      const insecure = new URL(p.issuer).protocol === 'http:';
      const config = await lib.discovery(new URL(p.issuer), p.clientId, p.clientSecret, lib.ClientSecretBasic(p.clientSecret), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // an http issuer is the operator's explicit choice (a provider inside their network)
        ...(insecure ? { execute: [lib.allowInsecureRequests] } : {}),
      });
      config.timeout = PROVIDER_TIMEOUT_SECONDS;
      this.configs.set(p.source, { config, at: Date.now() });
      return config;
    } catch {
      throw new AppError(401, 'errors.socialUnavailable', { name: p.name });
    }
  }

  async authorizationUrl(p: OAuthProviderConfig, redirectUri: string, state: string): Promise<AuthorizationRequest> {
    const config = await this.configFor(p);
    const lib = await openid();
    const codeVerifier = lib.randomPKCECodeVerifier();
    const nonce = lib.randomNonce();
    const url = lib.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: p.scope,
      state,
      nonce,
      code_challenge: await lib.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, codeVerifier, nonce };
  }

  /**
   * Exchanges the code (state, nonce and PKCE checked) and reads the user info. The console
   * passes only code and state; the issuer is the configured one unless the provider's `iss`
   * came along (each provider has its own redirect URI, so a mix-up cannot happen, RFC 9207 s.4).
   */
  async exchange(p: OAuthProviderConfig, input: { redirectUri: string; code: string; state: string; iss?: string | undefined; codeVerifier: string; nonce: string }): Promise<Claims> {
    const config = await this.configFor(p);
    const lib = await openid();
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', input.iss || config.serverMetadata().issuer);
    try {
      const tokens = await lib.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) throw new AppError(401, 'errors.socialCodeInvalid');
      const info = config.serverMetadata().userinfo_endpoint ? await lib.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
      return { ...idClaims, ...info, sub: idClaims.sub } as Claims;
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (isRefusal(e, lib)) throw new AppError(401, 'errors.socialCodeInvalid');
      // the provider went away since discovery: ask again next time
      this.configs.delete(p.source);
      throw new AppError(401, 'errors.socialUnavailable', { name: p.name });
    }
  }
}
