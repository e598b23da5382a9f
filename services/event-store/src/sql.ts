import { createHash } from 'node:crypto';
import { escapeIdentifier, escapeLiteral } from 'pg';
import type { ParamStatement, SqlText, Statement } from './port';

/**
 * Builds a statement with literals escaped by the pg driver's own escaping, for
 * statements that travel batched in one round trip (no bind parameters there).
 * Placeholders: %L literal (null becomes NULL, objects become jsonb text), %I identifier.
 */
export const sql = (template: string, ...values: unknown[]): SqlText => {
  let i = 0;
  const text = template.replace(/%([LI])/g, (_, kind: string) => {
    const v = values[i++];
    if (kind === 'I') return escapeIdentifier(String(v));
    return literal(v);
  });
  if (i !== values.length) throw new Error(`sql(): ${values.length} values for ${i} placeholders`);
  return text as SqlText;
};

export const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('sql(): non-finite number');
    return String(v);
  }
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'object') return escapeLiteral(JSON.stringify(v));
  return escapeLiteral(String(v));
};

/** Quotes, dollar quoting or comments: where a `$1` in a text could be text, not a placeholder. */
const QUOTED_OR_COMMENTED = /['"]|\$\$|--|\/\*/;

/** Each `$n` of a text replaced by what `to` makes of its value's index (n - 1) and the `$n` itself. */
const placeholders = (text: string, to: (index: number, placeholder: string) => string): string =>
  text.replace(/\$(\d+)/g, (p, n: string) => to(Number(n) - 1, p));

/**
 * A parameterised statement ($1…) that may also travel joined with others as literals (asText):
 * so its text holds no quotes, dollar quoting or comments (where a `$1` could be text), and an
 * object value is its JSON text either way (pg would send an array as a PostgreSQL array).
 */
export const params = (text: string, values: readonly unknown[]): ParamStatement => {
  if (QUOTED_OR_COMMENTED.test(text)) throw new Error('params(): a text with quotes or comments');
  return { text, values: values.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v)) };
};

/** The statement as SQL text: a parameterised one with its values written in as sql() writes them. */
export const asText = (s: Statement, lit: (v: unknown) => string = literal): SqlText => {
  if (typeof s === 'string') return s;
  return placeholders(s.text, (i, n) => {
    if (i < 0 || i >= s.values.length) throw new Error(`asText(): no value for ${n}`);
    return lit(s.values[i]);
  }) as SqlText;
};

/** Statements as one multi-statement text (one round trip, one implicit transaction). */
export const joined = (statements: readonly Statement[]): string => statements.map((s) => asText(s)).join(';\n');

/**
 * Parameterised statements run as the data-modifying parts (WITH) of one main statement, so they
 * travel and commit with it as a single statement that can be named; their placeholders are
 * renumbered after the main statement's values. PostgreSQL runs every part to completion, or none
 * when one fails.
 */
export const withParts = (main: ParamStatement, parts: readonly ParamStatement[]): ParamStatement => {
  let offset = main.values.length;
  const values = [...main.values];
  const ctes = parts.map((p, i) => {
    const shift = offset;
    offset += p.values.length;
    values.push(...p.values);
    return `w${i + 1} AS (${placeholders(p.text, (j) => `$${j + 1 + shift}`)})`;
  });
  return { text: ctes.length ? `WITH ${ctes.join(',\n')}\n${main.text}` : main.text, values };
};

const { prepareValue } = require('pg/lib/utils') as { prepareValue: (v: unknown) => unknown };

/**
 * A parameterised statement with its bind values written in as literals, as the driver would
 * have sent them (pg's own prepareValue; an untyped literal resolves as an untyped bind value
 * does), so it can travel in one multi-statement query with others (a transaction's BEGIN).
 * Undefined where that could go wrong: a text with quotes, dollar quoting or comments (a `$1`
 * there could be text, not a placeholder), a placeholder with no value, or a binary value.
 */
export const inlineParams = (text: string, params: readonly unknown[] = []): string | undefined => {
  if (!params.length) return text;
  if (QUOTED_OR_COMMENTED.test(text)) return undefined;
  let safe = true;
  const out = placeholders(text, (i) => {
    if (i < 0 || i >= params.length) return ((safe = false), '');
    const v = prepareValue(params[i]);
    if (v === null || v === undefined) return 'NULL';
    if (typeof v !== 'string') return ((safe = false), '');
    return escapeLiteral(v);
  });
  return safe ? out : undefined;
};

const KEEPS_STATEMENTS = Symbol.for('tpl.keepsNamedStatements');
type Marked = { [KEEPS_STATEMENTS]?: boolean };

/** Marks a pool whose server keeps named statements per connection (for PGlite, whose one session outlives its connections, see database.ts). */
export const keepNamedStatements = <P extends object>(pool: P): P => {
  (pool as Marked)[KEEPS_STATEMENTS] = true;
  return pool;
};

/** Whether a pool was marked as keeping named statements. */
export const keepsNamedStatements = (pool: object): boolean => (pool as Marked)[KEEPS_STATEMENTS] === true;

const names = new Map<string, string>();

/**
 * A hot read as a named statement where the pool's server keeps them: parsed and planned once per
 * connection instead of at every call (measured: a detail read cost PostgreSQL about 40% less).
 * Named after its text, so each distinct text is a statement of its own; for texts made from a
 * bounded set of shapes (columns, filters, sort), never from values, which go in `values`.
 */
export const prepared = (pool: object, text: string, values: unknown[]): { name?: string; text: string; values: unknown[] } =>
  keepsNamedStatements(pool) ? { name: statementName(text), text, values } : { text, values };

/** The name of a text's named statement: the same on every connection and host. */
export const statementName = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `tpl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // bounded, should a caller break the rule: the names are made again, not kept for ever
    if (names.size >= 10_000) names.clear();
    names.set(text, name);
  }
  return name;
};
