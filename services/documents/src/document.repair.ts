import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { KIT_FACTS, NUMBER_KINDS, REPAIR_ACTOR, REPAIR_CORRELATION, applyNumberRepairs, eventTypeOf, numberRepairs, type DocumentDef, type FieldDef } from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, StaleVersionError, runCommand, runInTenant, type EventStorePort } from '@tpl/event-store';
import { contentOf } from './document.fold';
import { ListTotals, upsertListRow } from './document.list';
import { DocumentService, streamOf } from './document.service';
import { DOCUMENT_DEFS } from './documents.tokens';

export type DocumentRepairDone = { documentType: string; id: string; tenantId: string; fields: string[] };

/** The fields of a document's content, its lines as rows: what number repairs walk. */
const contentFields = (def: DocumentDef): Record<string, FieldDef> => {
  const out: Record<string, FieldDef> = {};
  for (const [k, f] of Object.entries(def.header)) if (f.kind !== 'group') out[k] = f;
  if (def.lines) out[def.lines.key] = { kind: 'rows', label: def.lines.label, fields: def.lines.fields };
  return out;
};

/**
 * Data repair of documents (issue 11), for every document type alike: a document whose
 * content holds numbers outside their kind (an integer beyond 2^53 in a quantity, written
 * before the schemas bounded them) gets its type's Changed event by the System actor
 * (correlation id `data-repair`) putting each such number back in range (an optional one
 * cleared, a required one at its kind's lowest value, so the next edit asks for a real
 * one); the event's diff keeps each original value as text, exactly as stored. History is
 * never edited, and any state is repaired (the fact makes the document readable and moves
 * nothing), so the lifecycle is not asked.
 */
@Injectable()
export class DocumentRepair {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(DOCUMENT_DEFS) private readonly defs: readonly DocumentDef[],
    @Inject(DocumentService) private readonly docs: DocumentService,
  ) {}

  /** One tenant's documents, or every tenant's (at start, in the system scope). */
  async run(tenantId?: string): Promise<DocumentRepairDone[]> {
    const done: DocumentRepairDone[] = [];
    for (const def of this.defs) {
      // a coarse filter in the database (any number beyond the smallest maximum of the
      // content's kinds), then the exact rule on the folded document
      const numbers = Object.values(contentFields(def)).flatMap((f) => (f.kind === 'number' ? [f] : f.kind === 'rows' ? Object.values(f.fields).filter((s) => s.kind === 'number') : []));
      if (!numbers.length) continue;
      const max = Math.min(...numbers.map((f) => (f.kind === 'number' ? f.max : Infinity)));
      const min = Math.min(...numbers.map((f) => (f.kind === 'number' ? f.min : 0)), NUMBER_KINDS.integer.min);
      const { rows } = await this.pool.query<{ stream_id: string; tenant_id: string }>(
        `SELECT DISTINCT stream_id, tenant_id FROM emt_messages
          WHERE message_type = ANY($1::text[]) ${tenantId ? 'AND tenant_id = $3' : ''}
            AND jsonb_path_exists(message_data, '$.content.** ? (@.type() == "number" && (@ > $max || @ < $min))', $2::jsonb)`,
        tenantId
          ? [[eventTypeOf(def, KIT_FACTS.created), eventTypeOf(def, KIT_FACTS.changed)], JSON.stringify({ max, min }), tenantId]
          : [[eventTypeOf(def, KIT_FACTS.created), eventTypeOf(def, KIT_FACTS.changed)], JSON.stringify({ max, min })],
      );
      for (const r of rows) {
        const id = r.stream_id.slice(-36);
        const fields = await runInTenant(r.tenant_id, () => this.repair(def, r.tenant_id, id));
        if (fields.length) done.push({ documentType: def.name, id, tenantId: r.tenant_id, fields });
      }
    }
    return done;
  }

  private async repair(def: DocumentDef, tenantId: string, id: string): Promise<string[]> {
    const stream = streamOf(def, tenantId, id);
    // the content exactly as its last content event stored it (jsonb keeps every digit a double lost)
    const { rows } = await this.pool.query<{ data: string }>(
      `SELECT message_data::text AS data FROM emt_messages WHERE stream_id = $1 AND message_type = ANY($2::text[])
        ORDER BY stream_position DESC LIMIT 1`,
      [stream, [eventTypeOf(def, KIT_FACTS.created), eventTypeOf(def, KIT_FACTS.changed)]],
    );
    let fields: string[] = [];
    try {
      await runCommand(this.store, {
        stream,
        streamType: def.streamType,
        fold: this.docs.foldOf(def),
        metadata: { tenantId, actor: REPAIR_ACTOR, occurredAt: new Date().toISOString(), correlationId: REPAIR_CORRELATION, causationId: `data-repair-${id}` },
        decide: async (state) => {
          if (state.status !== 'existing') return [];
          const content = contentOf(def, state.doc);
          const repairs = numberRepairs(contentFields(def), content);
          if (!repairs.length) return [];
          const changes: Record<string, [unknown, unknown]> = {};
          for (const rep of repairs) {
            const exact = await this.pool.query<{ v: string | null }>(`SELECT ($1::jsonb) #>> $2::text[] AS v`, [rows[0]?.data ?? '{}', ['content', ...rep.path.map(String)]]);
            changes[rep.path.join('.')] = [exact.rows[0]?.v ?? null, rep.after];
          }
          fields = Object.keys(changes);
          return [{ type: eventTypeOf(def, KIT_FACTS.changed), data: { content: applyNumberRepairs(content, repairs), changes } }];
        },
        also: (after) => (after.status === 'existing' ? [upsertListRow(def, after.doc)] : []),
      });
    } catch (err) {
      // a concurrent edit won: the next run looks again
      if (err instanceof StaleVersionError) return [];
      throw err;
    }
    // committed by its own append: list totals read meanwhile go (document.list.ts)
    if (fields.length) ListTotals.written(tenantId, def.name);
    return fields;
  }
}
