import { documentByName, documentLandings, leaveSchema, type DocumentDef, type FieldDef } from '@tpl/contracts';
import { checkCondition } from '@tpl/workflows';

/**
 * The condition editor of a sequence flow: rows of "field operator value" over the fields
 * of the document type the process reviews, all joined by "and" or by "or", written as the
 * jexl expression the engine evaluates (workflows/src/bpmn/condition.ts). An expression
 * the rows cannot say (typed by hand) stays editable as text.
 */
export type FieldKind = 'string' | 'number' | 'boolean' | 'enum';
export type ConditionField = { path: string; kind: FieldKind; options?: (string | number)[] };
export const operators = ['==', '!=', '>', '>=', '<', '<=', 'in'] as const;
export type Operator = (typeof operators)[number];
export type ConditionRow = { field: string; op: Operator; value: string };
export type Joiner = 'and' | 'or';
export type ConditionModel = { joiner: Joiner; rows: ConditionRow[] };

/** The detail answer of each reviewable document outside the document kit: what the process variables hold. */
const documentSchemas: Record<string, unknown> = { leave: leaveSchema };

/** Fields that say nothing about the business (ids, bookkeeping) are not offered. */
const HIDDEN = new Set(['id', 'tenantId', 'version', 'instanceId', 'reviewInstanceId', 'createdAt', 'updatedAt', 'approvedAt', 'rejectComment', 'reviewComment']);

type ZodDef = { type: string; shape?: Record<string, { _zod: { def: ZodDef } }>; innerType?: { _zod: { def: ZodDef } }; in?: { _zod: { def: ZodDef } }; entries?: Record<string, string>; values?: unknown[]; options?: { _zod: { def: ZodDef } }[] };
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/** optional / nullable / default / pipe wrappers do not change what a field holds */
const unwrap = (def: ZodDef): ZodDef => {
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault' || def.type === 'readonly') && def.innerType) return unwrap(def.innerType._zod.def);
  if (def.type === 'pipe' && def.in) return unwrap(def.in._zod.def);
  return def;
};

const literalsOf = (def: ZodDef): (string | number)[] | undefined => {
  if (def.type === 'literal') return (def.values ?? []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  if (def.type === 'union') {
    const all = (def.options ?? []).map((o) => literalsOf(unwrap(o._zod.def)));
    return all.every(Boolean) ? all.flatMap((v) => v!) : undefined;
  }
  return undefined;
};

const walk = (def: ZodDef, prefix: string, depth: number): ConditionField[] => {
  const out: ConditionField[] = [];
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    if (!prefix && HIDDEN.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const d = unwrap(child._zod.def);
    if (d.type === 'object' && depth < 2) out.push(...walk(d, path, depth + 1));
    else if (d.type === 'string') out.push({ path, kind: 'string' });
    else if (d.type === 'number' || d.type === 'int') out.push({ path, kind: 'number' });
    else if (d.type === 'boolean') out.push({ path, kind: 'boolean' });
    else if (d.type === 'enum') out.push({ path, kind: 'enum', options: Object.values(d.entries ?? {}) });
    else {
      const literals = literalsOf(d);
      if (literals?.length) out.push({ path, kind: 'enum', options: literals });
    }
  }
  return out;
};

/** A field of a document description as a condition reads it. */
const kitField = (path: string, f: FieldDef): ConditionField | undefined => {
  switch (f.kind) {
    case 'number':
      return { path, kind: 'number' };
    case 'enum':
      return { path, kind: 'enum', options: [...f.values] };
    case 'flag':
      return { path, kind: 'enum', options: [0, 1] };
    case 'rows':
    case 'password':
      return undefined;
    default:
      return { path, kind: 'string' };
  }
};

/** The fields of a document of the kit, from its description: the header (groups dotted), the state, the review, the totals, what its facts record. */
const kitFields = (def: DocumentDef): ConditionField[] => {
  const out: ConditionField[] = [];
  for (const [key, f] of Object.entries(def.header)) {
    if (f.kind === 'group') for (const [sub, g] of Object.entries(f.fields)) out.push(...[kitField(`${key}.${sub}`, g)].filter((x): x is ConditionField => Boolean(x)));
    else out.push(...[kitField(key, f)].filter((x): x is ConditionField => Boolean(x)));
  }
  out.push({ path: 'billNo', kind: 'string' }, { path: 'state', kind: 'enum', options: Object.keys(def.lifecycle.states) }, { path: 'isReview', kind: 'enum', options: [0, 1, 2] });
  for (const key of Object.keys(def.lines?.totals ?? {})) out.push({ path: `totals.${key}`, kind: 'number' });
  for (const l of documentLandings(def)) if (l.kind === 'field' && l.field) out.push(...[kitField(l.key, l.field)].filter((x): x is ConditionField => Boolean(x)));
  return out;
};

/** The fields a condition can read for a document type (nested objects as dotted paths; lists left out). */
export const documentFields = (documentType: string | undefined): ConditionField[] => {
  const kit = documentType ? documentByName(documentType) : undefined;
  const schema = documentType ? documentSchemas[documentType] : undefined;
  const fields = kit ? kitFields(kit) : schema ? walk(unwrap(defOf(schema)), '', 0) : [];
  // everyone's process knows who started it
  return [...fields, { path: 'initiator', kind: 'string' }];
};

const literal = (value: string, field: ConditionField | undefined): string => {
  const v = value.trim();
  const numeric = field?.kind === 'number' || (field?.kind === 'enum' && field.options?.some((o) => typeof o === 'number'));
  if (numeric && v !== '' && Number.isFinite(Number(v))) return String(Number(v));
  if (field?.kind === 'boolean' && (v === 'true' || v === 'false')) return v;
  return JSON.stringify(v);
};

/** The jexl expression of the rows; rows without a field are skipped. */
export const toExpression = (model: ConditionModel, fields: ConditionField[]): string => {
  const byPath = new Map(fields.map((f) => [f.path, f]));
  const clauses = model.rows
    .filter((r) => r.field.trim())
    .map((r) => {
      const field = byPath.get(r.field);
      if (r.op === 'in') {
        const items = r.value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => literal(s, field));
        return `${r.field} in [${items.join(', ')}]`;
      }
      return `${r.field} ${r.op} ${literal(r.value, field)}`;
    });
  return clauses.join(model.joiner === 'and' ? ' && ' : ' || ');
};

const CLAUSE = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*(==|!=|>=|<=|>|<|in)\s*(.+)$/;

const valueText = (raw: string): string | undefined => {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
    return undefined;
  } catch {
    return undefined;
  }
};

/** Splits on a joiner outside string literals. */
const splitOutsideQuotes = (text: string, sep: string): string[] => {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
};

/** The rows an expression was made of, or undefined when it is more than rows can say (then it is edited as text). */
export const fromExpression = (expression: string): ConditionModel | undefined => {
  const text = expression.trim();
  if (!text) return { joiner: 'and', rows: [] };
  if (!checkCondition(text).ok) return undefined;
  const ands = splitOutsideQuotes(text, '&&');
  const ors = splitOutsideQuotes(text, '||');
  if (ands.length > 1 && ors.length > 1) return undefined;
  const joiner: Joiner = ors.length > 1 ? 'or' : 'and';
  const rows: ConditionRow[] = [];
  for (const clause of joiner === 'or' ? ors : ands) {
    const m = CLAUSE.exec(clause);
    if (!m || /[()]/.test(m[1]!)) return undefined;
    const value = valueText(m[3]!.trim());
    if (value === undefined) return undefined;
    rows.push({ field: m[1]!, op: m[2] as Operator, value });
  }
  return { joiner, rows };
};
