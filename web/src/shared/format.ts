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

/** An ISO instant in the display zone as yyyy-MM-dd HH:mm:ss; '' when absent or invalid. */
export const formatDateTime = (value: string | undefined | null): string => {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? inDisplayZone(d).format(DATE_TIME_FORMAT) : value;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const looksLikeInstant = (value: string): boolean => ISO_INSTANT.test(value);

export const formatNumber = (value: number | undefined | null): string =>
  value === undefined || value === null ? '' : Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));

/**
 * A date-time picker shows the display zone's wall clock (its own fields are the browser's): an
 * instant as the picker's value, and the picked value back as the instant it names there.
 */
export const pickerValueOf = (instant: string | number | Date | dayjs.Dayjs): dayjs.Dayjs => dayjs(inDisplayZone(instant).format('YYYY-MM-DDTHH:mm:ss'));
export const instantOfPicked = (picked: dayjs.Dayjs): string => instantOfWallClock(picked.format('YYYY-MM-DDTHH:mm:ss'));
/** Today in the display zone (yyyy-MM-dd). */
export const todayInDisplayZone = (): string => inDisplayZone(new Date()).format(DATE_FORMAT);
