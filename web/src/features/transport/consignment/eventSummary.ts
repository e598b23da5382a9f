import type { TFunction } from 'i18next';
import { CONSIGNMENT, fieldKey, type HistoryEntry } from '@tpl/contracts';
import { formatDateTime, looksLikeInstant } from '../../../shared/format';
import { contentFields } from './formValues';

/** One line of an event's compact description: "收货人手机号: 13800000000 → 13900000000". */
export type SummaryLine = { key: string; label: string; value: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_VALUE = 80;
const clip = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

/** A field path ('lines.2.qty') labelled as the contracts' formatIssues labels it ("明细第3行 数量"). */
export const pathLabel = (t: TFunction, path: string): string => {
  const parts = path.split('.').map((part): string | number => (/^\d+$/.test(part) ? Number(part) : part));
  const key = fieldKey(CONSIGNMENT, parts);
  const base = t(key, { defaultValue: path });
  const index = parts.findIndex((part) => typeof part === 'number');
  return index >= 0 && index < parts.length - 1 ? t('lineLabel', { n: Number(parts[index]) + 1, label: base }) : base;
};

const valueText = (t: TFunction, path: string, value: unknown): string => {
  if (value === undefined || value === null || value === '') return t('common.empty');
  if (path === 'isReview') return t(`enum.isReview.${String(value)}`, { defaultValue: String(value) });
  if (typeof value === 'string') {
    if (path === 'deliveryMode') return t(`enum.deliveryMode.${value}`, { defaultValue: value });
    return looksLikeInstant(value) ? formatDateTime(value) : clip(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && path.split('.')[0] === 'lines') return t('consignment.history.lines', { count: value.length });
  if (isRecord(value) && typeof value.name === 'string') return clip(value.name);
  return clip(JSON.stringify(value));
};

const line = (t: TFunction, path: string, value: unknown): SummaryLine => ({
  key: path,
  label: pathLabel(t, path),
  value: valueText(t, path, value),
});

/** The content of a created order, in the form's order: scalars, parties by name, lines by count. */
const contentLines = (t: TFunction, content: Record<string, unknown>): SummaryLine[] => {
  const rank = (key: string) => {
    const i = (contentFields as readonly string[]).indexOf(key);
    return i < 0 ? contentFields.length : i;
  };
  return Object.entries(content)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => line(t, key, value));
};

/** What an event changed or recorded, for the history timeline. `processNames`: review processes' names by key. */
export const summarizeEvent = (t: TFunction, entry: Pick<HistoryEntry, 'type' | 'data'>, processNames: Record<string, string> = {}): SummaryLine[] => {
  const { data } = entry;
  if (!isRecord(data)) return [];
  const changes = data.changes;
  if (isRecord(changes)) {
    return Object.entries(changes).map(([path, pair]) => {
      const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
      return { key: path, label: pathLabel(t, path), value: `${valueText(t, path, before)} → ${valueText(t, path, after)}` };
    });
  }
  const summary: SummaryLine[] = [];
  for (const [key, value] of Object.entries(data)) {
    // the review instance is reached from the banner; its id says nothing to a reader
    if (key === 'id' || key === 'instanceId') continue;
    // a review process by its name; its key is the designer's word, so a process whose name is not known is left out
    if (key === 'processKey') {
      const name = typeof value === 'string' ? processNames[value] : undefined;
      if (name) summary.push({ key, label: pathLabel(t, key), value: name });
      continue;
    }
    if (key === 'content' && isRecord(value)) summary.push(...contentLines(t, value));
    else summary.push(line(t, key, value));
  }
  return summary;
};
