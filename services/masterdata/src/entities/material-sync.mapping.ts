/**
 * Material sync's mapping (docs/DOMAIN.md "Material sync"), pure: the customer's rows as read
 * (a spreadsheet's, a JSON file's or the Kafka inbox's messages), which of them the dialog's
 * factory and sync date take, and what a taken row writes on a material.
 */

/** A row of the source: its number (the sheet's row, the JSON array's position from 1) and its fields by key. */
export type SourceRow = { rowNumber: number; values: Record<string, unknown> };
export type SyncChoice = { syncDate: string; factoryCode: string };

const DAY = /^\d{4}-\d{2}-\d{2}/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The materials of a JSON document: an array of materials, or an object holding one under
 * `materials` (or `data`), or a single material. Numbered from 1 in order; null: not materials.
 * Keys are the material's field keys (code, name, categoryCode, unitCode, custCode...); empty
 * strings and nulls read as not given, as an empty spreadsheet cell does.
 */
export const materialsOfJson = (value: unknown): SourceRow[] | null => {
  const list = Array.isArray(value) ? value : isRecord(value) ? (Array.isArray(value.materials) ? value.materials : Array.isArray(value.data) ? value.data : [value]) : null;
  if (!list || !list.length || !list.every(isRecord)) return null;
  return (list as Record<string, unknown>[]).map((m, i) => ({
    rowNumber: i + 1,
    values: Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null && v !== '' && v !== undefined).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])),
  }));
};

/** Parses a JSON file's text into rows (null: not JSON, or not materials). */
export const jsonRows = (text: string): SourceRow[] | null => {
  try {
    return materialsOfJson(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch {
    return null;
  }
};

/** A row's own date (its syncDate: when the customer's system last changed it), as yyyy-MM-dd; undefined: none given; null: unreadable. */
const dayOf = (v: unknown): string | undefined | null => {
  if (v === undefined) return undefined;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  return typeof v === 'string' && DAY.test(v) ? v.slice(0, 10) : null;
};

/**
 * Which rows the sync takes: a row naming another factory is left out, and so is a row dated
 * before the sync date (one naming no factory or no date is taken). What a taken row writes
 * carries the dialog's factory and sync date; a row whose date cannot be read keeps it, so that
 * validation names the field.
 */
export const takeRows = (rows: readonly SourceRow[], choice: SyncChoice): { taken: SourceRow[]; skipped: number } => {
  const taken: SourceRow[] = [];
  let skipped = 0;
  for (const r of rows) {
    const factory = typeof r.values.factoryCode === 'string' ? r.values.factoryCode.trim() : r.values.factoryCode;
    if (factory !== undefined && factory !== '' && factory !== choice.factoryCode) {
      skipped++;
      continue;
    }
    const day = dayOf(r.values.syncDate);
    if (day && day < choice.syncDate) {
      skipped++;
      continue;
    }
    taken.push({ rowNumber: r.rowNumber, values: { ...r.values, factoryCode: choice.factoryCode, ...(day === null ? {} : { syncDate: choice.syncDate }) } });
  }
  return { taken, skipped };
};

/**
 * Whether a row may update the stored material of its code: only the same cargo owner's (codes
 * are unique in the tenant; a code of another owner is that owner's material). Both without an
 * owner (the operator's own materials) match.
 */
export const sameOwner = (stored: Record<string, unknown>, row: Record<string, unknown>): boolean => (stored.custCode ?? null) === (row.custCode ?? null);

/** What an update writes: the stored fields, overlaid by the row's (fields the customer's system does not send are kept). */
export const mergedMaterial = (stored: Record<string, unknown>, row: Record<string, unknown>): Record<string, unknown> => ({ ...stored, ...row });
