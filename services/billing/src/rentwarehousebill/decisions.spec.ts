import { rentwarehousebill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { daysBetween, rentWarehouseDecisions } from './decisions';

// The rent warehouse bill, given/when/then: area x price x days, both ends of the period counted.
const spec = documentSpec(rentwarehousebill, rentWarehouseDecisions);

describe('rent warehouse bill decisions', () => {
  it('counts both ends of the period', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(3);
    expect(daysBetween('2026-11-02', '2026-11-01')).toBe(0);
  });
  it('given an area, a daily price and a period, the amount is rounded once', () => {
    spec.given([]).when({ create: { rentArea: 150, price: 1.2, periodStart: '2026-11-01', periodEnd: '2026-11-30' } }).then({ doc: { days: 30, amount: 5400 } });
    spec.given([]).when({ create: { rentArea: 10.01, price: 0.3333, periodStart: '2026-11-01', periodEnd: '2026-11-03' } }).then({ doc: { days: 3, amount: 10.01 } });
  });
});
