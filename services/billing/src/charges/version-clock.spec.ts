import { isVersionStamp } from '@tpl/contracts';
import { nextVersionStamp, nowMicros } from './version-clock';

// The clock the agreements' lastVersion is stamped from: microseconds, never the same twice, never backwards.
describe('version clock', () => {
  it('gives twenty-digit stamps, each later than the one before, within a tight loop', () => {
    const stamps = Array.from({ length: 2000 }, () => nextVersionStamp(undefined, 'Asia/Shanghai'));
    expect(stamps.every(isVersionStamp)).toBe(true);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! > stamps[i - 1]!).toBe(true);
    // microseconds, not milliseconds padded with 000
    expect(stamps.some((s) => !s.endsWith('000'))).toBe(true);
  });

  it('follows the wall clock to the millisecond', () => {
    const before = BigInt(Date.now()) * 1000n;
    const t = nowMicros();
    expect(t >= before - 1000n && t <= BigInt(Date.now()) * 1000n + 2000n).toBe(true);
  });

  it('stamps a record later than its previous version even when that one is ahead of the clock', () => {
    expect(nextVersionStamp('99991231235959999998', 'UTC')).toBe('99991231235959999999');
  });
});
