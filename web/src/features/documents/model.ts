import dayjs, { type Dayjs } from 'dayjs';
import {
  L,
  importFieldsOf,
  text,
  type DocumentImportPreview,
  documentLandings,
  documentListColumnsOf,
  documentListFiltersOf,
  documentListQuerySchemaOf,
  documentListSortsOf,
  documentFieldAt,
  KIT_EVENTS,
  type ActionDef,
  type DocumentDef,
  type FieldDef,
  mulDecimal,
  type FillDef,
  type GroupField,
  type HeaderField,
  type KitDocument,
  type Landed,
  type LinesDef,
  type ResolvedColumn,
  type ResolvedFilter,
} from '@tpl/contracts';
import type { DocumentListQuery } from '../../api/documents';
import { DATE_FORMAT } from '../../shared/format';
import { parseUrlQuery, toUrlSearch } from '../../shared/urlQuery';
import type { ColumnSet } from '../../shared/widgets/ColumnChooser';

/**
 * The pure part of the document console: what a description says about its screens
 * (the header's cards, the lines, the list's columns and filters, where facts landed, what a
 * picked reference fills). The screens render it; tests/unit/documents-console.spec.ts checks it.
 */

export const isGroup = (f: HeaderField): f is GroupField => f.kind === 'group';

/** The header as the form and the view lay it out: plain fields in the first card, each group (a party) in a card of its own. */
export const headerLayout = (def: DocumentDef): { basic: [string, FieldDef][]; groups: [string, GroupField][] } => {
  const entries = Object.entries(def.header);
  return {
    // what is carried unseen (an id beside the number it is shown by) is laid out nowhere
    basic: entries.filter((e): e is [string, FieldDef] => !isGroup(e[1]) && !e[1].hidden),
    groups: entries.filter((e): e is [string, GroupField] => isGroup(e[1])),
  };
};

/** The line fields shown (in the form's table, the view's, the totals under them): all but those carried unseen. */
export const shownLineFields = (lines: LinesDef): [string, FieldDef][] => Object.entries(lines.fields).filter(([, f]) => !f.hidden);

/** Long text takes a whole row of the form; the rest share it three to a row. */
export const isWide = (f: FieldDef): boolean => f.kind === 'text' && (Boolean(f.multiline) || (f.max ?? 100) >= 200);

/** The form's top-level names (where validation messages go): the header, the remark, the lines. */
export const formFieldsOf = (def: DocumentDef): string[] => [...Object.keys(def.header), 'remark', ...(def.lines ? [def.lines.key] : [])];

/** The required mark: a group's field is required when the group and the field are. */
export const requiredIn = (group: GroupField | undefined, f: FieldDef): boolean => Boolean(f.required) && (group ? group.required !== false : true);

/** How many lines a new document starts with: the least it may have (at least one to fill in). */
export const emptyLines = (def: DocumentDef): Record<string, unknown>[] => (def.lines ? Array.from({ length: Math.max(1, def.lines.min ?? 1) }, () => ({})) : []);

/**
 * A new document's form: required dates are today (the bill date, the planned date), groups
 * empty, the lines as many empty ones as the description's minimum. The form holds what the
 * API carries (dates yyyy-MM-dd, date-times ISO, references as codes).
 */
export const newFormValues = (def: DocumentDef, today: Dayjs = dayjs()): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.header)) {
    if (isGroup(f)) values[key] = {};
    else if (f.kind === 'date' && f.required) values[key] = today.format(DATE_FORMAT);
  }
  if (def.lines) values[def.lines.key] = emptyLines(def);
  return values;
};

/** An existing document's form: its header, remark and lines. */
export const toFormValues = (def: DocumentDef, doc: KitDocument): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.header)) {
    const v = doc[key];
    values[key] = isGroup(f) ? { ...((v as object | undefined) ?? {}) } : v;
  }
  values.remark = doc.remark;
  if (def.lines) values[def.lines.key] = ((doc[def.lines.key] as object[] | undefined) ?? []).map((line) => ({ ...line }));
  return values;
};

const clean = (value: unknown): unknown => {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object' && value !== undefined && !dayjs.isDayjs(value)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, clean(v)]));
  }
  return value;
};

/** The form's values as the description's content schema reads them (the same body the server validates): emptied values absent. */
export const toContentInput = (def: DocumentDef, values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(formFieldsOf(def).map((key) => [key, clean(values[key])]));

// ------------------------------------------------------------------ fills

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '';

/**
 * What picking `record` for a reference fills (FillDef): target -> value, the first source
 * field that is not empty. `current` reads a target's value now; with `ifEmpty` a target the
 * user already filled is left alone.
 */
export const fillsFrom = (fill: FillDef | undefined, record: Record<string, unknown> | undefined, current: (target: string) => unknown): Record<string, unknown> => {
  if (!fill || !record) return {};
  const out: Record<string, unknown> = {};
  for (const [target, source] of Object.entries(fill.set)) {
    if (fill.ifEmpty && !isEmptyValue(current(target))) continue;
    const sources: readonly string[] = typeof source === 'string' ? [source] : source;
    const value = sources.map((s) => record[s]).find((v) => !isEmptyValue(v));
    if (value !== undefined) out[target] = value;
  }
  for (const [target, t] of Object.entries(fill.times ?? {})) {
    if (fill.ifEmpty && !isEmptyValue(current(target))) continue;
    const a = Number(record[t.field]);
    const b = Number(current(t.by));
    if (!isEmptyValue(record[t.field]) && !isEmptyValue(current(t.by)) && Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0) out[target] = mulDecimal(a, b, t.scale);
  }
  return out;
};

// ------------------------------------------------------------------ lines added in bulk (issue 30)

/** The lines a person has started to fill: the empty line a new form starts with gives way to lines added in bulk. */
export const filledLines = (rows: readonly (Record<string, unknown> | undefined)[] | undefined): Record<string, unknown>[] =>
  (rows ?? []).filter((r): r is Record<string, unknown> => Boolean(r) && Object.values(r!).some((v) => !isEmptyValue(v)));

type RefField = Extract<FieldDef, { kind: 'ref' }>;

/**
 * Quoting material lines (spec 02 "quoting material lines into a document"): the line field that
 * names a material, when a person adds the lines (not lines taken from stock or from a source).
 * `unique`: the lines are unique by it (a material already in the details cannot be quoted
 * again); `splitBy`: the other fields of that uniqueness (a batch), which tell lines of one
 * material apart. docs/DOMAIN.md "Quoting material lines".
 */
export type Quote = { key: string; field: RefField; unique: boolean; splitBy: string[] };

export const QUOTED_ENTITY = 'material';

export const quoteOf = (lines: LinesDef | undefined): Quote | undefined => {
  if (!lines || lines.fixed || lines.fromStock) return undefined;
  const entry = Object.entries(lines.fields).find(
    (e): e is [string, RefField] => e[1].kind === 'ref' && e[1].entity === QUOTED_ENTITY && !e[1].multiple && !e[1].generated && !e[1].hidden,
  );
  if (!entry) return undefined;
  const [key, field] = entry;
  const unique = lines.uniqueBy?.includes(key) ?? false;
  return { key, field, unique, splitBy: unique ? lines.uniqueBy!.filter((k) => k !== key) : [] };
};

/**
 * The materials that cannot be quoted: a quoted line names its material and nothing else of the
 * lines' uniqueness, so it repeats a line of that material whose other unique fields (its batch)
 * are empty too. A line of the material with a batch leaves the material free to quote again.
 */
export const quoteTaken = (quote: Quote, rows: readonly (Record<string, unknown> | undefined)[] | undefined): Set<string> => {
  if (!quote.unique) return new Set();
  return new Set(
    filledLines(rows)
      .filter((r) => typeof r[quote.key] === 'string' && r[quote.key] !== '' && quote.splitBy.every((k) => isEmptyValue(r[k])))
      .map((r) => r[quote.key] as string),
  );
};

/** The line a quoted material becomes: its code, and what picking it in a line fills (the description's `fills`, as the single picker fills it). */
export const quotedLine = (lines: LinesDef, quote: Quote, code: string, record: Record<string, unknown>): Record<string, unknown> => {
  const line: Record<string, unknown> = { [quote.key]: code };
  return { ...line, ...fillsFrom(lines.fills?.[quote.key], record, (target) => line[target]) };
};

// ------------------------------------------------------------------ the list

/** A value at a dotted key of a document ('consignor.name', 'dispatch.plateNo'). */
export const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), doc);

/** A list column: the description's (its resolved kind), and who made it and when it changed. */
export type ListColumn = Pick<ResolvedColumn, 'key' | 'kind' | 'enumValues'> & { path: string; field?: FieldDef };

/** The keys a dispatcher scans first lead (they stay in view beside the fixed actions column); the rest keep the description's order. */
const LEADING = ['billNo', 'state', 'isReview'];

export const listColumnsOf = (def: DocumentDef): ListColumn[] => {
  const own: ListColumn[] = documentListColumnsOf(def).map((c) => {
    const f = documentFieldAt(def, c.path);
    return { key: c.key, path: c.path, kind: c.key === 'isReview' ? 'enum' : c.kind, ...(c.enumValues ? { enumValues: c.enumValues } : {}), ...(f && !isGroup(f) ? { field: f } : {}) };
  });
  const core: ListColumn[] = [
    { key: 'createdByName', path: 'createdByName', kind: 'text' },
    { key: 'updatedAt', path: 'updatedAt', kind: 'datetime' },
  ].filter((c) => !own.some((o) => o.key === c.key)) as ListColumn[];
  const rank = (key: string) => (LEADING.includes(key) ? LEADING.indexOf(key) : LEADING.length);
  return [...own, ...core].sort((a, b) => rank(a.key) - rank(b.key));
};

const columnSets = new WeakMap<DocumentDef, ColumnSet>();
/** The chooser's columns of a document list: every column, all shown until the user chooses. */
export const columnSetOf = (def: DocumentDef): ColumnSet => {
  let set = columnSets.get(def);
  if (!set) {
    const keys = listColumnsOf(def).map((c) => c.key);
    columnSets.set(def, (set = { storageKey: `tpl.doc.columns.${def.name}`, options: keys, defaults: keys }));
  }
  return set;
};

export const sortableColumnsOf = (def: DocumentDef): Set<string> => new Set(documentListSortsOf(def));

export type DocumentListState = DocumentListQuery & { current: number; size: number; sort: string; order: 'asc' | 'desc' };
type QuerySchema = ReturnType<typeof documentListQuerySchemaOf>;
const schemas = new WeakMap<DocumentDef, QuerySchema>();
const schemaOf = (def: DocumentDef): QuerySchema => {
  let schema = schemas.get(def);
  if (!schema) schemas.set(def, (schema = documentListQuerySchemaOf(def)));
  return schema;
};

export const defaultListQuery = (def: DocumentDef): DocumentListState => schemaOf(def).parse({}) as DocumentListState;
export const parseListQuery = (def: DocumentDef, params: URLSearchParams): DocumentListState =>
  parseUrlQuery(schemaOf(def) as never, params, defaultListQuery(def)) as DocumentListState;
export const toListSearch = (def: DocumentDef, query: DocumentListState): URLSearchParams => toUrlSearch(query, defaultListQuery(def));

// ---- the filter form

/** A filter of the list with the field it reads (a reference picked exactly gets a picker). */
export type ListFilter = ResolvedFilter & { field?: FieldDef };
export const listFiltersOf = (def: DocumentDef): ListFilter[] =>
  documentListFiltersOf(def).map((f) => {
    const field = documentFieldAt(def, f.path);
    return field && !isGroup(field) ? { ...f, field } : f;
  });

export type FilterValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

export const filterValuesOf = (def: DocumentDef, query: DocumentListState): FilterValues => {
  const values: FilterValues = {};
  for (const f of listFiltersOf(def)) {
    if (f.match === 'range') {
      const from = query[`${f.key}From`];
      const to = query[`${f.key}To`];
      values[f.key] = from || to ? [from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null] : null;
    } else {
      const v = query[f.key];
      values[f.key] = v === undefined || v === null ? undefined : String(v);
    }
  }
  return values;
};

/** The filter form's values as list parameters: dates yyyy-MM-dd, date-times ISO over whole days. */
export const filterQueryOf = (def: DocumentDef, values: FilterValues): DocumentListQuery => {
  const query: DocumentListQuery = {};
  for (const f of listFiltersOf(def)) {
    const value = values[f.key];
    if (f.match === 'range') {
      const [from, to] = Array.isArray(value) ? value : [null, null];
      query[`${f.key}From`] = from ? (f.kind === 'datetime' ? from.startOf('day').toISOString() : from.format(DATE_FORMAT)) : undefined;
      query[`${f.key}To`] = to ? (f.kind === 'datetime' ? to.endOf('day').toISOString() : to.format(DATE_FORMAT)) : undefined;
    } else query[f.key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }
  return query;
};

// ------------------------------------------------------------------ the view

/** What the document's facts landed (a dispatch's plate, an arrival's time, who audited), those it holds now. */
export const landedOn = (def: DocumentDef, doc: KitDocument): (Landed & { value: unknown })[] =>
  documentLandings(def)
    .filter((l) => !l.field?.hidden)
    .map((l) => ({ ...l, value: valueAt(doc, l.key) }))
    .filter((l) => !isEmptyValue(l.value));

/** The machine event of a user's action (edit, remove, submitReview, or the description's own). */
export const eventOfAction = (def: DocumentDef, action: string): string =>
  action === 'edit' ? KIT_EVENTS.edit : action === 'remove' ? KIT_EVENTS.remove : action === 'submitReview' ? KIT_EVENTS.submitReview : (def.actions[action]?.event ?? action);

// ------------------------------------------------------------------ action dialogs

/** The fields of an action a person gives: what the server fills (generated) or carries unseen (hidden) is left out. */
export const actionInputsOf = (a: ActionDef): [string, FieldDef][] => Object.entries(a.fields ?? {}).filter(([, f]) => !f.generated && !f.hidden);

/** Whether pressing the action opens a dialog (it takes input) rather than running at once. */
export const takesInput = (a: ActionDef | undefined): boolean => Boolean(a && actionInputsOf(a).length);

/**
 * What an action's dialog starts from: what the action reads off the document (`initial`). Its
 * time fields start empty: left so, the server records its own now (a browser's clock minutes
 * off would date a step before the one it follows); a person picks a time only for a late entry.
 */
export const dialogStart = (a: ActionDef, doc: Record<string, unknown>): Record<string, unknown> => ({ ...(a.initial?.(doc) ?? {}) });

// ------------------------------------------------------------------ import preview (issue 30)

/** The preview's columns: the import's columns (contracts' importFieldsOf, the file's order) that any row gives. */
export const importColumnsOf = (def: DocumentDef, preview: Pick<DocumentImportPreview, 'rows'>): { key: string; field: FieldDef }[] =>
  [...importFieldsOf(def), ['remark', text(L('备注', 'Remark', '備註'))] as [string, FieldDef]]
    .filter(([key]) => preview.rows.some((r) => key in r.values))
    .map(([key, field]) => ({ key, field }));

/** A preview cell as people read it: a code with its record's name, an enumeration's label, yes / no. */
export const previewCell = (
  field: FieldDef,
  value: unknown,
  names: DocumentImportPreview['names'],
  enumLabel: (value: string) => string,
  yes: string,
  no: string,
): string => {
  if (value === undefined || value === null || value === '') return '';
  if (field.kind === 'ref' && typeof value === 'string') {
    const name = names[field.entity]?.[value];
    return name ? `${value} ${name}` : value;
  }
  if (field.kind === 'enum' && typeof value === 'string') return enumLabel(value);
  if (field.kind === 'flag') return Number(value) === 1 ? yes : Number(value) === 0 ? no : String(value);
  return Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
};
