import type { EntityDef, FieldDef } from './define';
import { entities } from './registry';

/**
 * Every entity that names a customer or a material says whose its records are to a cargo owner's
 * user (docs/DOMAIN.md, "What a cargo owner sees of master data"): an entity added later with a
 * customer or material field cannot leave it open to every owner by forgetting.
 */
const refsTo = (def: EntityDef, entity: string) =>
  Object.entries(def.fields).filter(([, f]) => f.kind === 'ref' && (f as Extract<FieldDef, { kind: 'ref' }>).entity === entity).map(([k]) => k);

describe('entity ownership (cargo owners)', () => {
  it('given an entity naming a customer, then it is owned by that field or is the operator\'s own', () => {
    const open = entities.filter((d) => refsTo(d, 'customer').length && !(d.owner?.by === 'operator' || (d.owner?.by === 'customer' && refsTo(d, 'customer').includes(d.owner.field))));
    expect(open.map((d) => d.name)).toEqual([]);
  });

  it('given an entity naming a material (and no customer), then it is owned through the material or is the operator\'s own', () => {
    const open = entities.filter((d) => refsTo(d, 'material').length && !d.owner);
    expect(open.map((d) => d.name)).toEqual([]);
    for (const d of entities.filter((e) => e.owner?.by === 'material')) expect(refsTo(d, 'material')).toContain((d.owner as { field: string }).field);
  });

  it('given the customer itself, then its own code is what it is owned by', () => {
    const customer = entities.find((d) => d.name === 'customer')!;
    expect(customer.owner).toEqual({ by: 'customer', field: customer.codeField });
  });

  it('given an owner field, then it names a field of the entity (or its code)', () => {
    const wrong = entities.filter((d) => d.owner && 'field' in d.owner && !(d.owner.field in d.fields));
    expect(wrong.map((d) => d.name)).toEqual([]);
  });

  it('given system administration, then a cargo owner reads none of it but the users bound to its own customer', () => {
    const system = entities.filter((d) => d.service === 'bl-system');
    expect(system.filter((d) => d.owner?.by !== 'operator').map((d) => `${d.name}:${JSON.stringify(d.owner)}`)).toEqual(['user:{"by":"customer","field":"customerCode"}']);
  });
});
