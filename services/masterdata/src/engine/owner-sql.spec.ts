import { entityByName, type EntityDef } from '@tpl/contracts';
import { ownerSqlOf } from './records.service';

const def = (name: string) => entityByName(name) as EntityDef;
const owner = { owners: { all: false as const, customers: ['C001'] }, userId: 'u-owner' };
const staff = { owners: { all: true as const }, userId: 'u-staff' };

/** Which master data records a cargo owner's user sees (given the entity's ownership, then the condition over md_records). */
describe('the owner wall over master data', () => {
  it("given the operator's staff, or reference data naming no customer, then every record", () => {
    expect(ownerSqlOf(def('material'), staff, [], true)).toBeUndefined();
    expect(ownerSqlOf(def('unit'), owner, [], true)).toBeUndefined();
  });

  it('given a record owned by a customer field, then only its own customer (the customer record by its code)', () => {
    const params: unknown[] = ['100001', 'material'];
    expect(ownerSqlOf(def('material'), owner, params, true)).toBe("(r.data->>'custCode') = ANY($3::text[])");
    expect(params[2]).toEqual(['C001']);
    expect(ownerSqlOf(def('customer'), owner, [], false)).toBe('r.code = ANY($1::text[])');
  });

  it('given a bin, then its own and those reserved for nobody', () => {
    expect(ownerSqlOf(def('warehouseplace'), owner, [], true)).toBe("((r.data->>'customerCode') = ANY($1::text[]) OR COALESCE((r.data->>'customerCode'), '') = '')");
  });

  it("given a record owned through its material, then those of the owner's own materials", () => {
    expect(ownerSqlOf(def('unitfloat'), owner, [], true)).toMatch(/^EXISTS \(SELECT 1 FROM md_records m WHERE .* m\.code = r\.data->>'materialCode' AND \(m\.data->>'custCode'\) = ANY\(\$1::text\[\]\)\)$/);
  });

  it("given the operator's own records, then none; an attachment: listed to its uploader, read by id", () => {
    expect(ownerSqlOf(def('role'), owner, [], false)).toBe('FALSE');
    expect(ownerSqlOf(def('basicpay'), owner, [], true)).toBe('FALSE');
    const params: unknown[] = [];
    expect(ownerSqlOf(def('attach'), owner, params, true)).toBe('r.create_user = $1');
    expect(params).toEqual(['u-owner']);
    expect(ownerSqlOf(def('attach'), owner, [], false)).toBeUndefined();
  });
});
