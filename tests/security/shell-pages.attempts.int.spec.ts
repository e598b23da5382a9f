import type { Dashboard, HomeFigures, Profile } from '@tpl/contracts';
import { ApiClient, data, md5, type Answer } from '../support/api-client';
import { notOk, runAttempts, type Attempt } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Generated attempts on the shell pages' calls (dashboard, home figures, own profile,
 * update-info, update-password): no, forged and other tenants' tokens, tenantId smuggled in
 * query, header or body, fields that are not the user's (roles, department, tenant, status,
 * account, another user's id), the API permission covering the dashboard, malformed and
 * oversized input. Each must be refused, none may answer 500, and the victim is untouched.
 */
const U = '/api/bl-system/user';
const R = '/api/bl-report';

describe('security: shell pages attempts', () => {
  let t: TestHost;
  let admin: ApiClient;
  let victim: ApiClient;
  let victimProfile: Profile;

  beforeAll(async () => {
    t = await startTestHost('embedded');
    admin = await t.client().as('100001', 'admin', 'admin');
    data(await admin.post(`${U}/submit`, { account: 'sec-victim', name: 'Vic Tim', roleId: ['dispatcher'], deptId: 'HB-OPS', password: 'Victim123' }));
    victim = await t.client().as('100001', 'sec-victim', 'Victim123');
    victimProfile = data(await victim.get<Profile>(`${U}/profile`));
    data(await victim.post('/api/bl-transport/consignment/submit', consignmentInput()));
  }, 300_000);
  afterAll(async () => t?.stop());

  it('refuses every attempt and never answers 500', async () => {
    const other = await t.client().as('100002', 'dispatcher');
    const platform = await t.client().as('000000', 'admin', 'admin');
    const keeper = await t.client().as('100001', 'keeper');
    const anonymous = new ApiClient(t.url);
    const forged = new ApiClient(t.url);
    forged.token = { ...keeper.token!, accessToken: `${keeper.token!.accessToken.split('.').slice(0, 2).join('.')}.AAAA` };
    const expiredShape = new ApiClient(t.url);
    expiredShape.token = { ...keeper.token!, accessToken: 'eyJhbGciOiJub25lIn0.eyJ0aWQiOiIxMDAwMDEiLCJ1aWQiOiJ4In0.' };
    const raw = (path: string, init: RequestInit) => fetch(t.url + path, init).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }) as Answer<unknown>);
    const pw = (oldPassword: string, newPassword: string, extra: Record<string, unknown> = {}) => ({ oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword), ...extra });
    const is = (code: number) => (a: Answer<unknown>) => a.status === code;
    const list: Attempt[] = [];
    const keeperBefore = data(await keeper.get<Profile>(`${U}/profile`));

    const reads = [`${R}/dashboard`, `${R}/home`, `${U}/profile`];
    const writes: [string, unknown][] = [
      [`${U}/update-info`, { name: 'Hacked' }],
      [`${U}/update-password`, pw('Victim123', 'Hacked123')],
    ];
    // 1. no token, forged token, a token with no valid signature
    for (const [who, client] of [['anonymous', anonymous], ['forged signature', forged], ['unsigned token', expiredShape]] as const) {
      for (const path of reads) list.push({ name: `${who}: GET ${path}`, run: () => client.get(path), refused: is(401) });
      for (const [path, body] of writes) list.push({ name: `${who}: POST ${path}`, run: () => client.post(path, body), refused: is(401) });
    }
    // 2. other tenants' users naming the victim's tenant in the header
    for (const [who, client] of [['100002 dispatcher', other], ['000000 admin', platform]] as const) {
      for (const path of reads) list.push({ name: `${who}: GET ${path} with Tenant-Id 100001`, run: () => client.get(path, { 'Tenant-Id': '100001' }), refused: is(403) });
      for (const [path, body] of writes) list.push({ name: `${who}: POST ${path} with Tenant-Id 100001`, run: () => client.post(path, body, { 'Tenant-Id': '100001' }), refused: is(403) });
      // the victim's user id in query or body: refused as an unknown field, never obeyed
      list.push({ name: `${who}: update-info naming the victim's id`, run: () => client.post(`${U}/update-info`, { id: victimProfile.id, name: 'Hacked' }), refused: is(400) });
      list.push({ name: `${who}: update-info ?userId=victim`, run: () => client.post(`${U}/update-info?userId=${victimProfile.id}`, { name: 'Hacked' }), refused: is(400) });
      list.push({ name: `${who}: update-password naming the victim`, run: () => client.post(`${U}/update-password`, pw('demo123', 'Hacked123', { userId: victimProfile.id })), refused: is(400) });
      list.push({ name: `${who}: update-password account=sec-victim`, run: () => client.post(`${U}/update-password?account=sec-victim`, pw('demo123', 'Hacked123')), refused: is(400) });
      // tenantId smuggled in the query: refused where the call takes a query, ignored (own tenant answered) where it takes none
      list.push({ name: `${who}: dashboard ?tenantId=100001`, run: () => client.get(`${R}/dashboard?tenantId=100001`), refused: is(400) });
      list.push({
        name: `${who}: home ?tenantId=100001 counts only its own tenant`,
        run: () => client.get<HomeFigures>(`${R}/home?tenantId=100001`),
        refused: (a) => notOk(a) || (a.status === 200 && (a.body.data as HomeFigures).needingAction.every((s) => s.count === 0)),
      });
      list.push({
        name: `${who}: profile ?tenantId=100001 answers its own profile`,
        run: () => client.get<Profile>(`${U}/profile?tenantId=100001&userId=${victimProfile.id}`),
        refused: (a) => notOk(a) || (a.status === 200 && (a.body.data as Profile).id !== victimProfile.id),
      });
      list.push({
        name: `${who}: dashboard counts none of the victim's orders`,
        run: () => client.get<Dashboard>(`${R}/dashboard`),
        refused: (a) => notOk(a) || (a.status === 200 && (a.body.data as Dashboard).consignments.total === 0),
      });
    }
    // 3. the same tenant: fields that are not the user's to change
    const smuggled: Record<string, unknown>[] = [
      { roleId: ['admin'] }, { roleId: 'admin' }, { deptId: 'HB' }, { postId: 'x' }, { tenantId: '100002' }, { status: 1 }, { account: 'admin' },
      { id: victimProfile.id }, { userId: victimProfile.id }, { password: 'x' }, { password2: 'x' }, { code: 'X1' }, { staffType: 'x' },
      { isDeleted: 0 }, { createUser: 'x' }, { createDept: 'HB' }, { roles: ['admin'] }, { constructor: { prototype: { x: 1 } } },
    ];
    for (const s of smuggled) {
      list.push({ name: `keeper: update-info with ${JSON.stringify(s)}`, run: () => keeper.post(`${U}/update-info`, { name: 'Kay', ...s }), refused: is(400) });
      list.push({ name: `keeper: update-info query ${Object.keys(s)[0]}`, run: () => keeper.post(`${U}/update-info?${new URLSearchParams({ [Object.keys(s)[0] ?? 'x']: 'admin' })}`, { name: 'Kay' }), refused: is(400) });
    }
    list.push({ name: 'keeper: update-password with the victim\'s old password', run: () => keeper.post(`${U}/update-password`, pw('Victim123', 'Hacked123')), refused: is(400) });
    list.push({ name: 'keeper: update-password with tenantId in the body', run: () => keeper.post(`${U}/update-password`, pw('demo123', 'Hacked123', { tenantId: '100001' })), refused: is(400) });
    // 4. malformed and oversized input
    list.push({ name: 'name of 5,000 characters', run: () => keeper.post(`${U}/update-info`, { name: 'x'.repeat(5000) }), refused: is(400) });
    list.push({ name: 'name with a NUL character', run: () => keeper.post(`${U}/update-info`, { name: 'a\u0000b' }), refused: is(400) });
    list.push({ name: 'avatar of 600 characters', run: () => keeper.post(`${U}/update-info`, { avatar: `https://x/${'a'.repeat(600)}` }), refused: is(400) });
    list.push({ name: 'name as an object', run: () => keeper.post(`${U}/update-info`, { name: { $ne: '' } }), refused: is(400) });
    list.push({ name: 'version not a number', run: () => keeper.post(`${U}/update-info`, { version: 'abc', name: 'Kay' }), refused: is(400) });
    list.push({ name: 'body an array', run: () => keeper.post(`${U}/update-info`, [{ name: 'Kay' }]), refused: is(400) });
    list.push({ name: 'malformed JSON', run: () => raw(`${U}/update-info`, { method: 'POST', headers: keeper.headers({ 'Content-Type': 'application/json' }), body: '{"name":' }), refused: is(400) });
    for (const bad of ['', 'short', 'z'.repeat(32), "' OR 1=1 --", 'a'.repeat(5000)]) {
      list.push({ name: `old password ${JSON.stringify(bad.slice(0, 20))}`, run: () => keeper.post(`${U}/update-password`, { oldPassword: bad, newPassword: md5('Hacked123'), newPassword1: md5('Hacked123') }), refused: is(400) });
    }
    list.push({ name: 'passwords as numbers', run: () => keeper.post(`${U}/update-password`, { oldPassword: 1, newPassword: 2, newPassword1: 2 }), refused: is(400) });
    list.push({ name: 'password change with no body', run: () => keeper.post(`${U}/update-password`), refused: is(400) });
    for (const days of ['-1', '0', '91', '1e9', 'NaN', '14;DROP TABLE rpt_consignments', '[]']) {
      list.push({ name: `dashboard days=${days}`, run: () => keeper.get(`${R}/dashboard?days=${encodeURIComponent(days)}`), refused: is(400) });
    }
    list.push({ name: 'dashboard with an unknown parameter', run: () => keeper.get(`${R}/dashboard?scope=all`), refused: is(400) });

    const { granted, errors } = await runAttempts(list);
    console.log(`shell pages security attempts: ${list.length} made, ${granted.length} succeeded, ${errors.length} answered 500`);
    expect(granted).toEqual([]);
    expect(errors).toEqual([]);
    expect(list.length).toBeGreaterThanOrEqual(80);

    // the victim is as before: profile, roles, password and session
    expect(data(await victim.get<Profile>(`${U}/profile`))).toEqual(victimProfile);
    await t.client().as('100001', 'sec-victim', 'Victim123');
    expect((await victim.get('/api/bl-customize/token-check/check')).status).toBe(200);
    expect(data(await keeper.get<Profile>(`${U}/profile`))).toEqual(keeperBefore);
  });

  it('an API permission covering the dashboard binds it like any read; the home figures stay open', async () => {
    const keeper = await t.client().as('100001', 'keeper');
    expect((await keeper.get(`${R}/dashboard`)).status).toBe(200);
    data(await admin.post('/api/bl-system/apiscopecategory/submit', { code: 'report-api', name: 'Reports' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'report-api', resourceCode: 'report-all', scopeName: 'Reports', resourceUrl: '/api/bl-report/**', scopeType: 'URL' }));
    expect((await keeper.get(`${R}/dashboard`)).status).toBe(403);
    expect((await keeper.get(`${R}/home`)).status).toBe(200);
    expect((await admin.get(`${R}/dashboard`)).status).toBe(200);
  });
});
