import { outOfRange } from '../validation/numbers';
import type { EntityDef, FieldDef } from './define';

/**
 * Records written before every number had a declared kind may hold numbers outside it
 * (an integer beyond 2^53 in a price made the record unreadable until the store stopped
 * handing out BigInt). The repair brings each such number back into range through an
 * event, never by editing history:
 * - an optional field is cleared (empty: the user fills it in again),
 * - a required one (a fee tier's limits and price, a conversion rate) is set to its kind's
 *   lowest value (0), so the record reads and the next save asks for the right value.
 * The event is the entity's ordinary Changed event by the System actor (correlation id
 * `data-repair`); its diff keeps each original value as text, exactly as it was stored.
 */
export type NumberRepair = { path: (string | number)[]; after: number | null };

const ruleOf = (f: Extract<FieldDef, { kind: 'number' }>) => ({ kind: f.numKind, min: f.min, max: f.max, scale: f.scale });

/** The numbers of a record's data that lie outside their field's kind, with what each becomes. */
export const numberRepairs = (fields: Record<string, FieldDef>, data: Record<string, unknown>, at: (string | number)[] = []): NumberRepair[] => {
  const out: NumberRepair[] = [];
  for (const [k, f] of Object.entries(fields)) {
    const v = data[k];
    if (f.kind === 'number' && outOfRange(ruleOf(f), v)) out.push({ path: [...at, k], after: f.required ? f.min : null });
    if (f.kind === 'rows' && Array.isArray(v)) {
      v.forEach((row, i) => {
        if (typeof row === 'object' && row !== null) out.push(...numberRepairs(f.fields, row as Record<string, unknown>, [...at, k, i]));
      });
    }
  }
  return out;
};

/** The data with the repairs applied (a cleared field is left out, as an empty one is stored). */
export const applyNumberRepairs = (data: Record<string, unknown>, repairs: readonly NumberRepair[]): Record<string, unknown> => {
  const copy = structuredClone(data);
  for (const r of repairs) {
    let node = copy as Record<string | number, unknown>;
    for (const p of r.path.slice(0, -1)) node = node[p] as Record<string | number, unknown>;
    const last = r.path[r.path.length - 1]!;
    if (r.after === null) delete node[last];
    else node[last] = r.after;
  }
  return copy;
};

export const entityHasNumbers = (def: EntityDef): boolean =>
  Object.values(def.fields).some((f) => f.kind === 'number' || (f.kind === 'rows' && Object.values(f.fields).some((s) => s.kind === 'number')));

/** The System actor of data repairs (as the Scheduler is of automatic status changes), for records and documents alike. */
export const REPAIR_ACTOR = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };
export const REPAIR_CORRELATION = 'data-repair';
