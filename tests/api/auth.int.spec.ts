import { encryptTokenHeader, type TokenResponse, type UserInfo } from '@tpl/contracts';
import { data, md5 } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

const tokenUrl = (q: Record<string, string>) => `/api/bl-auth/token?${new URLSearchParams(q)}`;

describe('sign-in and sessions (embedded store)', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  it('signs in with grantType=password and the MD5 of the password, as Saber clients do', async () => {
    const c = t.client();
    const token = await c.signIn('100001', 'dispatcher', 'demo123');
    expect(token).toMatchObject({ tokenType: 'bearer', expiresIn: 7200, tenantId: '100001', account: 'dispatcher', userName: '杜晓娜', roles: ['dispatcher'] });
    const [, payload] = token.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7200);
    const me = data(await c.get<UserInfo>('/api/bl-system/user/getUserInfo'));
    expect(me).toMatchObject({ tenantId: '100001', account: 'dispatcher', tenantName: '港湾物流（演示三方物流运营商）' });
  });

  it('refuses a wrong password, an unknown tenant and a wrong client alike', async () => {
    const c = t.client();
    const wrong = await c.post(tokenUrl({ grantType: 'password', tenantId: '100001', account: 'auditor', password: md5('nope'), type: 'account' }));
    expect(wrong).toMatchObject({ status: 401, body: { code: 401, success: false, msg: 'Wrong tenant, account or password' } });
    const tenant = await c.post(tokenUrl({ grantType: 'password', tenantId: '999999', account: 'auditor', password: md5('demo123') }));
    expect(tenant.status).toBe(401);
    const client = await c.post(tokenUrl({ grantType: 'password', tenantId: '100001', account: 'auditor', password: md5('demo123') }), undefined, {
      Authorization: `Basic ${Buffer.from('console:wrong').toString('base64')}`,
    });
    expect(client.status).toBe(401);
    const grant = await c.post(tokenUrl({ grantType: 'magic', tenantId: '100001' }));
    expect(grant.status).toBe(400);
    expect(grant.body.msg).toBe('Grant type is not valid');
  });

  it('locks an account for 30 minutes after five wrong passwords and says until when', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      await c.post(tokenUrl({ grantType: 'password', tenantId: '100001', account: 'keeper', password: md5(`wrong${i}`) }));
    }
    const locked = await c.post(tokenUrl({ grantType: 'password', tenantId: '100001', account: 'keeper', password: md5('demo123') }));
    expect(locked.status).toBe(401);
    const until = /locked until (\S+)/.exec(locked.body.msg)?.[1];
    expect(until).toBeDefined();
    const minutes = (new Date(until!).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('rotates refresh tokens and revokes the whole session when one is reused', async () => {
    const c = t.client();
    const first = await c.signIn('100001', 'finance', 'demo123');
    const refresh = (token: string) => c.post<TokenResponse>(tokenUrl({ grantType: 'refresh_token', tenantId: '100001', refreshToken: token, scope: 'all' }));
    const second = data(await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    c.token = second;
    expect((await c.get('/api/bl-system/user/getUserInfo')).status).toBe(200);
    // the first refresh token again: someone copied it, so the session ends for everyone
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await c.get('/api/bl-system/user/getUserInfo')).status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const c = t.client();
    await c.signIn('100001', 'approver', 'demo123');
    expect(data(await c.get<boolean>('/api/bl-auth/logout'))).toBe(true);
    const after = await c.get('/api/bl-system/user/getUserInfo');
    expect(after).toMatchObject({ status: 401, body: { code: 401, success: false } });
  });

  it('refuses forged and expired tokens', async () => {
    const c = t.client();
    const token = await c.signIn('100001', 'dispatcher', 'demo123');
    const [h, p] = token.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, tid: '100002' })).toString('base64url');
    c.token = { ...token, accessToken: `${h}.${forgedPayload}.${token.accessToken.split('.')[2]}`, tenantId: '100002' };
    expect((await c.get('/api/bl-transport/consignment/list')).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    c.token = { ...token, accessToken: `${none}.${p}.` };
    expect((await c.get('/api/bl-transport/consignment/list')).status).toBe(401);
    const jwt = await import('jsonwebtoken');
    c.token = { ...token, accessToken: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, 'guess') };
    expect((await c.get('/api/bl-transport/consignment/list')).status).toBe(401);
  });

  it('takes the encrypted token header when configured, and the bearer one still (spec 01 section 7)', async () => {
    const c = t.client();
    const key = Buffer.alloc(32, 3).toString('base64');
    const me = (header: string) => fetch(`${t.url}/api/bl-system/user/getUserInfo`, { headers: { ...c.headers(), 'Blade-Auth': header } }).then((r) => r.json() as Promise<{ code: number; data?: UserInfo }>);
    // not configured: no key given, an encrypted header is no token
    const plain = await c.signIn('100001', 'dispatcher', 'demo123');
    expect(plain.tokenCryptoKey).toBeUndefined();
    expect((await me(await encryptTokenHeader(plain.accessToken, key))).code).toBe(401);
    process.env.TOKEN_CRYPTO_KEY = key;
    try {
      const token = await c.signIn('100001', 'dispatcher', 'demo123');
      expect(token.tokenCryptoKey).toBe(key);
      expect(await me(await encryptTokenHeader(token.accessToken, key))).toMatchObject({ code: 200, data: { account: 'dispatcher' } });
      expect((await me(`bearer ${token.accessToken}`)).code).toBe(200);
      // three minutes old, under another key, or a token that is no token: refused
      expect((await me(await encryptTokenHeader(token.accessToken, key, Date.now() - 180_000))).code).toBe(401);
      expect((await me(await encryptTokenHeader(token.accessToken, Buffer.alloc(32, 4).toString('base64')))).code).toBe(401);
      expect((await me(await encryptTokenHeader('forged', key))).code).toBe(401);
    } finally {
      delete process.env.TOKEN_CRYPTO_KEY;
    }
  });

  it('offers a picture captcha and the captcha grant, each captcha good once', async () => {
    const { CaptchaService } = await import('@tpl/identity');
    const c = t.client();
    const pic = data(await c.get<{ key: string; image: string; expiresIn: number }>('/api/bl-auth/captcha'));
    expect(pic.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pic.expiresIn).toBe(300);
    const q = `/api/bl-auth/token?${new URLSearchParams({ grantType: 'captcha', tenantId: '100001', account: 'dispatcher', password: md5('demo123'), type: 'account' })}`;
    const wrong = await c.post(q, undefined, { 'Captcha-Key': pic.key, 'Captcha-Code': 'zzzz' });
    expect(wrong).toMatchObject({ status: 400, body: { msg: 'The verification code is wrong or has expired' } });
    // a wrong answer used it up
    const { key, answer } = await t.host.app.get(CaptchaService).createWithAnswer();
    expect((await c.post(q, undefined, { 'Captcha-Key': key, 'Captcha-Code': answer.toUpperCase() })).status).toBe(200);
    expect((await c.post(q, undefined, { 'Captcha-Key': key, 'Captcha-Code': answer })).status).toBe(400);
    expect((await c.post(q)).status).toBe(400);
  });

  it('answers the token check, logs out through user/logout and keeps uploaded error logs', async () => {
    const c = t.client();
    await c.signIn('100001', 'auditor', 'demo123');
    expect(data(await c.get<{ valid: boolean }>('/api/bl-customize/token-check/check')).valid).toBe(true);
    const uploaded = data(
      await c.post<{ received: number }>('/api/bl-system/error-log/upload', [
        { type: 'error', url: '/transport/consignment', message: 'Cannot read properties of undefined', stack: 'at x', time: '2026-11-23 08:00:00' },
      ]),
    );
    expect(uploaded.received).toBe(1);
    const { runInTenant } = await import('@tpl/event-store');
    const { rows } = await runInTenant('100001', () => t.host.storage.db.pool.query(`SELECT account, entry->>'message' AS message FROM idn_error_logs`));
    expect(rows).toContainEqual({ account: 'auditor', message: 'Cannot read properties of undefined' });
    expect((await c.post('/api/bl-system/user/logout')).status).toBe(200);
    expect((await c.get('/api/bl-customize/token-check/check')).status).toBe(401);
  });
});

describe('menus from the server (embedded store)', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  type Node = { code: string; path: string; children: Node[] };
  const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

  it('gives each role the menus, top menus and buttons it was allocated; admin everything', async () => {
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const auditor = await t.client().as('100001', 'auditor');
    const admin = await t.client().as('100001', 'admin', 'admin');

    const dTops = data(await dispatcher.get<{ id: string; menuName: string }[]>('/api/bl-system/topmenu/listByParams?filter=1'));
    // the signing screen's uploads (attach_add) bring the attachments entry, under system administration
    expect(dTops.map((x) => x.menuName)).toEqual(['工作台', '基础资料', '系统管理']);
    const work = data(await dispatcher.get<Node[]>(`/api/bl-system/menu/routes?topMenuId=${dTops[0]!.id}`));
    expect(codes(work)).toEqual(['transport', 'dispatchBoard', 'consignment', 'consignmentbill', 'dispatch', 'loadingbill', 'arrivalbill', 'deliverybill', 'scheduling', 'consignmentTimeline', 'flow', 'flow_start', 'flow_todo', 'flow_claim', 'flow_done', 'flow_send', 'flow_copy']);
    expect(work[0]!.children[1]!.path).toBe('/consignmentOrderbill');
    const dButtons = data(await dispatcher.get<{ code: string; children: { code: string }[] }[]>('/api/bl-system/menu/buttons'));
    expect(dButtons.flatMap((b) => b.children.map((c) => c.code))).toEqual(expect.arrayContaining(['consignment_audit', 'consignment_dispatch']));

    // the auditor reads everything: every menu, and the export of every list, but no command
    const aButtons = data(await auditor.get<{ code: string; children: { code: string }[] }[]>('/api/bl-system/menu/buttons')).flatMap((b) => b.children.map((c) => c.code));
    expect(aButtons.length).toBeGreaterThan(30);
    expect(aButtons.every((c) => c.endsWith('_export'))).toBe(true);
    const aTops = data(await auditor.get<{ menuName: string }[]>('/api/bl-system/topmenu/listByParams?filter=1'));
    expect(aTops.map((x) => x.menuName)).toEqual(['工作台', '基础资料', '系统管理']);

    const all = data(await admin.get<Node[]>('/api/bl-system/menu/routes'));
    expect(codes(all)).toEqual(expect.arrayContaining(['md_user', 'md_material', 'consignment']));
    expect(data(await admin.get<unknown[]>('/api/bl-system/topmenu/listByParams?filter=1'))).toHaveLength(3);
  });
});

describe('phone sign-in (embedded store)', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  it('sends a code through the SMS port, signs in with it once, and never says whether a phone is known', async () => {
    const { SMS_SENDER } = await import('@tpl/identity');
    const sender = t.host.app.get(SMS_SENDER) as { sent: { phone: string; text: string }[] };
    const admin = await t.client().as('100001', 'admin', 'admin');
    data(await admin.post('/api/bl-system/user/submit', { account: 'phoneuser', name: 'Phone User', phone: '13912340000', roleId: ['keeper'], password: 'x1y2z3' }));
    const c = t.client();
    const sent = data(await c.post<{ resendIn: number }>('/api/bl-auth/sms/send?tenantId=100001&phone=13912340000'));
    expect(sent.resendIn).toBe(60);
    const code = /(\d{6})/.exec(sender.sent.at(-1)!.text)![1]!;
    const again = await c.post('/api/bl-auth/sms/send?tenantId=100001&phone=13912340000');
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/try again in \d+ seconds/);
    const grant = (phone: string, value: string) => c.post<TokenResponse>(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'sms', tenantId: '100001', phone, code: value })}`);
    expect((await grant('13912340000', code === '000000' ? '111111' : '000000')).status).toBe(401);
    const ok = data(await grant('13912340000', code));
    expect(ok).toMatchObject({ account: 'phoneuser', roles: ['keeper'] });
    expect((await grant('13912340000', code)).status).toBe(401);
    // an unknown phone: the same answer, and nothing is sent
    const before = sender.sent.length;
    expect((await c.post('/api/bl-auth/sms/send?tenantId=100001&phone=13700000001')).status).toBe(200);
    expect(sender.sent.length).toBe(before);
    expect((await c.post('/api/bl-auth/sms/send?tenantId=100001&phone=123')).status).toBe(400);
  });
});

describe('button codes on consignment commands (embedded store)', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost('embedded');
  });
  afterAll(async () => t?.stop());

  it('refuses a command whose button the role was not allocated, and allows it once allocated', async () => {
    const { consignmentInput } = await import('../support/fixtures');
    const admin = await t.client().as('100001', 'admin', 'admin');
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const created = data(await dispatcher.post<{ id: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
    // take consignment_audit away from the dispatcher role
    const role = data(await admin.get<{ records: { id: string; version: number; menus: string[]; roleAlias: string; roleName: string }[] }>('/api/bl-system/role/list?roleAlias=dispatcher')).records[0]!;
    const without = role.menus.filter((m) => m !== 'consignment_audit');
    data(await admin.post('/api/bl-system/role/submit', { id: role.id, version: role.version, roleAlias: role.roleAlias, roleName: role.roleName, menus: without }));
    const buttons = data(await dispatcher.get<{ children: { code: string }[] }[]>('/api/bl-system/menu/buttons')).flatMap((b) => b.children.map((c) => c.code));
    expect(buttons).not.toContain('consignment_audit');
    expect((await dispatcher.post('/api/bl-transport/consignment/audit', { id: created.id, version: 1 })).status).toBe(403);
    expect((await dispatcher.post('/api/bl-transport/consignment/cancel', { id: created.id, version: 1 })).status).toBe(200);
    // the administrator needs no allocation
    const second = data(await admin.post<{ id: string }>('/api/bl-transport/consignment/submit', consignmentInput()));
    expect((await admin.post('/api/bl-transport/consignment/audit', { id: second.id, version: 1 })).status).toBe(200);
  });
});
