import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DB_POOL, DEFAULT_SERIAL, type SerialSpec } from '@tpl/event-store';
import { RECORDS_TABLE } from '../engine/records.migrations';
import { EntityHooksRegistry, type RecordRow } from '../engine/entity-hooks';

/** The serial code entity (system administration's sysCode: seqCode, prefixValue, minValue, maxValue). */
export const SYSCODE = 'syscode';

/**
 * The port every bill number is made through (the document kit's): the spec of a serial
 * code record. A document type without one numbers with its own default prefix.
 */
export interface SerialCodeSpecs {
  spec(tenantId: string, seqCode: string, fallbackPrefix: string): Promise<SerialSpec>;
}
export const SERIAL_CODES = Symbol('SERIAL_CODES');

/** Master data's answer: the serial code record of that code, from md_records. */
@Injectable()
export class SerialCodes implements SerialCodeSpecs {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  async spec(tenantId: string, seqCode: string, fallbackPrefix: string): Promise<SerialSpec> {
    const { rows } = await this.pool.query<{ data: { prefixValue?: string; minValue?: number; maxValue?: number } }>(
      `SELECT data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $3 AND code = $2 AND NOT is_deleted`,
      [tenantId, seqCode, SYSCODE],
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

/**
 * The serial code entity's hooks: its rows show the value last handed out today or before
 * (seqCurrentValue), which the generator keeps in tpl_serials, not the record.
 */
@Injectable()
export class SyscodeHooks implements OnModuleInit {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EntityHooksRegistry) private readonly hooks: EntityHooksRegistry,
  ) {}

  onModuleInit() {
    this.hooks.register(SYSCODE, { rows: (tenantId, rows) => this.withCurrentValues(tenantId, rows) });
  }

  async withCurrentValues(tenantId: string, rows: RecordRow[]): Promise<RecordRow[]> {
    const { rows: current } = await this.pool.query<{ seq_code: string; value: string }>(
      `SELECT DISTINCT ON (seq_code) seq_code, current_value AS value FROM tpl_serials WHERE tenant_id = $1 ORDER BY seq_code, period DESC`,
      [tenantId],
    );
    const byCode = new Map(current.map((c) => [c.seq_code, Number(c.value)]));
    return rows.map((r) => (byCode.has(String(r.seqCode)) ? { ...r, seqCurrentValue: byCode.get(String(r.seqCode)) } : r));
  }
}
