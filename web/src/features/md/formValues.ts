import type { EntityDef, FieldDef } from '@tpl/contracts';
import type { EntityRecord, EntitySubmitBody } from '../../api/entities';
import { emptyRow } from '../../shared/widgets/RowsField';

/**
 * The form holds what the API carries (dates yyyy-MM-dd, date-times ISO, flags 0/1, references
 * as codes), so the values go to the contracts' submit schema as they are.
 */
export type FormValues = Record<string, unknown>;

/** The top-level names the form shows (where validation messages go). */
/** Password fields get a confirmation beside them (<field>2, as Saber forms send it). */
export const confirmKey = (key: string) => `${key}2`;
const confirmKeys = (def: EntityDef) => Object.entries(def.fields).filter(([, f]) => f.kind === 'password').map(([k]) => confirmKey(k));

export const formFieldsOf = (def: EntityDef): string[] => [...new Set([...Object.keys(def.fields), ...confirmKeys(def), 'remark'])];

/** The common remark column, unless the entity has a field of that name. */
export const hasOwnRemark = (def: EntityDef): boolean => 'remark' in def.fields;

export const newFormValues = (def: EntityDef, parent?: string | null): FormValues => {
  const values: FormValues = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.kind === 'flag') values[key] = 0;
    if (f.kind === 'rows') values[key] = Array.from({ length: f.minRows ?? 0 }, () => emptyRow(f));
  }
  if (def.tree && parent) values[def.tree.parentField] = parent;
  return values;
};

export const toFormValues = (def: EntityDef, record: EntityRecord): FormValues => {
  const values: FormValues = {};
  for (const [key, f] of Object.entries(def.fields)) {
    const value = record[key];
    if (f.kind === 'password') continue; // never shown; empty keeps it
    if (f.kind === 'rows') values[key] = Array.isArray(value) ? value.map((row) => ({ ...(row as object) })) : [];
    else values[key] = value ?? undefined;
  }
  if (!hasOwnRemark(def)) values.remark = record.remark ?? undefined;
  return values;
};

const present = (value: unknown) => (value === null ? undefined : value);
const cleanRow = (row: unknown) =>
  Object.fromEntries(Object.entries((row ?? {}) as Record<string, unknown>).map(([k, v]) => [k, present(v)]));

/** A password left empty while editing keeps the stored one: it is not sent. */
const keepsPassword = (f: FieldDef, value: unknown, editing: boolean) => editing && f.kind === 'password' && (value === undefined || value === null || value === '');

/** What the submit schema reads: the form's values, with id and version when editing. */
export const toSubmitInput = (def: EntityDef, values: FormValues, record?: EntityRecord): Record<string, unknown> => {
  const input: Record<string, unknown> = record ? { id: record.id, version: record.version } : {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.generated) continue;
    const value = values[key];
    if (keepsPassword(f, value, Boolean(record))) continue;
    input[key] = f.kind === 'rows' ? (Array.isArray(value) ? value.map(cleanRow) : undefined) : present(value);
    if (f.kind === 'password' && present(values[confirmKey(key)]) !== undefined) input[confirmKey(key)] = present(values[confirmKey(key)]);
  }
  if (!hasOwnRemark(def)) input.remark = present(values.remark);
  return input;
};

/** While editing, a password is not required: empty means unchanged. */
export const schemaDefFor = (def: EntityDef, editing: boolean): EntityDef =>
  editing && Object.values(def.fields).some((f) => f.kind === 'password' && f.required)
    ? { ...def, fields: Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, f.kind === 'password' ? { ...f, required: false } : f])) }
    : def;

/**
 * The body to post: the schema's parsed data (trimmed, coerced), id and version when editing,
 * and null for every field the user emptied so that the update clears it.
 */
export const toSubmitBody = (
  def: EntityDef,
  parsed: { id?: string; version?: number; data: Record<string, unknown> },
  input: Record<string, unknown>,
): EntitySubmitBody => {
  const body: EntitySubmitBody = { ...parsed.data };
  for (const key of formFieldsOf(def)) {
    if (!(key in input)) continue; // generated, or a password kept as it is
    if (body[key] === undefined) body[key] = null;
  }
  // the server checks the confirmation again
  for (const key of confirmKeys(def)) if (input[key] !== undefined) body[key] = input[key] as string;
  if (parsed.id !== undefined) body.id = parsed.id;
  if (parsed.version !== undefined) body.version = parsed.version;
  return body;
};
