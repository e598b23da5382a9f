import { isVersionStamp, laterVersionStamp, versionStampOfIso, versionStampOfMicros } from './version-stamp';

// Spec 02 section 9: version fields are yyyyMMddHHmmssffffff (microseconds), each version later than the one before.
describe('version stamps', () => {
  it('are twenty digits in the business time zone, the last six the microseconds', () => {
    const micros = BigInt(Date.parse('2026-11-24T02:03:04.000Z')) * 1000n + 567_891n;
    expect(versionStampOfMicros(micros, 'Asia/Shanghai')).toBe('20261124100304567891');
    expect(versionStampOfMicros(micros, 'UTC')).toBe('20261124020304567891');
    expect(versionStampOfIso('2026-11-24T16:00:00.000001Z', 'Asia/Shanghai')).toBe('20261125000000000001');
    expect(versionStampOfIso('2026-11-24T02:03:04.567Z', 'Asia/Shanghai')).toBe('20261124100304567000');
    expect(isVersionStamp(versionStampOfIso('2026-11-24T02:03:04Z', 'UTC'))).toBe(true);
  });

  it('a new version is stamped later than the one before: a repeated or earlier candidate becomes previous + 1 microsecond', () => {
    expect(laterVersionStamp(undefined, '20261124100304567000')).toBe('20261124100304567000');
    expect(laterVersionStamp('20261124100304567000', '20261124100304567001')).toBe('20261124100304567001');
    expect(laterVersionStamp('20261124100304567000', '20261124100304567000')).toBe('20261124100304567001');
    expect(laterVersionStamp('20261124100304567009', '20261124100304567000')).toBe('20261124100304567010');
    // an old text that is no stamp does not hold a new one back
    expect(laterVersionStamp('v2', '20261124100304567000')).toBe('20261124100304567000');
  });
});
