import { laterVersionStamp, versionStampOfMicros } from '@tpl/contracts';

/**
 * The microsecond clock version stamps are taken from (spec 02: yyyyMMddHHmmssffffff). Date has
 * milliseconds only: the process's high-resolution clock, anchored to the wall clock once, gives
 * the microseconds; within the process it never runs backwards and never gives one microsecond
 * twice. Across records and hosts, `laterVersionStamp` keeps each record's own versions increasing.
 */
let anchorMicros = BigInt(Date.now()) * 1000n;
let anchorHr = process.hrtime.bigint();
let last = 0n;

export const nowMicros = (): bigint => {
  const hr = process.hrtime.bigint();
  let t = anchorMicros + (hr - anchorHr) / 1000n;
  // the wall clock is the truth: re-anchored when the two drift more than a millisecond apart (NTP)
  const wall = BigInt(Date.now()) * 1000n;
  if (t - wall > 1000n || wall - t > 1000n) {
    anchorMicros = wall;
    anchorHr = hr;
    t = wall;
  }
  last = t > last ? t : last + 1n;
  return last;
};

/** A new version's stamp, later than `previous` (the record's stamp before this write, when it has one). */
export const nextVersionStamp = (previous?: unknown, timeZone = process.env.BUSINESS_TZ ?? 'Asia/Shanghai'): string =>
  laterVersionStamp(previous, versionStampOfMicros(nowMicros(), timeZone));
