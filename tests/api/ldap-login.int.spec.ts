import { Client } from 'ldapts';
import type { LoginOptions, Page, TokenResponse, UserInfo } from '@tpl/contracts';
import { data, md5, type ApiClient } from '../support/api-client';
import { describeWith } from '../support/containers';
import { startTestHost, type TestHost } from '../support/host';
import { killSlapd, startSlapd, SUFFIX } from '../support/slapd';

/**
 * Domain (AD / LDAP) sign-in against a real OpenLDAP (Debian's slapd, started here on a throwaway
 * configuration; skipped, and counted as skipped, where slapd is missing or cannot start).
 * Directory: alice (group wms-keepers -> role keeper), bob (group dispatch, named by its DN ->
 * dispatcher), a service account that finds people; the users' filter is the AD-like
 * `(&(objectClass=inetOrgPerson)(uid={account}))`, where an unescaped name could add clauses.
 */
const SVC_DN = `cn=svc,${SUFFIX}`;
const SVC_PW = 'svc-secret';
const ALICE_PW = 'Alice-dir-1';
const BOB_PW = 'Bob-dir-2';
const USER_FILTER = '(&(objectClass=inetOrgPerson)(uid={account}))';

const LDIF = `dn: ${SUFFIX}
objectClass: dcObject
objectClass: organization
o: tpl
dc: tpl

dn: ${SVC_DN}
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: svc
userPassword: ${SVC_PW}

dn: ou=people,${SUFFIX}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${SUFFIX}
objectClass: organizationalUnit
ou: groups

dn: uid=alice,ou=people,${SUFFIX}
objectClass: inetOrgPerson
uid: alice
cn: Alice
sn: Chen
userPassword: ${ALICE_PW}

dn: uid=bob,ou=people,${SUFFIX}
objectClass: inetOrgPerson
uid: bob
cn: Bob
sn: Wang
userPassword: ${BOB_PW}

dn: cn=wms-keepers,ou=groups,${SUFFIX}
objectClass: groupOfNames
cn: wms-keepers
member: uid=alice,ou=people,${SUFFIX}

dn: cn=dispatch,ou=groups,${SUFFIX}
objectClass: groupOfNames
cn: dispatch
member: uid=bob,ou=people,${SUFFIX}

dn: cn=unmapped,ou=groups,${SUFFIX}
objectClass: groupOfNames
cn: unmapped
member: uid=alice,ou=people,${SUFFIX}
member: uid=bob,ou=people,${SUFFIX}
`;

const found = startSlapd(LDIF);
const slapd = found.slapd;

type Row = { id: string; version: number; account: string; domainLogin?: number };

describeWith(found)('domain (AD / LDAP) sign-in against OpenLDAP', () => {
  let t: TestHost;
  let admin: ApiClient;
  const ids: Record<string, string> = {};

  const passwordGrant = (c: ApiClient, account: string, password: string) =>
    c.post<TokenResponse>(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'password', tenantId: '100001', account, password: md5(password), type: 'account' })}`);
  const domainGrant = (c: ApiClient, account: string, password: string) =>
    c.post<TokenResponse>(`/api/bl-auth/token?${new URLSearchParams({ grantType: 'domain', tenantId: '100001', account, type: 'account' })}`, { password });
  const optIn = (enabled: boolean, ...accounts: string[]) =>
    admin.post(`/api/bl-system/user/domain-login?ids=${accounts.map((a) => ids[a]).join(',')}&enabled=${enabled ? 1 : 0}`);

  beforeAll(async () => {
    Object.assign(process.env, {
      LDAP_URL: slapd!.url,
      LDAP_BASE_DN: SUFFIX,
      LDAP_BIND_DN: SVC_DN,
      LDAP_BIND_PASSWORD: SVC_PW,
      LDAP_USER_FILTER: USER_FILTER,
      LDAP_GROUP_ROLES: JSON.stringify({ 'wms-keepers': ['keeper'], [`cn=dispatch,ou=groups,${SUFFIX}`]: 'dispatcher' }),
      LDAP_TIMEOUT_MS: '2000',
    });
    try {
      t = await startTestHost('embedded');
    } finally {
      for (const k of ['LDAP_URL', 'LDAP_BASE_DN', 'LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_USER_FILTER', 'LDAP_GROUP_ROLES', 'LDAP_TIMEOUT_MS']) delete process.env[k];
    }
    admin = await t.client().as('100001', 'admin', 'admin');
    // local accounts: alice and bob (people of the directory), and one named like an injection
    for (const [account, roleId] of [['alice', ['auditor']], ['bob', []], ['*)(uid=*', []], ['ali*', ['finance']]] as const) {
      ids[account] = data(await admin.post<{ id: string }>('/api/bl-system/user/submit', { account, name: account, roleId, password: 'Local-pw-1' })).id;
    }
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    slapd?.stop();
  });

  it('offers "Domain account" on the sign-in page; only a holder of user_domain_login opts accounts in, and the list shows it', async () => {
    expect(data(await t.client().get<LoginOptions>('/api/bl-auth/login-options?tenantId=100001')).domainLogin).toBe(true);
    const dispatcher = await t.client().as('100001', 'dispatcher');
    expect((await dispatcher.post(`/api/bl-system/user/domain-login?ids=${ids.alice}&enabled=1`)).status).toBe(403);
    // before opting in, alice is an ordinary account: her password here works, the directory's is refused
    expect((await passwordGrant(t.client(), 'alice', 'Local-pw-1')).status).toBe(200);
    const notYet = t.client();
    notYet.lang = 'zh-CN';
    expect(await domainGrant(notYet, 'alice', ALICE_PW)).toMatchObject({ status: 401, body: { msg: '该账号未启用域登录，请取消「域账号登录」后用系统密码登录' } });

    expect((await optIn(true, 'alice', 'bob', '*)(uid=*', 'ali*')).status).toBe(200);
    const rows = data(await admin.get<Page<Row>>('/api/bl-system/user/list?domainLogin=1&size=50')).records.map((r) => r.account);
    expect(rows.sort()).toEqual(['*)(uid=*', 'ali*', 'alice', 'bob']);
    // an ordinary edit of the record (the form cannot set the flag) keeps it
    const alice = data(await admin.get<Row>(`/api/bl-system/user/detail?id=${ids.alice}`));
    expect(alice.domainLogin).toBe(1);
    data(await admin.post('/api/bl-system/user/submit', { ...alice, realName: 'Alice Chen', domainLogin: 0 }));
    expect(data(await admin.get<Row>(`/api/bl-system/user/detail?id=${ids.alice}`)).domainLogin).toBe(1);
  });

  it('an opted-in account signs in with its directory password and gets the roles its groups map to, beside its own', async () => {
    const c = t.client();
    const r = await domainGrant(c, 'alice', ALICE_PW);
    expect(r.status).toBe(200);
    expect(r.body.data.roles.sort()).toEqual(['auditor', 'keeper']);
    c.token = r.body.data;
    expect(data(await c.get<UserInfo>('/api/bl-system/user/getUserInfo')).roles.sort()).toEqual(['auditor', 'keeper']);
    // its password is the directory's: the personal page cannot change a local one
    const change = await c.post('/api/bl-system/user/update-password', { oldPassword: md5('Local-pw-1'), newPassword: md5('New-pw-2'), newPassword1: md5('New-pw-2') });
    expect(change).toMatchObject({ status: 400, body: { msg: 'This account signs in with its domain (AD) password: change it in the domain' } });
    // a group named by its whole DN maps too
    const bob = await domainGrant(t.client(), 'bob', BOB_PW);
    expect(bob.body.data.roles).toEqual(['dispatcher']);
  });

  it('refuses a wrong directory password and the local password of an opted-in account, with clear messages', async () => {
    const c = t.client();
    expect(await domainGrant(c, 'alice', 'wrong-password')).toMatchObject({ status: 401, body: { msg: 'Wrong tenant, account or password' } });
    expect(await passwordGrant(c, 'alice', 'Local-pw-1')).toMatchObject({
      status: 401,
      body: { msg: 'This account signs in with its domain (AD) password: tick "Domain account" and enter that password' },
    });
    // the directory password through the local grant is no way in either
    expect((await passwordGrant(c, 'alice', ALICE_PW)).status).toBe(401);
    c.lang = 'zh-TW';
    expect((await passwordGrant(c, 'alice', 'Local-pw-1')).body.msg).toBe('該帳號已啟用域登入，請勾選「域帳號登入」並輸入域密碼');
    // the wrong directory password counted toward the lock: a right one clears it
    expect((await domainGrant(t.client(), 'alice', ALICE_PW)).status).toBe(200);
  });

  it('leaves accounts that are not opted in as they were', async () => {
    const c = t.client();
    expect((await passwordGrant(c, 'dispatcher', 'demo123')).status).toBe(200);
    expect((await domainGrant(t.client(), 'dispatcher', 'demo123')).status).toBe(401);
    // opting out gives the password here back and takes the directory's roles away
    expect((await optIn(false, 'bob')).status).toBe(200);
    const back = await passwordGrant(t.client(), 'bob', 'Local-pw-1');
    expect(back.status).toBe(200);
    expect(back.body.data.roles).toEqual([]);
  });

  it('refuses an injection in the account name: the escaped filter finds nobody, where the raw one would find people', async () => {
    // the wall: signing in as the (opted-in) account "*)(uid=*" with alice's directory password
    const r = await domainGrant(t.client(), '*)(uid=*', ALICE_PW);
    expect(r).toMatchObject({ status: 401, body: { msg: 'Wrong tenant, account or password' } });
    // the control: the same name put into the filter unescaped matches every person, alice first of them
    const ldap = new Client({ url: slapd!.url, timeout: 2000, connectTimeout: 2000 });
    try {
      await ldap.bind(SVC_DN, SVC_PW);
      const raw = USER_FILTER.replace('{account}', '*)(uid=*');
      expect(raw).toBe('(&(objectClass=inetOrgPerson)(uid=*)(uid=*))');
      const matched = (await ldap.search(SUFFIX, { scope: 'sub', filter: raw })).searchEntries.map((e) => e.dn);
      expect(matched).toEqual(expect.arrayContaining([`uid=alice,ou=people,${SUFFIX}`, `uid=bob,ou=people,${SUFFIX}`]));
      // and had the name reached the directory raw, a single match would have bound with alice's password
      await expect(ldap.bind(`uid=alice,ou=people,${SUFFIX}`, ALICE_PW)).resolves.toBeUndefined();
      const escaped = USER_FILTER.replace('{account}', '\\2a\\29\\28uid=\\2a');
      expect((await ldap.search(SUFFIX, { scope: 'sub', filter: escaped })).searchEntries).toEqual([]);
    } finally {
      await ldap.unbind();
    }
    // the wall itself: the (opted-in) account "ali*" with alice's password. Raw, its filter would match
    // alice alone and the bind with her password would sign in as "ali*" (a finance user); escaped, it matches nobody
    expect(await domainGrant(t.client(), 'ali*', ALICE_PW)).toMatchObject({ status: 401, body: { msg: 'Wrong tenant, account or password' } });
    const check = new Client({ url: slapd!.url, timeout: 2000, connectTimeout: 2000 });
    try {
      await check.bind(SVC_DN, SVC_PW);
      const one = await check.search(SUFFIX, { scope: 'sub', filter: USER_FILTER.replace('{account}', 'ali*') });
      expect(one.searchEntries.map((e) => e.dn)).toEqual([`uid=alice,ou=people,${SUFFIX}`]);
    } finally {
      await check.unbind();
    }
    // nor does a wildcard alone get anyone in (no local account "*": the same answer as a wrong password)
    expect((await domainGrant(t.client(), '*', ALICE_PW)).status).toBe(401);
  });

  it('says the directory cannot be reached when it is down (401 in the user\'s language, never 500)', async () => {
    killSlapd(slapd!);
    expect(slapd!.running()).toBe(false);
    const c = t.client();
    c.lang = 'zh-CN';
    expect(await domainGrant(c, 'alice', ALICE_PW)).toMatchObject({ status: 401, body: { msg: '暂时无法连接域登录服务，请稍后再试' } });
    c.lang = 'en';
    expect(await domainGrant(c, 'alice', ALICE_PW)).toMatchObject({ status: 401, body: { msg: 'The domain login service cannot be reached right now; please try again later' } });
    // the outage is not the person's fault: it does not count toward the lock, and others still sign in
    expect((await passwordGrant(t.client(), 'dispatcher', 'demo123')).status).toBe(200);
  });
});
