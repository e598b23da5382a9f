import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An ISO instant in the browser's time zone as yyyy-MM-dd HH:mm:ss; '' when absent or invalid. */
export const formatDateTime = (value: string | undefined | null): string => {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : value;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const looksLikeInstant = (value: string): boolean => ISO_INSTANT.test(value);

export const formatNumber = (value: number | undefined | null): string =>
  value === undefined || value === null ? '' : Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
