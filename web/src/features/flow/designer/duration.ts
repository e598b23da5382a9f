/**
 * Timer durations as the designer offers them: an amount and a unit, stored as the ISO
 * 8601 duration the engine reads (PT30M, PT24H, P2D). Other valid ISO durations typed by
 * hand are kept as they are.
 */
export const durationUnits = ['minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof durationUnits)[number];
export type SimpleDuration = { amount: number; unit: DurationUnit };

const ISO = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** The duration in milliseconds (months as 30 days, years as 365), or undefined when it is not an ISO 8601 duration. */
export const parseDuration = (value: string): number | undefined => {
  const m = ISO.exec(value.trim().toUpperCase());
  if (!m) return undefined;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((x) => (x ? Number(x) : 0)) as number[];
  const days = y! * 365 + mo! * 30 + w! * 7 + d!;
  return ((days * 24 + h!) * 60 + mi!) * 60_000 + s! * 1000;
};

export const toIsoDuration = ({ amount, unit }: SimpleDuration): string => {
  const n = Math.max(1, Math.floor(amount));
  return unit === 'days' ? `P${n}D` : unit === 'hours' ? `PT${n}H` : `PT${n}M`;
};

/** The amount and unit of PT30M / PT24H / P2D; undefined for anything else (shown as typed). */
export const fromIsoDuration = (value: string): SimpleDuration | undefined => {
  const m = /^P(?:(\d+)D|T(\d+)H|T(\d+)M)$/.exec(value.trim().toUpperCase());
  if (!m) return undefined;
  if (m[1]) return { amount: Number(m[1]), unit: 'days' };
  if (m[2]) return { amount: Number(m[2]), unit: 'hours' };
  return { amount: Number(m[3]), unit: 'minutes' };
};
