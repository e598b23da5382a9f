import { sumMoney, sumQty, times } from './money';
import { versionStamp } from '../charges/pricing';

// Money of the billing documents, given/when/then: decimal, rounded half up to the cent once where an amount is made.
describe('billing documents money', () => {
  it('multiplies in decimal and rounds half up to the cent (never binary floating point)', () => {
    expect(times(0.1, 3)).toBe(0.3);
    expect(times(1.005, 1)).toBe(1.01);
    expect(times(0.3333, 3)).toBe(1);
    expect(times(2.675, 1)).toBe(2.68);
    expect(times(150, 1.2, 30)).toBe(5400);
    expect(times(-30, 1)).toBe(-30);
    expect(times(undefined, 3)).toBe(0);
  });

  it('sums amounts and quantities exactly', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([120.5, -30])).toBe(90.5);
    expect(sumQty([0.001, 0.002, 1.1])).toBe(1.103);
  });

  it('stamps versions yyyyMMddHHmmssffffff in the business time zone', () => {
    expect(versionStamp('2026-11-24T02:03:04.567Z', 'Asia/Shanghai')).toBe('20261124100304567000');
    expect(versionStamp('2026-11-24T16:00:00.000Z', 'Asia/Shanghai')).toBe('20261125000000000000');
    expect(versionStamp('2026-11-24T02:03:04.007Z', 'UTC')).toMatch(/^\d{20}$/);
    expect(versionStamp('2026-11-24T02:03:04.007Z', 'UTC')).toBe('20261124020304007000');
  });
});
