import type { TFunction } from 'i18next';
import { documentFieldAt, fieldKey, type DocumentDef, type HistoryEntry } from '@tpl/contracts';
import { formatDateTime, looksLikeInstant } from '../../shared/format';
import { formFieldsOf } from './model';

/** One line of an event's compact description: "收货人手机号: 13800000000 → 13900000000". */
export type SummaryLine = { key: string; label: string; value: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_VALUE = 80;
const clip = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

/** A field path ('lines.2.qty') labelled as the contracts' formatIssues labels it ("明细第3行 数量"). */
export const pathLabel = (t: TFunction, def: DocumentDef, path: string): string => {
  const parts = path.split('.').map((part): string | number => (/^\d+$/.test(part) ? Number(part) : part));
  const base = t(fieldKey(def.name, parts), { defaultValue: path });
  const index = parts.findIndex((part) => typeof part === 'number');
  return index >= 0 && index < parts.length - 1 ? t('lineLabel', { n: Number(parts[index]) + 1, label: base }) : base;
};

/** The field a history path names: a header or group field, a line's field, a fact's. */
const fieldOf = (def: DocumentDef, path: string) => {
  const names = path.split('.').filter((p) => !/^\d+$/.test(p));
  if (def.lines && names[0] === def.lines.key && names[1]) return def.lines.fields[names[1]];
  const f = documentFieldAt(def, names.join('.'));
  return f && f.kind !== 'group' ? f : undefined;
};

const valueText = (t: TFunction, def: DocumentDef, path: string, value: unknown): string => {
  if (value === undefined || value === null || value === '') return t('common.empty');
  if (path === 'isReview') return t(`enum.isReview.${String(value)}`, { defaultValue: String(value) });
  const f = fieldOf(def, path);
  if (typeof value === 'string') {
    if (f?.kind === 'enum') return t(`enum.${def.name}.${path.split('.').pop()}.${value}`, { defaultValue: value });
    return looksLikeInstant(value) ? formatDateTime(value) : clip(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && def.lines && path.split('.')[0] === def.lines.key) return t('documents.history.lines', { count: value.length });
  if (isRecord(value) && typeof value.name === 'string') return clip(value.name);
  return clip(JSON.stringify(value));
};

const line = (t: TFunction, def: DocumentDef, path: string, value: unknown): SummaryLine => ({ key: path, label: pathLabel(t, def, path), value: valueText(t, def, path, value) });

/** The content of a created document, in the form's order: scalars, groups by name, lines by count. */
const contentLines = (t: TFunction, def: DocumentDef, content: Record<string, unknown>): SummaryLine[] => {
  const order = formFieldsOf(def);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(content)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => line(t, def, key, value));
};

/** What an event changed or recorded, for the history timeline. `processNames`: review processes' names by key. */
export const summarizeEvent = (t: TFunction, def: DocumentDef, entry: Pick<HistoryEntry, 'type' | 'data'>, processNames: Record<string, string> = {}): SummaryLine[] => {
  const { data } = entry;
  if (!isRecord(data)) return [];
  const changes = data.changes;
  if (isRecord(changes)) {
    return Object.entries(changes).map(([path, pair]) => {
      const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
      return { key: path, label: pathLabel(t, def, path), value: `${valueText(t, def, path, before)} → ${valueText(t, def, path, after)}` };
    });
  }
  const summary: SummaryLine[] = [];
  for (const [key, value] of Object.entries(data)) {
    // the review instance is reached from the banner; its id says nothing to a reader
    if (key === 'id' || key === 'instanceId') continue;
    // a review process by its name; its key is the designer's word, so a process whose name is not known is left out
    if (key === 'processKey') {
      const name = typeof value === 'string' ? processNames[value] : undefined;
      if (name) summary.push({ key, label: pathLabel(t, def, key), value: name });
      continue;
    }
    if (key === 'content' && isRecord(value)) summary.push(...contentLines(t, def, value));
    else summary.push(line(t, def, key, value));
  }
  return summary;
};
