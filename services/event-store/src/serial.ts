import { randomUUID } from 'node:crypto';
import type { Migration } from './migrations';
import type { UnitOfWork } from './port';

/**
 * Per-tenant serial numbers for bill numbers: prefix + yyyyMMdd + 5 digits, restarting
 * daily. Taken inside the creating transaction, so the row lock serialises concurrent
 * creators (never the same number twice) and a failed create gives its number back
 * (no gaps).
 */
/** The SQLSTATE tpl_next_serial raises past the serial's maximum. */
export const SERIAL_EXHAUSTED = 'TP429';

export const serialMigrations: Migration[] = [
  {
    id: 'event-store/002-serials',
    sql: `
CREATE TABLE IF NOT EXISTS tpl_serials (
  tenant_id text NOT NULL,
  seq_code text NOT NULL,
  period text NOT NULL,
  current_value bigint NOT NULL,
  PRIMARY KEY (tenant_id, seq_code, period)
);`,
  },
  {
    // The number taken inside an append's own statement (SerialTake): the same upsert as
    // nextSerial, formatted as nextSerial formats it; past the maximum it raises TP429 and the
    // statement, and so the create, writes nothing.
    id: 'event-store/013-next-serial',
    sql: `
CREATE OR REPLACE FUNCTION tpl_next_serial(v_tenant text, v_code text, v_period text, v_min bigint, v_max bigint, v_prefix text, v_width int)
RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE v bigint;
BEGIN
  INSERT INTO tpl_serials (tenant_id, seq_code, period, current_value) VALUES (v_tenant, v_code, v_period, v_min)
  ON CONFLICT (tenant_id, seq_code, period) DO UPDATE SET current_value = tpl_serials.current_value + 1
  RETURNING current_value INTO v;
  IF v > v_max THEN
    RAISE EXCEPTION 'serial % passed its maximum %', v_code, v_max USING ERRCODE = '${SERIAL_EXHAUSTED}';
  END IF;
  RETURN v_prefix || v_period || lpad(v::text, v_width, '0');
END
$fn$;`,
  },
];

/** How a serial code numbers (from the system administration's serial code record). */
export type SerialSpec = { prefix: string; min: number; max: number };
export const DEFAULT_SERIAL: SerialSpec = { prefix: '', min: 1, max: 99_999 };

export class SerialExhaustedError extends Error {
  constructor(
    readonly seqCode: string,
    readonly max: number,
  ) {
    super(`Serial ${seqCode} passed its maximum ${max}`);
    this.name = 'SerialExhaustedError';
  }
}

/** A business day's period in a number (2026-11-27 -> 20261127). */
const periodOf = (day: string) => day.replaceAll('-', '');

/** The digits of a serial's number: five, or as many as its maximum has. */
const widthOf = (spec: SerialSpec) => Math.max(5, String(spec.max).length);

/**
 * A serial number to be taken inside an append's own statement (AppendOptions.serial): the events
 * and read-model statements were decided with `placeholder` where the number goes, and the store
 * takes the number, writes it in for the placeholder and commits in that one statement, so the
 * serial's row stays locked for it alone (not from a first round trip to the commit). Numbers stay
 * unique and gap-free: a statement that fails takes none.
 */
export type SerialTake = { placeholder: string; tenantId: string; seqCode: string; period: string; spec: SerialSpec };

/** A take of the serial's next number for a day, with a placeholder of its own to decide with. */
export const serialTake = (tenantId: string, seqCode: string, spec: SerialSpec, day: string): SerialTake => ({
  placeholder: `#serial-${randomUUID()}#`,
  tenantId,
  seqCode,
  period: periodOf(day),
  spec,
});

/** The arguments of tpl_next_serial for a take. */
export const serialArgs = (t: SerialTake): unknown[] => [t.tenantId, t.seqCode, t.period, t.spec.min, t.spec.max, t.spec.prefix, widthOf(t.spec)];

/**
 * A store could not take the serial inside the append (a statement it cannot write the number
 * into, effects on other documents): nothing was written; take the number first (nextSerial).
 */
export class SerialFirstError extends Error {
  constructor() {
    super('the serial number is taken before the append');
    this.name = 'SerialFirstError';
  }
}

/** Every string in a value with the placeholder replaced (the folded state and events after a take). */
export const withSerial = <T>(value: T, placeholder: string, serial: string): T => {
  if (typeof value === 'string') return (value.includes(placeholder) ? value.split(placeholder).join(serial) : value) as T;
  if (Array.isArray(value)) return value.map((v) => withSerial(v, placeholder, serial)) as T;
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = withSerial(v, placeholder, serial);
    return out as T;
  }
  return value;
};

export const nextSerial = async (uow: UnitOfWork, tenantId: string, seqCode: string, spec: SerialSpec, day: string): Promise<string> => {
  const period = periodOf(day);
  const rows = await uow.query<{ current_value: string }>(
    `INSERT INTO tpl_serials (tenant_id, seq_code, period, current_value) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, seq_code, period) DO UPDATE SET current_value = tpl_serials.current_value + 1
     RETURNING current_value`,
    [tenantId, seqCode, period, spec.min],
  );
  const value = Number(rows[0]!.current_value);
  if (value > spec.max) throw new SerialExhaustedError(seqCode, spec.max);
  return `${spec.prefix}${period}${String(value).padStart(widthOf(spec), '0')}`;
};
