import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The zone instants are shown in: the tenant's business time zone, as the printed documents and
 * spreadsheets print them (the server names it at sign-in), so a receipt at 10:00 in Shanghai
 * reads 10:00 on screen and on paper whatever the browser's own zone. Unset (a session from
 * before the server named it): the browser's.
 */
let displayZone: string | undefined;
export const setDisplayTimeZone = (zone: string | undefined): void => {
  displayZone = zone && isZone(zone) ? zone : undefined;
};
export const displayTimeZone = (): string | undefined => displayZone;

const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An instant as it reads in the display zone (a dayjs for pickers and formats). */
export const inDisplayZone = (value: string | number | Date | dayjs.Dayjs): dayjs.Dayjs => (displayZone ? dayjs(value).tz(displayZone) : dayjs(value));

/** A wall-clock time picked on screen (yyyy-MM-ddTHH:mm[:ss], as read in the display zone) as the instant it names. */
export const instantOfWallClock = (wallClock: string): string => (displayZone ? dayjs.tz(wallClock, displayZone) : dayjs(wallClock)).toISOString();

/**
 * An instant as the server or a record gives it: an ISO text, or a number of seconds since the
 * epoch when it has 10 digits (spec 01: "10-digit numbers are taken as seconds"), else of
 * milliseconds; a text of 10 or 13 digits counts as that number. Other texts parse as dayjs
 * parses them (20261128 is a day).
 */
const instantOf = (value: string | number): dayjs.Dayjs => {
  const n = typeof value === 'number' ? value : /^\d{10}$|^\d{13}$/.test(value) ? Number(value) : undefined;
  if (n === undefined) return dayjs(value);
  return dayjs(String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n);
};

/** An instant in the display zone, by default as yyyy-MM-dd HH:mm:ss; '' when absent, the value itself when it is no instant. */
export const formatDateTime = (value: string | number | undefined | null, pattern: string = DATE_TIME_FORMAT): string => {
  if (value === undefined || value === null || value === '') return '';
  const d = instantOf(value);
  return d.isValid() ? inDisplayZone(d).format(pattern) : String(value);
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const looksLikeInstant = (value: string): boolean => ISO_INSTANT.test(value);

export const formatNumber = (value: number | undefined | null, scale = 3): string =>
  value === undefined || value === null ? '' : Number.isInteger(value) ? String(value) : String(Number(value.toFixed(Math.max(scale, 3))));

/**
 * A date-time picker shows the display zone's wall clock (its own fields are the browser's): an
 * instant as the picker's value, and the picked value back as the instant it names there.
 */
export const pickerValueOf = (instant: string | number | Date | dayjs.Dayjs): dayjs.Dayjs => dayjs(inDisplayZone(instant).format('YYYY-MM-DDTHH:mm:ss'));
export const instantOfPicked = (picked: dayjs.Dayjs): string => instantOfWallClock(picked.format('YYYY-MM-DDTHH:mm:ss'));
/** Today in the display zone (yyyy-MM-dd). */
export const todayInDisplayZone = (): string => inDisplayZone(new Date()).format(DATE_FORMAT);
