import { runAsSystem } from '@tpl/event-store';
import type { TokenResponse } from '@tpl/contracts';
import { data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

const refreshUrl = (q: Record<string, string>) => `/api/bl-auth/refreshToken?${new URLSearchParams(q)}`;
const tokenUrl = (q: Record<string, string>) => `/api/bl-auth/token?${new URLSearchParams(q)}`;

/**
 * Issue 11 item 5: spec 01's calls as written. POST /api/bl-auth/refreshToken rotates tokens
 * exactly like the refresh grant of /api/bl-auth/token, and every route the server answers is
 * in the OpenAPI document (and nothing else is).
 */
describe.each(DOMAIN_STORES)("spec 01's calls on %s store", (kind) => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost(kind);
  }, 300_000);
  afterAll(async () => t?.stop());

  const sessionOf = async (accessToken: string) => {
    const sid = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const { rows } = await runAsSystem(() =>
      t.host.storage.db.pool.query<{ revoked_reason: string | null }>('SELECT revoked_reason FROM idn_sessions WHERE session_id = $1', [sid]),
    );
    return rows[0];
  };

  it('POST /api/bl-auth/refreshToken (query tenantId, refreshToken, grantType, scope; header Tenant-Id) rotates the tokens', async () => {
    const c = t.client();
    const first = await c.signIn('100001', 'finance', 'demo123');
    const q = { tenantId: '100001', refreshToken: first.refreshToken, grantType: 'refresh_token', scope: 'all' };
    const second = data(await c.post<TokenResponse>(refreshUrl(q), undefined, { 'Tenant-Id': '100001' }));
    expect(second).toMatchObject({ tenantId: '100001', account: 'finance', tokenType: 'bearer', expiresIn: 7200 });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    c.token = second;
    expect((await c.get('/api/bl-system/user/getUserInfo')).status).toBe(200);
    // the two paths are one grant: a token rotated by one is refreshed by the other
    const third = data(await c.post<TokenResponse>(tokenUrl({ ...q, refreshToken: second.refreshToken })));
    const fourth = data(await c.post<TokenResponse>(refreshUrl({ ...q, refreshToken: third.refreshToken })));
    expect(fourth.refreshToken).not.toBe(third.refreshToken);
    expect(await sessionOf(fourth.accessToken)).toEqual({ revoked_reason: null });
  });

  it('a reused refresh token revokes the session, the rotated tokens with it', async () => {
    const c = t.client();
    const first = await c.signIn('100001', 'keeper', 'demo123');
    const refresh = (token: string) => c.post<TokenResponse>(refreshUrl({ tenantId: '100001', refreshToken: token, grantType: 'refresh_token', scope: 'all' }));
    const second = data(await refresh(first.refreshToken));
    // the first one again: someone copied it
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toBe('The refresh token is not valid, please sign in again');
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await c.post(tokenUrl({ grantType: 'refresh_token', tenantId: '100001', refreshToken: second.refreshToken }))).status).toBe(401);
    expect(await sessionOf(second.accessToken)).toEqual({ revoked_reason: 'refresh token reused' });
  });

  it('refuses a foreign Tenant-Id header, another tenant, a missing token, another grant and no client', async () => {
    const c = t.client();
    const first = await c.signIn('100001', 'auditor', 'demo123');
    const q = { tenantId: '100001', refreshToken: first.refreshToken, grantType: 'refresh_token', scope: 'all' };
    expect((await c.post(refreshUrl(q), undefined, { 'Tenant-Id': '100002' })).status).toBe(403);
    const missing = await c.post(refreshUrl({ tenantId: '100001', grantType: 'refresh_token' }));
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Please input Refresh token' } });
    expect((await c.post(refreshUrl({ ...q, grantType: 'password' }))).status).toBe(400);
    const noClient = await fetch(`${t.url}${refreshUrl(q)}`, { method: 'POST' });
    expect(noClient.status).toBe(401);
    // the token, named in another tenant, is refused there
    expect((await c.post(refreshUrl({ ...q, tenantId: '100002' }), undefined, { 'Tenant-Id': '100002' })).status).toBe(401);
  });

  it('documents every route the server answers, and only those (GET /api/docs/json against the route table)', async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const served = new Set(
      t.host.routes
        // Fastify answers HEAD for every GET by itself; the document's own pages are not API calls
        .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && r.url !== '/*' && r.url !== '/')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(served.size).toBeGreaterThan(400);
    expect([...served].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !served.has(r)).sort()).toEqual([]);
    // families that were missing before (issue 11)
    for (const r of [
      'POST /api/bl-auth/refreshToken',
      'GET /api/bl-auth/captcha',
      'GET /api/bl-system/menu/routes',
      'GET /api/bl-system/topmenu/listByParams',
      'GET /api/bl-basic/material/export',
      'POST /api/bl-basic/material/import',
      'GET /api/bl-system/system/oss/download/{id}',
      'GET /api/bl-system/dict/dictionary',
    ]) {
      expect(documented).toContain(r);
    }
    const download = doc.paths['/api/bl-system/system/oss/download/{id}']!.get as { parameters: { name: string; in: string }[] };
    expect(download.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    const submit = JSON.stringify(doc.paths['/api/bl-transport/consignment/submit']);
    expect(submit).toContain('"x-reference":"customer"');
    expect(submit).toContain('"x-reference":"material"');
  });
});
