import { OPEN_WALL, processWallSql, type ProcessWall } from './process-wall';

describe('the process wall as SQL (given a wall, then the condition over wf_instances)', () => {
  it('given the operator with no restricted scope, then nothing is hidden', () => {
    const params: unknown[] = ['100001'];
    expect(processWallSql(OPEN_WALL, 'i', params)).toBeUndefined();
    expect(processWallSql({ owners: { all: true }, rows: { consignment: { all: true } } }, 'i', params)).toBeUndefined();
    expect(params).toEqual(['100001']);
  });

  it("given a cargo owner's user, then only processes of its customer's documents (none naming no customer)", () => {
    const params: unknown[] = ['100001'];
    expect(processWallSql({ owners: { all: false, customers: ['C001'] }, rows: {} }, 'i', params)).toBe('(i.customer_code = ANY($2::text[]))');
    expect(params).toEqual(['100001', ['C001']]);
  });

  it("given a data scope over one document type, then that type's processes of the documents it covers, every other type's as they are", () => {
    const wall: ProcessWall = { owners: { all: true }, rows: { consignment: { all: false, users: ['u1'], depts: ['d1'] }, leave: { all: true } } };
    const params: unknown[] = ['100001'];
    expect(processWallSql(wall, 'i', params)).toBe(
      '((CASE i.document_type WHEN $2 THEN COALESCE((i.doc_created_by = ANY($3::text[]) OR i.doc_created_dept = ANY($4::text[])), FALSE) ELSE TRUE END))',
    );
    expect(params).toEqual(['100001', 'consignment', ['u1'], ['d1']]);
  });

  it('given both, then both apply', () => {
    const params: unknown[] = [];
    const sql = processWallSql({ owners: { all: false, customers: ['C002'] }, rows: { consignment: { all: false, users: ['u9'], depts: [] } } }, 't', params)!;
    expect(sql).toMatch(/^\(t\.customer_code = ANY\(\$1::text\[\]\) AND \(CASE t\.document_type WHEN \$2 THEN/);
    expect(params).toEqual([['C002'], 'consignment', ['u9'], []]);
  });
});
