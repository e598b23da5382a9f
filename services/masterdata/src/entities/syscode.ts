import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { CACHE_CHANNEL, ChannelCache, DB_POOL, DEFAULT_SERIAL, LocalCacheChannel, type CacheChannel, type SerialSpec } from '@tpl/event-store';
import type { SerialCodeSpecs } from '@tpl/documents';
import { RECORDS_TABLE } from '../engine/records.migrations';
import { EntityHooksRegistry, type RecordRow } from '../engine/entity-hooks';

/** The serial code entity (system administration's sysCode: seqCode, prefixValue, minValue, maxValue). */
export const SYSCODE = 'syscode';

/** The channel topic of serial code records: key, the tenant whose records changed. */
export const SERIALS_TOPIC = 'serials';

type SpecData = { prefixValue?: string; minValue?: number; maxValue?: number } | undefined;

/**
 * Master data's answer to the document kit's SerialCodeSpecs port (SERIAL_CODES, bound to it by
 * the host), through which every bill number is made: the serial code record of that code, from
 * md_records. Outside a
 * transaction the record is cached per tenant and code (every create asks): any write of a
 * serial code record drops the tenant's entries on every host (SyscodeHooks publishes on the
 * cache channel); inside the caller's transaction it is read there, as the transaction sees it.
 */
@Injectable()
export class SerialCodes implements SerialCodeSpecs {
  private readonly cache = new ChannelCache<SpecData>({ ttlMs: 60_000 });

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Optional() @Inject(CACHE_CHANNEL) readonly channel: CacheChannel = new LocalCacheChannel(),
  ) {
    this.cache.listen(channel, SERIALS_TOPIC);
  }

  async spec(tenantId: string, seqCode: string, fallbackPrefix: string, db?: { query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]> }): Promise<SerialSpec> {
    type Row = { data: SpecData };
    const text = `SELECT data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $3 AND code = $2 AND NOT is_deleted`;
    const params = [tenantId, seqCode, SYSCODE];
    const d = db
      ? (await db.query<Row>(text, params))[0]?.data
      : await this.cache.get(`${tenantId}\u0000${seqCode}`, [tenantId], async () => (await this.pool.query<Row>(text, params)).rows[0]?.data);
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
    @Inject(SerialCodes) private readonly serials: SerialCodes,
  ) {}

  onModuleInit() {
    this.hooks.register(SYSCODE, {
      rows: (tenantId, rows) => this.withCurrentValues(tenantId, rows),
      // every host forgets the tenant's cached serial code records
      changed: (tenantId) => void this.serials.channel.publish(SERIALS_TOPIC, tenantId),
    });
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
