import { entityByName } from './registry';
import { applyNumberRepairs, entityHasNumbers, numberRepairs } from './number-repair';

const material = entityByName('material')!;
const lgagreement = entityByName('lgagreement')!;

describe('number repair (given a record as stored, when repaired, then every number is back in its kind)', () => {
  it('clears an optional number beyond its kind and leaves the rest', () => {
    const data = { code: 'M1', name: 'Rice', price: 9007199254740992, gross: 12.5 };
    const repairs = numberRepairs(material.fields, data);
    expect(repairs).toEqual([{ path: ['price'], after: null }]);
    expect(applyNumberRepairs(data, repairs)).toEqual({ code: 'M1', name: 'Rice', gross: 12.5 });
    expect(data.price).toBe(9007199254740992); // the input is not touched
  });

  it('sets a required number inside rows to the lowest value of its kind', () => {
    const data = { name: 'A', tiers: [{ lowerLimit: 0, upLimit: 100, price: 12 }, { lowerLimit: 100, upLimit: 1e300, price: -3 }] };
    const repairs = numberRepairs(lgagreement.fields, data);
    expect(repairs).toEqual([
      { path: ['tiers', 1, 'upLimit'], after: 0 },
      { path: ['tiers', 1, 'price'], after: 0 },
    ]);
    expect(applyNumberRepairs(data, repairs).tiers).toEqual([{ lowerLimit: 0, upLimit: 100, price: 12 }, { lowerLimit: 100, upLimit: 0, price: 0 }]);
  });

  it('finds nothing to repair in a record within its kinds (too many decimals are readable and left alone)', () => {
    expect(numberRepairs(material.fields, { price: 12.5, gross: 0.12345 })).toEqual([]);
    expect(entityHasNumbers(material)).toBe(true);
  });
});
