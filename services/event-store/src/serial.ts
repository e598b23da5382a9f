import type { Migration } from './migrations';
import type { UnitOfWork } from './port';

/**
 * Per-tenant serial numbers for bill numbers: prefix + yyyyMMdd + 5 digits, restarting
 * daily. Taken inside the creating transaction, so the row lock serialises concurrent
 * creators (never the same number twice) and a failed create gives its number back
 * (no gaps).
 */
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

export const nextSerial = async (uow: UnitOfWork, tenantId: string, seqCode: string, spec: SerialSpec, day: string): Promise<string> => {
  const period = day.replaceAll('-', '');
  const rows = await uow.query<{ current_value: string }>(
    `INSERT INTO tpl_serials (tenant_id, seq_code, period, current_value) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, seq_code, period) DO UPDATE SET current_value = tpl_serials.current_value + 1
     RETURNING current_value`,
    [tenantId, seqCode, period, spec.min],
  );
  const value = Number(rows[0]!.current_value);
  if (value > spec.max) throw new SerialExhaustedError(seqCode, spec.max);
  return `${spec.prefix}${period}${String(value).padStart(Math.max(5, String(spec.max).length), '0')}`;
};
