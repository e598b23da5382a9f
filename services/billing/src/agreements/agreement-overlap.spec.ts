import { overlapping } from './agreement-overlap';

const a = (o: Record<string, unknown>) => ({ code: 'AG1', customerCode: 'C001', warehouseAreaCode: 'A', startDate: '2026-01-01', endDate: '2026-06-30', invalid: 0, ...o });

describe('agreements: one valid agreement per customer, area and day', () => {
  it('given a valid agreement, when another of the same customer and area overlaps it, then it is refused', () => {
    expect(overlapping(a({ code: 'AG2', startDate: '2026-06-30', endDate: '2026-12-31' }), [a({})], ['AG2'])?.code).toBe('AG1');
  });
  it('adjacent periods, other areas, other customers and invalid agreements do not overlap', () => {
    expect(overlapping(a({ code: 'AG2', startDate: '2026-07-01', endDate: '2026-12-31' }), [a({})], ['AG2'])).toBeUndefined();
    expect(overlapping(a({ code: 'AG2', warehouseAreaCode: 'B' }), [a({})], ['AG2'])).toBeUndefined();
    expect(overlapping(a({ code: 'AG2', customerCode: 'C002' }), [a({})], ['AG2'])).toBeUndefined();
    expect(overlapping(a({ code: 'AG2' }), [a({ invalid: 1 })], ['AG2'])).toBeUndefined();
    expect(overlapping(a({ code: 'AG2', invalid: 1 }), [a({})], ['AG2'])).toBeUndefined();
  });
  it('an agreement naming no area covers every area of the customer', () => {
    expect(overlapping(a({ code: 'AG2', warehouseAreaCode: '' }), [a({})], ['AG2'])?.code).toBe('AG1');
  });
  it('the agreement being edited is not compared with itself (nor under its former code)', () => {
    expect(overlapping(a({ endDate: '2026-03-31' }), [a({})], ['AG1'])).toBeUndefined();
    expect(overlapping(a({ code: 'AGX' }), [a({})], ['AGX', 'AG1'])).toBeUndefined();
  });
});
