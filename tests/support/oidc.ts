import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A client as the provider registers it (OIDC dynamic registration metadata). */
export type OidcClientMetadata = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  grant_types?: string[];
  response_types?: string[];
  token_endpoint_auth_method?: string;
};

export type OidcProvider = {
  issuer: string;
  /** registers (or replaces) a client */
  addClient(client: OidcClientMetadata): Promise<void>;
  /** registers (or replaces) a person: accountId becomes the subject, claims what user info answers */
  addUser(accountId: string, claims: Record<string, unknown>): Promise<void>;
  /**
   * Follows an authorize URL through the provider's dev interactions (login as accountId,
   * then consent) over HTTP, and returns the URL it finally redirects to (the client's
   * redirect URI with code, state and iss, or with an error).
   */
  authorize(authorizeUrl: string, accountId: string): Promise<URL>;
  stop(): Promise<void>;
};

const PROVIDER_SCRIPT = path.join(__dirname, 'oidc-provider.mjs');

/**
 * Starts a real OpenID Connect provider (oidc-provider) on loopback in a child process; it is
 * ESM-only, so jest cannot load it in-process. A browser test can use `issuer` and fill the
 * same login and consent forms itself.
 */
export const startOidcProvider = async (): Promise<OidcProvider> => {
  const child: ChildProcess = fork(PROVIDER_SCRIPT, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the OIDC provider did not start within 30 s')), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited with ${code}`)));
    child.on('message', (m: { ready?: boolean; issuer?: string }) => {
      if (m.ready && m.issuer) {
        clearTimeout(timer);
        resolve(m.issuer);
      }
    });
  });
  let seq = 0;
  const ask = (msg: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const id = ++seq;
      const onMessage = (m: { id?: number; ok?: boolean; error?: string }) => {
        if (m.id !== id) return;
        child.off('message', onMessage);
        if (m.ok) resolve();
        else reject(new Error(m.error));
      };
      child.on('message', onMessage);
      child.send({ ...msg, id });
    });

  const authorize = async (authorizeUrl: string, accountId: string): Promise<URL> => {
    const origin = new URL(issuer).origin;
    const jar = new Map<string, string>();
    let url = new URL(authorizeUrl);
    let method: 'GET' | 'POST' = 'GET';
    let body: string | undefined;
    for (let step = 0; step < 20; step++) {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair, ...attrs] = c.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()));
        if (expired) jar.delete(name);
        else jar.set(name, pair!.slice(eq + 1));
      }
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location')!, url);
        await res.arrayBuffer();
        if (next.origin !== origin) return next;
        url = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (res.status !== 200 || !prompt) throw new Error(`OIDC provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
      method = 'POST';
      body = prompt === 'login' ? new URLSearchParams({ prompt, login: accountId, password: 'any' }).toString() : new URLSearchParams({ prompt }).toString();
    }
    throw new Error('the OIDC provider never redirected back');
  };

  return {
    issuer,
    addClient: (client) => ask({ type: 'client', client: { grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic', ...client } }),
    addUser: (accountId, claims) => ask({ type: 'user', accountId, claims }),
    authorize,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
};
