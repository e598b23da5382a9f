import { documentLandings, eventTypeOf, type ActionDef, type DocumentDef, type FieldDef, type HistoryEntry, type KitDocument, type Landed } from '@tpl/contracts';
import { valueAt } from './model';

/**
 * The view's reading of what facts recorded (pure; tests/unit/document-view.spec.ts): which facts
 * are read as one value each, which as a table of their own (a rows field takes the page's
 * width, never a cell of the facts' grid), and which actions are read as a log of every time
 * they happened (a put-away in parts: each part's placements, not only the last).
 */

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

type Rows = Extract<FieldDef, { kind: 'rows' }>;

/** An action read as a log: it lands `into` one key (each time replacing the last) and records rows. */
export type LoggedAction = { name: string; action: ActionDef; rowsKey: string; rows: Rows; into: string };

export const loggedActions = (def: DocumentDef): LoggedAction[] =>
  Object.entries(def.actions).flatMap(([name, action]) => {
    if (!action.into) return [];
    const rows = Object.entries(action.fields ?? {}).find((e): e is [string, Rows] => e[1].kind === 'rows');
    return rows ? [{ name, action, rowsKey: rows[0], rows: rows[1], into: action.into }] : [];
  });

export type FactsLayout = {
  /** one value each, in the facts' grid */
  values: (Landed & { value: unknown })[];
  /** a rows field with rows: a table of its own, the page's width */
  tables: (Landed & { value: unknown[] })[];
  logs: LoggedAction[];
};

/** What the document's facts hold now, laid out: hidden fields and empty values left out, each key once. */
export const factsLayout = (def: DocumentDef, doc: KitDocument): FactsLayout => {
  const logs = loggedActions(def);
  const logged = (key: string) => logs.some((l) => key === l.into || key.startsWith(`${l.into}.`));
  const landed = documentLandings(def)
    .filter((l) => !(l.kind === 'field' && l.field?.hidden) && !logged(l.key))
    .map((l) => ({ ...l, value: valueAt(doc, l.key) }))
    .filter((l) => !isEmptyValue(l.value));
  return {
    values: landed.filter((l) => l.field?.kind !== 'rows'),
    tables: landed.filter((l): l is Landed & { value: unknown[] } => l.field?.kind === 'rows' && Array.isArray(l.value)),
    logs,
  };
};

/** One row of an action's log: when, by whom, one of the rows it recorded, and its other fields. */
export type LogRow = { key: string; version: number; time: string; actor: string; row: Record<string, unknown>; fields: Record<string, unknown>; first: boolean; span: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every time the action happened up to `version` (the document as of an event shows its past
 * only), oldest first, a row per recorded row; `first`/`span` group one event's rows.
 */
export const logRows = (def: DocumentDef, log: LoggedAction, history: readonly Pick<HistoryEntry, 'type' | 'version' | 'time' | 'actor' | 'data'>[], version: number): LogRow[] => {
  const type = eventTypeOf(def, log.action.fact);
  return history
    .filter((e) => e.type === type && e.version <= version && isRecord(e.data))
    .flatMap((e) => {
      const data = e.data as Record<string, unknown>;
      const rows = Array.isArray(data[log.rowsKey]) ? (data[log.rowsKey] as unknown[]).filter(isRecord) : [];
      const fields = Object.fromEntries(Object.entries(data).filter(([k]) => k !== log.rowsKey && k in (log.action.fields ?? {})));
      return rows.map((row, i) => ({
        key: `${e.version}:${i}`,
        version: e.version,
        time: e.time,
        actor: e.actor.name || e.actor.account || '',
        row,
        fields,
        first: i === 0,
        span: i === 0 ? rows.length : 0,
      }));
    });
};

/** The fields a log shows beside each row: the action's scalar fields that are shown (a put-away's time). */
export const logFields = (log: LoggedAction): [string, FieldDef][] =>
  Object.entries(log.action.fields ?? {}).filter(([k, f]) => k !== log.rowsKey && f.kind !== 'rows' && !f.hidden);

/** A line of the document by its number (what a put-away's placement names), for "line 2 · M0007 name". */
export const lineByNumber = (def: DocumentDef, doc: KitDocument, n: unknown): Record<string, unknown> | undefined => {
  if (!def.lines) return undefined;
  const lines = (doc[def.lines.key] as Record<string, unknown>[] | undefined) ?? [];
  return lines.find((l) => l.lineNumber === n) ?? (typeof n === 'number' ? lines[n - 1] : undefined);
};
