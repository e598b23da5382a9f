import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import type { Page, RegistrationRow, TokenResponse } from '@tpl/contracts';
import { data, md5, type Answer, type ApiClient } from '../support/api-client';
import { notOk, runAttempts, type Attempt } from '../support/attempts';
import { startTestHost, type TestHost } from '../support/host';
import { startOidcProvider, type OidcProvider } from '../support/oidc';

/**
 * Generated hostile attempts on every route of the sign-in flows: forged, expired and
 * replayed OAuth states, tickets of other tenants, register-guest smuggling a tenant or
 * roles, licence imports by non-platform users and forged licences, error-log list and zip
 * by non-administrators and other tenants, forged tokens, oversized and malformed input.
 * Each must be refused and none may answer 500; the counts are printed.
 */

const SOURCE = 'corp';

describe('security: generated attempts on the sign-in flows', () => {
  let t: TestHost;
  let op: OidcProvider;
  let owner: ApiClient; // 100001 administrator
  let platform: ApiClient; // 000000 administrator: another tenant
  let dispatcher: ApiClient;
  let auditor: ApiClient;
  let foreign: ApiClient; // 100002 dispatcher
  let ticket100001 = '';
  let pendingId = '';
  let spentTrip = { code: '', state: '' };

  const raw = async (path: string, init: RequestInit = {}): Promise<Answer<unknown>> => {
    const res = await fetch(`${t.url}${path}`, { redirect: 'manual', ...init });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { msg: text.slice(0, 100) };
    }
    return { status: res.status, body: body as Answer<unknown>['body'] };
  };
  const roundTrip = async (tenantId: string, accountId: string) => {
    const render = await fetch(`${t.url}/api/bl-auth/oauth/render/${SOURCE}?tenantId=${tenantId}`, { redirect: 'manual' });
    const back = await op.authorize(render.headers.get('location')!, accountId);
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  };
  const social = (tenantId: string, q: Record<string, string>) =>
    t.client().post<TokenResponse>(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'social', tenantId, source: SOURCE, scope: 'all', ...q })}`, undefined, { 'Tenant-Id': tenantId });

  beforeAll(async () => {
    op = await startOidcProvider();
    process.env.OAUTH_PROVIDERS = JSON.stringify([{ source: SOURCE, name: 'Corp SSO', issuer: op.issuer, clientId: 'tpl', clientSecret: 'tpl-secret' }]);
    t = await startTestHost('embedded');
    delete process.env.OAUTH_PROVIDERS;
    await op.addClient({ client_id: 'tpl', client_secret: 'tpl-secret', redirect_uris: [`${t.url}/oauth/callback/${SOURCE}`] });
    for (const id of ['mallory', 'eve', 'trent']) await op.addUser(id, { name: id, preferred_username: id });
    owner = await t.client().as('100001', 'admin', 'admin');
    platform = await t.client().as('000000', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
    auditor = await t.client().as('100001', 'auditor');
    foreign = await t.client().as('100002', 'dispatcher');
    // a live ticket of 100001, a pending registration of 100001, a state already used
    ticket100001 = data(await social('100001', await roundTrip('100001', 'mallory'))).oauthId;
    const eve = data(await social('100001', await roundTrip('100001', 'eve'))).oauthId;
    data(await t.client().post(`/api/bl-system/register-guest?${new URLSearchParams({ tenantId: '100001', name: 'Eve', account: 'eve', password: md5('x'), oauthId: eve })}`));
    pendingId = data(await owner.get<Page<RegistrationRow>>('/api/bl-system/registration/list?status=PENDING')).records[0]!.id;
    spentTrip = await roundTrip('100001', 'trent');
    data(await social('100001', spentTrip));
    data(await auditor.post('/api/bl-system/error-log/upload', [{ type: 'error', url: '/x', message: 'victim-log-100001' }]));
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await op?.stop();
  });

  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    // 1. forged, replayed and foreign states; reused and made-up codes
    for (let i = 0; i < 10; i++) {
      list.push({ name: `forged state #${i}`, run: () => social('100001', { code: `code-${i}`, state: Buffer.from(`state-${i}`).toString('base64url').padEnd(43, 'A') }) });
    }
    for (let i = 0; i < 5; i++) list.push({ name: `replayed state #${i}`, run: () => social('100001', spentTrip) });
    for (const tenant of ['100002', '000000', '999999']) list.push({ name: `used state in tenant ${tenant}`, run: () => social(tenant, spentTrip) });
    list.push({ name: 'state without code', run: () => social('100001', { state: spentTrip.state }) });
    list.push({ name: 'code without state', run: () => social('100001', { code: spentTrip.code }) });
    list.push({ name: 'unknown source', run: () => social('100001', { ...spentTrip, source: 'evil' }) });
    list.push({ name: 'source path traversal', run: () => raw(`/api/bl-auth/oauth/render/..%2F..%2Fetc?tenantId=100001`) });
    list.push({ name: 'render for an unknown tenant', run: () => raw(`/api/bl-auth/oauth/render/${SOURCE}?tenantId=999999`) });
    // fetch will not send a Host of our choosing: plain http does
    const withHost = (host: string) => () =>
      new Promise<Answer<unknown>>((resolve, reject) => {
        const u = new URL(`${t.url}/api/bl-auth/oauth/render/${SOURCE}?tenantId=100001`);
        const req = http.request({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, headers: { Host: host } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: { msg: text.slice(0, 100) } as Answer<unknown>['body'] }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const host of ['evil.example/<script>', 'a b', '"quoted"', 'x@evil.example']) {
      list.push({ name: `render with a forged Host ${host}`, run: withHost(host), refused: (a) => a.status !== 302 && a.status < 500 });
    }
    list.push({ name: 'render without tenant', run: () => raw(`/api/bl-auth/oauth/render/${SOURCE}`) });

    // 2. tickets: other tenants, forged, spent; register-guest smuggling a tenant or roles
    const guest = (q: Record<string, string>, init: RequestInit = {}) => raw(`/api/bl-system/register-guest?${new URLSearchParams(q)}`, { method: 'POST', ...init });
    const base = { name: 'Mallory', account: 'mallory', password: md5('pw') };
    for (const tenant of ['100002', '000000', '999999']) list.push({ name: `100001's ticket in tenant ${tenant}`, run: () => guest({ ...base, tenantId: tenant, oauthId: ticket100001 }) });
    for (let i = 0; i < 8; i++) list.push({ name: `forged ticket #${i}`, run: () => guest({ ...base, tenantId: '100001', oauthId: `${'T'.repeat(i * 5)}${i}` }) });
    list.push({ name: 'register-guest with roleId=admin', run: () => guest({ ...base, tenantId: '100001', oauthId: ticket100001, roleId: 'admin' }) });
    list.push({ name: 'register-guest with roles=admin', run: () => guest({ ...base, tenantId: '100001', oauthId: ticket100001, roles: 'admin' }) });
    list.push({ name: 'register-guest with status=APPROVED', run: () => guest({ ...base, tenantId: '100001', oauthId: ticket100001, status: 'APPROVED' }) });
    list.push({ name: 'register-guest with two tenants', run: () => raw(`/api/bl-system/register-guest?tenantId=100002&tenantId=100001&account=m&password=${md5('x')}&oauthId=${ticket100001}`, { method: 'POST' }) });
    list.push({
      name: 'register-guest with the tenant in the body',
      run: () => guest({ ...base, oauthId: ticket100001 }, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tenantId: '100002' }) }),
    });
    list.push({ name: 'register-guest with another Tenant-Id header', run: () => guest({ ...base, tenantId: '100001', oauthId: ticket100001 }, { headers: { 'Tenant-Id': '100002' } }), refused: (a) => a.status === 403 });
    list.push({
      name: 'social grant with another Tenant-Id header',
      run: () => t.client().post(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'social', tenantId: '100001', source: SOURCE, ...spentTrip })}`, undefined, { 'Tenant-Id': '100002' }),
      refused: (a) => a.status === 403,
    });
    list.push({ name: 'register-guest as an existing account', run: () => guest({ ...base, account: 'admin', tenantId: '100001', oauthId: ticket100001 }) });
    list.push({ name: 'register-guest for a pending account', run: () => guest({ ...base, account: 'eve', tenantId: '100001', oauthId: ticket100001 }) });
    list.push({ name: 'register-guest with a plain password', run: () => guest({ ...base, password: 'plain-text', tenantId: '100001', oauthId: ticket100001 }) });
    list.push({ name: 'register-guest with a hostile account', run: () => guest({ ...base, account: "x' OR '1'='1", tenantId: '100001', oauthId: ticket100001 }) });

    // 3. the administrator's registration screen: other roles, other tenants, forged tokens
    const reg = '/api/bl-system/registration';
    for (const [who, c] of [['dispatcher', () => dispatcher], ['auditor', () => auditor], ['100002 dispatcher', () => foreign]] as const) {
      list.push({ name: `${who} lists registrations`, run: () => c().get(`${reg}/list`) });
      list.push({ name: `${who} approves`, run: () => c().post(`${reg}/approve`, { id: pendingId, version: 1, roleId: ['admin'] }) });
      list.push({ name: `${who} rejects`, run: () => c().post(`${reg}/reject`, { id: pendingId, version: 1, reason: 'x' }) });
      list.push({ name: `${who} reads history`, run: () => c().get(`${reg}/history?id=${pendingId}`) });
    }
    list.push({ name: 'other tenant admin approves', run: () => platform.post(`${reg}/approve`, { id: pendingId, version: 1, roleId: ['admin'] }) });
    list.push({ name: 'other tenant admin rejects', run: () => platform.post(`${reg}/reject`, { id: pendingId, version: 1, reason: 'x' }) });
    list.push({ name: 'other tenant admin reads history', run: () => platform.get(`${reg}/history?id=${pendingId}`) });
    list.push({ name: 'other tenant admin lists', run: () => platform.get(`${reg}/list`), refused: (a) => !JSON.stringify(a.body).includes(pendingId) });
    list.push({ name: 'approve with a stale version', run: () => owner.post(`${reg}/approve`, { id: pendingId, version: 7, roleId: ['keeper'] }) });
    list.push({ name: 'approve with no roles', run: () => owner.post(`${reg}/approve`, { id: pendingId, version: 1, roleId: [] }) });
    list.push({ name: 'approve with a role of nowhere', run: () => owner.post(`${reg}/approve`, { id: pendingId, version: 1, roleId: ['root'] }) });
    list.push({ name: 'approve with roles as text', run: () => owner.post(`${reg}/approve`, { id: pendingId, version: 1, roleId: 'admin' }) });
    list.push({ name: 'approve a non-uuid', run: () => owner.post(`${reg}/approve`, { id: '1 OR 1=1', version: 1, roleId: ['keeper'] }) });
    list.push({ name: 'reject with a huge reason', run: () => owner.post(`${reg}/reject`, { id: pendingId, version: 1, reason: 'r'.repeat(5000) }) });
    list.push({ name: 'list with an unknown status', run: () => owner.get(`${reg}/list?status=ALL`) });
    list.push({ name: 'list with a huge page', run: () => owner.get(`${reg}/list?size=100000`) });

    // 4. licences: non-platform users, forged licences
    const vendorless = generateKeyPairSync('ed25519');
    const body = Buffer.from(JSON.stringify({ id: 'L-X', licensee: 'Evil', edition: 'ultimate', issued: '2026-01-01', expires: '2099-12-31', limits: {} })).toString('base64url');
    const selfSigned = `${body}.${sign(null, Buffer.from(body, 'ascii'), vendorless.privateKey).toString('base64url')}`;
    for (const [who, c] of [['tenant admin', () => owner], ['dispatcher', () => dispatcher], ['100002 dispatcher', () => foreign]] as const) {
      list.push({ name: `${who} imports a licence`, run: () => c().post(`/api/bl-auth/importLicense/${selfSigned}`), refused: (a) => a.status === 403 });
      list.push({ name: `${who} reads licence history`, run: () => c().get('/api/bl-auth/license/history') });
    }
    const forgedLicences: [string, string][] = [
      ['self-signed', selfSigned],
      ['no signature', body],
      ['signature of another payload', `${Buffer.from('{"id":"L-Y"}').toString('base64url')}.${selfSigned.split('.')[1]}`],
      ['three parts', `${selfSigned}.x`],
      ['empty signature', `${body}.`],
      ['zero signature', `${body}.${Buffer.alloc(64).toString('base64url')}`],
      ['not base64', 'licence!@%23'],
      ['unicode', encodeURIComponent('许可证.签名')],
      ['long', 'A'.repeat(4900)],
      ['json', encodeURIComponent('{"licensee":"x"}')],
    ];
    for (const [label, lic] of forgedLicences) list.push({ name: `forged licence: ${label}`, run: () => platform.post(`/api/bl-auth/importLicense/${lic}`) });
    list.push({ name: 'licence longer than the path allows', run: () => platform.post(`/api/bl-auth/importLicense/${'A'.repeat(6000)}`) });
    list.push({ name: 'licence import by GET', run: () => platform.get(`/api/bl-auth/importLicense/${selfSigned}`) });

    // 5. error logs: non-administrators, other tenants, hostile data sources and dates
    const zip = (c: ApiClient, query = '', headers: Record<string, string> = {}) => raw(`/api/bl-system/error-log/download-zip${query}`, { headers: c.headers(headers) });
    for (const [who, c] of [['dispatcher', () => dispatcher], ['auditor', () => auditor], ['100002 dispatcher', () => foreign]] as const) {
      list.push({ name: `${who} lists error logs`, run: () => c().get('/api/bl-system/error-log/list') });
      list.push({ name: `${who} downloads the zip`, run: () => zip(c()) });
    }
    list.push({ name: 'other tenant admin lists error logs', run: () => platform.get('/api/bl-system/error-log/list'), refused: (a) => !JSON.stringify(a.body).includes('victim-log-100001') });
    list.push({ name: 'other tenant admin downloads the zip', run: () => zip(platform), refused: (a) => a.status === 200 || notOk(a) });
    list.push({ name: 'zip of another tenant through Tenant-Id', run: () => zip(platform, '', { 'Tenant-Id': '100001' }) });
    list.push({ name: 'list of another tenant through tenantId', run: () => platform.get('/api/bl-system/error-log/list?tenantId=100001'), refused: (a) => a.status >= 400 || !JSON.stringify(a.body).includes('victim-log-100001') });
    for (const ds of ['master', '../../etc/passwd', "' OR '1'='1", 'x'.repeat(300), 'console;DROP TABLE idn_error_logs']) {
      list.push({ name: `zip datasource ${ds.slice(0, 20)}`, run: () => zip(owner, '', { datasource: ds }) });
    }
    for (const q of ['?from=yesterday', '?to=2026-13-45', '?from=2026-12-01&to=2026-01-01', `?account=${'a'.repeat(500)}`, '?from=%00']) {
      list.push({ name: `zip with ${q.slice(0, 30)}`, run: () => zip(owner, q) });
      list.push({ name: `list with ${q.slice(0, 30)}`, run: () => owner.get(`/api/bl-system/error-log/list${q}`) });
    }
    list.push({ name: 'upload too many entries', run: () => owner.post('/api/bl-system/error-log/upload', Array.from({ length: 201 }, () => ({ message: 'x' }))) });
    list.push({ name: 'upload a huge stack', run: () => owner.post('/api/bl-system/error-log/upload', [{ stack: 's'.repeat(30000) }]) });
    list.push({ name: 'upload an object', run: () => owner.post('/api/bl-system/error-log/upload', { message: 'x' }) });

    // 6. forged and expired tokens on the new administrator routes
    const real = owner.token!.accessToken;
    const [h, p] = real.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tokens: [string, string | undefined][] = [
      ['no token', undefined],
      ['tampered tenant', `${h}.${Buffer.from(JSON.stringify({ ...claims, tid: '000000' })).toString('base64url')}.${real.split('.')[2]}`],
      ['alg none', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`],
      ['guessed key', jwt.sign({ ...claims, tid: '000000', exp: Math.floor(Date.now() / 1000) + 3600 }, 'secret')],
      ['expired', jwt.sign({ ...claims, iat: 1, exp: 2 }, 'secret')],
    ];
    const guarded: [string, 'GET' | 'POST'][] = [
      [`${reg}/list`, 'GET'],
      [`${reg}/history?id=${pendingId}`, 'GET'],
      [`${reg}/approve`, 'POST'],
      [`${reg}/reject`, 'POST'],
      ['/api/bl-auth/license', 'GET'],
      ['/api/bl-auth/license/history', 'GET'],
      [`/api/bl-auth/importLicense/${selfSigned}`, 'POST'],
      ['/api/bl-system/error-log/list', 'GET'],
      ['/api/bl-system/error-log/download-zip', 'GET'],
      ['/api/bl-system/error-log/upload', 'POST'],
    ];
    for (const [label, token] of tokens) {
      for (const [path, method] of guarded) {
        list.push({
          name: `${method} ${path.split('?')[0]!.slice(0, 50)}: ${label}`,
          run: () => raw(path, { method, headers: { ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}), 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: JSON.stringify({ id: pendingId, version: 1, roleId: ['admin'], reason: 'x' }) } : {}) }),
          refused: (a) => a.status === 401,
        });
      }
    }

    // 7. oversized and malformed input on the public routes
    list.push({ name: 'login options for a huge tenant id', run: () => raw(`/api/bl-auth/login-options?tenantId=${'9'.repeat(5000)}`) });
    list.push({ name: 'login options with NUL', run: () => raw('/api/bl-auth/login-options?tenantId=%00') });
    list.push({ name: 'login options with two tenants', run: () => raw('/api/bl-auth/login-options?tenantId=100001&tenantId=100002') });
    list.push({ name: 'social grant with a huge code', run: () => social('100001', { code: 'c'.repeat(5000), state: 's' }) });
    list.push({ name: 'social grant with a huge state', run: () => social('100001', { code: 'c', state: 's'.repeat(5000) }) });
    list.push({ name: 'social grant with NUL in the state', run: () => social('100001', { code: 'c', state: 'a\u0000b' }) });
    list.push({ name: 'register-guest with a huge name', run: () => raw(`/api/bl-system/register-guest?tenantId=100001&account=x&password=${md5('x')}&oauthId=${ticket100001}&name=${'n'.repeat(3000)}`, { method: 'POST' }) });
    list.push({ name: 'register-guest with NUL', run: () => raw(`/api/bl-system/register-guest?tenantId=100001&account=a%00b&password=${md5('x')}&oauthId=${ticket100001}`, { method: 'POST' }) });
    list.push({ name: 'register-guest with malformed JSON', run: () => raw('/api/bl-system/register-guest', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"tenantId":' }) });
    list.push({ name: 'register-guest with a JSON array', run: () => raw('/api/bl-system/register-guest?tenantId=100001', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[1,2]' }) });
    list.push({ name: 'register-guest with an oversized body', run: () => raw('/api/bl-system/register-guest', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) }) });
    list.push({ name: 'approve with malformed JSON', run: () => raw(`${reg}/approve`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: '{"id":' }) });
    list.push({ name: 'approve with deep JSON', run: () => raw(`${reg}/approve`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` }) });
    return list;
  };

  it('refuses every attempt and never answers 500', async () => {
    const all = attempts();
    const { granted, errors } = await runAttempts(all);
    console.log(`auth-flows security attempts: ${all.length} made, ${granted.length} succeeded, ${errors.length} answered 500`);
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(granted).toEqual([]);
    expect(errors).toEqual([]);

    // and nothing was made or decided behind the administrator's back
    const regs = data(await owner.get<Page<RegistrationRow>>('/api/bl-system/registration/list'));
    expect(regs.records.map((r) => [r.account, r.status])).toEqual([['eve', 'PENDING']]);
    const users = data(await owner.get<Page<{ account: string }>>('/api/bl-system/user/list?size=50')).records.map((u) => u.account);
    expect(users).not.toContain('mallory');
    expect(users).not.toContain('eve');
    expect(data(await owner.get<{ status: string }>('/api/bl-auth/license')).status).toBe('none');
    const { rows } = await t.host.storage.db.pool.query(`SELECT count(*)::int AS n FROM idn_registrations WHERE tenant_id <> '100001'`);
    expect(rows[0].n).toBe(0);
  });
});
