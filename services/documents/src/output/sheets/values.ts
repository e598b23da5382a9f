/**
 * Cell values both ways: a record's value rendered for people (export), and a cell read
 * back into what the API accepts (import). Times are China time: Asia/Shanghai has kept
 * UTC+8 without daylight saving since 1991, so a fixed offset is exact for any business date.
 */
import { LANGUAGES, labelIn, type FieldDef, type Language } from '@tpl/contracts';
import type { SheetDef } from './columns';
import { enumLabel } from './columns';
import { xlsxText } from './words';

/** What a cell holds after reading: Dates carry the wall-clock time in their UTC fields. */
export type RawCell = string | number | boolean | Date | null;
/** What a cell gets on export. */
export type OutCell = string | number | null;

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Excel serial 25569 is 1970-01-01 (1900 date system). */
const EPOCH_1900 = 25569;
const EPOCH_1904 = 24107;
/** Excel's last day, 9999-12-31. */
const MAX_SERIAL = 2958465;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** yyyy-MM-dd HH:mm:ss of the UTC fields of `d`. */
const wallClock = (d: Date): string =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** An instant as China time, yyyy-MM-dd HH:mm:ss. */
export const formatShanghai = (ms: number): string => wallClock(new Date(ms + SHANGHAI_OFFSET_MS));

const WALL = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,3})\d*)?)?)?$/;
const ZONED = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/** Milliseconds of a wall-clock time read as UTC fields, or undefined when it is not a real date. */
const wallMs = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | undefined => {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(t);
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? t : undefined;
};

/** A stored instant (ISO with offset, Date, epoch ms) → ms; ISO without offset is taken as China time. */
const instantOf = (v: unknown): number | undefined => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.getTime();
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (ZONED.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? undefined : t;
  }
  const m = WALL.exec(s);
  if (!m) return undefined;
  const t = wallMs(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0'));
  return t === undefined ? undefined : t - SHANGHAI_OFFSET_MS;
};

/** Excel serial day number → wall-clock Date (UTC fields), to the nearest second. */
export const serialToWallClock = (serial: number, date1904 = false): Date | undefined => {
  if (!Number.isFinite(serial) || serial < 0 || serial > MAX_SERIAL) return undefined;
  // the 1900 system counts a 29 Feb 1900 that never was: serials before it are a day ahead
  const adjusted = !date1904 && serial < 61 ? serial + 1 : serial;
  const seconds = Math.round((adjusted - (date1904 ? EPOCH_1904 : EPOCH_1900)) * 86400);
  return new Date(seconds * 1000);
};

// ---------------------------------------------------------------- export

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Excel's cell limit; XML cannot carry control characters. */
const cleanText = (s: string): string => {
  const t = s.replace(CONTROL, '');
  return t.length > 32767 ? t.slice(0, 32767) : t;
};

const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return formatShanghai(v.getTime());
  if (Array.isArray(v)) return v.map(textOf).join(',');
  return JSON.stringify(v) ?? '';
};

/** Precomputed per column, so a row costs no lookups. */
export type Renderer = (v: unknown) => OutCell;

export const rendererFor = (def: SheetDef, key: string, field: FieldDef, lang: Language): Renderer => {
  const yes = xlsxText(lang, 'xlsx.yes');
  const no = xlsxText(lang, 'xlsx.no');
  switch (field.kind) {
    case 'flag':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        if (v === 1 || v === true || v === '1' || v === 'true') return yes;
        if (v === 0 || v === false || v === '0' || v === 'false') return no;
        return cleanText(textOf(v));
      };
    case 'enum': {
      const labels = new Map(field.values.map((value) => [value, enumLabel(def, key, field, value, lang)]));
      return (v) => (v === null || v === undefined || v === '' ? null : (labels.get(String(v)) ?? cleanText(textOf(v))));
    }
    case 'number':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        if (typeof v === 'number') return Number.isFinite(v) ? v : null;
        if (typeof v === 'bigint') return Number(v);
        if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
        return cleanText(textOf(v));
      };
    case 'date':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        if (typeof v === 'string') {
          const m = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(v.trim());
          if (m && !ZONED.test(v.trim())) return m[1]!;
        }
        const t = instantOf(v);
        return t === undefined ? cleanText(textOf(v)) : formatShanghai(t).slice(0, 10);
      };
    case 'datetime':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        const t = instantOf(v);
        return t === undefined ? cleanText(textOf(v)) : formatShanghai(t);
      };
    case 'ref':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        const s = Array.isArray(v) ? v.map(textOf).filter((x) => x !== '').join(',') : textOf(v);
        return s === '' ? null : cleanText(s);
      };
    default:
      return (v) => (v === null || v === undefined || v === '' ? null : cleanText(textOf(v)));
  }
};

// ---------------------------------------------------------------- import

const normal = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

const textOfCell = (v: Exclude<RawCell, null>): string => {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // a date typed into a text column: keep what the person saw
  const s = wallClock(v);
  return s.endsWith(' 00:00:00') ? s.slice(0, 10) : s;
};

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Reads a cell back into a field's value. Values it cannot make sense of are passed on
 * as the text read, so the entity's validation reports them on their row and field.
 * Returns undefined for an empty cell.
 */
export type Parser = (v: RawCell, date1904: boolean) => unknown;

export const parserFor = (def: SheetDef, key: string, field: FieldDef): Parser => {
  switch (field.kind) {
    case 'flag': {
      const words = new Map<string, 0 | 1>([
        ['1', 1],
        ['0', 0],
        ['true', 1],
        ['false', 0],
        ['yes', 1],
        ['no', 0],
        ['y', 1],
        ['n', 0],
      ]);
      for (const l of LANGUAGES) {
        words.set(normal(xlsxText(l, 'xlsx.yes')), 1);
        words.set(normal(xlsxText(l, 'xlsx.no')), 0);
      }
      return (v) => {
        if (v === null) return undefined;
        if (typeof v === 'boolean') return v ? 1 : 0;
        const s = textOfCell(v);
        if (s === '') return undefined;
        return words.get(normal(s)) ?? s;
      };
    }
    case 'enum': {
      const byLabel = new Map<string, string>();
      for (const value of field.values) byLabel.set(normal(value), value);
      for (const l of LANGUAGES) {
        for (const value of field.values) {
          const label = normal(enumLabel(def, key, field, value, l));
          if (!byLabel.has(label)) byLabel.set(label, value);
          const own = normal((field.valueLabels[value] ? labelIn(field.valueLabels[value], l) : ''));
          if (own && !byLabel.has(own)) byLabel.set(own, value);
        }
      }
      return (v) => {
        if (v === null) return undefined;
        const s = textOfCell(v);
        if (s === '') return undefined;
        if (field.values.includes(s)) return s;
        return byLabel.get(normal(s)) ?? s;
      };
    }
    case 'number':
      return (v) => {
        if (v === null) return undefined;
        if (typeof v === 'number') return v;
        if (typeof v === 'boolean') return v ? 1 : 0;
        if (v instanceof Date) return textOfCell(v);
        const s = v.normalize('NFKC').trim().replace(/,/g, '');
        if (s === '') return undefined;
        return NUMERIC.test(s) ? Number(s) : v.trim();
      };
    case 'date':
      return (v, date1904) => {
        if (v === null) return undefined;
        if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : wallClock(v).slice(0, 10);
        if (typeof v === 'number' && !(Number.isInteger(v) && v >= 10000101 && v <= 99991231)) {
          const d = serialToWallClock(v, date1904);
          return d && v >= 1 ? wallClock(d).slice(0, 10) : v;
        }
        const s = textOfCell(v).normalize('NFKC');
        if (s === '') return undefined;
        const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
        const m = compact ?? WALL.exec(s);
        if (m && wallMs(+m[1]!, +m[2]!, +m[3]!) !== undefined) return `${m[1]}-${pad(+m[2]!)}-${pad(+m[3]!)}`;
        return s;
      };
    case 'datetime':
      return (v, date1904) => {
        if (v === null) return undefined;
        if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : new Date(v.getTime() - SHANGHAI_OFFSET_MS).toISOString();
        if (typeof v === 'number') {
          const d = serialToWallClock(v, date1904);
          return d && v >= 1 ? new Date(d.getTime() - SHANGHAI_OFFSET_MS).toISOString() : v;
        }
        const s = textOfCell(v).normalize('NFKC');
        if (s === '') return undefined;
        const t = instantOf(s);
        return t === undefined ? s : new Date(t).toISOString();
      };
    case 'ref':
      if (field.multiple)
        return (v) => {
          if (v === null) return undefined;
          const codes = textOfCell(v)
            .split(/[,，;；、\r\n]+/)
            .map((c) => c.trim())
            .filter((c) => c !== '');
          return codes.length ? codes : undefined;
        };
      return (v) => (v === null ? undefined : textOfCell(v) || undefined);
    default:
      return (v) => (v === null ? undefined : textOfCell(v) || undefined);
  }
};
