// A real OpenID Connect provider (the oidc-provider package, ESM-only) for the tests, on
// loopback, in its own process. It reports { ready, issuer } over IPC, then takes messages
// { id, type: 'client', client } and { id, type: 'user', accountId, claims }, answering { id, ok }.
// Dev interactions are on: the login form takes any known account id, then a consent form.
import http from 'node:http';
import Provider from 'oidc-provider';

const store = new Map();
const users = new Map();

/** A plain in-memory adapter, so clients can be added while it runs (Client records are read through it). */
class MemoryAdapter {
  constructor(model) {
    this.model = model;
  }
  key(id) {
    return `${this.model}:${id}`;
  }
  async upsert(id, payload) {
    store.set(this.key(id), payload);
    if (payload.uid) store.set(`uid:${payload.uid}`, id);
    if (payload.userCode) store.set(`userCode:${payload.userCode}`, id);
  }
  async find(id) {
    return store.get(this.key(id));
  }
  async findByUid(uid) {
    const id = store.get(`uid:${uid}`);
    return id ? this.find(id) : undefined;
  }
  async findByUserCode(code) {
    const id = store.get(`userCode:${code}`);
    return id ? this.find(id) : undefined;
  }
  async consume(id) {
    const payload = store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id) {
    store.delete(this.key(id));
  }
  async revokeByGrantId(grantId) {
    for (const [key, value] of store) if (value && typeof value === 'object' && value.grantId === grantId) store.delete(key);
  }
}

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [],
    cookies: { keys: ['tpl-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'nickname', 'preferred_username', 'picture', 'website', 'gender', 'locale', 'zoneinfo'],
      email: ['email', 'email_verified'],
    },
    // the user info endpoint answers the claims, the ID token carries only sub (as many providers do)
    conformIdTokenClaims: true,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, accountId) => {
      const claims = users.get(accountId);
      if (!claims) return undefined;
      return { accountId, claims: async () => ({ sub: accountId, ...claims }) };
    },
  });
  // quiet: the tests read the answers, not the provider's console
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  process.send?.({ ready: true, issuer });
});

process.on('message', async (msg) => {
  try {
    if (msg.type === 'client') await new MemoryAdapter('Client').upsert(msg.client.client_id, msg.client);
    if (msg.type === 'user') users.set(msg.accountId, msg.claims);
    process.send?.({ id: msg.id, ok: true });
  } catch (e) {
    process.send?.({ id: msg.id, ok: false, error: String(e) });
  }
});
process.on('disconnect', () => process.exit(0));
