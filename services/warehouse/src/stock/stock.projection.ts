import { stockEventTypes, type StockFact } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';

/**
 * The stock ledger's read models, written in the same transaction as the stock facts:
 * - wh_stock: one row per stock row (owner, material, barcode, place, batch) with qty and
 *   djQty as they are now; decisions read it (with the account's version) instead of
 *   folding a long account stream;
 * - wh_stock_accounts: each account's stream version, so a decision made on wh_stock appends
 *   with the version it read (a concurrent writer makes it stale: 409, nothing written);
 * - wh_stock_stream: the stock stream, one line per line of every fact (spec 02 fields),
 *   naming the event and the document line it comes from.
 * Pure: facts carry their before and after balances, so replaying every event from zero
 * writes the same rows (tested).
 */
export const STOCK_TABLE = 'wh_stock';
export const STOCK_ACCOUNTS_TABLE = 'wh_stock_accounts';
export const STOCK_STREAM_TABLE = 'wh_stock_stream';

export const stockMigrations: Migration[] = [
  {
    id: 'warehouse/001-stock-ledger',
    sql: `
CREATE TABLE IF NOT EXISTS ${STOCK_TABLE} (
  tenant_id text NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  barcode text NOT NULL,
  place_code text NOT NULL,
  batch_no text NOT NULL,
  qty numeric NOT NULL,
  dj_qty numeric NOT NULL,
  qty_weg numeric NOT NULL DEFAULT 0,
  board_qty numeric NOT NULL DEFAULT 0,
  status text NOT NULL,
  expiring_date date,
  inbound_at timestamptz,
  area_code text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, customer_code, material_code, barcode, place_code, batch_no),
  CHECK (qty >= 0 AND dj_qty >= 0 AND dj_qty <= qty)
);
CREATE INDEX IF NOT EXISTS wh_stock_material ON ${STOCK_TABLE} (tenant_id, material_code, customer_code);
CREATE INDEX IF NOT EXISTS wh_stock_place ON ${STOCK_TABLE} (tenant_id, place_code);
CREATE INDEX IF NOT EXISTS wh_stock_area ON ${STOCK_TABLE} (tenant_id, area_code);
CREATE INDEX IF NOT EXISTS wh_stock_barcode ON ${STOCK_TABLE} (tenant_id, barcode);
CREATE INDEX IF NOT EXISTS wh_stock_batch ON ${STOCK_TABLE} (tenant_id, batch_no);

CREATE TABLE IF NOT EXISTS ${STOCK_ACCOUNTS_TABLE} (
  tenant_id text NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  version int NOT NULL,
  PRIMARY KEY (tenant_id, customer_code, material_code)
);

CREATE TABLE IF NOT EXISTS ${STOCK_STREAM_TABLE} (
  tenant_id text NOT NULL,
  id text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  barcode text NOT NULL,
  place_code text NOT NULL,
  batch_no text NOT NULL,
  area_code text,
  bill_no text NOT NULL,
  doc_type text NOT NULL,
  doc_id text NOT NULL,
  line_no int,
  stream_type text NOT NULL,
  movement text NOT NULL,
  qty numeric NOT NULL,
  dj_qty numeric NOT NULL,
  before_qty numeric NOT NULL,
  end_qty numeric NOT NULL,
  status text,
  effective_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL,
  instock_status smallint NOT NULL DEFAULT 0,
  outstock_status smallint NOT NULL DEFAULT 0,
  is_cost smallint NOT NULL DEFAULT 0,
  follow_user text,
  supplier_code text,
  parent_barcode text,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX IF NOT EXISTS wh_stream_effective ON ${STOCK_STREAM_TABLE} (tenant_id, effective_at);
CREATE INDEX IF NOT EXISTS wh_stream_material ON ${STOCK_STREAM_TABLE} (tenant_id, material_code, effective_at);
CREATE INDEX IF NOT EXISTS wh_stream_customer ON ${STOCK_STREAM_TABLE} (tenant_id, customer_code, effective_at);
CREATE INDEX IF NOT EXISTS wh_stream_place ON ${STOCK_STREAM_TABLE} (tenant_id, place_code, effective_at);
CREATE INDEX IF NOT EXISTS wh_stream_row ON ${STOCK_STREAM_TABLE} (tenant_id, customer_code, material_code, barcode, place_code, batch_no, effective_at);
CREATE INDEX IF NOT EXISTS wh_stream_bill ON ${STOCK_STREAM_TABLE} (tenant_id, bill_no);
CREATE INDEX IF NOT EXISTS wh_stream_doc ON ${STOCK_STREAM_TABLE} (tenant_id, doc_id);
`,
  },
  {
    // m³ per piece: put-away weighs what a place holds against its capacity
    id: 'warehouse/002-stock-unit-volume',
    sql: `ALTER TABLE ${STOCK_TABLE} ADD COLUMN IF NOT EXISTS unit_volume numeric NOT NULL DEFAULT 0;`,
  },
  {
    // every stream line names its stock row's area (lines written before named it only where they created the row),
    // so reports and explain filter lines by area through an index; and the reads' other filters get theirs
    id: 'warehouse/003-stream-area',
    sql: `
UPDATE ${STOCK_STREAM_TABLE} l SET area_code = s.area_code
  FROM ${STOCK_TABLE} s
 WHERE l.area_code IS NULL AND s.area_code IS NOT NULL AND s.tenant_id = l.tenant_id AND s.customer_code = l.customer_code
   AND s.material_code = l.material_code AND s.barcode = l.barcode AND s.place_code = l.place_code AND s.batch_no = l.batch_no;
CREATE INDEX IF NOT EXISTS wh_stream_area ON ${STOCK_STREAM_TABLE} (tenant_id, area_code, effective_at);
CREATE INDEX IF NOT EXISTS wh_stock_customer ON ${STOCK_TABLE} (tenant_id, customer_code, area_code);`,
  },
];

/** The stream of an account's fact says which account; its lines say the rest. */
const statementsFor = (e: StoredEvent): SqlText[] => {
  const fact = e.data as StockFact;
  const { tenantId, occurredAt } = e.metadata;
  const out: SqlText[] = [];
  const accounts = new Set<string>();
  fact.lines.forEach((l, i) => {
    out.push(
      sql(
        `INSERT INTO ${STOCK_TABLE} (tenant_id, customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, qty_weg, board_qty, unit_volume, status,
           expiring_date, inbound_at, area_code, updated_at)
         VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)
         ON CONFLICT (tenant_id, customer_code, material_code, barcode, place_code, batch_no) DO UPDATE SET
           qty = EXCLUDED.qty, dj_qty = EXCLUDED.dj_qty, status = COALESCE(%L, ${STOCK_TABLE}.status), updated_at = EXCLUDED.updated_at`,
        tenantId,
        l.customerCode,
        l.materialCode,
        l.barcode,
        l.warehousePlaceCode,
        l.batchNo,
        l.endQty,
        l.endDjQty,
        l.qtyWeg ?? 0,
        l.boardQty ?? 0,
        l.unitVolume ?? 0,
        l.status ?? 'AVAILABLE',
        l.expiringDate ?? null,
        l.inboundAt ?? null,
        l.warehouseAreaCode ?? null,
        occurredAt,
        l.status ?? null,
      ),
      sql(
        `INSERT INTO ${STOCK_STREAM_TABLE} (tenant_id, id, event_id, event_type, customer_code, material_code, barcode, place_code, batch_no, area_code,
           bill_no, doc_type, doc_id, line_no, stream_type, movement, qty, dj_qty, before_qty, end_qty, status, effective_at, recorded_at,
           instock_status, outstock_status, is_cost, follow_user, supplier_code, parent_barcode)
         VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L,
           COALESCE(%L, (SELECT area_code FROM ${STOCK_TABLE} WHERE tenant_id = %L AND customer_code = %L AND material_code = %L AND barcode = %L AND place_code = %L AND batch_no = %L)),
           %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)
         ON CONFLICT (tenant_id, id) DO NOTHING`,
        tenantId,
        `${e.id ?? `${e.streamName}@${e.version}`}:${i}`,
        e.id ?? `${e.streamName}@${e.version}`,
        e.type,
        l.customerCode,
        l.materialCode,
        l.barcode,
        l.warehousePlaceCode,
        l.batchNo,
        // the line's stock row's area: the row was written just above (a line that does not create its row names none)
        l.warehouseAreaCode ?? null,
        tenantId,
        l.customerCode,
        l.materialCode,
        l.barcode,
        l.warehousePlaceCode,
        l.batchNo,
        l.source.billNo,
        l.source.documentType,
        l.source.documentId,
        l.source.lineNumber ?? null,
        fact.streamType,
        l.movement,
        l.qty,
        l.djQty,
        l.beforeQty,
        l.endQty,
        l.status ?? null,
        fact.effectiveAt,
        occurredAt,
        // only a receipt's and a shipment's lines count toward the handling fees (billing reads them)
        l.movement === 'RECEIVE' ? fact.instockStatus : 0,
        l.movement === 'SHIP' ? fact.outstockStatus : 0,
        fact.isCost,
        fact.followUser ?? null,
        l.supplierCode ?? null,
        l.parentBarcode ?? null,
      ),
    );
    accounts.add(`${l.customerCode}\u0000${l.materialCode}`);
  });
  for (const a of accounts) {
    const [customer, material] = a.split('\u0000');
    out.push(
      sql(
        `INSERT INTO ${STOCK_ACCOUNTS_TABLE} (tenant_id, customer_code, material_code, version) VALUES (%L, %L, %L, %L)
         ON CONFLICT (tenant_id, customer_code, material_code) DO UPDATE SET version = GREATEST(${STOCK_ACCOUNTS_TABLE}.version, EXCLUDED.version)`,
        tenantId,
        customer,
        material,
        e.version,
      ),
    );
  }
  return out;
};

export const stockLedgerProjection: InlineProjection = {
  name: 'warehouse-stock-ledger',
  tables: [STOCK_STREAM_TABLE, STOCK_ACCOUNTS_TABLE, STOCK_TABLE],
  handles: stockEventTypes,
  project: (events) => events.flatMap(statementsFor),
};
