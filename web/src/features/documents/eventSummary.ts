import type { TFunction } from 'i18next';
import { documentFieldAt, fieldKey, type DocumentDef, type FieldDef, type HistoryEntry } from '@tpl/contracts';
import { formatDateTime, formatNumber, looksLikeInstant } from '../../shared/format';
import { formFieldsOf } from './model';

/**
 * What an event changed or recorded, for the history timeline, in words: "收货人手机号: 13800000000
 * → 13900000000", "客户: C001 安可食品 → C002 …", "运单: YD2026112800008". A value is a list of
 * parts: text, a record's code (shown with its name) or a document (shown by its number, never its
 * id); rows are read row by row. Never JSON, never an id. Pure (tests/unit/document-history.spec.ts).
 */
export type SummaryPart = string | { ref: string; code: string } | { doc: string; by: 'billNo' | 'id'; value: string };
export type SummaryLine = { key: string; label: string; parts: SummaryPart[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_VALUE = 80;
const clip = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);
/** At most this many rows of a rows field are spelled out; the rest are counted. */
const MAX_ROWS = 5;
const ARROW = ' → ';

/** A field path ('lines.2.qty') labelled as the contracts' formatIssues labels it ("明细第3行 数量"). */
export const pathLabel = (t: TFunction, def: DocumentDef, path: string): string => {
  const parts = path.split('.').map((part): string | number => (/^\d+$/.test(part) ? Number(part) : part));
  const base = t(fieldKey(def.name, parts), { defaultValue: path });
  const index = parts.findIndex((part) => typeof part === 'number');
  return index >= 0 && index < parts.length - 1 ? t('lineLabel', { n: Number(parts[index]) + 1, label: base }) : base;
};

/** The field a history path names: a header or group field, a line's field, a fact's (an action's field, a rows field's own). */
export const fieldOfPath = (def: DocumentDef, path: string): FieldDef | undefined => {
  const names = path.split('.').filter((p) => !/^\d+$/.test(p));
  if (def.lines && names[0] === def.lines.key && names[1]) return def.lines.fields[names[1]];
  const f = documentFieldAt(def, names.join('.'));
  if (f && f.kind !== 'group') return f;
  // an action's field (recorded at the top level of its event, or under the key it lands in)
  for (const a of Object.values(def.actions)) {
    const rest = a.into && names[0] === a.into ? names.slice(1) : names;
    let field: FieldDef | undefined = a.fields?.[rest[0] ?? ''];
    for (const name of rest.slice(1)) field = field?.kind === 'rows' ? field.fields[name] : undefined;
    if (field) return field;
  }
  return undefined;
};

const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** One value in parts, by its field's kind. */
const valueParts = (t: TFunction, def: DocumentDef, path: string, value: unknown, f: FieldDef | undefined = fieldOfPath(def, path)): SummaryPart[] => {
  if (empty(value)) return [t('common.empty')];
  if (path === 'isReview') return [t(`enum.isReview.${String(value)}`, { defaultValue: String(value) })];
  if (f?.kind === 'rows' && Array.isArray(value)) return rowsParts(t, def, path, f, value);
  if (Array.isArray(value) && def.lines && path.split('.')[0] === def.lines.key) return [t('documents.history.lines', { count: value.length })];
  if (f?.kind === 'ref') return (Array.isArray(value) ? value : [value]).flatMap((code, i) => [...(i > 0 ? [t('common.listSeparator')] : []), { ref: f.entity, code: String(code) }]);
  if (f?.kind === 'doc' && typeof value === 'string') return [{ doc: f.document, by: f.by ?? 'billNo', value }];
  if (f?.kind === 'attachment' || f?.kind === 'signature') return [t(f.kind === 'signature' ? 'documents.history.signed' : 'documents.history.attached')];
  if (f?.kind === 'flag') return [value === 1 || value === '1' || value === true ? t('md.yes') : t('md.no')];
  if (typeof value === 'string') {
    if (f?.kind === 'enum') return [t(`enum.${def.name}.${path.split('.').pop()}.${value}`, { defaultValue: value })];
    return [looksLikeInstant(value) ? formatDateTime(value) : clip(value)];
  }
  if (typeof value === 'number') return [formatNumber(value)];
  if (typeof value === 'boolean') return [value ? t('md.yes') : t('md.no')];
  if (isRecord(value) && typeof value.name === 'string') return [clip(value.name)];
  // anything else (a value no field describes) is counted, never printed as JSON
  return [Array.isArray(value) ? t('documents.history.items', { count: value.length }) : t('documents.history.recorded')];
};

/** Rows read row by row: "运单序号 2 · 物料 M0007 · 数量 10; …", the shown fields of each. */
const rowsParts = (t: TFunction, def: DocumentDef, path: string, f: Extract<FieldDef, { kind: 'rows' }>, rows: unknown[]): SummaryPart[] => {
  const shown = Object.entries(f.fields).filter(([, sub]) => !sub.hidden);
  const leaf = path.split('.').filter((p) => !/^\d+$/.test(p)).pop()!;
  const out: SummaryPart[] = [];
  rows.slice(0, MAX_ROWS).forEach((row, i) => {
    if (i > 0) out.push('; ');
    const r = isRecord(row) ? row : {};
    const cells = shown.filter(([k]) => !empty(r[k]));
    cells.forEach(([k, sub], j) => {
      if (j > 0) out.push(' · ');
      // one shown field says it all (the notes, by their numbers): no label before it
      if (shown.length > 1) out.push(`${t(fieldKey(def.name, [leaf, k]), { defaultValue: k })} `);
      out.push(...valueParts(t, def, `${leaf}.${k}`, r[k], sub));
    });
  });
  if (rows.length > MAX_ROWS) out.push(t('documents.history.more', { count: rows.length - MAX_ROWS }));
  return out;
};

const line = (t: TFunction, def: DocumentDef, path: string, value: unknown): SummaryLine => ({ key: path, label: pathLabel(t, def, path), parts: valueParts(t, def, path, value) });

/** The content of a created document, in the form's order: scalars, groups by name, lines by count. */
const contentLines = (t: TFunction, def: DocumentDef, content: Record<string, unknown>): SummaryLine[] => {
  const order = formFieldsOf(def);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(content)
    .filter(([key]) => !fieldOfPath(def, key)?.hidden)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => line(t, def, key, value));
};

/** What an event changed or recorded. `processNames`: review processes' names by key. */
export const summarizeEvent = (t: TFunction, def: DocumentDef, entry: Pick<HistoryEntry, 'type' | 'data'>, processNames: Record<string, string> = {}): SummaryLine[] => {
  const { data } = entry;
  if (!isRecord(data)) return [];
  const changes = data.changes;
  if (isRecord(changes)) {
    return Object.entries(changes)
      .filter(([path]) => !fieldOfPath(def, path)?.hidden)
      .map(([path, pair]) => {
        const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
        return { key: path, label: pathLabel(t, def, path), parts: [...valueParts(t, def, path, before), ARROW, ...valueParts(t, def, path, after)] };
      });
  }
  const summary: SummaryLine[] = [];
  for (const [key, value] of Object.entries(data)) {
    // the review instance is reached from the banner; its id says nothing to a reader
    if (key === 'id' || key === 'instanceId') continue;
    // a review process by its name; its key is the designer's word, so a process whose name is not known is left out
    if (key === 'processKey') {
      const name = typeof value === 'string' ? processNames[value] : undefined;
      if (name) summary.push({ key, label: pathLabel(t, def, key), parts: [name] });
      continue;
    }
    if (key === 'content' && isRecord(value)) summary.push(...contentLines(t, def, value));
    // what the event carries unseen (a picked note's version) and what it leaves empty (no splits) is not read out
    else if (!fieldOfPath(def, key)?.hidden && !empty(value)) summary.push(line(t, def, key, value));
  }
  return summary;
};

/** A summary's text with codes as they are (for tests and for tooltips). */
export const partsText = (parts: readonly SummaryPart[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : 'ref' in p ? p.code : p.value)).join('');
