import { ownerScopeOf, ownerScopeSql, rowScopeSql } from './row-scope';

describe('row scopes in SQL', () => {
  it('turns a scope into one SQL condition with bound values', () => {
    const params: unknown[] = ['100001'];
    expect(rowScopeSql({ all: true }, 'u', 'd', params)).toBeUndefined();
    expect(rowScopeSql({ all: false, users: ['me'], depts: ['OPS'] }, 'r.create_user', 'r.create_dept', params)).toBe(
      '(r.create_user = ANY($2::text[]) OR r.create_dept = ANY($3::text[]))',
    );
    expect(params).toEqual(['100001', ['me'], ['OPS']]);
  });
});

describe('owner scopes (cargo owners)', () => {
  it('given staff (no customer bound), when asked, then every owner and no condition', () => {
    expect(ownerScopeOf({})).toEqual({ all: true });
    expect(ownerScopeOf({ customerCode: '' })).toEqual({ all: true });
    const params: unknown[] = [];
    expect(ownerScopeSql(ownerScopeOf({}), 'customer_code', params)).toBeUndefined();
    expect(params).toEqual([]);
  });

  it("given a user bound to a customer, when asked, then only that customer's rows (a row naming none is not theirs)", () => {
    const scope = ownerScopeOf({ customerCode: 'C001' });
    expect(scope).toEqual({ all: false, customers: ['C001'] });
    const params: unknown[] = ['100001'];
    expect(ownerScopeSql(scope, 'l.customer_code', params)).toBe('l.customer_code = ANY($2::text[])');
    expect(params).toEqual(['100001', ['C001']]);
  });
});
