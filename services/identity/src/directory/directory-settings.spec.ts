import { DEFAULT_GROUP_FILTER, DEFAULT_USER_FILTER, directorySettings, escapeFilterValue, fillFilter, rolesForGroups } from './directory-settings';

describe('directory settings (LDAP_*)', () => {
  it('is off without LDAP_URL, and reads the rest with their defaults', () => {
    expect(directorySettings({})).toBeUndefined();
    const s = directorySettings({ LDAP_URL: 'ldap://dc.corp.example:389/', LDAP_BASE_DN: 'dc=corp,dc=example' })!;
    expect(s).toMatchObject({ url: 'ldap://dc.corp.example:389', baseDn: 'dc=corp,dc=example', userFilter: DEFAULT_USER_FILTER, groupFilter: DEFAULT_GROUP_FILTER, timeoutMs: 5000 });
    expect(s.bindDn).toBeUndefined();
    expect(s.groupRoles.size).toBe(0);
  });

  it('refuses to start on a setting that would silently let nobody in', () => {
    expect(() => directorySettings({ LDAP_URL: 'http://dc' , LDAP_BASE_DN: 'dc=x' })).toThrow('LDAP_URL');
    expect(() => directorySettings({ LDAP_URL: 'ldap://dc' })).toThrow('LDAP_BASE_DN');
    expect(() => directorySettings({ LDAP_URL: 'ldap://dc', LDAP_BASE_DN: 'dc=x', LDAP_USER_FILTER: '(uid=alice)' })).toThrow('{account}');
    expect(() => directorySettings({ LDAP_URL: 'ldap://dc', LDAP_BASE_DN: 'dc=x', LDAP_GROUP_ROLES: '{"ops": 5}' })).toThrow('LDAP_GROUP_ROLES');
    expect(() => directorySettings({ LDAP_URL: 'ldap://dc', LDAP_BASE_DN: 'dc=x', LDAP_GROUP_ROLES: 'ops=keeper' })).toThrow('not valid JSON');
    expect(() => directorySettings({ LDAP_URL: 'ldap://dc', LDAP_BASE_DN: 'dc=x', LDAP_TIMEOUT_MS: 'soon' })).toThrow('LDAP_TIMEOUT_MS');
  });

  it('escapes what could change a filter (RFC 4515), so a name is only ever compared', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c');
    expect(escapeFilterValue('张三.li-si@corp')).toBe('张三.li-si@corp');
    expect(fillFilter('(&(objectClass=user)(sAMAccountName={account}))', '{account}', '*)(cn=*')).toBe('(&(objectClass=user)(sAMAccountName=\\2a\\29\\28cn=\\2a))');
    // the control: without the escape the same name adds a clause that matches everyone
    expect('(&(objectClass=user)(sAMAccountName={account}))'.replace('{account}', '*)(cn=*')).toBe('(&(objectClass=user)(sAMAccountName=*)(cn=*))');
    expect(fillFilter(DEFAULT_GROUP_FILTER, '{dn}', 'cn=Li\\, Si,ou=people')).toBe('(|(member=cn=Li\\5c, Si,ou=people)(uniqueMember=cn=Li\\5c, Si,ou=people))');
  });

  it('maps groups to roles by their cn or their whole DN, case and spacing ignored, each role once', () => {
    const s = directorySettings({
      LDAP_URL: 'ldaps://dc',
      LDAP_BASE_DN: 'dc=x',
      LDAP_GROUP_ROLES: JSON.stringify({ 'WMS-Keepers': ['keeper'], 'cn=ops, ou=groups, dc=x': 'dispatcher', finance: ['finance', 'keeper'] }),
    })!;
    expect(rolesForGroups(s.groupRoles, ['cn=wms-keepers,ou=groups,dc=x'])).toEqual(['keeper']);
    expect(rolesForGroups(s.groupRoles, ['CN=Ops,OU=Groups,DC=x'])).toEqual(['dispatcher']);
    // a group of another name whose DN is not in the map gives nothing
    expect(rolesForGroups(s.groupRoles, ['cn=ops,ou=other,dc=x', 'cn=unmapped,dc=x'])).toEqual([]);
    expect(rolesForGroups(s.groupRoles, ['cn=wms-keepers,dc=x', 'cn=finance,dc=x'])).toEqual(['keeper', 'finance']);
  });
});
