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
  {
    // a barcode's lines (the temporary packages' list: which bill took a package's barcode out, and when)
    id: 'warehouse/005-stream-barcode',
    sql: `CREATE INDEX IF NOT EXISTS wh_stream_barcode ON ${STOCK_STREAM_TABLE} (tenant_id, barcode, effective_at);`,
  },
];

type RowWrite = {
  tenantId: string;
  line: StockFact['lines'][number];
  /** the attributes a new row takes: from the first line of the batch that names them */
  first: StockFact['lines'][number];
  /** the last status a line of the batch set (a status change or a move in), if any */
  status: string | null;
  at: string;
};

const rowId = (tenantId: string, l: StockFact['lines'][number]) =>
  [tenantId, l.customerCode, l.materialCode, l.barcode, l.warehousePlaceCode, l.batchNo].join('\u0000');

/**
 * A batch of stock facts as set-based statements: every stream line in one INSERT, each
 * touched stock row once with its balance after the batch's last line (lines carry their
 * after-balances, so the last one is the row's state), each account once with its newest
 * version, and the area of the lines that do not name one from their rows. The same
 * statements serve the live append (one fact) and a rebuild (thousands).
 */
const statementsFor = (events: readonly StoredEvent[]): SqlText[] => {
  const stream: string[] = [];
  /** lines that do not name their area (only a line creating its row does): they take their row's once it is written */
  const arealess: string[] = [];
  const rows = new Map<string, RowWrite>();
  const accounts = new Map<string, { tenantId: string; customer: string; material: string; version: number }>();
  for (const e of events) {
    const fact = e.data as StockFact;
    const { tenantId, occurredAt } = e.metadata;
    const eventId = e.id ?? `${e.streamName}@${e.version}`;
    fact.lines.forEach((l, i) => {
      stream.push(
        sql(
          `(%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)`,
          tenantId,
          `${eventId}:${i}`,
          eventId,
          e.type,
          l.customerCode,
          l.materialCode,
          l.barcode,
          l.warehousePlaceCode,
          l.batchNo,
          l.warehouseAreaCode ?? null,
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
      if (!l.warehouseAreaCode) arealess.push(sql('(%L, %L)', tenantId, `${eventId}:${i}`));
      const id = rowId(tenantId, l);
      const before = rows.get(id);
      rows.set(id, { tenantId, line: l, first: before?.first ?? l, status: l.status ?? before?.status ?? null, at: occurredAt });
      const acc = `${tenantId}\u0000${l.customerCode}\u0000${l.materialCode}`;
      const seen = accounts.get(acc);
      if (!seen || seen.version < e.version) accounts.set(acc, { tenantId, customer: l.customerCode, material: l.materialCode, version: e.version });
    });
  }
  if (!stream.length) return [];
  const stock = [...rows.values()].map(({ tenantId, line: l, first: f, status, at }) =>
    sql(
      `(%L, %L, %L, %L, %L, %L, %L::numeric, %L::numeric, %L::numeric, %L::numeric, %L::numeric, %L, %L::date, %L::timestamptz, %L, %L::timestamptz, %L::text)`,
      tenantId,
      l.customerCode,
      l.materialCode,
      l.barcode,
      l.warehousePlaceCode,
      l.batchNo,
      l.endQty,
      l.endDjQty,
      f.qtyWeg ?? l.qtyWeg ?? 0,
      f.boardQty ?? l.boardQty ?? 0,
      f.unitVolume ?? l.unitVolume ?? 0,
      status ?? 'AVAILABLE',
      f.expiringDate ?? l.expiringDate ?? null,
      f.inboundAt ?? l.inboundAt ?? null,
      f.warehouseAreaCode ?? l.warehouseAreaCode ?? null,
      at,
      status,
    ),
  );
  const versions = [...accounts.values()].map((a) => sql(`(%L, %L, %L, %L::int)`, a.tenantId, a.customer, a.material, a.version));
  return [
    `INSERT INTO ${STOCK_STREAM_TABLE} (tenant_id, id, event_id, event_type, customer_code, material_code, barcode, place_code, batch_no, area_code,
       bill_no, doc_type, doc_id, line_no, stream_type, movement, qty, dj_qty, before_qty, end_qty, status, effective_at, recorded_at,
       instock_status, outstock_status, is_cost, follow_user, supplier_code, parent_barcode)
     VALUES ${stream.join(',\n')}
     ON CONFLICT (tenant_id, id) DO NOTHING` as SqlText,
    // existing rows take the batch's last balance (and a status only when a line set one); new rows are made
    `WITH v (tenant_id, customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, qty_weg, board_qty, unit_volume, status,
             expiring_date, inbound_at, area_code, updated_at, set_status) AS (VALUES ${stock.join(',\n')}),
     upd AS (
       UPDATE ${STOCK_TABLE} s SET qty = v.qty, dj_qty = v.dj_qty, status = COALESCE(v.set_status, s.status), updated_at = v.updated_at
         FROM v
        WHERE s.tenant_id = v.tenant_id AND s.customer_code = v.customer_code AND s.material_code = v.material_code
          AND s.barcode = v.barcode AND s.place_code = v.place_code AND s.batch_no = v.batch_no
       RETURNING s.tenant_id, s.customer_code, s.material_code, s.barcode, s.place_code, s.batch_no)
     INSERT INTO ${STOCK_TABLE} (tenant_id, customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, qty_weg, board_qty, unit_volume, status,
       expiring_date, inbound_at, area_code, updated_at)
     SELECT v.tenant_id, v.customer_code, v.material_code, v.barcode, v.place_code, v.batch_no, v.qty, v.dj_qty, v.qty_weg, v.board_qty, v.unit_volume, v.status,
            v.expiring_date, v.inbound_at, v.area_code, v.updated_at
       FROM v
      WHERE NOT EXISTS (SELECT 1 FROM upd u WHERE u.tenant_id = v.tenant_id AND u.customer_code = v.customer_code AND u.material_code = v.material_code
                          AND u.barcode = v.barcode AND u.place_code = v.place_code AND u.batch_no = v.batch_no)` as SqlText,
    `INSERT INTO ${STOCK_ACCOUNTS_TABLE} AS a (tenant_id, customer_code, material_code, version)
     SELECT * FROM (VALUES ${versions.join(',\n')}) AS v(tenant_id, customer_code, material_code, version)
     ON CONFLICT (tenant_id, customer_code, material_code) DO UPDATE SET version = GREATEST(a.version, EXCLUDED.version)` as SqlText,
    // every line names its stock row's area (a row's area never changes: it is its place's), so reports filter lines by area
    ...(arealess.length
      ? [
          `UPDATE ${STOCK_STREAM_TABLE} l SET area_code = s.area_code
             FROM (VALUES ${arealess.join(',\n')}) AS x(tenant_id, id), ${STOCK_TABLE} s
            WHERE l.tenant_id = x.tenant_id AND l.id = x.id AND l.area_code IS NULL AND s.area_code IS NOT NULL
              AND s.tenant_id = l.tenant_id AND s.customer_code = l.customer_code AND s.material_code = l.material_code
              AND s.barcode = l.barcode AND s.place_code = l.place_code AND s.batch_no = l.batch_no` as SqlText,
        ]
      : []),
  ];
};

export const stockLedgerProjection: InlineProjection = {
  name: 'warehouse-stock-ledger',
  tables: [STOCK_STREAM_TABLE, STOCK_ACCOUNTS_TABLE, STOCK_TABLE],
  handles: stockEventTypes,
  project: (events) => statementsFor(events),
};
