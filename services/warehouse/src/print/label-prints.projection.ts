import type { InlineProjection, Migration, SqlText, StoredEvent } from '@tpl/event-store';
import { sql } from '@tpl/event-store';
import { LABELS_PRINTED, LABELS_REPRINTED, LABEL_PRINTS, type LabelsPrintedData, type LabelsReprintedData } from './label-print';

/** Every label print and reprint of the tenant, one row per fact: the tenant-wide printed-labels list (issue 30). */
export const LABEL_PRINTS_TABLE = 'wh_label_prints';

export const labelPrintsMigrations: Migration[] = [
  {
    id: 'warehouse/004-label-prints',
    sql: `
CREATE TABLE IF NOT EXISTS ${LABEL_PRINTS_TABLE} (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  doc_type text NOT NULL,
  doc_id text NOT NULL,
  bill_no text NOT NULL,
  seq int NOT NULL,
  kind text NOT NULL,
  of_seq int,
  labels int NOT NULL,
  printed_at timestamptz NOT NULL,
  printed_by text NOT NULL,
  printed_by_name text NOT NULL,
  PRIMARY KEY (tenant_id, event_id)
);
CREATE INDEX IF NOT EXISTS wh_label_prints_at ON ${LABEL_PRINTS_TABLE} (tenant_id, printed_at);
CREATE INDEX IF NOT EXISTS wh_label_prints_doc ON ${LABEL_PRINTS_TABLE} (tenant_id, doc_type, doc_id);
CREATE INDEX IF NOT EXISTS wh_label_prints_by ON ${LABEL_PRINTS_TABLE} (tenant_id, printed_by);`,
  },
];

/** The document a label stream belongs to: `LabelPrints-<tenant>-<document id>`. */
export const documentIdOfLabelStream = (streamName: string, tenantId: string): string => streamName.slice(`${LABEL_PRINTS}-${tenantId}-`.length);

/** One print's row: its document (receipt labels recorded before the package label named no type: an inbound bill's), labels counted over its rows. */
export const labelPrintRowOf = (e: StoredEvent) => {
  const data = e.data as LabelsPrintedData & Partial<Pick<LabelsReprintedData, 'of'>>;
  const { tenantId, occurredAt, actor } = e.metadata;
  return {
    tenantId,
    eventId: e.id ?? `${e.streamName}@${e.version}`,
    docType: data.documentType || 'isinstockbill',
    docId: documentIdOfLabelStream(e.streamName, tenantId),
    billNo: data.billNo,
    seq: e.version,
    kind: e.type === LABELS_PRINTED ? 'print' : 'reprint',
    of: data.of ?? null,
    labels: data.rows.reduce((n, r) => n + (r.labels ?? 0), 0),
    at: occurredAt,
    by: actor.account,
    byName: actor.name || actor.account,
  };
};

/**
 * Inline: a print is in the list the moment its PDF is made (the same transaction as its fact).
 * Pure over the facts, so a rebuild from zero gives the same table.
 */
export const labelPrintsProjection: InlineProjection = {
  name: 'warehouse-label-prints',
  tables: [LABEL_PRINTS_TABLE],
  handles: [LABELS_PRINTED, LABELS_REPRINTED],
  project: (events): SqlText[] => {
    const rows = events.filter((e) => e.type === LABELS_PRINTED || e.type === LABELS_REPRINTED).map(labelPrintRowOf);
    if (!rows.length) return [];
    const values = rows.map((r) => sql('(%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)', r.tenantId, r.eventId, r.docType, r.docId, r.billNo, r.seq, r.kind, r.of, r.labels, r.at, r.by, r.byName));
    return [
      `INSERT INTO ${LABEL_PRINTS_TABLE} (tenant_id, event_id, doc_type, doc_id, bill_no, seq, kind, of_seq, labels, printed_at, printed_by, printed_by_name)
       VALUES ${values.join(', ')} ON CONFLICT (tenant_id, event_id) DO NOTHING` as SqlText,
    ];
  },
};
