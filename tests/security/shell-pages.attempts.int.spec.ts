import type { Dashboard, HomeFigures, Profile } from '@tpl/contracts';
import { ApiClient, data, md5, type Answer } from '../support/api-client';
import { answer, notServerError, refusal, refusalSaying, runAttempts, runControls, summary, type Attempt, type Refusal } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Generated attempts on the shell pages' calls (dashboard, home figures, own profile,
 * update-info, update-password): no, forged and other tenants' tokens, tenantId smuggled in
 * query, header or body, fields that are not the user's (roles, department, tenant, status,
 * account, another user's id), the API permission covering the dashboard, malformed and
 * oversized input. Each is refused by its wall with that wall's own status and message, none
 * may answer 500, and the victim is untouched. The controls ask the same with the wall out
 * of the way (a valid token, no foreign header, the field left out, the victim's own
 * tenant): not refused that way.
 */
const U = '/api/bl-system/user';
const R = '/api/bl-report';

describe('security: shell pages attempts', () => {
  let t: TestHost;
  let admin: ApiClient;
  let victim: ApiClient;
  let victimProfile: Profile;

  beforeAll(async () => {
    t = await startTestHost('postgres');
    admin = await t.client().as('100001', 'admin', 'admin');
    data(await admin.post(`${U}/submit`, { account: 'sec-victim', name: 'Vic Tim', roleId: ['dispatcher'], deptId: 'HB-OPS', password: 'Victim123' }));
    victim = await t.client().as('100001', 'sec-victim', 'Victim123');
    victimProfile = data(await victim.get<Profile>(`${U}/profile`));
    data(await victim.post('/api/bl-transport/consignment/submit', consignmentInput()));
  }, 300_000);
  afterAll(async () => t?.stop());

  const clients = async () => {
    const keeper = await t.client().as('100001', 'keeper');
    const forged = new ApiClient(t.url);
    forged.token = { ...keeper.token!, accessToken: `${keeper.token!.accessToken.split('.').slice(0, 2).join('.')}.AAAA` };
    const unsigned = new ApiClient(t.url);
    unsigned.token = { ...keeper.token!, accessToken: 'eyJhbGciOiJub25lIn0.eyJ0aWQiOiIxMDAwMDEiLCJ1aWQiOiJ4In0.' };
    return {
      keeper,
      other: await t.client().as('100002', 'dispatcher'),
      platform: await t.client().as('000000', 'admin', 'admin'),
      anonymous: new ApiClient(t.url),
      forged,
      unsigned,
    };
  };

  const attempts = async (): Promise<Attempt[]> => {
    const { keeper, other, platform, anonymous, forged, unsigned } = await clients();
    const raw = (path: string, init: RequestInit) => fetch(t.url + path, init).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }) as Answer<unknown>);
    const pw = (oldPassword: string, newPassword: string, extra: Record<string, unknown> = {}) => ({ oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword), ...extra });
    const list: Attempt[] = [];
    const add = (name: string, run: () => Promise<Answer<unknown>>, refused: Refusal, control?: Attempt['control']) => list.push({ name, run, refused, ...(control ? { control } : {}) });
    const validation = (key: string, vars: Record<string, string | number> = {}) => refusal('validation', 400, key, vars);
    const unknown = (field: string) => validation('validation.unknownField', { label: field });

    const reads = [`${R}/dashboard`, `${R}/home`, `${U}/profile`];
    const writes: [string, unknown][] = [
      [`${U}/update-info`, { name: 'Hacked' }],
      [`${U}/update-password`, pw('Victim123', 'Hacked123')],
    ];
    // 1. no token, forged token, a token with no valid signature; the keeper's own token passes the token check
    for (const [who, client] of [['anonymous', anonymous], ['forged signature', forged], ['unsigned token', unsigned]] as const) {
      for (const path of reads) add(`${who}: GET ${path}`, () => client.get(path), refusal('token check', 401, 'errors.unauthorized'), { run: () => keeper.get(path) });
      for (const [path, body] of writes) {
        add(`${who}: POST ${path}`, () => client.post(path, body), refusal('token check', 401, 'errors.unauthorized'), { run: () => keeper.post(path, body), ok: notServerError, mutates: true });
      }
    }
    // 2. other tenants' users naming the victim's tenant in the header; without it they are answered (their own tenant)
    for (const [who, client, tenant] of [['100002 dispatcher', other, '100002'], ['000000 admin', platform, '000000']] as const) {
      for (const path of reads) add(`${who}: GET ${path} with Tenant-Id 100001`, () => client.get(path, { 'Tenant-Id': '100001' }), refusal('tenant header check', 403, 'errors.tenantMismatch'), { run: () => client.get(path, { 'Tenant-Id': tenant }) });
      for (const [path, body] of writes) {
        add(`${who}: POST ${path} with Tenant-Id 100001`, () => client.post(path, body, { 'Tenant-Id': '100001' }), refusal('tenant header check', 403, 'errors.tenantMismatch'), {
          run: () => client.post(path, body, { 'Tenant-Id': tenant }),
          ok: notServerError,
          mutates: true,
        });
      }
      // the victim's user id in query or body: refused as an unknown field, never obeyed
      add(`${who}: update-info naming the victim's id`, () => client.post(`${U}/update-info`, { id: victimProfile.id, name: 'Hacked' }), unknown('id'), { run: () => client.post(`${U}/update-info`, { name: 'Own Name' }), mutates: true });
      add(`${who}: update-info ?userId=victim`, () => client.post(`${U}/update-info?userId=${victimProfile.id}`, { name: 'Hacked' }), unknown('userId'), { run: () => client.post(`${U}/update-info`, { name: 'Own Name' }), mutates: true });
      add(`${who}: update-password naming the victim`, () => client.post(`${U}/update-password`, pw('demo123', 'Hacked123', { userId: victimProfile.id })), unknown('userId'));
      add(`${who}: update-password account=sec-victim`, () => client.post(`${U}/update-password?account=sec-victim`, pw('demo123', 'Hacked123')), unknown('account'));
      // tenantId smuggled in the query: refused where the call takes a query, ignored (own tenant answered) where it takes none
      add(`${who}: dashboard ?tenantId=100001`, () => client.get(`${R}/dashboard?tenantId=100001`), unknown('tenantId'), { run: () => client.get(`${R}/dashboard`) });
      add(
        `${who}: home ?tenantId=100001 counts only its own tenant`,
        () => client.get<HomeFigures>(`${R}/home?tenantId=100001`),
        answer('tenant wall', (a) => (a.status === 200 && (a.body.data as HomeFigures).needingAction.every((s) => s.count === 0) ? undefined : `answered ${a.status} ${JSON.stringify(a.body.data).slice(0, 200)}`)),
        // the victim's tenant has orders needing action: counted there
        { run: () => admin.get<HomeFigures>(`${R}/home?tenantId=100001`) },
      );
      add(
        `${who}: profile ?tenantId=100001 answers its own profile`,
        () => client.get<Profile>(`${U}/profile?tenantId=100001&userId=${victimProfile.id}`),
        answer('tenant wall', (a) => (a.status === 200 && (a.body.data as Profile).id !== victimProfile.id ? undefined : `answered ${a.status} with the victim's profile`)),
        { run: () => victim.get<Profile>(`${U}/profile?tenantId=100001&userId=${victimProfile.id}`) },
      );
      add(
        `${who}: dashboard counts none of the victim's orders`,
        () => client.get<Dashboard>(`${R}/dashboard`),
        answer('tenant wall', (a) => (a.status === 200 && (a.body.data as Dashboard).consignments.total === 0 ? undefined : `answered ${a.status} counting ${(a.body.data as Dashboard | null)?.consignments.total}`)),
        { run: () => admin.get<Dashboard>(`${R}/dashboard`) },
      );
    }
    // 3. the same tenant: fields that are not the user's to change; without them the change is made
    const smuggled: Record<string, unknown>[] = [
      { roleId: ['admin'] }, { roleId: 'admin' }, { deptId: 'HB' }, { postId: 'x' }, { tenantId: '100002' }, { status: 1 }, { account: 'admin' },
      { id: victimProfile.id }, { userId: victimProfile.id }, { password: 'x' }, { password2: 'x' }, { code: 'X1' }, { staffType: 'x' },
      { isDeleted: 0 }, { createUser: 'x' }, { createDept: 'HB' }, { roles: ['admin'] }, { constructor: { prototype: { x: 1 } } },
    ];
    const ownInfo = { run: () => keeper.post(`${U}/update-info`, { name: 'Kay' }), mutates: true };
    for (const s of smuggled) {
      const field = Object.keys(s)[0]!;
      // a constructor.prototype in a JSON body is refused by the body parser itself (prototype poisoning)
      add(`keeper: update-info with ${JSON.stringify(s)}`, () => keeper.post(`${U}/update-info`, { name: 'Kay', ...s }), field === 'constructor' ? refusal('body parser', 400, 'errors.malformedJson') : unknown(field), ownInfo);
      add(`keeper: update-info query ${field}`, () => keeper.post(`${U}/update-info?${new URLSearchParams({ [field]: 'admin' })}`, { name: 'Kay' }), unknown(field), ownInfo);
    }
    const ownPassword = { run: () => keeper.post(`${U}/update-password`, pw('demo123', 'Keeper#2026')), mutates: true };
    add("keeper: update-password with the victim's old password", () => keeper.post(`${U}/update-password`, pw('Victim123', 'Hacked123')), refusal('password check', 400, 'errors.oldPasswordWrong'), ownPassword);
    add('keeper: update-password with tenantId in the body', () => keeper.post(`${U}/update-password`, pw('demo123', 'Hacked123', { tenantId: '100001' })), unknown('tenantId'));
    // 4. malformed and oversized input
    add('name of 5,000 characters', () => keeper.post(`${U}/update-info`, { name: 'x'.repeat(5000) }), validation('validation.tooLong', { label: 'Nickname', max: 50 }), ownInfo);
    add('name with a NUL character', () => keeper.post(`${U}/update-info`, { name: 'a\u0000b' }), validation('validation.invalid', { label: 'Nickname' }), ownInfo);
    add('avatar of 600 characters', () => keeper.post(`${U}/update-info`, { avatar: `https://x/${'a'.repeat(600)}` }), validation('validation.tooLong', { label: 'Avatar', max: 500 }), ownInfo);
    add('name as an object', () => keeper.post(`${U}/update-info`, { name: { $ne: '' } }), validation('validation.invalid', { label: 'Nickname' }), ownInfo);
    add('version not a number', () => keeper.post(`${U}/update-info`, { version: 'abc', name: 'Kay' }), validation('validation.number', { label: 'Version' }), ownInfo);
    add('body an array', () => keeper.post(`${U}/update-info`, [{ name: 'Kay' }]), validation('validation.malformedBody'), ownInfo);
    add('malformed JSON', () => raw(`${U}/update-info`, { method: 'POST', headers: keeper.headers({ 'Content-Type': 'application/json' }), body: '{"name":' }), refusal('body parser', 400, 'errors.malformedJson'), ownInfo);
    for (const [bad, key] of [
      ['', 'validation.required'],
      ['short', 'validation.invalid'],
      ['z'.repeat(32), 'validation.invalid'],
      ["' OR 1=1 --", 'validation.invalid'],
      ['a'.repeat(5000), 'validation.invalid'],
    ] as const) {
      add(`old password ${JSON.stringify(bad.slice(0, 20))}`, () => keeper.post(`${U}/update-password`, { oldPassword: bad, newPassword: md5('Hacked123'), newPassword1: md5('Hacked123') }), validation(key, { label: 'Old password' }));
    }
    add('passwords as numbers', () => keeper.post(`${U}/update-password`, { oldPassword: 1, newPassword: 2, newPassword1: 2 }), refusalSaying('validation', 400, 'Old password is not valid; New password is not valid; Confirm password is not valid'));
    add('password change with no body', () => keeper.post(`${U}/update-password`), refusalSaying('validation', 400, 'Please input Old password; Please input New password; Please input Confirm password'));
    for (const [days, key] of [
      ['-1', 'validation.positive'],
      ['0', 'validation.positive'],
      ['91', 'validation.range'],
      ['1e9', 'validation.range'],
      ['NaN', 'validation.number'],
      ['14;DROP TABLE rpt_consignments', 'validation.number'],
      ['[]', 'validation.number'],
    ] as const) {
      add(`dashboard days=${days}`, () => keeper.get(`${R}/dashboard?days=${encodeURIComponent(days)}`), validation(key, { label: 'Days' }), { run: () => keeper.get(`${R}/dashboard?days=14`) });
    }
    add('dashboard with an unknown parameter', () => keeper.get(`${R}/dashboard?scope=all`), unknown('scope'), { run: () => keeper.get(`${R}/dashboard`) });
    return list;
  };

  it('refuses every attempt at its own wall and never answers 500', async () => {
    const { keeper } = await clients();
    const keeperBefore = data(await keeper.get<Profile>(`${U}/profile`));
    const list = await attempts();
    const report = await runAttempts(list);
    console.log(summary('shell pages security attempts', report, list.filter((a) => a.control).length));
    expect(report.wrong).toEqual([]);
    expect(report.serverErrors).toBe(0);
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
    expect(await keeper.get(`${R}/dashboard`)).toMatchObject({ status: 403, body: { msg: 'Your roles are not granted this API' } });
    expect((await keeper.get(`${R}/home`)).status).toBe(200);
    expect((await admin.get(`${R}/dashboard`)).status).toBe(200);
    const id = data(await admin.get<{ records: { id: string }[] }>('/api/bl-system/apiscope/list?resourceCode=report-all')).records[0]!.id;
    data(await admin.post(`/api/bl-system/apiscope/remove?ids=${id}`));
    expect((await keeper.get(`${R}/dashboard`)).status).toBe(200);
  });

  it('can fail: with each wall out of the way, the same requests are not refused that way', async () => {
    const { checked, problems } = await runControls(await attempts());
    console.log(`shell pages security attempts: ${checked} controls run`);
    expect(checked).toBeGreaterThanOrEqual(60);
    expect(problems).toEqual([]);
  });
});
