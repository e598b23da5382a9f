import { escapeIdentifier, escapeLiteral } from 'pg';
import type { SqlText } from './port';

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
