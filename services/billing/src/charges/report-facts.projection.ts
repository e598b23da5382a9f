import { OTHER_CHARGE_DOCUMENTS, OTHER_CHARGE_FACTS, costlading } from '@tpl/contracts';
import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';

/**
 * The facts billing's reports read beyond what the month bill prices (docs/DOMAIN.md "Billing
 * reports"), kept by the asynchronous projector from events, never from another context's
 * tables; a projection of its own so that it is built from the first event wherever it is added:
 *
 * - bl_doc_facts: every fact of the other-charge documents and of the cost ladings, with the
 *   document's whole content on Created / Changed (a handling bill's direction, a value-added
 *   bill's lines and cost types, a cost lading's worker and work): the incidental-fee reports by
 *   kind and the employee piece-work reports;
 * - bl_md_refs: the master data the reports classify by: each material's type (packing,
 *   imported or raw material) and each cost type's category (transport, handling...).
 */
export const BILLING_REPORT_PROJECTION = 'billing-report-facts';
export const DOC_FACTS = 'bl_doc_facts';
export const MD_REFS = 'bl_md_refs';

export const reportFactsMigrations: Migration[] = [
  {
    id: 'billing/005-report-facts',
    sql: `
CREATE TABLE IF NOT EXISTS ${DOC_FACTS} (
  tenant_id text NOT NULL,
  doc_id text NOT NULL,
  seq int NOT NULL,
  doc_type text NOT NULL,
  -- Created / Changed (content: the document's content as it then stood), Audited, Reviewed, Cancelled, Removed
  fact text NOT NULL,
  bill_no text,
  content jsonb,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, doc_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_doc_facts_type ON ${DOC_FACTS} (tenant_id, doc_type, doc_id, tx, pos);

CREATE TABLE IF NOT EXISTS ${MD_REFS} (
  tenant_id text NOT NULL,
  entity text NOT NULL,
  record_id text NOT NULL,
  seq int NOT NULL,
  code text,
  attrs jsonb,
  removed boolean NOT NULL DEFAULT false,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, entity, record_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_md_refs_code ON ${MD_REFS} (tenant_id, entity, code, tx, pos);
`,
  },
];

/** The documents followed: the other charges and the cost ladings (by stream type). */
const DOCS = new Map<string, string>([...OTHER_CHARGE_DOCUMENTS.map((d) => [d.streamType, d.name] as const), [costlading.streamType, costlading.name]]);
/** The master data followed, and the attributes kept of each record. */
const REFS: Record<string, { entity: string; attrs: readonly string[] }> = {
  Material: { entity: 'material', attrs: ['type', 'categoryCode', 'name'] },
  Costtype: { entity: 'costtype', attrs: ['category', 'name'] },
};
const REF_FACTS = ['Created', 'Changed', 'Removed'] as const;
export const REPORT_FACT_EVENT_TYPES = [
  ...[...DOCS.keys()].flatMap((s) => OTHER_CHARGE_FACTS.map((f) => `${s}${f}`)),
  ...Object.keys(REFS).flatMap((s) => REF_FACTS.map((f) => `${s}${f}`)),
];

const cursorOf = (e: StoredEvent): { tx: string; pos: string } => {
  const m = /^(\d+):(\d+)$/.exec(e.cursor ?? '');
  if (!m) throw new Error(`billing report facts: event ${e.streamName}@${e.version} has no read cursor`);
  return { tx: m[1]!, pos: m[2]! };
};
const idOfStream = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);
const FACT = new RegExp(`^(.+?)(${OTHER_CHARGE_FACTS.join('|')})$`);

/** The columns of each table as the projection writes them (name and SQL type). */
const DOC_FACT_COLUMNS = ['tenant_id text', 'doc_id text', 'seq int', 'doc_type text', 'fact text', 'bill_no text', 'content jsonb', 'tx bigint', 'pos bigint'];
const MD_REF_COLUMNS = ['tenant_id text', 'entity text', 'record_id text', 'seq int', 'code text', 'attrs jsonb', 'removed boolean', 'tx bigint', 'pos bigint'];

/** A batch of rows in one statement (a JSON recordset); a row already written is left as it is (replay). */
const recordsetInsert = (table: string, columns: readonly string[], rows: readonly object[]) => {
  const names = columns.map((c) => c.split(' ')[0]!);
  return {
    text: `INSERT INTO ${table} (${names.join(', ')})
             SELECT ${names.map((n) => `r.${n}`).join(', ')}
               FROM jsonb_to_recordset($1::jsonb) AS r(${columns.join(', ')})
             ON CONFLICT DO NOTHING`,
    values: [JSON.stringify(rows)] as unknown[],
  };
};

/** The statements of one batch (pure: the same events always give the same statements). */
export const reportFactStatements = (events: StoredEvent[]) => {
  const docs: Record<string, unknown>[] = [];
  const refs: Record<string, unknown>[] = [];
  for (const e of events) {
    const m = FACT.exec(e.type);
    if (!m) continue;
    const [, streamType, fact] = m as unknown as [string, string, string];
    const { tx, pos } = cursorOf(e);
    const tenantId = e.metadata.tenantId;
    const ref = REFS[streamType];
    if (ref) {
      if (!(REF_FACTS as readonly string[]).includes(fact)) continue;
      const removed = fact === 'Removed';
      const data = removed ? {} : (((e.data as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>);
      const attrs = Object.fromEntries(ref.attrs.map((a) => [a, data[a] ?? null]));
      refs.push({ tenant_id: tenantId, entity: ref.entity, record_id: idOfStream(e), seq: e.version, code: typeof data.code === 'string' ? data.code : null, attrs, removed, tx, pos });
      continue;
    }
    const docType = DOCS.get(streamType);
    if (!docType) continue;
    const d = e.data as { billNo?: string; content?: Record<string, unknown> };
    const withContent = fact === 'Created' || fact === 'Changed';
    docs.push({
      tenant_id: tenantId,
      doc_id: idOfStream(e),
      seq: e.version,
      doc_type: docType,
      fact,
      bill_no: typeof d.billNo === 'string' && d.billNo !== '' ? d.billNo : null,
      content: withContent ? (d.content ?? {}) : null,
      tx,
      pos,
    });
  }
  const statements: { text: string; values: unknown[] }[] = [];
  if (docs.length) statements.push(recordsetInsert(DOC_FACTS, DOC_FACT_COLUMNS, docs));
  if (refs.length) statements.push(recordsetInsert(MD_REFS, MD_REF_COLUMNS, refs));
  return statements;
};

export const reportFactsProjection: AsyncProjection = {
  name: BILLING_REPORT_PROJECTION,
  tables: [DOC_FACTS, MD_REFS],
  handles: REPORT_FACT_EVENT_TYPES,
  project: reportFactStatements,
};
