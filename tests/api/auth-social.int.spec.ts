import { runAsSystem } from '@tpl/event-store';
import type { LoginOptions, RegistrationRow, TokenResponse, Page } from '@tpl/contracts';
import { data, md5, type ApiClient } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';
import { startOidcProvider, type OidcProvider } from '../support/oidc';

/**
 * Social sign-in against a real OpenID Connect provider on loopback (oidc-provider in a
 * child process): the authorize redirect with our state and PKCE, the code exchange, the
 * useroauth record, registration through register-guest, the administrator's decision,
 * and every way the round trip can be tampered with.
 */
const SOURCE = 'corp';

describe.each(DOMAIN_STORES)('social sign-in against a real OIDC provider (%s store)', (kind) => {
  let t: TestHost;
  let op: OidcProvider;
  let admin: ApiClient;

  beforeAll(async () => {
    op = await startOidcProvider();
    process.env.OAUTH_PROVIDERS = JSON.stringify([
      { source: SOURCE, name: 'Corp SSO', icon: 'key', issuer: op.issuer, clientId: 'tpl-console', clientSecret: 'tpl-console-secret' },
      { source: 'partner', name: 'Partner SSO', issuer: op.issuer, clientId: 'tpl-partner', clientSecret: 'partner-secret', tenants: ['100002'] },
    ]);
    t = await startTestHost(kind);
    delete process.env.OAUTH_PROVIDERS;
    await op.addClient({ client_id: 'tpl-console', client_secret: 'tpl-console-secret', redirect_uris: [`${t.url}/oauth/callback/${SOURCE}`] });
    await op.addUser('alice', { name: 'Alice Wang', preferred_username: 'alice.w', email: 'alice@corp.example', picture: 'https://corp.example/a.png' });
    await op.addUser('bob', { name: 'Bob Li', preferred_username: 'bob', email: 'bob@corp.example' });
    await op.addUser('carol', { name: 'Carol Zhou', preferred_username: 'carol' });
    await op.addUser('dave', { name: 'Dave Sun', preferred_username: 'dave' });
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await op?.stop();
  });

  /** The browser's trip: our render endpoint, the provider's login and consent, back to the console's callback. */
  const roundTrip = async (tenantId: string, accountId: string, source = SOURCE) => {
    const render = await fetch(`${t.url}/api/bl-auth/oauth/render/${source}?tenantId=${tenantId}`, { redirect: 'manual' });
    expect(render.status).toBe(302);
    const authorize = new URL(render.headers.get('location')!);
    const back = await op.authorize(authorize.href, accountId);
    return { authorize, back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  };
  const grant = (tenantId: string, q: { code: string; state: string; source?: string }) =>
    t.client().post<TokenResponse>(
      `/api/bl-auth/token?${new URLSearchParams({ grantType: 'social', tenantId, source: q.source ?? SOURCE, code: q.code, state: q.state, scope: 'all' })}`,
      undefined,
      { 'Tenant-Id': tenantId },
    );
  const registerGuest = (q: Record<string, string>, lang = 'zh-CN') => {
    const c = t.client();
    c.lang = lang;
    return c.post(`/api/bl-system/register-guest?${new URLSearchParams(q)}`);
  };

  it('offers the configured providers on the sign-in page of the tenants they serve', async () => {
    const c = t.client();
    expect(data(await c.get<LoginOptions>('/api/bl-auth/login-options?tenantId=100001'))).toEqual({
      captchaEnabled: false,
      smsEnabled: true,
      socialProviders: [{ source: 'corp', name: 'Corp SSO', icon: 'key' }],
    });
    const other = data(await c.get<LoginOptions>('/api/bl-auth/login-options?tenantId=100002'));
    expect(other.socialProviders.map((p) => p.source)).toEqual(['corp', 'partner']);
    expect((await c.get('/api/bl-auth/login-options')).status).toBe(400);
  });

  it('sends the browser to the provider with a state, PKCE (S256), a nonce and the console callback as redirect', async () => {
    const render = await fetch(`${t.url}/api/bl-auth/oauth/render/${SOURCE}?tenantId=100001`, { redirect: 'manual' });
    expect(render.status).toBe(302);
    const url = new URL(render.headers.get('location')!);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/oauth/callback/${SOURCE}`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('client_id')).toBe('tpl-console');
    // a provider this tenant does not have, or an unknown one
    expect((await t.client().get(`/api/bl-auth/oauth/render/partner?tenantId=100001`)).status).toBe(400);
    expect((await t.client().get(`/api/bl-auth/oauth/render/nope?tenantId=100001`)).body.msg).toBe('No such third-party sign-in is configured: nope');
    expect((await t.client().get(`/api/bl-auth/oauth/render/${SOURCE}?tenantId=999999`)).status).toBe(400);
  });

  it('takes an unknown person through registration, the administrator approves, then they sign in by social and by password', async () => {
    const trip = await roundTrip('100001', 'alice');
    const answer = data(await grant('100001', trip));
    expect(answer).toMatchObject({ userId: '-1', accessToken: '', refreshToken: '', userName: 'Alice Wang' });
    expect(answer.oauthId.length).toBeGreaterThanOrEqual(43);

    // the third-party login is kept as a record of system administration
    const oauth = data(await admin.get<Page<Record<string, unknown>>>('/api/bl-system/useroauth/list?uuid=alice'));
    expect(oauth.records).toHaveLength(1);
    expect(oauth.records[0]).toMatchObject({ source: 'corp', uuid: 'alice', username: 'alice.w', nickname: 'Alice Wang', email: 'alice@corp.example' });
    expect(oauth.records[0]!.userId).toBeUndefined();

    // the spec's checks, in order, with its messages
    const base = { tenantId: '100001', name: 'Alice Wang', account: 'alice', password: md5('Alice#2026'), oauthId: answer.oauthId };
    expect((await registerGuest({ ...base, tenantId: '' })).body.msg).toBe('请先输入租户编号');
    expect((await registerGuest({ ...base, account: ' ' })).body.msg).toBe('请先输入账号名称');
    expect((await registerGuest({ ...base, password: '' })).body.msg).toBe('请先输入密码');
    expect((await registerGuest({ ...base, account: 'dispatcher' }, 'en'))).toMatchObject({ status: 409, body: { msg: 'The account "dispatcher" already exists; please choose another name' } });
    expect((await registerGuest({ ...base, oauthId: 'forged-ticket' }, 'en')).body.msg).toBe('The registration ticket is invalid or has expired; please sign in with the third-party account again');
    expect((await registerGuest(base)).status).toBe(200);
    // the ticket works once
    expect((await registerGuest({ ...base, account: 'alice2' })).status).toBe(400);

    // while pending, signing in again says so
    const again = await grant('100001', await roundTrip('100001', 'alice'));
    expect(again.status).toBe(409);

    const pending = data(await admin.get<Page<RegistrationRow>>('/api/bl-system/registration/list?status=PENDING'));
    const row = pending.records.find((r) => r.account === 'alice')!;
    expect(row).toMatchObject({ status: 'PENDING', name: 'Alice Wang', source: 'corp', externalName: 'Alice Wang', email: 'alice@corp.example', version: 1 });
    // roles must exist; nothing is written when they do not
    expect((await admin.post('/api/bl-system/registration/approve', { id: row.id, version: 1, roleId: ['nope'] })).status).toBe(400);
    const approved = data(await admin.post<{ version: number; userId: string }>('/api/bl-system/registration/approve', { id: row.id, version: 1, roleId: ['keeper'] }));
    expect(approved.version).toBe(2);
    // decided once
    expect((await admin.post('/api/bl-system/registration/reject', { id: row.id, version: 2, reason: 'x' })).status).toBe(409);

    const user = data(await admin.get<Page<Record<string, unknown>>>('/api/bl-system/user/list?account=alice')).records.find((u) => u.account === 'alice')!;
    expect(user).toMatchObject({ name: 'Alice Wang', roleId: ['keeper'], email: 'alice@corp.example' });
    expect(user.id).toBe(approved.userId);

    const signedIn = data(await grant('100001', await roundTrip('100001', 'alice')));
    expect(signedIn).toMatchObject({ tenantId: '100001', account: 'alice', userId: approved.userId, roles: ['keeper'], oauthId: oauth.records[0]!.id });
    expect(signedIn.accessToken).not.toBe('');
    const c = t.client();
    c.token = signedIn;
    expect(data(await c.get<{ account: string }>('/api/bl-system/user/getUserInfo')).account).toBe('alice');
    // and by password, the one typed in the registration dialog
    expect((await t.client().signIn('100001', 'alice', 'Alice#2026')).account).toBe('alice');

    const history = data(await admin.get<{ type: string; data: { passwordHash?: string } }[]>(`/api/bl-system/registration/history?id=${row.id}`));
    expect(history.map((h) => h.type)).toEqual(['RegistrationSubmitted', 'RegistrationApproved']);
    expect(history[0]!.data.passwordHash).toBe('******');
  });

  it('signs in a third-party account an administrator linked by hand', async () => {
    data(await admin.post('/api/bl-system/useroauth/submit', { source: SOURCE, uuid: 'dave', username: 'dave', userId: 'dispatcher' }));
    const token = data(await grant('100001', await roundTrip('100001', 'dave')));
    expect(token).toMatchObject({ account: 'dispatcher', roles: ['dispatcher'] });
    expect(token.oauthId).not.toBe('');
  });

  it('records a rejection with its reason; the person may apply again later', async () => {
    const first = data(await grant('100001', await roundTrip('100001', 'bob')));
    data(await registerGuest({ tenantId: '100001', name: 'Bob', account: 'bob', password: md5('x'), oauthId: first.oauthId }));
    const row = data(await admin.get<Page<RegistrationRow>>('/api/bl-system/registration/list?account=bob')).records[0]!;
    expect((await admin.post('/api/bl-system/registration/reject', { id: row.id, version: 1, reason: '' })).status).toBe(400);
    data(await admin.post('/api/bl-system/registration/reject', { id: row.id, version: 1, reason: 'Not on the staff list' }));
    const rejected = data(await admin.get<Page<RegistrationRow>>('/api/bl-system/registration/list?status=REJECTED')).records.find((r) => r.id === row.id)!;
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'Not on the staff list', decidedBy: '租户管理员' });
    // no user was made; a new sign-in gives a new ticket
    expect(data(await admin.get<Page<unknown>>('/api/bl-system/user/list?account=bob')).total).toBe(0);
    expect(data(await grant('100001', await roundTrip('100001', 'bob'))).userId).toBe('-1');
  });

  it('refuses forged, expired and replayed states, a reused code and a state of another tenant or source', async () => {
    const trip = await roundTrip('100001', 'carol');
    expect((await grant('100001', { code: trip.code, state: 'forged-state-value' })).status).toBe(401);
    expect((await grant('100002', trip)).status).toBe(401); // bound to its tenant: another tenant cannot even see it
    expect((await grant('100001', trip)).status).toBe(200);

    const fresh = await roundTrip('100001', 'carol');
    expect((await grant('100001', fresh)).status).toBe(200);
    const replay = await grant('100001', fresh);
    expect(replay).toMatchObject({ status: 401, body: { msg: 'The third-party sign-in request is invalid, used or expired; please start again' } });

    // the code of one round trip with the state of another: the provider refuses the reused code
    const one = await roundTrip('100001', 'carol');
    const two = await roundTrip('100001', 'carol');
    expect((await grant('100001', one)).status).toBe(200);
    const reused = await grant('100001', { code: one.code, state: two.state });
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toMatch(/authorization code is invalid or was already used/);

    const late = await roundTrip('100001', 'carol');
    await runAsSystem(() => t.host.storage.db.pool.query(`UPDATE idn_oauth_states SET expires_at = now() - interval '1 second'`));
    expect((await grant('100001', late)).status).toBe(401);

    const wrongSource = await roundTrip('100002', 'carol');
    expect((await grant('100002', { ...wrongSource, source: 'partner' })).status).toBe(401);
  });

  it('refuses a ticket of another tenant, and an expired one', async () => {
    const carol = data(await grant('100001', await roundTrip('100001', 'carol')));
    const inOther = await registerGuest({ tenantId: '100002', name: 'Carol', account: 'carol', password: md5('x'), oauthId: carol.oauthId }, 'en');
    expect(inOther).toMatchObject({ status: 400, body: { msg: 'The registration ticket is invalid or has expired; please sign in with the third-party account again' } });
    await runAsSystem(() => t.host.storage.db.pool.query(`UPDATE idn_oauth_tickets SET expires_at = now() - interval '1 second'`));
    expect((await registerGuest({ tenantId: '100001', name: 'Carol', account: 'carol', password: md5('x'), oauthId: carol.oauthId })).status).toBe(400);
  });

  it('says clearly when the provider cannot be reached, and never answers 500', async () => {
    const trip = await roundTrip('100001', 'carol');
    await op.stop();
    const down = await grant('100001', trip);
    expect(down).toMatchObject({ status: 401, body: { msg: 'The sign-in service "Corp SSO" cannot be reached right now; try again later or sign in with your password' } });
    const render = await t.client().get(`/api/bl-auth/oauth/render/${SOURCE}?tenantId=100001`);
    expect(render.status).toBe(401);
    expect(render.body.msg).toMatch(/cannot be reached/);
  });
});
