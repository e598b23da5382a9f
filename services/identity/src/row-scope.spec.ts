import { rowScopeSql } from './row-scope';

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
