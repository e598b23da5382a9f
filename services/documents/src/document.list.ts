import {
  documentListColumnsOf,
  documentListFiltersOf,
  type DocumentDef,
  type KitDocument,
  type ResolvedColumn,
} from '@tpl/contracts';
import { sql, type Migration, type SqlText } from '@tpl/event-store';
import { valueAt } from './document.fold';

/**
 * Every document type's list, in one table: the columns every list filters, sorts and
 * scopes by (bill number and date, state, customer, who made it), and the document's own
 * columns in `row` (jsonb, one key per list column and filter). It is written in the same
 * transaction as the document's events (a user reads their own write at once) from the
 * document as folded after them, and rebuilt from zero by folding every stream again.
 */
export const DOC_LIST = 'doc_headers';

export const documentListMigrations: Migration[] = [
  {
    id: 'documents/001-doc-headers',
    sql: `
CREATE TABLE IF NOT EXISTS ${DOC_LIST} (
  tenant_id text NOT NULL,
  doc_type text NOT NULL,
  id uuid NOT NULL,
  bill_no text NOT NULL,
  bill_date date,
  state text NOT NULL,
  version int NOT NULL,
  is_review smallint NOT NULL DEFAULT 0,
  customer_code text,
  created_by text,
  created_dept text,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  row jsonb NOT NULL,
  PRIMARY KEY (tenant_id, doc_type, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS doc_headers_bill_no ON ${DOC_LIST} (tenant_id, doc_type, bill_no);
CREATE INDEX IF NOT EXISTS doc_headers_state ON ${DOC_LIST} (tenant_id, doc_type, state, bill_no);
CREATE INDEX IF NOT EXISTS doc_headers_bill_date ON ${DOC_LIST} (tenant_id, doc_type, bill_date);
CREATE INDEX IF NOT EXISTS doc_headers_customer ON ${DOC_LIST} (tenant_id, doc_type, customer_code);
CREATE INDEX IF NOT EXISTS doc_headers_updated ON ${DOC_LIST} (tenant_id, doc_type, updated_at);
CREATE INDEX IF NOT EXISTS doc_headers_created_by ON ${DOC_LIST} (tenant_id, doc_type, created_by);
CREATE INDEX IF NOT EXISTS doc_headers_created_dept ON ${DOC_LIST} (tenant_id, doc_type, created_dept);
CREATE INDEX IF NOT EXISTS doc_headers_row ON ${DOC_LIST} USING gin (row jsonb_path_ops);
`,
  },
];

/** List keys kept in their own column (everything else is in `row`). */
export const CORE_LIST_COLUMNS: Record<string, { column: string; kind: ResolvedColumn['kind'] }> = {
  billNo: { column: 'bill_no', kind: 'text' },
  billDate: { column: 'bill_date', kind: 'date' },
  state: { column: 'state', kind: 'enum' },
  isReview: { column: 'is_review', kind: 'number' },
  version: { column: 'version', kind: 'number' },
  customerCode: { column: 'customer_code', kind: 'text' },
  createdByName: { column: 'created_by_name', kind: 'text' },
  updatedAt: { column: 'updated_at', kind: 'datetime' },
};

const normalise = (v: unknown, kind: ResolvedColumn['kind']): unknown => {
  if (v === undefined || v === null || v === '') return null;
  if (kind === 'number' || kind === 'flag') return Number.isFinite(Number(v)) ? Number(v) : null;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** The document's own list values (columns and filters), by list key. */
export const listRowOf = (def: DocumentDef, doc: KitDocument): Record<string, unknown> => {
  const row: Record<string, unknown> = {};
  for (const c of documentListColumnsOf(def)) if (!CORE_LIST_COLUMNS[c.key]) row[c.key] = normalise(valueAt(doc, c.path), c.kind);
  for (const f of documentListFiltersOf(def)) {
    if (CORE_LIST_COLUMNS[f.path] || f.key in row) continue;
    row[f.key] = normalise(valueAt(doc, f.path), f.kind);
  }
  return row;
};

/** The list row of a document as folded: one idempotent upsert (a replay writes the same row). */
export const upsertListRow = (def: DocumentDef, doc: KitDocument): SqlText => {
  const customer = valueAt(doc, 'customerCode');
  return sql(
    `INSERT INTO ${DOC_LIST} (tenant_id, doc_type, id, bill_no, bill_date, state, version, is_review, customer_code, created_by, created_dept,
       created_by_name, created_at, updated_at, is_deleted, row)
     VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)
     ON CONFLICT (tenant_id, doc_type, id) DO UPDATE SET bill_no = EXCLUDED.bill_no, bill_date = EXCLUDED.bill_date, state = EXCLUDED.state,
       version = EXCLUDED.version, is_review = EXCLUDED.is_review, customer_code = EXCLUDED.customer_code, updated_at = EXCLUDED.updated_at,
       is_deleted = EXCLUDED.is_deleted, row = EXCLUDED.row`,
    doc.tenantId,
    def.name,
    doc.id,
    doc.billNo,
    typeof doc.billDate === 'string' ? doc.billDate : null,
    doc.state,
    doc.version,
    doc.isReview,
    typeof customer === 'string' ? customer : null,
    doc.createdBy.userId,
    doc.createdBy.deptId ?? null,
    doc.createdBy.name,
    doc.createdAt,
    doc.updatedAt,
    doc.removed,
    JSON.stringify(listRowOf(def, doc)),
  );
};
