import { Controller, Get, Headers, Inject, Injectable, Query, Req } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  MESSAGE_HEADERS,
  entityByName,
  inboundHeadersSchema,
  languageFromHeader,
  materialSyncRoutes as R,
  ok,
  parseOrThrow,
  translate,
  type EntityDef,
  type Language,
  type MaterialSyncPreview,
  type MaterialSyncQuery,
  type MaterialSyncResult,
} from '@tpl/contracts';
import { DB_POOL, runInTenant, type InboundMessage, type Migration } from '@tpl/event-store';
import { Meta, PostOk, type RequestMeta } from '@tpl/identity';
import { RecordsGate, contextOf } from '../engine/records.controller';
import { RecordsService } from '../engine/records.service';
import { RecordsSpreadsheets } from '../engine/records.xlsx';
import type { RecordContext } from '../engine/records.port';
import { jsonRows, materialsOfJson, mergedMaterial, sameOwner, takeRows, type SourceRow } from './material-sync.mapping';

/** The materials the customer's systems sent through Kafka, kept until a sync takes them (one row per message). */
export const MATERIAL_INBOX = 'md_material_inbox';
export const materialSyncMigrations: Migration[] = [
  {
    id: 'masterdata/material-inbox',
    sql: `
CREATE TABLE IF NOT EXISTS ${MATERIAL_INBOX} (
  tenant_id text NOT NULL,
  message_id text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  taken_at timestamptz,
  -- the factories whose sync has taken this message's materials; taken_at once every factory it names has
  synced_factories text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, message_id)
);
CREATE INDEX IF NOT EXISTS md_material_inbox_waiting ON ${MATERIAL_INBOX} (tenant_id, received_at) WHERE taken_at IS NULL;
`,
  },
];

/**
 * The Kafka inbox of materials (topic tpl.inbound.materials, docs/INTEGRATION.md): each message
 * (headers message-id and tenant-id; value one material or an array of them, by field key) is
 * kept once per message id until a material sync takes it. `enabled` is set by the host when it
 * consumes the topic (KAFKA_BROKERS): only then does the dialog offer Kafka as the source.
 */
@Injectable()
export class MaterialInbox {
  enabled = false;

  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  /** Keeps a message (a repeated message id is kept once); a message without the headers or with no materials is refused (false). */
  async receive(m: InboundMessage): Promise<boolean> {
    const headers = inboundHeadersSchema.safeParse(m.headers);
    if (!headers.success) return false;
    let payload: unknown;
    try {
      payload = JSON.parse(m.value ?? '');
    } catch {
      return false;
    }
    if (!materialsOfJson(payload)) return false;
    const tenantId = headers.data[MESSAGE_HEADERS.tenantId];
    await runInTenant(tenantId, () =>
      this.pool.query(`INSERT INTO ${MATERIAL_INBOX} (tenant_id, message_id, payload) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING`, [tenantId, headers.data[MESSAGE_HEADERS.messageId], JSON.stringify(payload)]),
    );
    return true;
  }

  /**
   * The materials of the messages waiting for a factory's sync (not taken, not synced for that
   * factory yet), in the order received, numbered across messages; and, per message, whether this
   * sync finishes it (every factory its materials name synced then).
   */
  async waiting(tenantId: string, factoryCode: string): Promise<{ rows: SourceRow[]; finished: string[]; messages: string[] }> {
    const { rows } = await this.pool.query<{ message_id: string; payload: unknown; synced_factories: string[] }>(
      `SELECT message_id, payload, synced_factories FROM ${MATERIAL_INBOX}
        WHERE tenant_id = $1 AND taken_at IS NULL AND NOT ($2 = ANY(synced_factories)) ORDER BY received_at, message_id LIMIT 1000`,
      [tenantId, factoryCode],
    );
    const out: SourceRow[] = [];
    const finished: string[] = [];
    for (const r of rows) {
      const materials = materialsOfJson(r.payload) ?? [];
      const synced = new Set([...r.synced_factories, factoryCode]);
      if (materials.every((m) => typeof m.values.factoryCode !== 'string' || synced.has(m.values.factoryCode))) finished.push(r.message_id);
      for (const m of materials) out.push({ rowNumber: out.length + 1, values: m.values });
    }
    return { rows: out, finished, messages: rows.map((r) => r.message_id) };
  }

  async pending(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${MATERIAL_INBOX} WHERE tenant_id = $1 AND taken_at IS NULL`, [tenantId]);
    return Number(rows[0]?.n ?? 0);
  }

  /** A factory's sync took these messages' materials; those it finishes are taken. */
  async markSynced(tenantId: string, factoryCode: string, messages: readonly string[], finished: readonly string[]): Promise<void> {
    if (!messages.length) return;
    await this.pool.query(
      `UPDATE ${MATERIAL_INBOX} SET synced_factories = array_append(synced_factories, $3), taken_at = CASE WHEN message_id = ANY($4::text[]) THEN now() ELSE taken_at END
        WHERE tenant_id = $1 AND message_id = ANY($2::text[])`,
      [tenantId, messages, factoryCode, finished],
    );
  }
}

/**
 * Material sync: the rows of the source, taken by factory and sync date, checked by the master
 * data import's own checks (RecordsSpreadsheets.checkRows: field rules, codes unique in the rows,
 * references), each matched by code to the same owner's material (updated) or new (created);
 * previewed, or written all or none.
 */
@Injectable()
export class MaterialSync {
  private readonly def: EntityDef = entityByName('material')!;

  constructor(
    @Inject(RecordsSpreadsheets) private readonly sheets: RecordsSpreadsheets,
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(MaterialInbox) private readonly inbox: MaterialInbox,
  ) {}

  private async source(ctx: RecordContext, q: MaterialSyncQuery, file: { name: string; buffer: Buffer } | undefined, lang: Language) {
    if (q.source === 'KAFKA') {
      if (!this.inbox.enabled) throw new AppError(400, 'materialSync.errors.noKafka');
      // a message is taken once no material of it waits for another factory's sync
      const { rows, messages, finished } = await this.inbox.waiting(ctx.tenantId, q.factoryCode);
      return { rows, messages, finished, ignoredHeaders: [] as string[] };
    }
    if (!file) throw new AppError(400, 'validation.importNoFile');
    if (/\.json$/i.test(file.name.trim())) {
      const rows = jsonRows(file.buffer.toString('utf8'));
      if (!rows) throw new AppError(400, 'materialSync.errors.badJson');
      return { rows, messages: [] as string[], finished: [] as string[], ignoredHeaders: [] as string[] };
    }
    const { rows, ignoredHeaders } = await this.sheets.parse(this.def, file.buffer, file.name, lang);
    return { rows, messages: [] as string[], finished: [] as string[], ignoredHeaders };
  }

  async run(
    ctx: RecordContext,
    q: MaterialSyncQuery,
    file: { name: string; buffer: Buffer } | undefined,
    lang: Language,
    admit: (rows: Record<string, unknown>[]) => Promise<void>,
  ): Promise<MaterialSyncPreview | MaterialSyncResult> {
    const { rows, messages, finished, ignoredHeaders } = await this.source(ctx, q, file, lang);
    const { taken, skipped } = takeRows(rows, q);
    const { valid, errors, matched } = await this.sheets.checkRows(this.def, ctx, taken, lang, {
      existing: 'update',
      sameOwner: (stored, row) =>
        sameOwner(stored, row) ? undefined : { field: 'custCode', message: translate(lang, 'materialSync.errors.otherOwner', { code: String(row.code), owner: String(stored.custCode ?? '-') }) },
    });
    const code = (d: Record<string, unknown>) => String(d.code);
    if (q.preview) {
      if (!errors.length) await admit(valid.map((v) => v.data));
      const preview = this.sheets.previewOf(this.def, ctx, taken, errors, ignoredHeaders);
      const updating = new Set(valid.filter((v) => matched.has(code(v.data))).map((v) => v.row));
      return {
        ...preview,
        rows: preview.rows.map((r) => ({ ...r, action: updating.has(r.row) ? ('UPDATE' as const) : ('CREATE' as const) })),
        creates: valid.length - updating.size,
        updates: updating.size,
        skipped,
        source: q.source,
      };
    }
    if (errors.length) throw this.sheets.refusal(this.def, ctx, errors);
    if (!valid.length) throw new AppError(400, 'materialSync.errors.nothing');
    await admit(valid.map((v) => v.data));
    const creates = valid.filter((v) => !matched.has(code(v.data))).map((v) => v.data);
    const updates = valid.filter((v) => matched.has(code(v.data))).map((v) => ({ id: matched.get(code(v.data))!.id, data: mergedMaterial(matched.get(code(v.data))!.data, v.data) }));
    const written = await this.records.upsertAll(this.def, ctx, creates, updates);
    await this.inbox.markSynced(ctx.tenantId, q.factoryCode, messages, finished);
    return { created: written.created, updated: updates.length, skipped };
  }
}

type MultipartRequest = {
  isMultipart?: () => boolean;
  parts?: () => AsyncIterableIterator<{ type: 'file' | 'field'; filename?: string; toBuffer?: () => Promise<Buffer> }>;
  file?: () => Promise<{ filename: string; toBuffer(): Promise<Buffer> } | undefined>;
};

/** POST /api/bl-basic/material/sync and GET .../sync-source: the list action 物料同步 (button material_import: it writes materials as an import does). */
@Controller()
export class MaterialSyncController {
  private readonly def: EntityDef = entityByName('material')!;

  constructor(
    @Inject(MaterialSync) private readonly sync: MaterialSync,
    @Inject(MaterialInbox) private readonly inbox: MaterialInbox,
    @Inject(RecordsGate) private readonly gate: RecordsGate,
  ) {}

  @Get(R.materialSyncSource.path)
  async source(@Meta() meta: RequestMeta) {
    await this.gate.may(this.def, meta, 'import');
    return ok({ kafka: this.inbox.enabled, pending: this.inbox.enabled ? await this.inbox.pending(meta.user.tenantId) : 0 });
  }

  @PostOk(R.materialSync.path)
  async run(@Req() req: MultipartRequest, @Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined) {
    await this.gate.may(this.def, meta, 'import');
    const q = parseOrThrow(R.materialSync.query!, query, 'material') as MaterialSyncQuery;
    const lang = languageFromHeader(al);
    const part = q.source === 'FILE' && req.isMultipart?.() ? await req.file?.() : undefined;
    const file = part ? { name: part.filename, buffer: await part.toBuffer() } : undefined;
    const admit = async (rows: Record<string, unknown>[]) => {
      for (const row of rows) await this.gate.grant(this.def, meta, row);
    };
    return ok(await this.sync.run(contextOf(meta), q, file, lang, admit));
  }
}
