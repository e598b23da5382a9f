import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DB_POOL, DEFAULT_SERIAL, type SerialSpec } from '@tpl/event-store';
import { RECORDS_TABLE } from './records.migrations';

/**
 * Serial codes of system administration (sysCode: seqCode, prefixValue, minValue,
 * maxValue): the spec every bill number is made from. A document type without a serial
 * code record numbers with its own default prefix.
 */
@Injectable()
export class SerialCodes {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  async spec(tenantId: string, seqCode: string, fallbackPrefix: string): Promise<SerialSpec> {
    const { rows } = await this.pool.query<{ data: { prefixValue?: string; minValue?: number; maxValue?: number } }>(
      `SELECT data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'syscode' AND code = $2 AND NOT is_deleted`,
      [tenantId, seqCode],
    );
    const d = rows[0]?.data;
    if (!d) return { ...DEFAULT_SERIAL, prefix: fallbackPrefix };
    return {
      prefix: d.prefixValue ?? fallbackPrefix,
      min: d.minValue ?? DEFAULT_SERIAL.min,
      max: d.maxValue ?? DEFAULT_SERIAL.max,
    };
  }
}
