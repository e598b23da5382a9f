/**
 * Spec 02 section 9: "Version fields use the timestamp format year, month, day, hour, minute,
 * second and microseconds (yyyyMMddHHmmssffffff)". Twenty digits, in the business time zone;
 * each new version of a record is stamped later than the one before it (unique and increasing
 * per record), so two writes within one microsecond, or a clock set back, never repeat or reverse
 * a stamp. Pure: the clock is the caller's (docs/DOMAIN.md "Version stamps").
 */
export const VERSION_STAMP = /^\d{20}$/;

export const isVersionStamp = (s: unknown): s is string => typeof s === 'string' && VERSION_STAMP.test(s);

const wallParts = (epochMs: number, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, p.value]),
  );

/** The stamp of an instant given in microseconds since the epoch. */
export const versionStampOfMicros = (epochMicros: bigint, timeZone: string): string => {
  const seconds = epochMicros / 1_000_000n;
  const micros = epochMicros % 1_000_000n;
  const p = wallParts(Number(seconds) * 1000, timeZone);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${String(micros).padStart(6, '0')}`;
};

/** The stamp of an ISO instant; its fraction as written, up to six digits (an event's millisecond time ends in 000). */
export const versionStampOfIso = (iso: string, timeZone: string): string => {
  const ms = Date.parse(iso);
  const fraction = (/\.(\d{1,6})/.exec(iso)?.[1] ?? '').padEnd(6, '0');
  return versionStampOfMicros(BigInt(Math.floor(ms / 1000)) * 1_000_000n + BigInt(fraction), timeZone);
};

/**
 * The stamp a new version takes: `candidate` when it is later than `previous`, else one
 * microsecond after `previous` (two versions within the clock's resolution, or a clock set back).
 * Twenty digits compare as numbers do, so the next one is previous + 1 read as a number.
 */
export const laterVersionStamp = (previous: unknown, candidate: string): string => {
  if (!isVersionStamp(previous) || candidate > previous) return candidate;
  return (BigInt(previous) + 1n).toString().padStart(20, '0');
};
