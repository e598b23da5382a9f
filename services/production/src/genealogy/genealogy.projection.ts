import { eventTypeOf, secproductive } from '@tpl/contracts';
import { sql, type InlineProjection, type Migration, type SqlText, type StoredEvent } from '@tpl/event-store';

/**
 * Production's lot genealogy (inline: the keeper who received a lot asks for it at once): each
 * finished lot a task received (prd_lot_receipts) and the raw lots issued to that task by then
 * (prd_lot_sources, each lot's issued quantity as of the task's last receipt). Kept from the
 * task's own Received facts, which carry both (the decision filled them from the task): production
 * reads no other context's tables.
 */
export const LOT_RECEIPTS = 'prd_lot_receipts';
export const LOT_SOURCES = 'prd_lot_sources';

export const genealogyMigrations: Migration[] = [
  {
    id: 'production/001-lot-genealogy',
    sql: `
CREATE TABLE IF NOT EXISTS ${LOT_RECEIPTS} (
  tenant_id text NOT NULL,
  task_id uuid NOT NULL,
  version int NOT NULL,
  seq int NOT NULL,
  task_bill_no text NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  batch_no text NOT NULL,
  qty numeric NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, task_id, version, seq)
);
CREATE INDEX IF NOT EXISTS prd_lot_receipts_lot ON ${LOT_RECEIPTS} (tenant_id, customer_code, material_code, batch_no);
CREATE TABLE IF NOT EXISTS ${LOT_SOURCES} (
  tenant_id text NOT NULL,
  task_id uuid NOT NULL,
  material_code text NOT NULL,
  batch_no text NOT NULL,
  barcode text NOT NULL,
  qty numeric NOT NULL,
  PRIMARY KEY (tenant_id, task_id, material_code, batch_no, barcode)
);
CREATE INDEX IF NOT EXISTS prd_lot_sources_lot ON ${LOT_SOURCES} (tenant_id, material_code, batch_no);
`,
  },
];

type Received = {
  receipts?: { batchNo: string; qty: number; materialCode?: string }[];
  receivedAt?: string;
  customerCode?: string;
  taskBillNo?: string;
  sources?: { materialCode: string; batchNo: string; barcode: string; qty: number }[];
};

const RECEIVED = eventTypeOf(secproductive, 'Received');
const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

/** The statements of one receipt: its lots, and the raw lots issued by then (their latest issued quantity). */
export const genealogyStatements = (e: StoredEvent): SqlText[] => {
  const d = e.data as Received;
  const tenantId = e.metadata.tenantId;
  const taskId = idOf(e);
  const at = d.receivedAt ?? e.metadata.occurredAt;
  const out: SqlText[] = (d.receipts ?? []).map((r, i) =>
    sql(
      `INSERT INTO ${LOT_RECEIPTS} (tenant_id, task_id, version, seq, task_bill_no, customer_code, material_code, batch_no, qty, received_at)
       VALUES (%L, %L::uuid, %L, %L, %L, %L, %L, %L, %L, %L::timestamptz) ON CONFLICT DO NOTHING`,
      tenantId, taskId, e.version, i + 1, d.taskBillNo ?? '', d.customerCode ?? '', r.materialCode ?? '', r.batchNo ?? '', r.qty, at,
    ),
  );
  for (const s of d.sources ?? []) {
    out.push(
      sql(
        `INSERT INTO ${LOT_SOURCES} (tenant_id, task_id, material_code, batch_no, barcode, qty) VALUES (%L, %L::uuid, %L, %L, %L, %L)
         ON CONFLICT (tenant_id, task_id, material_code, batch_no, barcode) DO UPDATE SET qty = EXCLUDED.qty`,
        tenantId, taskId, s.materialCode, s.batchNo ?? '', s.barcode ?? '', s.qty,
      ),
    );
  }
  return out;
};

export const genealogyProjection: InlineProjection = {
  name: 'production-genealogy',
  tables: [LOT_RECEIPTS, LOT_SOURCES],
  handles: [RECEIVED],
  project: (events) => events.filter((e) => e.type === RECEIVED).flatMap(genealogyStatements),
};
