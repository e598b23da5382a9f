import dayjs from 'dayjs';
import { formatDateTime, setDisplayTimeZone } from '../../web/src/shared/format';
import { applyDayjsLocale, loadUiLocale } from '../../web/src/i18n/uiLocale';

/** Spec 01/02's date constants: the formatter's default pattern, 10-digit numbers as seconds, the week Monday to Sunday in every language. */
describe('dates on screen', () => {
  beforeAll(() => setDisplayTimeZone('Asia/Shanghai'));
  afterAll(() => setDisplayTimeZone(undefined));

  it('formats an instant as yyyy-MM-dd HH:mm:ss in the display zone, or by the pattern given', () => {
    expect(formatDateTime('2026-11-28T02:03:04.000Z')).toBe('2026-11-28 10:03:04');
    expect(formatDateTime('2026-11-28T02:03:04.000Z', 'YYYY-MM-DD')).toBe('2026-11-28');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('takes a 10-digit number as seconds and a longer one as milliseconds, as numbers or as digits', () => {
    // 1795831384 s = 2026-11-28T02:03:04Z
    expect(formatDateTime(1795831384)).toBe('2026-11-28 10:03:04');
    expect(formatDateTime('1795831384')).toBe('2026-11-28 10:03:04');
    expect(formatDateTime(1795831384000)).toBe('2026-11-28 10:03:04');
    expect(formatDateTime('1795831384000')).toBe('2026-11-28 10:03:04');
    // a day written as digits stays a day (not 20261128 ms after 1970)
    expect(formatDateTime('20261128', 'YYYY-MM-DD')).toBe('2026-11-28');
  });

  it.each(['en', 'zh', 'mo'] as const)('runs the week from Monday to Sunday in %s', async (lang) => {
    await loadUiLocale(lang);
    applyDayjsLocale(lang);
    // Sunday 29 November 2026 belongs to the week that began on Monday the 23rd
    expect(dayjs('2026-11-29').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(dayjs('2026-11-29').endOf('week').format('YYYY-MM-DD')).toBe('2026-11-29');
  });
  afterAll(() => applyDayjsLocale('en'));
});
