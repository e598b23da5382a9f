import type { Dayjs } from 'dayjs';

/** Working days between two instants, Monday to Friday, in half days: what the form suggests (the applicant may change it). */
export const suggestedDays = (start: Dayjs, end: Dayjs): number => {
  if (!end.isAfter(start)) return 0;
  let days = 0;
  for (let d = start.startOf('day'); !d.isAfter(end, 'day'); d = d.add(1, 'day')) if (d.day() !== 0 && d.day() !== 6) days += 1;
  // starting from noon, or ending by 13:00 (the end of the lunch break), takes half of that day
  const minutes = (d: Dayjs) => d.hour() * 60 + d.minute();
  const workday = (d: Dayjs) => d.day() !== 0 && d.day() !== 6;
  if (minutes(start) >= 12 * 60 && workday(start)) days -= 0.5;
  if (minutes(end) <= 13 * 60 && workday(end) && !end.isSame(start, 'day')) days -= 0.5;
  return Math.max(0.5, days);
};
