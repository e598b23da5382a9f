import {
  documentListColumnsOf,
  documentListFiltersOf,
  type DocumentDef,
  type KitDocument,
  type ResolvedColumn,
} from '@tpl/contracts';
import { ChannelCache, params, type Migration, type ParamStatement } from '@tpl/event-store';
import { valueAt } from './document.fold';

/**
 * Every document type's list, in one table: the columns every list filters, sorts and
 * scopes by (bill number and date, state, customer, who made it), and the document's own
 * columns in `row` (jsonb, one key per list column and filter), and in `keys` the values its
 * exact-match filters look up (the only ones an index serves: GIN on so few keys, not on the
 * whole row, which every change rewrites). It is written in the same
 * transaction as the document's events (a user reads their own write at once) from the
 * document as folded after them, and rebuilt from zero by folding every stream again.
 */
export const DOC_LIST = 'doc_headers';
/** Each tenant and type's count of listed (not removed) rows of DOC_LIST, kept by a trigger on it. */
export const DOC_LIST_COUNTS = 'doc_list_counts';

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
  {
    // A type's whole list counted once per write instead of on every page read: a list row made
    // (or removed, or brought back) moves its tenant and type's count by one, in the writing
    // transaction, so a page reads the count of exactly the rows it sees. Creating a row already
    // waits on the type's serial number, so the count's row adds no wait of its own; a change
    // that leaves the row listed does not touch it.
    id: 'documents/002-doc-list-counts',
    sql: `
CREATE TABLE IF NOT EXISTS ${DOC_LIST_COUNTS} (
  tenant_id text NOT NULL,
  doc_type text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, doc_type)
);
CREATE OR REPLACE FUNCTION tpl_doc_list_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'DELETE' AND NOT NEW.is_deleted THEN
    INSERT INTO ${DOC_LIST_COUNTS} AS c (tenant_id, doc_type, n) VALUES (NEW.tenant_id, NEW.doc_type, 1)
      ON CONFLICT (tenant_id, doc_type) DO UPDATE SET n = c.n + 1;
  END IF;
  IF TG_OP <> 'INSERT' AND NOT OLD.is_deleted THEN
    UPDATE ${DOC_LIST_COUNTS} SET n = n - 1 WHERE tenant_id = OLD.tenant_id AND doc_type = OLD.doc_type;
  END IF;
  RETURN NULL;
END
$fn$;
DROP TRIGGER IF EXISTS doc_headers_counted ON ${DOC_LIST};
CREATE TRIGGER doc_headers_counted AFTER INSERT OR DELETE ON ${DOC_LIST} FOR EACH ROW EXECUTE FUNCTION tpl_doc_list_count();
DROP TRIGGER IF EXISTS doc_headers_recounted ON ${DOC_LIST};
CREATE TRIGGER doc_headers_recounted AFTER UPDATE OF is_deleted, tenant_id, doc_type ON ${DOC_LIST} FOR EACH ROW
  WHEN (OLD.is_deleted IS DISTINCT FROM NEW.is_deleted OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.doc_type IS DISTINCT FROM NEW.doc_type)
  EXECUTE FUNCTION tpl_doc_list_count();
INSERT INTO ${DOC_LIST_COUNTS} (tenant_id, doc_type, n)
  SELECT tenant_id, doc_type, count(*) FILTER (WHERE NOT is_deleted) FROM ${DOC_LIST} GROUP BY tenant_id, doc_type
  ON CONFLICT (tenant_id, doc_type) DO UPDATE SET n = EXCLUDED.n;
`,
  },
  {
    // The exact-match filters on a document's own fields (a check's type, a month bill's month)
    // look up `keys`, which holds those values only, and the GIN index moves there from `row`:
    // every change of a document rewrites its list row, and with it every index entry of the row
    // (one per key of the row before, one per exact filter now; the change bench gained 7 to 13 %
    // with the row's GIN dropped by hand, though runs of this change beside the tree before it
    // stayed within the machine's noise). Rows written
    // before have no keys (NULL): the host folds the lists of the types that filter on them
    // again at start, before it serves (DocumentService.rebuildMissingLists).
    id: 'documents/003-doc-headers-keys',
    sql: `
ALTER TABLE ${DOC_LIST} ADD COLUMN IF NOT EXISTS keys jsonb;
DROP INDEX IF EXISTS doc_headers_row;
CREATE INDEX IF NOT EXISTS doc_headers_keys ON ${DOC_LIST} USING gin (keys jsonb_path_ops);
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

/** A type's exact-match filters on the document's own fields (not a core column): what `keys` holds. */
export const keyedFiltersOf = (def: DocumentDef) => documentListFiltersOf(def).filter((f) => f.match === 'exact' && !CORE_LIST_COLUMNS[f.path]);

/** The values a document's exact-match filters on its own fields look up (`keys`), by filter key. */
export const listKeysOf = (def: DocumentDef, doc: KitDocument): Record<string, unknown> => {
  const keys: Record<string, unknown> = {};
  for (const f of keyedFiltersOf(def)) keys[f.key] = normalise(valueAt(doc, f.path), f.kind);
  return keys;
};

/**
 * A filtered list page's total (its count over every matching row) kept per tenant, type and
 * filter, on the embedded store only (the whole list of a type reads DOC_LIST_COUNTS on both).
 * There one host owns the data directory and reaches PGlite through a single connection, so a
 * write's transaction holds that connection until it commits: a list read runs wholly before
 * the write or wholly after its commit, never in between. Every list
 * row written (`upsertListRow`, the one way rows are made) drops its tenant and type's totals
 * when its statement is made, and again once an append with no transaction around it has
 * committed (the document service and the repair, after the command); a total read before a
 * drop is not kept (ChannelCache.mark/remember). So a kept total is the count the query would
 * give. On
 * PostgreSQL, reads run beside open transactions on other connections and hosts: each filtered
 * page counts its own (the count is cheap there; on PGlite's one WebAssembly backend it is most of a
 * page once a type holds thousands of rows).
 */
export class ListTotals {
  private static readonly live = new Set<ListTotals>();
  private readonly totals = new ChannelCache<number>({ ttlMs: 10 * 60_000, max: 10_000 });

  /** Starts keeping totals (the embedded store's document service); `close` stops it. */
  static open(): ListTotals {
    const t = new ListTotals();
    ListTotals.live.add(t);
    return t;
  }

  /** A list row of the tenant and type is being written: every kept total of theirs goes. */
  static written(tenantId: string, docType: string): void {
    for (const t of ListTotals.live) t.totals.drop(ListTotals.scope(tenantId, docType));
  }

  private static scope(tenantId: string, docType: string) {
    return `${tenantId}\u0000${docType}`;
  }

  /** The kept total of a page's filter, when there is one. */
  peek(filter: string): number | undefined {
    return this.totals.peek(filter);
  }

  /** Where the totals stand before a count is read (see remember). */
  mark(): number {
    return this.totals.mark();
  }

  /** Keeps a total counted since mark(), unless a row of its tenant and type was written in between. */
  remember(tenantId: string, docType: string, filter: string, total: number, since: number): void {
    this.totals.remember(filter, [ListTotals.scope(tenantId, docType)], total, since);
  }

  close(): void {
    ListTotals.live.delete(this);
  }
}

/** The list row of a document as folded: one idempotent upsert (a replay writes the same row). */
/**
 * Parameterised: a command's append sends it with the events as one named statement (planned once
 * per connection); a batch (a rebuild, a transaction's COMMIT) writes its values in (asText).
 */
export const upsertListRow = (def: DocumentDef, doc: KitDocument): ParamStatement => {
  ListTotals.written(doc.tenantId, def.name);
  const customer = valueAt(doc, 'customerCode');
  return params(
    `INSERT INTO ${DOC_LIST} (tenant_id, doc_type, id, bill_no, bill_date, state, version, is_review, customer_code, created_by, created_dept,
       created_by_name, created_at, updated_at, is_deleted, row, keys)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     ON CONFLICT (tenant_id, doc_type, id) DO UPDATE SET bill_no = EXCLUDED.bill_no, bill_date = EXCLUDED.bill_date, state = EXCLUDED.state,
       version = EXCLUDED.version, is_review = EXCLUDED.is_review, customer_code = EXCLUDED.customer_code, updated_at = EXCLUDED.updated_at,
       is_deleted = EXCLUDED.is_deleted, row = EXCLUDED.row, keys = EXCLUDED.keys`,
    [
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
    JSON.stringify(listKeysOf(def, doc)),
    ],
  );
};
