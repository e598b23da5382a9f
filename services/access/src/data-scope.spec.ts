import { resolveRowScope, type DataScopeRule, type Organisation, type ScopeSubject } from './data-scope';

// HQ > OPS > (TRN, WH); FIN beside OPS
const tree: Record<string, string[]> = { HQ: ['OPS', 'FIN'], OPS: ['TRN', 'WH'], TRN: [], WH: [], FIN: [] };
const org: Organisation = {
  deptAndBelow: (code) => [code, ...(tree[code] ?? []).flatMap((c) => org.deptAndBelow(c))],
  userIds: (accounts) => accounts.map((a) => `id-${a}`),
};
const rule = (scopeType: DataScopeRule['scopeType'], extra: Partial<DataScopeRule> = {}): DataScopeRule => ({ resourceCode: 'material', scopeType, ...extra });
const who = (roles: DataScopeRule[][], deptId = 'OPS'): ScopeSubject => ({ userId: 'me', deptId, roles });

describe('data scopes', () => {
  it('given no scope for the resource, when resolved, then every row', () => {
    expect(resolveRowScope('material', who([[]]), org)).toEqual({ all: true });
    expect(resolveRowScope('material', who([[{ ...rule('2'), resourceCode: 'customer' }]]), org)).toEqual({ all: true });
  });

  it('given scope type 1 (all), then every row', () => {
    expect(resolveRowScope('material', who([[rule('1')]]), org)).toEqual({ all: true });
  });

  it('given scope type 2 (own), then the rows the user created', () => {
    expect(resolveRowScope('material', who([[rule('2')]]), org)).toEqual({ all: false, users: ['me'], depts: [] });
  });

  it("given scope type 3 (own department), then the department's rows and the user's own", () => {
    expect(resolveRowScope('material', who([[rule('3')]]), org)).toEqual({ all: false, users: ['me'], depts: ['OPS'] });
  });

  it('given scope type 4 (department and below), then every level beneath it too', () => {
    expect(resolveRowScope('material', who([[rule('4')]], 'HQ'), org)).toEqual({ all: false, users: ['me'], depts: ['HQ', 'OPS', 'TRN', 'WH', 'FIN'] });
    expect(resolveRowScope('material', who([[rule('4')]], 'OPS'), org)).toEqual({ all: false, users: ['me'], depts: ['OPS', 'TRN', 'WH'] });
    expect(resolveRowScope('material', who([[rule('4')]], 'TRN'), org)).toEqual({ all: false, users: ['me'], depts: ['TRN'] });
  });

  it('given a user without a department and a department scope, then only their own rows', () => {
    expect(resolveRowScope('material', who([[rule('3')]], ''), org)).toEqual({ all: false, users: ['me'], depts: [] });
    expect(resolveRowScope('material', who([[rule('4')]], ''), org)).toEqual({ all: false, users: ['me'], depts: [] });
  });

  it('given scope type 5 (custom), then the listed departments or the listed users', () => {
    expect(resolveRowScope('material', who([[rule('5', { scopeColumn: 'createDept', scopeDepts: ['FIN', 'WH'] })]]), org)).toEqual({ all: false, users: ['me'], depts: ['FIN', 'WH'] });
    expect(resolveRowScope('material', who([[rule('5', { scopeColumn: 'createUser', scopeUsers: ['kai', 'fay'] })]]), org)).toEqual({
      all: false,
      users: ['me', 'id-kai', 'id-fay'],
      depts: [],
    });
  });

  it('given several roles, then the widest wins (a role without a scope opens everything)', () => {
    expect(resolveRowScope('material', who([[rule('2')], [rule('3')]]), org)).toEqual({ all: false, users: ['me'], depts: ['OPS'] });
    expect(resolveRowScope('material', who([[rule('2')], []]), org)).toEqual({ all: true });
    expect(resolveRowScope('material', who([[rule('2')], [rule('1')]]), org)).toEqual({ all: true });
  });

  it('given a scope for every resource (*) and one for this resource, then the specific one rules that role', () => {
    const everywhere = { ...rule('2'), resourceCode: '*' };
    expect(resolveRowScope('customer', who([[everywhere, rule('1')]]), org)).toEqual({ all: false, users: ['me'], depts: [] });
    expect(resolveRowScope('material', who([[everywhere, rule('1')]]), org)).toEqual({ all: true });
  });

  it('given a user with no existing role, then only their own rows', () => {
    expect(resolveRowScope('material', who([]), org)).toEqual({ all: false, users: ['me'], depts: [] });
  });
});
