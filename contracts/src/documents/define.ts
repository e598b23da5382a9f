import { perDefinition, perDefinitionAnd } from '../validation/per-definition';
import { z } from 'zod';
import { pageQuerySchema, pageSchema, sortOrderSchema } from '../api/envelope';
import { fieldSchema, type FieldDef, type Labels } from '../entities/define';
import { isReviewSchema } from './is-review';
import { L } from '../i18n/labels';
import { isInvalidDocument, isInvalidLine } from './fields';

/**
 * The document kit's description: one per document type (a consignment order, an inbound
 * bill, a month bill...). Like an entity description it is the only place the document's
 * shape is written; the kit derives from it the API (list, detail, detail?version=N,
 * history, submit, remove, one POST per action), OpenAPI, authorization (button codes,
 * API permissions, data scopes), the menu and its seed, the console's screens, the events
 * and the list read model. Only the document's own decisions (guards that need data,
 * computed values, effects on other streams) are code of its own, in its context's folder.
 *
 * The lifecycle is written here as data (states and the machine events that leave them);
 * workflows/ builds the XState machine from it (`documentMachine(def)`), and that machine
 * is what the decider and the console ask.
 */

/** A header field: a field of the entity framework's kinds, or a group of them (a party: name, linkman, mobile, address). */
export type GroupField = { kind: 'group'; label: Labels; fields: Record<string, FieldDef>; required?: boolean; list?: boolean };
export type HeaderField = FieldDef | GroupField;
export const group = <const F extends Record<string, FieldDef>>(label: Labels, fields: F, o: { required?: boolean } = {}): Omit<GroupField, 'fields'> & { fields: F } => ({
  kind: 'group',
  label,
  fields,
  required: o.required ?? true,
  list: false,
});

/** The kit's own machine events: every document is edited, removed and (when it can be) reviewed through them. */
export const KIT_EVENTS = {
  edit: 'EDIT',
  remove: 'REMOVE',
  submitReview: 'SUBMIT_REVIEW',
  reviewApproved: 'REVIEW_APPROVED',
  reviewRejected: 'REVIEW_REJECTED',
} as const;

/** Named guards the lifecycle may use; workflows implements them over the machine's context. */
export const LIFECYCLE_GUARDS = ['reviewNeeded', 'noReviewNeeded'] as const;
export type LifecycleGuard = (typeof LIFECYCLE_GUARDS)[number];

export type Transition = string | { target: string; guard: LifecycleGuard };
export type StateTone = 'default' | 'processing' | 'success' | 'warning' | 'error';
export type LifecycleStateDef = {
  label: Labels;
  tone?: StateTone;
  final?: boolean;
  /** machine event -> target state */
  on?: Record<string, Transition>;
};

/**
 * Where an action's fact lands on the document as the kit folds it: its fields at the top
 * level (default) or under one key; stamped with the time and the actor of the fact.
 */
export type Landing = {
  /** nest the fact's fields under this key */
  into?: string;
  /** a fact field stored under another document key (reason -> cancelReason) */
  as?: Record<string, string>;
  /** document keys that take the fact's time / actor; a dotted key lands inside `into` */
  at?: string;
  by?: string;
};

/**
 * How far ahead of the server's clock a step's time (an action's `nowFields`: when goods were
 * received, put away, picked, shipped...) may lie and still be taken: a phone or a browser whose
 * clock runs a little ahead. Such a time is recorded as the server's now (a step never happened
 * in the future: the ledger's "as of" would show goods before they came); beyond it the step is
 * refused (400 naming the field). docs/DOMAIN.md "Effective times".
 */
export const STEP_TIME_TOLERANCE_MS = 5 * 60 * 1000;

export type ActionDef = Landing & {
  label: Labels;
  /** how the history names the fact it records; default: the state it leads to (Dispatched), else the action's label */
  factLabel?: Labels;
  /** the machine event this action sends */
  event: string;
  /** the past-tense fact it records: event type `<streamType><fact>` (Dispatched) */
  fact: string;
  /** what the user gives with it (a dialog in the console) */
  fields?: Record<string, FieldDef>;
  /** datetime fields that take the command's time when the user leaves them out */
  nowFields?: readonly string[];
  /** the console asks for confirmation first: in the kit's words, or in the sentence given (the spec's own) */
  confirm?: boolean | Labels;
  /**
   * offered in the list's toolbar too, for the one document selected (when its state allows it):
   * an action that takes no input (the spec's "receive the selected delivery note (DN) early")
   */
  list?: boolean;
  /** shown as a dangerous action (cancel, reverse) */
  danger?: boolean;
  /**
   * sent only by another document's decisions in the same transaction (a receipt recorded on
   * its booked inbound): no route, no button, never offered to a user
   */
  system?: boolean;
  /** a sentence the dialog shows above its fields (how a split works) */
  hint?: Labels;
  /** what the dialog starts from, read off the document (a split into one note of every line; every line signed in full) */
  initial?: (doc: Record<string, unknown>) => Record<string, unknown>;
  /**
   * a read the dialog offers to fill its fields from (put-away suggestions): GET
   * /api/<service>/<name>/<route>?id= answers values by the action's field names
   */
  suggest?: { route: string; label: Labels };
  /**
   * what a `line` field of the dialog picks from, read off the document (a payment to reverse),
   * when not the document's own lines; each row named by its `lineNumber` and `name`
   */
  lines?: (doc: Record<string, unknown>) => Record<string, unknown>[];
};

/**
 * A document this type is made from (each step of a chain starts from the one before it): the
 * states a source may be in, and what the new document copies from it: its header, and its lines
 * with only what is left (a receipt takes what the booking has not yet received). `label`: the
 * source's button (default: "new <title>").
 */
export type SourceDef = {
  states: readonly string[];
  /** besides its state, what a source must be (a voucher that is not itself a reversal) */
  when?: (source: Record<string, unknown>) => boolean;
  copy: (source: Record<string, unknown>) => Record<string, unknown>;
  label?: Labels;
};

/** Whether a document may be the source of a step: in one of the step's states, and what its `when` asks. */
export const canMakeFrom = (how: Pick<SourceDef, 'states' | 'when'>, source: Record<string, unknown> & { state: string }): boolean =>
  how.states.includes(source.state) && !isInvalidDocument(source) && (how.when?.(source) ?? true);

export type LinesDef = {
  /** the document key holding the lines ('lines', 'details') */
  key: string;
  label: Labels;
  fields: Record<string, FieldDef>;
  /** default 1: "details cannot be empty" */
  min?: number;
  max?: number;
  /** a second line with the same values of these fields is refused ("a material already in the details cannot be quoted again") */
  uniqueBy?: readonly string[];
  /**
   * header totals summed over the valid lines (a line flagged invalid counts in none): total key ->
   * the line field, with the decimals kept; `times`: the sum of the field x another (price x qty)
   */
  totals?: Record<string, TotalDef>;
  /** a line's reference field -> what picking it fills on the same line */
  fills?: Record<string, FillDef>;
  /** the lines come from the source document (a loading bill's notes are its dispatch's): removed, never added by hand */
  fixed?: boolean;
  /**
   * lines taken from stock (a transfer, a loss, a stock check): chosen from the stock rows of the
   * header's owner and area (place, material, batch, barcode, available quantity), never typed;
   * line field -> the stock row's field it takes
   */
  fromStock?: { set: Record<string, string> };
};

/**
 * Picking a reference in the form fills other fields from the record picked (the material's
 * name on its line, the customer's contact as the consignor): target field -> the referenced
 * record's field, or several (the first that is not empty). `ifEmpty`: only targets the user
 * left empty are filled; otherwise the pick overwrites them (they stay editable).
 */
export type FillDef = {
  set: Record<string, string | readonly string[]>;
  ifEmpty?: boolean;
  /**
   * Targets computed from the record and the row: target = the record's `field` x the row's `by`,
   * at `scale` decimals (a line's volume = the material's m³ per piece x the line's quantity);
   * left as they are while either is missing.
   */
  times?: Record<string, { field: string; by: string; scale: number }>;
};

/** A list column: a document key (dotted paths reach into groups and facts), with its own label when it is not a field's. */
export type ColumnDef = { key: string; path?: string; label?: Labels; kind?: 'text' | 'number' | 'date' | 'datetime' | 'enum' | 'flag' };
/** How a list filters by a column: text by prefix or containing, the rest exactly, dates by range. */
export type FilterDef = { key: string; path?: string; match: 'prefix' | 'contains' | 'exact' | 'range'; label?: Labels };

export type DocumentService = 'bl-transport' | 'bl-warehouse' | 'bl-billing' | 'bl-gate' | 'bl-production';

export type DocumentDef = {
  /** URL segment, i18n prefix, button-code prefix and data-scope resource: /api/<service>/<name> */
  name: string;
  service: DocumentService;
  /** stream name prefix and event type prefix: <streamType>-<tenant>-<id>, <streamType>Created */
  streamType: string;
  title: Labels;
  /** spec 02 billType, when the document type has one */
  billType?: number;
  /** the serial code (system administration) that numbers the documents; the number is never typed */
  billNo: { serialCode: string; prefix: string; serialName: Labels };
  header: Record<string, HeaderField>;
  lines?: LinesDef;
  /** a header reference field -> what picking it fills in the header (dotted targets reach into groups) */
  fills?: Record<string, FillDef>;
  /** source document type -> how a new document of this type is made from one (a header `doc` field naming that type copies it when picked) */
  sources?: Record<string, SourceDef>;
  /** cross-field rules over the content; add issues with message keys */
  refine?: (content: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  lifecycle: { initial: string; states: Record<string, LifecycleStateDef> };
  /** the user's actions besides edit and remove, each a machine event and a fact */
  actions: Record<string, ActionDef>;
  /** the document can go through review (spec 02 isReview): what an approval stamps, and a field the inbox shows beside the bill number */
  review?: { approved?: Landing; titleField?: string };
  list: {
    columns: readonly (string | ColumnDef)[];
    filters: readonly (string | FilterDef)[];
    defaultSort?: string;
    defaultOrder?: 'asc' | 'desc';
  };
  /** where the menu entry hangs (a menu code of the demo tree) and its order */
  menu: { parent: string; sort: number; icon?: string };
  /** the console's paths (spec 01 routes); view and edit take the id */
  routes: { list: string; new: string; view: string; edit: string };
  /** read models fed by this document's events besides its own list (rebuilt with it) */
  feeds?: readonly string[];
  /** a valid content: what the generated tests start from, and the sample for documentation */
  example?: Record<string, unknown>;
  /**
   * Documents of this type are imported from .xlsx where a customer sends them (issue 30): a
   * template, a preview of the rows and their errors, drafts written on confirmation, button
   * `<name>_import`. One row per line, the header's columns repeated on each; the rows with the
   * same `by` (default `sourceBillNo`, the customer's own bill number) make one document.
   */
  import?: true | { by: string };
};

/** The header field whose value groups an import's rows into documents (the customer's bill number). */
export const importKeyOf = (def: Pick<DocumentDef, 'import'>): string | undefined =>
  def.import === undefined ? undefined : def.import === true ? 'sourceBillNo' : def.import.by;

/** A header total: the sum of a line field over the valid lines (times another field: an amount). */
export type TotalDef = { of: string; label: Labels; scale?: number; times?: string };

/**
 * The kit's own total (spec 02 totalAmount): lines that carry a unit price (the common line's
 * `price`) sum price x quantity, exact, to the cent, unless the description sums an amount of
 * its own. Server-computed, read-only on screen.
 */
export const AMOUNT_TOTAL: TotalDef = { of: 'price', times: 'qty', label: L('总金额', 'Total amount', '總金額'), scale: 2 };
const withKitTotals = <const D extends DocumentDef>(def: D): D => {
  const lines = def.lines;
  if (!lines || !('price' in lines.fields) || !('qty' in lines.fields) || lines.totals?.amount) return def;
  const shown = def.list.columns.some((c) => (typeof c === 'string' ? c : c.key) === 'totalAmount');
  return {
    ...def,
    lines: { ...lines, totals: { ...(lines.totals ?? {}), amount: AMOUNT_TOTAL } },
    // the list (and its export) shows it: spec 02 totalAmount
    list: shown ? def.list : { ...def.list, columns: [...def.list.columns, { key: 'totalAmount', path: 'totals.amount', label: AMOUNT_TOTAL.label, kind: 'number' }] },
  };
};

export const defineDocument = <const D extends DocumentDef>(def: D): D => {
  const full = withKitTotals(def);
  assertWellFormed(full);
  return full;
};

// ------------------------------------------------------------------ vocabulary

/** Button codes: `<name>_add`, `_edit`, `_delete`, `_export`, `_print`, `_submit_review`, `_import` (a type imported from .xlsx) and one per action (snake case). */
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const documentButtons = (def: DocumentDef): Record<string, string> => {
  const b: Record<string, string> = {
    add: `${def.name}_add`,
    edit: `${def.name}_edit`,
    remove: `${def.name}_delete`,
    export: `${def.name}_export`,
    print: `${def.name}_print`,
  };
  if (def.review) b.submitReview = `${def.name}_submit_review`;
  if (def.import) b.import = `${def.name}_import`;
  for (const [a, d] of Object.entries(def.actions)) if (!d.system) b[a] = `${def.name}_${snake(a)}`;
  return b;
};

/** The kit's actions every document has, as the console and the API name them. */
export const KIT_ACTIONS = ['edit', 'remove', 'submitReview'] as const;
export type KitAction = (typeof KIT_ACTIONS)[number];

/** The action name of each machine event (kit events included). */
export const actionOfEvent = (def: DocumentDef): Record<string, string> => {
  const out: Record<string, string> = { [KIT_EVENTS.edit]: 'edit', [KIT_EVENTS.remove]: 'remove' };
  if (def.review) {
    out[KIT_EVENTS.submitReview] = 'submitReview';
    out[KIT_EVENTS.reviewApproved] = 'reviewApproved';
    out[KIT_EVENTS.reviewRejected] = 'reviewRejected';
  }
  for (const [name, a] of Object.entries(def.actions)) out[a.event] = name;
  return out;
};

/** Event types of a document: `<streamType><Fact>`. */
export const eventTypeOf = (def: DocumentDef, fact: string) => `${def.streamType}${fact}`;
export const KIT_FACTS = {
  created: 'Created',
  changed: 'Changed',
  removed: 'Removed',
  submittedForReview: 'SubmittedForReview',
  reviewed: 'Reviewed',
  reviewRejected: 'ReviewRejected',
  /** a data repair: values put back into range by the system, the originals kept in the event */
  repaired: 'Repaired',
} as const;

export const stateNames = (def: DocumentDef): string[] => Object.keys(def.lifecycle.states);

// ------------------------------------------------------------------ schemas derived from the description

const optionalEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const headerFieldSchema = (f: HeaderField): z.ZodType => {
  if (f.kind !== 'group') return fieldSchema(f);
  const inner = z.object(Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, fieldSchema(sub)])), { error: 'validation.required' });
  return f.required === false ? optionalEmpty(inner) : inner;
};

const linesSchemaOf = (lines: LinesDef) =>
  z
    .array(z.object(Object.fromEntries(Object.entries(lines.fields).map(([k, f]) => [k, fieldSchema(f)]))), { error: 'validation.lines.empty' })
    .min(lines.min ?? 1, { error: 'validation.lines.empty' })
    .max(lines.max ?? 500, { error: 'validation.lines.tooMany' })
    .superRefine((rows, ctx) => {
      // lines all flagged invalid are no lines: "details cannot be empty"
      if ((lines.min ?? 1) > 0 && rows.length > 0 && rows.every((r) => isInvalidLine(r as Record<string, unknown>))) {
        ctx.addIssue({ code: 'custom', path: [], message: 'validation.lines.empty' });
      }
      if (!lines.uniqueBy?.length) return;
      const seen = new Map<string, number>();
      rows.forEach((row, i) => {
        const key = JSON.stringify(lines.uniqueBy!.map((k) => (row as Record<string, unknown>)[k] ?? null));
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [i, lines.uniqueBy![0]!], message: 'validation.lines.duplicate' });
        } else seen.set(key, i);
      });
    });

/** The content's fields, each with its schema. */
export const documentContentShapeOf = (def: DocumentDef): Record<string, z.ZodType> => {
  const shape: Record<string, z.ZodType> = Object.fromEntries(Object.entries(def.header).map(([k, f]) => [k, headerFieldSchema(f)]));
  shape.remark ??= optionalEmpty(z.string().trim().max(500, { error: 'validation.tooLong' }));
  if (def.lines) shape[def.lines.key] = linesSchemaOf(def.lines);
  return shape;
};

/** The content a user fills in (header fields, the lines, remark): what Created and Changed carry. */
const makeDocumentContentSchemaOf = (def: DocumentDef) => {
  const base = z.object(documentContentShapeOf(def));
  return def.refine ? base.superRefine((c, ctx) => def.refine!(c as Record<string, unknown>, ctx)) : base;
};
export type DocumentContent = Record<string, unknown>;

const idSchema = z.uuid({ error: 'validation.invalid' });
const versionSchema = z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' });

/** Identifies a document and the version the user saw: every command on an existing document carries both. */
export const documentTargetSchema = z.object({ id: idSchema, version: versionSchema });

/**
 * POST submit: the form's fields flat, as Saber forms post them. Without id it creates a
 * draft; with id it changes that draft and must carry the version the user saw.
 */
const makeDocumentSubmitSchemaOf = (def: DocumentDef) => {
  const content = documentContentSchemaOf(def);
  return z
    .object({ id: idSchema.optional(), version: versionSchema.optional() }, { error: 'validation.body' })
    .passthrough()
    .superRefine((b, ctx) => {
      if (b.id !== undefined && b.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.required' });
    })
    .transform((b, ctx) => {
      const { id, version, ...rest } = b as { id?: string; version?: number } & Record<string, unknown>;
      // what the server owns is never the caller's to set
      for (const k of ['tenantId', 'billNo', 'state', 'isReview', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'totals'])
        if (!(k in def.header)) delete rest[k];
      const parsed = content.safeParse(rest);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...(issue as object) } as never);
        return z.NEVER;
      }
      return { id, version, content: parsed.data as DocumentContent };
    });
};

/** The submit body as a caller writes it (what OpenAPI shows; documentSubmitSchemaOf validates it). */
const makeDocumentSubmitInputSchemaOf = (def: DocumentDef) =>
  z.object({ id: idSchema.optional(), version: versionSchema.optional(), ...documentContentShapeOf(def) });

/** The body of one action: the target and the action's own fields. */
const makeDocumentActionSchemaOf = (def: DocumentDef, action: string) => {
  const a = def.actions[action];
  if (!a) throw new Error(`${def.name} has no action ${action}`);
  const fields = Object.fromEntries(
    Object.entries(a.fields ?? {}).map(([k, f]) => [k, a.nowFields?.includes(k) ? optionalEmpty(fieldSchema({ ...f, required: true })) : fieldSchema(f)]),
  );
  return documentTargetSchema.extend(fields);
};

export const removeQuerySchema = z.object({
  ids: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(idSchema).min(1, { error: 'validation.required' }).max(200)),
});
export const detailQuerySchema = z.object({ id: idSchema, version: versionSchema.optional() });
export const historyQuerySchema = z.object({ id: idSchema });

/** Who acted; deptId is the department the user belonged to then (data scopes read it). */
export const actorSchema = z.object({ userId: z.string(), account: z.string(), name: z.string(), deptId: z.string().optional() });
export type Actor = z.infer<typeof actorSchema>;

export const historyEntrySchema = z.object({
  type: z.string(),
  version: z.number().int(),
  actor: actorSchema,
  time: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  globalPosition: z.string(),
  data: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const totalsShapeOf = (def: DocumentDef) => Object.fromEntries(Object.keys(def.lines?.totals ?? {}).map((k) => [k, z.number()]));

/** The document as the kit folds it and the detail call returns it. */
const makeDocumentSchemaOf = (def: DocumentDef) =>
  documentContentSchemaOf(def)
    .and(
      z.object({
        id: z.string(),
        tenantId: z.string(),
        billNo: z.string(),
        ...(def.billType !== undefined ? { billType: z.literal(def.billType) } : {}),
        state: z.enum(stateNames(def) as [string, ...string[]]),
        version: z.number().int(),
        isReview: isReviewSchema,
        totals: z.object(totalsShapeOf(def)),
        reviewInstanceId: z.string().optional(),
        reviewedBy: actorSchema.optional(),
        reviewComment: z.string().optional(),
        createdBy: actorSchema,
        createdAt: z.string(),
        updatedBy: actorSchema,
        updatedAt: z.string(),
        removed: z.boolean(),
      }),
    )
    .and(z.record(z.string(), z.unknown()));
/**
 * A field's value as the API carries it, at the type level: numbers and flags are numbers,
 * a multiple reference codes, a line by its number a number, the rest text; a group an object of
 * its fields, rows a list of them. Field helpers return their kind (FieldOf), so a description's
 * fields keep theirs and a document's values are typed as described.
 */
export type FieldValueOf<F> = F extends { kind: 'group'; fields: infer G }
  ? { [K in keyof G]: FieldValueOf<G[K]> }
  : F extends { kind: 'number' | 'flag' } | { kind: 'line'; key: 'lineNumber' }
    ? number
    : F extends { kind: 'ref'; multiple: true }
      ? string[]
      : F extends { kind: 'rows'; fields: infer R }
        ? string extends keyof R
          ? Record<string, unknown>[]
          : { [K in keyof R]: FieldValueOf<R[K]> }[]
        : string;

/** The content of a document type (header, remark, lines), read off its description. */
export type DocumentContentOf<D extends DocumentDef> = { [K in keyof D['header']]: FieldValueOf<D['header'][K]> } & { remark?: string } & (D['lines'] extends LinesDef
    ? { [K in D['lines']['key']]: { [F in keyof D['lines']['fields']]: FieldValueOf<D['lines']['fields'][F]> }[] }
    : unknown);

export type KitDocument = {
  id: string;
  tenantId: string;
  billNo: string;
  billType?: number;
  state: string;
  version: number;
  isReview: 0 | 1 | 2;
  totals: Record<string, number>;
  reviewInstanceId?: string;
  reviewedBy?: Actor;
  reviewComment?: string;
  createdBy: Actor;
  createdAt: string;
  updatedBy: Actor;
  updatedAt: string;
  removed: boolean;
  [key: string]: unknown;
};

/** The values of a set of fields, each optional (what a user may leave out), or any record when the fields are not known one by one. */
type FieldValuesOf<F> = F extends Record<string, unknown> ? (string extends keyof F ? Record<string, unknown> : { [K in keyof F]?: FieldValueOf<F[K]> }) : Record<string, never>;
type FieldsOfAction<A> = A extends { fields?: infer F } ? FieldValuesOf<NonNullable<F>> : Record<string, never>;

/** What the user gives with an action of a document type (`putAway`: its placements...), read off its description. */
export type ActionFieldsOf<D extends DocumentDef, A extends keyof D['actions']> = FieldsOfAction<D['actions'][A]>;

type Literal<S> = S extends string ? (string extends S ? never : S) : never;
/** a landing key at the top level of the document (a dotted one lands inside `into`) */
type TopKey<S> = Literal<S> extends `${string}.${string}` ? never : Literal<S>;
type Stamp<S, V> = [TopKey<S>] extends [never] ? unknown : { [K in TopKey<S>]?: V };
type RenamesOf<A> = A extends { as?: infer M } ? (string extends keyof NonNullable<M> ? unknown : NonNullable<M>) : unknown;
type LandedFieldsOf<A> = {
  [K in keyof FieldsOfAction<A> as K extends keyof RenamesOf<A> ? (RenamesOf<A>[K] extends string ? RenamesOf<A>[K] : K) : K]?: FieldsOfAction<A>[K];
};
/** Where one action's fact lands (Landing): its fields at the top level, renamed, or under `into`; its time and actor stamps. */
type LandedByAction<A> = (A extends { into: infer I }
  ? [Literal<I>] extends [never]
    ? unknown
    : { [K in Literal<I>]?: FieldsOfAction<A> & { [key: string]: unknown } }
  : string extends keyof FieldsOfAction<A>
    ? unknown
    : LandedFieldsOf<A>) &
  (A extends { at: infer T } ? Stamp<T, string> : unknown) &
  (A extends { by: infer B } ? Stamp<B, Actor> : unknown);
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** What a document type's actions (and its approval) land on the document, each optional: present once the fact is recorded. */
export type LandedOf<D extends DocumentDef> = Intersection<{ [A in keyof D['actions']]: LandedByAction<D['actions'][A]> }[keyof D['actions']]> &
  (D['review'] extends { approved: infer L } ? LandedByAction<L> : unknown);

/**
 * A document of a type as the kit folds it and the detail call returns it: the kit's keys, the
 * type's content and what its actions landed. Decisions are written against it
 * (DocumentDecisions<F, typeof def>), so `doc.customerCode` is the field as described.
 */
export type DocumentOf<D extends DocumentDef> = KitDocument & DocumentContentOf<D> & LandedOf<D>;

// ------------------------------------------------------------------ the list

/** The field at a document key: a header field, a group's field (`consignor.name`), a fact's field (`dispatch.plateNo`, `signer`). */
export const documentFieldAt = (def: DocumentDef, path: string): FieldDef | GroupField | undefined => {
  const [head, ...rest] = path.split('.');
  let f: HeaderField | FieldDef | undefined = def.header[head!];
  if (!f) {
    // a fact's field: <into>.<field> or a top-level landed field
    for (const a of Object.values(def.actions)) {
      if (a.into === head && rest.length === 1) return a.fields?.[rest[0]!];
      if (!a.into && !rest.length && a.fields?.[head!]) return a.fields[head!];
    }
    return undefined;
  }
  for (const p of rest) f = f && (f.kind === 'group' || f.kind === 'rows') ? (f.fields as Record<string, FieldDef>)[p] : undefined;
  return f;
};

/** Columns every document list has, before and after its own. */
const CORE_COLUMNS = ['billNo', 'billDate', 'state', 'isReview', 'version', 'createdByName', 'updatedAt'] as const;

export type ResolvedColumn = { key: string; path: string; kind: NonNullable<ColumnDef['kind']>; label?: Labels; enumValues?: readonly string[] };

const kindOf = (f: FieldDef | GroupField | undefined): ResolvedColumn['kind'] => {
  switch (f?.kind) {
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'enum':
      return 'enum';
    case 'flag':
      return 'flag';
    default:
      return 'text';
  }
};

/** The document's list columns, resolved: key in the list row, path in the folded document, kind. Made once per description (every write of a list row asks). */
export const documentListColumnsOf = perDefinition((def: DocumentDef): readonly ResolvedColumn[] => {
  const own = def.list.columns.map((c) => (typeof c === 'string' ? { key: c } : c) as ColumnDef);
  const totals = Object.keys(def.lines?.totals ?? {});
  const cols: ResolvedColumn[] = [];
  for (const c of own) {
    const path = c.path ?? c.key;
    const total = path.startsWith('totals.') && totals.includes(path.slice(7));
    const f = documentFieldAt(def, path);
    const kind = c.kind ?? (total ? 'number' : path === 'billDate' ? 'date' : kindOf(f));
    cols.push({ key: c.key, path, kind, ...(c.label ? { label: c.label } : {}), ...(f && f.kind === 'enum' ? { enumValues: f.values } : {}) });
  }
  return cols;
});

/** Every key of a list row: the core columns and the document's own. */
export const documentListRowKeysOf = (def: DocumentDef): string[] => [...new Set(['id', ...CORE_COLUMNS, ...documentListColumnsOf(def).map((c) => c.key)])];

const makeDocumentListRowSchemaOf = (def: DocumentDef) => {
  const own: Record<string, z.ZodType> = {};
  for (const c of documentListColumnsOf(def)) {
    own[c.key] = c.kind === 'number' ? z.number().nullable() : c.kind === 'flag' ? z.number().nullable() : z.string().nullable();
  }
  return z.object({
    ...own,
    id: z.string(),
    billNo: z.string(),
    billDate: z.string().nullable(),
    state: z.enum(stateNames(def) as [string, ...string[]]),
    isReview: isReviewSchema,
    version: z.number().int(),
    createdByName: z.string(),
    updatedAt: z.string(),
  });
};

/** The keys of a document type's own list columns. */
type ColumnKeysOf<D extends DocumentDef> = D['list']['columns'][number] extends infer C ? (C extends string ? C : C extends { key: infer K extends string } ? K : never) : never;
/** A list row of a document type: the columns every list has and the type's own. */
export type DocumentListRowOf<D extends DocumentDef> = z.infer<ReturnType<typeof documentListRowSchemaOf>> & {
  [K in Exclude<ColumnKeysOf<D>, 'billNo' | 'billDate' | 'state' | 'isReview'>]: string | number | null;
};

export type ResolvedFilter = { key: string; path: string; match: FilterDef['match']; kind: ResolvedColumn['kind']; enumValues?: readonly string[] };
/** The document's list filters, resolved; made once per description. */
export const documentListFiltersOf = perDefinition((def: DocumentDef): readonly ResolvedFilter[] =>
  def.list.filters.map((x) => {
    const f = typeof x === 'string' ? ({ key: x } as Partial<FilterDef> & { key: string }) : x;
    const path = f.path ?? f.key;
    const field = documentFieldAt(def, path);
    const kind = path === 'billDate' ? 'date' : path === 'state' ? 'enum' : kindOf(field);
    const match = f.match ?? (kind === 'date' || kind === 'datetime' ? 'range' : kind === 'text' ? 'prefix' : 'exact');
    const enumValues = path === 'state' ? stateNames(def) : field && field.kind === 'enum' ? field.values : undefined;
    return { key: f.key, path, match, kind, ...(enumValues ? { enumValues } : {}) };
  }),
);

export const documentListSortsOf = (def: DocumentDef): string[] => ['billNo', 'billDate', 'state', 'updatedAt', ...documentListColumnsOf(def).map((c) => c.key).filter((k) => !['billNo', 'billDate', 'state', 'updatedAt'].includes(k))];

const makeDocumentListQuerySchemaOf = (def: DocumentDef) => {
  const filters: Record<string, z.ZodType> = {};
  for (const f of documentListFiltersOf(def)) {
    if (f.match === 'range') {
      filters[`${f.key}From`] = optionalEmpty(f.kind === 'date' ? z.iso.date({ error: 'validation.date' }) : z.iso.datetime({ offset: true, error: 'validation.datetime' }));
      filters[`${f.key}To`] = optionalEmpty(f.kind === 'date' ? z.iso.date({ error: 'validation.date' }) : z.iso.datetime({ offset: true, error: 'validation.datetime' }));
    } else if (f.path === 'state') {
      // one state, or several comma separated (a picker offers the documents an action can use: Audited,Receiving)
      const one = z.enum(f.enumValues as [string, ...string[]], { error: 'validation.invalid' });
      filters[f.key] = optionalEmpty(
        z
          .string()
          .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
          .pipe(z.array(one).min(1, { error: 'validation.invalid' }).max(20))
          .transform((states) => (states.length === 1 ? states[0]! : states)),
      );
    } else if (f.enumValues) filters[f.key] = optionalEmpty(z.enum(f.enumValues as [string, ...string[]], { error: 'validation.invalid' }));
    else filters[f.key] = optionalEmpty(z.string().trim().max(100, { error: 'validation.tooLong' }));
  }
  const sorts = documentListSortsOf(def) as [string, ...string[]];
  return pageQuerySchema
    .extend({
      ...filters,
      sort: z.enum(sorts, { error: 'validation.invalid' }).default(def.list.defaultSort ?? 'billNo'),
      order: sortOrderSchema.default(def.list.defaultOrder ?? 'desc'),
    })
    .superRefine((q, ctx) => {
      for (const f of documentListFiltersOf(def)) {
        if (f.match !== 'range') continue;
        const from = (q as Record<string, unknown>)[`${f.key}From`];
        const to = (q as Record<string, unknown>)[`${f.key}To`];
        if (typeof from === 'string' && typeof to === 'string' && from > to) ctx.addIssue({ code: 'custom', path: [`${f.key}From`], message: 'validation.dateRange' });
      }
    });
};

const makeDocumentListPageSchemaOf = (def: DocumentDef) => pageSchema(documentListRowSchemaOf(def));

export const commandResultSchema = z.object({ id: z.string(), billNo: z.string(), version: z.number().int(), state: z.string() });
export type CommandResult = z.infer<typeof commandResultSchema>;

// ------------------------------------------------------------------ checks of the description itself

/** A description that cannot work fails when it is defined (at import), not when a user meets it. */
const assertWellFormed = (def: DocumentDef) => {
  const states = def.lifecycle.states;
  const problem = (m: string) => {
    throw new Error(`document ${def.name}: ${m}`);
  };
  if (!states[def.lifecycle.initial]) problem(`initial state ${def.lifecycle.initial} is not a state`);
  const events = new Set<string>();
  for (const [name, s] of Object.entries(states)) {
    for (const [event, t] of Object.entries(s.on ?? {})) {
      events.add(event);
      const target = typeof t === 'string' ? t : t.target;
      if (!states[target]) problem(`${name} --${event}--> ${target}: no such state`);
    }
  }
  const known = new Set<string>([KIT_EVENTS.edit, KIT_EVENTS.remove, ...Object.values(def.actions).map((a) => a.event)]);
  if (def.review) [KIT_EVENTS.submitReview, KIT_EVENTS.reviewApproved, KIT_EVENTS.reviewRejected].forEach((e) => known.add(e));
  for (const e of events) if (!known.has(e)) problem(`the lifecycle uses ${e}, which no action sends`);
  for (const [name, a] of Object.entries(def.actions)) if (!events.has(a.event)) problem(`action ${name} sends ${a.event}, which no state accepts`);
  for (const [k] of Object.entries(def.lines?.totals ?? {})) if (!def.lines!.fields[def.lines!.totals![k]!.of]) problem(`total ${k} sums an unknown line field`);
  const headerField = (path: string): FieldDef | undefined => {
    const [head, sub] = path.split('.');
    const f = def.header[head!];
    return f?.kind === 'group' ? (sub ? f.fields[sub] : undefined) : sub ? undefined : f;
  };
  for (const [source, fill] of Object.entries(def.fills ?? {})) {
    const kind = headerField(source)?.kind;
    if (kind !== 'ref' && kind !== 'doc') problem(`fills: ${source} is not a reference field of the header`);
    for (const target of Object.keys(fill.set)) if (!headerField(target)) problem(`fills: ${source} fills ${target}, which is not a header field`);
  }
  for (const [source, fill] of Object.entries(def.lines?.fills ?? {})) {
    const kind = def.lines!.fields[source]?.kind;
    if (kind !== 'ref' && kind !== 'doc') problem(`lines.fills: ${source} is not a reference field of the lines`);
    for (const target of Object.keys(fill.set)) if (!def.lines!.fields[target]) problem(`lines.fills: ${source} fills ${target}, which is not a line field`);
    for (const [target, t] of Object.entries(fill.times ?? {})) {
      if (!def.lines!.fields[target] || !def.lines!.fields[t.by]) problem(`lines.fills: ${source} computes ${target} from ${t.by}, which are not both line fields`);
    }
  }
};

/**
 * The menu groups documents hang under (spec 01 section 2 route groups), created with the
 * first document that names one: code -> label and order in the menu.
 */
export const DOCUMENT_MENU_GROUPS: Record<string, { label: Labels; sort: number; path: string }> = {
  transport: { label: L('运输管理', 'Transport', '運輸管理'), sort: 1, path: '/transport' },
  warehousingManagement: { label: L('入库管理', 'Inbound', '入庫管理'), sort: 3, path: '/warehousingManagement' },
  outWarehouseManagement: { label: L('出库管理', 'Outbound', '出庫管理'), sort: 4, path: '/outWarehouseManagement' },
  loadHandle: { label: L('装车管理', 'Loading', '裝車管理'), sort: 5, path: '/loadHandle' },
  inWarehouseManagement: { label: L('库内管理', 'In the warehouse', '庫內管理'), sort: 6, path: '/inWarehouseManagement' },
  secondaryProcessing: { label: L('二次加工', 'Secondary processing', '二次加工'), sort: 7, path: '/secondaryProcessing' },
  otherBill: { label: L('其他单据', 'Other documents', '其他單據'), sort: 7, path: '/otherBill' },
  voucher: { label: L('凭证管理', 'Vouchers', '憑證管理'), sort: 7, path: '/voucher' },
  reportManagement: { label: L('报表管理', 'Reports', '報表管理'), sort: 8, path: '/reportManagement' },
  acct: { label: L('费用结算', 'Billing', '費用結算'), sort: 9, path: '/acct' },
  appointmentManagement: { label: L('门岗预约', 'Appointments', '門崗預約'), sort: 10, path: '/appointment' },
};

/** Made once per definition (validation/per-definition.ts). */
export const documentContentSchemaOf = perDefinition(makeDocumentContentSchemaOf);
export const documentSubmitSchemaOf = perDefinition(makeDocumentSubmitSchemaOf);
export const documentSubmitInputSchemaOf = perDefinition(makeDocumentSubmitInputSchemaOf);
export const documentActionSchemaOf = perDefinitionAnd(makeDocumentActionSchemaOf);
export const documentSchemaOf = perDefinition(makeDocumentSchemaOf);
export const documentListRowSchemaOf = perDefinition(makeDocumentListRowSchemaOf);
export const documentListQuerySchemaOf = perDefinition(makeDocumentListQuerySchemaOf);
export const documentListPageSchemaOf = perDefinition(makeDocumentListPageSchemaOf);
