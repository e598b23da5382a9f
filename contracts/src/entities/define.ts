import { perDefinition } from '../validation/per-definition';
import { z } from 'zod';
import { pageQuerySchema, sortOrderSchema } from '../api/envelope';
import { numberRule, numberSchema, type NumberKind } from '../validation/numbers';
import { mobileSchema } from '../validation/rules';
import { idCardSchema, plateSchema } from '../validation/rules';
import type { Labels } from '../i18n/labels';
import { L } from '../i18n/labels';

/**
 * One description per entity type drives everything: API validation, OpenAPI, the read
 * table's filters and sorts, list columns, forms, import columns and translations.
 * Labels travel with the field as L(zh, en, mo) so a missing translation cannot compile.
 */
export type { Labels };

type Common = {
  label: Labels;
  required?: boolean;
  /** shown as a list column (default true) */
  list?: boolean;
  /** offered as a list filter */
  filter?: boolean;
  /** the list may sort by it (default: when it is a column) */
  sortable?: boolean;
  /** read-only in forms (system-generated, the screen says so) */
  generated?: boolean;
  /** carried but never shown in forms and views (the version of a picked note, filled by the pick) */
  hidden?: boolean;
  /** not a column of a document's import: the operator's own, never in a customer's file (a line's invalid flag, the ledger account) */
  noImport?: boolean;
};

export type FieldDef =
  | (Common & {
      kind: 'text';
      max?: number;
      multiline?: boolean;
      pattern?: RegExp;
      patternKey?: string;
      /** an identifier (a translation key, a class name) shown as written, in monospace, never translated */
      verbatim?: boolean;
    })
  /** a number of a declared kind (contracts/src/validation/numbers.ts): range and scale come from it */
  | (Common & { kind: 'number'; numKind: NumberKind; min: number; max: number; scale: number; integer: boolean; positive?: boolean; default?: number })
  | (Common & { kind: 'flag' })
  | (Common & { kind: 'enum'; values: readonly string[]; valueLabels: Record<string, Labels> })
  | (Common & { kind: 'dict'; dict: string })
  | (Common & { kind: 'date' })
  | (Common & { kind: 'datetime' })
  /**
   * A record of another entity, by its code. `pick`: list parameters the console's picker adds to
   * its search, so it offers only what the field can take (areas that hold places, a customer's
   * own materials); a value `$field` is what the form holds in that field (the header's owner),
   * left out while it is empty. The server still checks what is sent. `ownedBy`: the server
   * refuses a record another cargo owner keeps (400 errors.refOtherOwner): `field` of the record
   * (a material's custCode) must be empty or equal `of`, the content's header field (its owner).
   */
  | (Common & { kind: 'ref'; entity: string; multiple?: boolean; pick?: Readonly<Record<string, string>>; ownedBy?: { field: string; of: string } })
  | (Common & { kind: 'mobile' })
  /** a car plate (spec: 7 characters ordinary, 8 new energy), stored upper-case */
  | (Common & { kind: 'plate' })
  /** a resident ID card number (18: region, birth date, check digit), stored with an upper-case X */
  | (Common & { kind: 'idCard' })
  | (Common & { kind: 'email' })
  | (Common & { kind: 'password' })
  | (Common & { kind: 'rows'; fields: Record<string, FieldDef>; minRows?: number; maxRows?: number })
  /**
   * A document of the kit (an outbound bill, a consignment note), by its bill number or its id:
   * picked from the documents in `states` (what the field can use), never typed.
   */
  | (Common & { kind: 'doc'; document: string; states?: readonly string[]; by?: 'billNo' | 'id' })
  /** A line of the document the field is on (a put-away's line, a split's material), by one of the line's fields. */
  | (Common & { kind: 'line'; key: string })
  /** A stored file, by its attachment id (uploaded from the form); `image`: a photo. */
  | (Common & { kind: 'attachment'; image?: boolean })
  /** A signature drawn on screen, stored as an image attachment (its id). */
  | (Common & { kind: 'signature' });

export type FieldKind = FieldDef['kind'];
/** A field of one kind: what each helper below returns, so a description keeps its fields' kinds (DocumentOf reads them). */
export type FieldOf<K extends FieldKind> = Extract<FieldDef, { kind: K }>;

/**
 * Whose a record is, for a cargo owner's user (a user bound to a customer, docs/DOMAIN.md "Cargo
 * owners"): which of an entity's records such a user may list, read, export and pick. An entity
 * describing none is reference data that names no customer (units, categories, areas): everyone
 * the menus and API permissions let in reads it.
 */
export type EntityOwnership =
  /**
   * The record names its customer in `field` (the customer record itself: its own code). A record
   * naming none is the operator's, hidden, unless `unowned` is 'shared' (a bin reserved for no owner).
   */
  | { by: 'customer'; field: string; unowned?: 'hidden' | 'shared' }
  /** The record names a material in `field`: it is that material's owner's (the material's custCode). */
  | { by: 'material'; field: string }
  /** The operator's own records (its administration, its carriers' prices, its drivers' identities): none to a bound user. */
  | { by: 'operator' }
  /** Listed only to whoever uploaded it; one record by its id (a document the user may see names it) to anyone. */
  | { by: 'uploader' };

export type EntityDef = {
  /** URL segment and i18n prefix: /api/<service>/<name> */
  name: string;
  service: 'bl-system' | 'bl-resource' | 'bl-basic' | 'bl-transport' | 'bl-flow' | 'bl-gate';
  title: Labels;
  fields: Record<string, FieldDef>;
  /** unique per tenant among records not removed */
  codeField?: string;
  /** what a reference picker shows beside the code */
  nameField?: string;
  /** a tree: the parent is another record of the same entity, by code */
  tree?: { parentField: string };
  /** cross-field rules; add issues with message keys */
  refine?: (data: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /** default list sort */
  defaultSort?: string;
  /** password fields that a new record must have (an update may leave them out: unchanged) */
  passwordOnCreate?: readonly string[];
  /**
   * The flag field (a `generated` flag: not the form's to set) opting a login record in to domain
   * (AD / LDAP) sign-in, set by its own action after a confirmation (`<entity>_domain_login`).
   */
  domainLogin?: string;
  /** a valid example: the import template's sample row, and what the generated tests start from */
  example?: Record<string, unknown>;
  /** managed from the platform tenant only, whoever the caller is (the tenant registry) */
  platformOnly?: boolean;
  /**
   * A lookup route beside the engine's own: `GET .../<route>?code=` answers the `rows` field
   * of the live record with that code, sorted by the rows' `sort` field (Saber's dictionary call).
   */
  lookup?: { route: string; rows: string; sort?: string };
  /** whose each record is, for a cargo owner's user (undefined: reference data naming no customer) */
  owner?: EntityOwnership;
  /**
   * List filters over what other records say of this one: `<param>=1` lists the records that at
   * least one live, valid record of `entity` names in its `field` (the areas that hold places:
   * warehouseplace.warehouseAreaCode), `0` those none names. A reference field's `pick` may ask
   * for one; the server then refuses a code that does not pass, with `refusal` (a message key
   * `errors.ref…` taking the field's label and the code).
   */
  namedBy?: Record<string, NamedByFilter>;
};

export type NamedByFilter = { entity: string; field: string; label: Labels; refusal: `errors.ref${string}` };

export const defineEntity = <const D extends EntityDef>(def: D): D => def;

/** A `refine` rule: the rows of `rowsField` may not repeat `keyField` (a dictionary's keys, an enumeration's values). */
export const uniqueInRows = (rowsField: string, keyField: string) => (d: Record<string, unknown>, ctx: z.RefinementCtx): void => {
  const seen = new Set<unknown>();
  ((d[rowsField] as Record<string, unknown>[] | undefined) ?? []).forEach((row, i) => {
    if (seen.has(row[keyField])) ctx.addIssue({ code: 'custom', path: [rowsField, i, keyField], message: 'validation.duplicateKey' });
    seen.add(row[keyField]);
  });
};

// ---- field helpers: read like the spec's field lists
export const text = (label: Labels, o: Omit<FieldOf<'text'>, 'kind' | 'label'> = {}): FieldOf<'text'> => ({ kind: 'text', label, max: 100, ...o });
/** A number of a declared kind; min and max may narrow the kind's range, never widen it. */
/** positive: more than zero (a line's quantity); default: what an empty optional value reads as (0 for a weight not given) */
export const num = (label: Labels, numKind: NumberKind, o: Omit<Common, 'label'> & { min?: number; max?: number; positive?: boolean; default?: number } = {}): FieldOf<'number'> => {
  const { min, max, positive, ...common } = o;
  const rule = numberRule(numKind, { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
  return { kind: 'number', label, numKind, min: rule.min, max: rule.max, scale: rule.scale, integer: rule.scale === 0, ...(positive ? { positive } : {}), ...common };
};
export const flag = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'flag'> => ({ kind: 'flag', label, ...o });
export const oneOf = (label: Labels, valueLabels: Record<string, Labels>, o: Omit<Common, 'label'> = {}): FieldOf<'enum'> => ({
  kind: 'enum',
  label,
  values: Object.keys(valueLabels),
  valueLabels,
  ...o,
});
export const dict = (label: Labels, code: string, o: Omit<Common, 'label'> = {}): FieldOf<'dict'> => ({ kind: 'dict', label, dict: code, ...o });
export const date = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'date'> => ({ kind: 'date', label, ...o });
export const datetime = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'datetime'> => ({ kind: 'datetime', label, ...o });
export const ref = <const O extends Omit<FieldOf<'ref'>, 'kind' | 'label' | 'entity'> = {}>(label: Labels, entity: string, o: O = {} as O): FieldOf<'ref'> & Pick<O, Extract<keyof O, 'multiple'>> => ({ kind: 'ref', label, entity, ...o });
export const mobile = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'mobile'> => ({ kind: 'mobile', label, ...o });
export const plate = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'plate'> => ({ kind: 'plate', label, ...o });
export const idCard = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'idCard'> => ({ kind: 'idCard', label, ...o });
export const email = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'email'> => ({ kind: 'email', label, ...o });
export const password = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'password'> => ({ kind: 'password', label, list: false, ...o });
export const rows = <const F extends Record<string, FieldDef>>(label: Labels, fields: F, o: Omit<FieldOf<'rows'>, 'kind' | 'label' | 'fields'> = {}): Omit<FieldOf<'rows'>, 'fields'> & { fields: F } => ({
  kind: 'rows',
  label,
  fields,
  list: false,
  ...o,
});

/** A document picked by bill number (or id), among those in `states`. */
export const docRef = (label: Labels, document: string, o: Omit<FieldOf<'doc'>, 'kind' | 'label' | 'document'> = {}): FieldOf<'doc'> => ({ kind: 'doc', label, document, ...o });
/** A line of the same document, by one of its fields (lineNumber, materialCode). */
export const lineRef = <const K extends string>(label: Labels, key: K, o: Omit<Common, 'label'> = {}): FieldOf<'line'> & { key: K } => ({ kind: 'line', label, key, ...o });
export const attachment = (label: Labels, o: Omit<FieldOf<'attachment'>, 'kind' | 'label'> = {}): FieldOf<'attachment'> => ({ kind: 'attachment', label, ...o });
export const signature = (label: Labels, o: Omit<Common, 'label'> = {}): FieldOf<'signature'> => ({ kind: 'signature', label, ...o });

/** Columns every record carries (spec 02 section 3). */
export const COMMON_COLUMNS = ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status', 'isDeleted', 'remark'] as const;

// ---- zod from the description
const optionalEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const fieldSchema = (f: FieldDef): z.ZodType => {
  const selectKey = 'validation.requiredSelect';
  let s: z.ZodType;
  switch (f.kind) {
    case 'text': {
      let t = z.string({ error: 'validation.required' }).trim().max(f.max ?? 100, { error: 'validation.tooLong' });
      if (f.required) t = t.min(1, { error: 'validation.required' });
      if (f.pattern) t = t.regex(f.pattern, { error: f.patternKey ?? 'validation.invalid' });
      s = t;
      break;
    }
    case 'number':
      // numbers arrive as numbers (JSON) or strings (forms, spreadsheets); range and scale by kind
      s = numberSchema({ kind: f.numKind, min: f.min, max: f.max, scale: f.scale, ...(f.positive ? { positive: true } : {}) });
      if (f.default !== undefined && !f.required) {
        const fallback = f.default;
        return z.preprocess((v) => (v === undefined || v === null || v === '' ? fallback : v), s);
      }
      break;
    case 'flag':
      s = z.union([z.literal(0), z.literal(1), z.literal('0').transform(() => 0), z.literal('1').transform(() => 1), z.boolean().transform((b) => (b ? 1 : 0))], {
        error: selectKey,
      });
      break;
    case 'enum':
      s = z.enum(f.values as [string, ...string[]], { error: selectKey });
      break;
    case 'dict':
      s = z.string({ error: selectKey }).trim().min(1, { error: selectKey }).max(64);
      break;
    case 'date':
      // a date is picked: missing reads "please select"
      s = z.iso.date({ error: (iss) => (iss.input === undefined ? selectKey : 'validation.date') });
      break;
    case 'datetime':
      s = z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? selectKey : 'validation.datetime') });
      break;
    case 'ref':
      // 'x-reference' (REFERENCE_META): the entity the code names, for the console's pickers and OpenAPI
      s = (
        f.multiple
          ? z.array(z.string().trim().min(1).max(64), { error: selectKey })
          : z.string({ error: selectKey }).trim().min(1, { error: selectKey }).max(64)
      ).meta({ 'x-reference': f.entity });
      break;
    case 'mobile':
      s = mobileSchema;
      break;
    case 'plate':
      s = plateSchema;
      break;
    case 'idCard':
      s = idCardSchema;
      break;
    case 'email':
      s = z.email({ error: 'validation.invalid' }).max(120);
      break;
    case 'password':
      s = z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128);
      break;
    case 'doc':
      // 'x-document': the document type the value names, for the console's pickers and OpenAPI
      s = (f.by === 'id' ? z.uuid({ error: (iss) => (iss.input === undefined ? selectKey : 'validation.invalid') }) : z.string({ error: selectKey }).trim().min(1, { error: selectKey }).max(64)).meta({
        'x-document': f.document,
      });
      break;
    case 'line':
      s =
        f.key === 'lineNumber'
          ? z.coerce.number({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? selectKey : 'validation.number') }).int({ error: 'validation.integer' }).min(1, { error: selectKey })
          : z.string({ error: selectKey }).trim().min(1, { error: selectKey }).max(64);
      break;
    case 'attachment':
    case 'signature':
      s = z.string({ error: f.kind === 'signature' ? 'validation.signatureNeeded' : 'validation.attachmentNeeded' }).trim().min(1, { error: f.kind === 'signature' ? 'validation.signatureNeeded' : 'validation.attachmentNeeded' }).max(64);
      break;
    case 'rows':
      s = z
        .array(z.object(Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, fieldSchema(sub)]))), { error: 'validation.required' })
        .min(f.minRows ?? 0, { error: 'validation.lines.empty' })
        .max(f.maxRows ?? 200);
      break;
  }
  // rows that must hold at least one row are required: left out or null is "please input", never a missing list downstream
  return f.required || (f.kind === 'rows' && (f.minRows ?? 0) > 0) ? s : optionalEmpty(s);
};

/** The record's own fields, as submitted (id and version beside them). */
const makeDataSchemaOf = (def: EntityDef) => {
  const shape = Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, fieldSchema(f)]));
  const base = z.object({ ...shape, remark: optionalEmpty(z.string().trim().max(500, { error: 'validation.tooLong' })) });
  return def.refine ? base.superRefine((d, ctx) => def.refine!(d as Record<string, unknown>, ctx)) : base;
};

const uuid = z.uuid({ error: 'validation.invalid' });
const version = z.coerce.number({ error: 'validation.number' }).int().min(1, { error: 'validation.positive' });

const makeSubmitSchemaOf = (def: EntityDef) =>
  z
    .object({ id: uuid.optional(), version: version.optional() })
    .passthrough()
    .superRefine((b, ctx) => {
      if (b.id !== undefined && b.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.required' });
    })
    .transform((b, ctx) => {
      const { id, version: v, ...rest } = b as { id?: string; version?: number } & Record<string, unknown>;
      // common columns and server-owned fields are not the caller's to set
      for (const k of ['tenantId', ...COMMON_COLUMNS.filter((c) => c !== 'remark')]) if (!(k in def.fields)) delete rest[k];
      for (const [k, f] of Object.entries(def.fields)) if (f.generated) delete rest[k];
      // a password and its confirmation (<field>2, as Saber forms send it) must match
      for (const [k, f] of Object.entries(def.fields)) {
        if (f.kind !== 'password') continue;
        const confirm = rest[`${k}2`];
        delete rest[`${k}2`];
        if (rest[k] === '' || rest[k] === null) delete rest[k];
        if (id === undefined && f.required !== false && rest[k] === undefined && def.passwordOnCreate?.includes(k)) {
          ctx.addIssue({ code: 'custom', path: [k], message: 'validation.required' });
          return z.NEVER;
        }
        if (confirm !== undefined && confirm !== rest[k]) {
          ctx.addIssue({ code: 'custom', path: [`${k}2`], message: 'validation.passwordMismatch' });
          return z.NEVER;
        }
      }
      const parsed = dataSchemaOf(def).safeParse(rest);
      if (!parsed.success) {
        // keep each issue as zod raised it (its code and bounds word the message)
        for (const issue of parsed.error.issues) ctx.addIssue({ ...(issue as object) } as never);
        return z.NEVER;
      }
      return { id, version: v, data: parsed.data as Record<string, unknown> };
    });

/** Names the list query uses itself: a field of that name cannot be a filter. */
const RESERVED_QUERY = new Set(['current', 'size', 'sort', 'order', 'keyword', 'parent']);

/** The fields a list can be filtered by: those marked filter, and the code and name. */
export const filterFields = (def: EntityDef): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([k, f]) => !RESERVED_QUERY.has(k) && f.kind !== 'rows' && f.kind !== 'password' && (f.filter ?? (k === def.codeField || k === def.nameField)));

/** Filters: text fields match by prefix, the rest exactly; dates also by range. */
const makeListQuerySchemaOf = (def: EntityDef) => {
  const filters: Record<string, z.ZodType> = {};
  for (const [k, f] of filterFields(def)) {
    if (f.kind === 'date' || f.kind === 'datetime') {
      filters[`${k}From`] = optionalEmpty(z.string().max(40));
      filters[`${k}To`] = optionalEmpty(z.string().max(40));
    } else filters[k] = optionalEmpty(z.string().trim().max(100));
  }
  for (const k of Object.keys(def.namedBy ?? {})) filters[k] = optionalEmpty(z.enum(['0', '1'], { error: 'validation.invalid' }));
  const sortable = ['updateTime', 'createTime', ...sortableFields(def)] as [string, ...string[]];
  return pageQuerySchema.extend({
    ...filters,
    /** a tree's children of one parent ('' for the top level; absent: a flat list) */
    parent: z.string().max(64).optional(),
    /** free text over code and name: the reference pickers search as you type */
    keyword: optionalEmpty(z.string().trim().max(100)),
    /**
     * exact codes, comma separated (at most a page of them): the console asks the names of the
     * codes a screen shows (a document's customer and materials) in one call per entity
     */
    codes: optionalEmpty(
      z
        .string()
        .trim()
        .max(3300, { error: 'validation.codesTooMany' })
        .refine((v) => v.split(',').filter((c) => c.trim()).length <= 50, { error: 'validation.codesTooMany' })
        .transform((v) => [...new Set(v.split(',').map((c) => c.trim()).filter(Boolean))]),
    ),
    sort: z.enum(sortable).default((def.defaultSort ?? def.codeField ?? 'updateTime') as string),
    order: sortOrderSchema.default(def.defaultSort ? 'asc' : def.codeField ? 'asc' : 'desc'),
  });
};

export const sortableFields = (def: EntityDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => f.kind !== 'rows' && f.kind !== 'password' && (f.sortable ?? f.list !== false))
    .map(([k]) => k);

export const listColumns = (def: EntityDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => f.kind !== 'rows' && f.kind !== 'password' && f.list !== false)
    .map(([k]) => k);

/** i18n resources of an entity: <name>.title, <name>.fields.<field>, enum.<name>.<field>.<value>. */
export const entityResources = (def: EntityDef, lang: 0 | 1 | 2) => {
  const fields: Record<string, string | Record<string, string>> = {};
  const enums: Record<string, Record<string, string>> = {};
  const walk = (prefix: string, fs: Record<string, FieldDef>) => {
    for (const [k, f] of Object.entries(fs)) {
      const key = prefix ? `${prefix}.${k}` : k;
      fields[key] = f.label[lang];
      if (f.kind === 'enum') enums[k] = Object.fromEntries(Object.entries(f.valueLabels).map(([v, l]) => [v, l[lang]]));
      if (f.kind === 'rows') walk(key, f.fields);
    }
  };
  walk('', def.fields);
  for (const [k, f] of Object.entries(def.namedBy ?? {})) fields[k] ??= f.label[lang];
  const common: Record<string, Labels> = {
    id: L('编号', 'ID', '編號'),
    version: L('版本', 'Version', '版本'),
    remark: L('备注', 'Remark', '備註'),
    status: L('状态', 'Status', '狀態'),
    createUser: L('创建人', 'Created by', '建立人'),
    createDept: L('创建部门', 'Created in department', '建立部門'),
    createTime: L('创建时间', 'Created at', '建立時間'),
    updateUser: L('修改人', 'Updated by', '修改人'),
    updateTime: L('修改时间', 'Updated at', '修改時間'),
    isDeleted: L('已删除', 'Deleted', '已刪除'),
    keyword: L('关键字', 'Keyword', '關鍵字'),
    parent: L('上级', 'Parent', '上級'),
    sort: L('排序', 'Sort', '排序'),
    current: L('页码', 'Page', '頁碼'),
    size: L('每页条数', 'Page size', '每頁條數'),
    ids: L('所选记录', 'Selected records', '所選記錄'),
  };
  for (const [k, l] of Object.entries(common)) fields[k] ??= l[lang];
  return { title: def.title[lang], fields, enums };
};

/** Made once per definition (validation/per-definition.ts). */
export const dataSchemaOf = perDefinition(makeDataSchemaOf);
export const submitSchemaOf = perDefinition(makeSubmitSchemaOf);
export const listQuerySchemaOf = perDefinition(makeListQuerySchemaOf);
