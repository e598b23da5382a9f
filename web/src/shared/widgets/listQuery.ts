import dayjs, { type Dayjs } from 'dayjs';
import { filterFields, listColumns, listQuerySchemaOf, sortableFields, type EntityDef, type FieldDef } from '@tpl/contracts';
import type { EntityListQuery, EntityRecord } from '../../api/entities';
import { DATE_FORMAT } from '../format';
import { parseUrlQuery, toUrlSearch } from '../urlQuery';
import type { ColumnSet } from './ColumnChooser';

/**
 * The list's page, sort, keyword and filters live in the URL; the contracts' list query
 * schema of the entity (the one the server validates with) reads them back.
 */
export type MdListQuery = EntityListQuery & { current: number; size: number; sort: string; order: 'asc' | 'desc' };

type QuerySchema = ReturnType<typeof listQuerySchemaOf>;
const schemas = new WeakMap<EntityDef, QuerySchema>();
const schemaOf = (def: EntityDef): QuerySchema => {
  let schema = schemas.get(def);
  if (!schema) {
    schema = listQuerySchemaOf(def);
    schemas.set(def, schema);
  }
  return schema;
};

/** The fields the list filters by (the contracts' rule: marked filter, and the code and name). */
export const filterFieldsOf = (def: EntityDef): [string, FieldDef][] => filterFields(def);

/** Parameters the list page does not keep in its URL (a tree's level is the tree's own state). */
const NOT_IN_URL = new Set(['parent']);

export const defaultListQuery = (def: EntityDef): MdListQuery => schemaOf(def).parse({}) as MdListQuery;

/** URL parameters to a valid query; a parameter the schema refuses is dropped, not fatal. */
export const parseListQuery = (def: EntityDef, params: URLSearchParams): MdListQuery =>
  parseUrlQuery(schemaOf(def) as never, params, defaultListQuery(def), NOT_IN_URL) as MdListQuery;

/** A query to URL parameters, leaving out what equals the default. */
export const toListSearch = (def: EntityDef, query: MdListQuery): URLSearchParams => toUrlSearch(query, defaultListQuery(def), NOT_IN_URL);

/** The query without page, sort and order: what narrows the list. */
export const hasFilters = (def: EntityDef, query: MdListQuery): boolean =>
  Boolean(query.keyword) ||
  filterFieldsOf(def).some(([key]) => [query[key], query[`${key}From`], query[`${key}To`]].some((v) => v !== undefined && v !== ''));

// ---- the filter form

export type FilterValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

const isRange = (f: FieldDef) => f.kind === 'date' || f.kind === 'datetime';

export const filtersOf = (def: EntityDef, query: MdListQuery): FilterValues => {
  const values: FilterValues = { keyword: typeof query.keyword === 'string' ? query.keyword : undefined };
  for (const [key, f] of filterFieldsOf(def)) {
    if (isRange(f)) {
      const from = query[`${key}From`];
      const to = query[`${key}To`];
      values[key] = from || to ? [from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null] : null;
    } else {
      const value = query[key];
      values[key] = value === undefined || value === null ? undefined : String(value);
    }
  }
  return values;
};

/** The filter form's values as list parameters: dates yyyy-MM-dd, date-times ISO over whole days. */
export const filterQueryOf = (def: EntityDef, values: FilterValues): EntityListQuery => {
  const query: EntityListQuery = {};
  const keyword = values.keyword;
  query.keyword = typeof keyword === 'string' && keyword.trim() ? keyword.trim() : undefined;
  for (const [key, f] of filterFieldsOf(def)) {
    const value = values[key];
    if (isRange(f)) {
      const [from, to] = Array.isArray(value) ? value : [null, null];
      query[`${key}From`] = from ? (f.kind === 'date' ? from.format(DATE_FORMAT) : from.startOf('day').toISOString()) : undefined;
      query[`${key}To`] = to ? (f.kind === 'date' ? to.format(DATE_FORMAT) : to.endOf('day').toISOString()) : undefined;
    } else {
      query[key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    }
  }
  return query;
};

/** Everything but paging: the parameters an export repeats. */
export const exportQueryOf = (query: MdListQuery): EntityListQuery => {
  const { current: _current, size: _size, ...rest } = query;
  return rest;
};

// ---- columns

/** Common columns the list can show beside the entity's own fields. */
export const COMMON_COLUMNS = ['createUser', 'createTime', 'updateUser', 'updateTime', 'remark'] as const;
const DATE_TIME_COLUMNS = new Set<string>(['createTime', 'updateTime']);
export const isCommonDateTime = (key: string) => DATE_TIME_COLUMNS.has(key);

/** Every column the chooser offers, in display order. */
export const columnOptionsOf = (def: EntityDef): string[] => [
  ...Object.entries(def.fields)
    .filter(([, f]) => f.kind !== 'rows' && f.kind !== 'password')
    .map(([key]) => key),
  ...COMMON_COLUMNS.filter((key) => !(key in def.fields)),
];

export const defaultColumnsOf = (def: EntityDef): string[] => listColumns(def);

const columnSets = new WeakMap<EntityDef, ColumnSet>();
/** The chooser's columns of an entity list, remembered per entity type. */
export const columnSetOf = (def: EntityDef): ColumnSet => {
  let set = columnSets.get(def);
  if (!set) columnSets.set(def, (set = { storageKey: `tpl.md.columns.${def.name}`, options: columnOptionsOf(def), defaults: defaultColumnsOf(def) }));
  return set;
};

/** The sort parameter's values, as the list query schema allows them. */
export const sortableColumnsOf = (def: EntityDef): Set<string> => new Set(['createTime', 'updateTime', ...sortableFields(def)]);

/** What a row's test id carries: its code when the entity has one, else its id. */
export const recordKey = (def: EntityDef, record: EntityRecord): string => {
  const code = def.codeField ? record[def.codeField] : undefined;
  return typeof code === 'string' && code !== '' ? code : record.id;
};

/** A ref field's value as the referenced record's code (what `parent=` and pickers use). */
/** What a person calls a record: its code, else its name; never its id (undefined when it has neither). */
export const recordSubject = (def: EntityDef, record: EntityRecord): string | undefined => {
  for (const key of [def.codeField, def.nameField]) {
    const v = key ? record[key] : undefined;
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
};

export const codeOf = (def: EntityDef, record: EntityRecord): string => {
  const code = def.codeField ? record[def.codeField] : undefined;
  return typeof code === 'string' && code !== '' ? code : record.id;
};
