import { OTHER_CHARGE_DOCUMENTS, PACKING_DOCUMENTS, otherChargeEventTypes, packingEventTypes, stockEventTypes, type StockFact, type StockLine } from '@tpl/contracts';
import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';
import { isVersionStamp } from '@tpl/contracts';
import { versionStamp } from './pricing';

/**
 * Billing's own read models of the facts it bills, kept by the asynchronous projector from
 * other contexts' events, never from their tables (docs/ARCHITECTURE.md "Billing"):
 *
 * - bl_agreements: every version of every fee agreement (master data's Lgagreement events),
 *   one row per event, stamped yyyyMMddHHmmssffffff;
 * - bl_stock_rows / bl_stock_lines: the stock stream's lines that change a quantity, each with
 *   its weight (t), pallets and m³ from its row's attributes, its business day and fee flags;
 * - bl_other_events: the other-charge documents' facts (content, audited, cancelled);
 * - bl_pack_docs / bl_pack_lines: the packing steps' documents (owner, area, bill number per
 *   version) and the packing materials each ship or pack recorded, one row per line of the event
 *   (keyed by the event's id: an event delivered twice is kept, and so charged, once).
 *
 * Every row carries the read cursor of its event (tx, pos): a month bill records the cursor it
 * was priced at, and pricing it again "from zero" reads only rows at or before it, so a fact
 * recorded later (a back-dated correction, an agreement change) never reprices an issued bill.
 */
export const BILLING_PROJECTION = 'billing-facts';
export const AGREEMENTS = 'bl_agreements';
export const STOCK_ROWS = 'bl_stock_rows';
export const STOCK_LINES = 'bl_stock_lines';
export const OTHER_EVENTS = 'bl_other_events';
export const AREAS = 'bl_areas';
export const MATERIALS = 'bl_materials';
/** the owner, area and bill number of each document whose steps record packing materials, per version */
export const PACK_DOCS = 'bl_pack_docs';
/** the packing materials a ship or pack step recorded: one row per line, keyed by the event */
export const PACK_LINES = 'bl_pack_lines';
/** every version of every billing rule (master data's Billingrules events): what pricing reads as known at a bill's cutoff */
export const RULES = 'bl_rules';

const TZ = () => (process.env.BUSINESS_TZ ?? 'Asia/Shanghai').replace(/'/g, '');

export const billingMigrations: Migration[] = [
  {
    id: 'billing/001-charge-facts',
    sql: `
CREATE TABLE IF NOT EXISTS ${AGREEMENTS} (
  tenant_id text NOT NULL,
  record_id text NOT NULL,
  seq int NOT NULL,
  code text,
  customer_code text,
  area_code text,
  start_date date,
  end_date date,
  basis text NOT NULL DEFAULT 'WEIGHT',
  day_unit_cost numeric NOT NULL DEFAULT 0,
  cycle_unit_cost numeric NOT NULL DEFAULT 0,
  owing numeric NOT NULL DEFAULT 0,
  tiers jsonb NOT NULL DEFAULT '[]',
  invalid smallint NOT NULL DEFAULT 0,
  removed boolean NOT NULL DEFAULT false,
  stamp text NOT NULL,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, record_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_agreements_customer ON ${AGREEMENTS} (tenant_id, customer_code);
CREATE INDEX IF NOT EXISTS bl_agreements_record ON ${AGREEMENTS} (tenant_id, record_id, tx, pos);

CREATE TABLE IF NOT EXISTS ${STOCK_ROWS} (
  tenant_id text NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  barcode text NOT NULL,
  place_code text NOT NULL,
  batch_no text NOT NULL,
  qty_weg numeric,
  board_qty numeric,
  unit_volume numeric,
  area_code text,
  PRIMARY KEY (tenant_id, customer_code, material_code, barcode, place_code, batch_no)
);

CREATE TABLE IF NOT EXISTS ${STOCK_LINES} (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  line_idx int NOT NULL,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  customer_code text NOT NULL,
  material_code text NOT NULL,
  area_code text,
  movement text NOT NULL,
  qty numeric NOT NULL,
  weight numeric NOT NULL,
  pallets numeric NOT NULL,
  volume numeric NOT NULL,
  effective_at timestamptz NOT NULL,
  day date NOT NULL,
  instock smallint NOT NULL DEFAULT 0,
  outstock smallint NOT NULL DEFAULT 0,
  is_cost smallint NOT NULL DEFAULT 0,
  doc_type text NOT NULL,
  doc_id text NOT NULL,
  bill_no text NOT NULL,
  line_no int,
  PRIMARY KEY (tenant_id, event_id, line_idx)
);
CREATE INDEX IF NOT EXISTS bl_stock_lines_day ON ${STOCK_LINES} (tenant_id, customer_code, day);

CREATE TABLE IF NOT EXISTS ${OTHER_EVENTS} (
  tenant_id text NOT NULL,
  doc_id text NOT NULL,
  seq int NOT NULL,
  doc_type text NOT NULL,
  -- content: a Created / Changed (customer, bill date, amount); status: audited (true) or cancelled / removed (false)
  kind text NOT NULL,
  bill_no text,
  customer_code text,
  bill_date date,
  amount numeric,
  counted boolean,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, doc_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_other_events_doc ON ${OTHER_EVENTS} (tenant_id, doc_id, kind, tx, pos);
CREATE INDEX IF NOT EXISTS bl_other_events_customer ON ${OTHER_EVENTS} (tenant_id, customer_code, bill_date) WHERE kind = 'content';
`,
  },
  {
    // warehouse areas and the area each lies in: an agreement naming a warehouse covers its zones
    id: 'billing/003-areas',
    sql: `
CREATE TABLE IF NOT EXISTS ${AREAS} (
  tenant_id text NOT NULL,
  record_id text NOT NULL,
  seq int NOT NULL,
  code text,
  parent_code text,
  removed boolean NOT NULL DEFAULT false,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, record_id, seq)
);
`,
  },
  {
    // every version of each material's gross weight and m³ per piece: a stock line recorded without a weight (or
    // volume) is billed by its material's figure as known at the bill's knowledge point (docs/DOMAIN.md)
    id: 'billing/004-material-figures',
    sql: `
CREATE TABLE IF NOT EXISTS ${MATERIALS} (
  tenant_id text NOT NULL,
  record_id text NOT NULL,
  seq int NOT NULL,
  code text,
  gross numeric,
  unit_volume numeric,
  removed boolean NOT NULL DEFAULT false,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, record_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_materials_code ON ${MATERIALS} (tenant_id, code, tx, pos);
`,
  },
  {
    // issue 30: billing rules, versioned as the agreements are
    id: 'billing/008-rules',
    sql: `
CREATE TABLE IF NOT EXISTS ${RULES} (
  tenant_id text NOT NULL,
  record_id text NOT NULL,
  seq int NOT NULL,
  code text,
  kind text,
  charged smallint NOT NULL DEFAULT 1,
  basis text,
  rounding text,
  invalid smallint NOT NULL DEFAULT 0,
  removed boolean NOT NULL DEFAULT false,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, record_id, seq)
);
CREATE INDEX IF NOT EXISTS bl_rules_record ON ${RULES} (tenant_id, record_id, tx, pos);
`,
  },
  {
    // issue 30: package material charges (costbilldetailpack): the agreements' package-material prices, the packing steps' documents and lines
    id: 'billing/009-pack-materials',
    sql: `
ALTER TABLE ${AGREEMENTS} ADD COLUMN IF NOT EXISTS pack_prices jsonb NOT NULL DEFAULT '[]';
CREATE TABLE IF NOT EXISTS ${PACK_DOCS} (
  tenant_id text NOT NULL,
  doc_id text NOT NULL,
  seq int NOT NULL,
  doc_type text NOT NULL,
  bill_no text,
  customer_code text,
  area_code text,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, doc_id, seq)
);
CREATE TABLE IF NOT EXISTS ${PACK_LINES} (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  line_idx int NOT NULL,
  doc_id text NOT NULL,
  doc_type text NOT NULL,
  material_code text NOT NULL,
  qty numeric NOT NULL,
  effective_at timestamptz NOT NULL,
  day date NOT NULL,
  tx bigint NOT NULL,
  pos bigint NOT NULL,
  PRIMARY KEY (tenant_id, event_id, line_idx)
);
CREATE INDEX IF NOT EXISTS bl_pack_lines_day ON ${PACK_LINES} (tenant_id, day);
`,
  },
  {
    // issue 30: the fee agreement a movement's handling is charged by, when its bill named one (the inbound bill's agreementCode)
    id: 'billing/010-stock-line-agreement',
    sql: `ALTER TABLE ${STOCK_LINES} ADD COLUMN IF NOT EXISTS agreement_code text;`,
  },
];

export const RULE_EVENT_TYPES = ['BillingrulesCreated', 'BillingrulesChanged', 'BillingrulesRemoved'];
export const AGREEMENT_EVENT_TYPES = ['LgagreementCreated', 'LgagreementChanged', 'LgagreementRemoved'];
export const MATERIAL_EVENT_TYPES = ['MaterialCreated', 'MaterialChanged', 'MaterialRemoved'];
export const AREA_EVENT_TYPES = ['WarehouseareaCreated', 'WarehouseareaChanged', 'WarehouseareaRemoved'];

const cursorOf = (e: StoredEvent): { tx: string; pos: string } => {
  const m = /^(\d+):(\d+)$/.exec(e.cursor ?? '');
  if (!m) throw new Error(`billing projection: event ${e.streamName}@${e.version} has no read cursor`);
  return { tx: m[1]!, pos: m[2]! };
};
const idOfStream = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const otherTypes = new Map<string, { name: string; streamType: string }>(OTHER_CHARGE_DOCUMENTS.map((d) => [d.streamType, d]));
const packingTypes = new Map<string, (typeof PACKING_DOCUMENTS)[number]>(PACKING_DOCUMENTS.map((d) => [d.streamType, d]));
const packingFact = /^(.*?)(Created|Changed|Shipped|Packed)$/;

/** The statements of one batch (pure: the same events always give the same statements). */
export const billingStatements = (events: StoredEvent[]) => {
  const agreements: Record<string, unknown>[] = [];
  const rows = new Map<string, Record<string, unknown>>();
  const lines: Record<string, unknown>[] = [];
  const others: Record<string, unknown>[] = [];
  const areas: Record<string, unknown>[] = [];
  const materials: Record<string, unknown>[] = [];
  const rules: Record<string, unknown>[] = [];
  const packDocs: Record<string, unknown>[] = [];
  const packLines: Record<string, unknown>[] = [];
  for (const e of events) {
    const { tx, pos } = cursorOf(e);
    const tenantId = e.metadata.tenantId;
    if (RULE_EVENT_TYPES.includes(e.type)) {
      const removed = e.type === 'BillingrulesRemoved';
      const data = removed ? {} : (((e.data as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>);
      rules.push({
        tenant_id: tenantId,
        record_id: idOfStream(e),
        seq: e.version,
        code: str(data.code),
        kind: str(data.eventKind),
        // '0': not charged; anything else (the default) charges
        charged: String(data.charged) === '0' ? 0 : 1,
        basis: str(data.basis),
        rounding: str(data.rounding),
        invalid: num(data.invalid) === 1 ? 1 : 0,
        removed,
        tx,
        pos,
      });
      continue;
    }
    if (MATERIAL_EVENT_TYPES.includes(e.type)) {
      const removed = e.type === 'MaterialRemoved';
      const data = removed ? {} : (((e.data as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>);
      const positive = (v: unknown) => (num(v) > 0 ? num(v) : null);
      materials.push({ tenant_id: tenantId, record_id: idOfStream(e), seq: e.version, code: str(data.code), gross: positive(data.gross), unit_volume: positive(data.unitVolume), removed, tx, pos });
      continue;
    }
    if (AREA_EVENT_TYPES.includes(e.type)) {
      const removed = e.type === 'WarehouseareaRemoved';
      const data = removed ? {} : (((e.data as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>);
      areas.push({ tenant_id: tenantId, record_id: idOfStream(e), seq: e.version, code: str(data.code), parent_code: str(data.parentCode), removed, tx, pos });
      continue;
    }
    if (AGREEMENT_EVENT_TYPES.includes(e.type)) {
      const removed = e.type === 'LgagreementRemoved';
      const data = removed ? {} : (((e.data as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>);
      const basis = ['WEIGHT', 'PALLET', 'VOLUME'].includes(String(data.storageBasis)) ? String(data.storageBasis) : 'WEIGHT';
      const tiers = Array.isArray(data.tiers) ? (data.tiers as Record<string, unknown>[]).map((t) => ({ lowerLimit: num(t.lowerLimit), upLimit: num(t.upLimit), price: num(t.price) })) : [];
      const packPrices = Array.isArray(data.packagePrices)
        ? (data.packagePrices as Record<string, unknown>[]).filter((p) => str(p.materialCode)).map((p) => ({ materialCode: String(p.materialCode), price: num(p.price) }))
        : [];
      agreements.push({
        tenant_id: tenantId,
        record_id: idOfStream(e),
        seq: e.version,
        code: str(data.code),
        customer_code: str(data.customerCode),
        area_code: str(data.warehouseAreaCode),
        start_date: str(data.startDate),
        end_date: str(data.endDate),
        basis,
        day_unit_cost: num(data.dayUnitCost),
        cycle_unit_cost: num(data.cycleUnitCost),
        owing: num(data.owing),
        tiers,
        pack_prices: packPrices,
        invalid: num(data.invalid) === 1 ? 1 : 0,
        removed,
        // the version's own stamp as the record carries it (lastVersion, microseconds); older versions: the event's time
        stamp: isVersionStamp(data.lastVersion) ? data.lastVersion : versionStamp(e.metadata.occurredAt),
        tx,
        pos,
      });
      continue;
    }
    const packing = packingFact.exec(e.type);
    const packDoc = packing ? packingTypes.get(packing[1]!) : undefined;
    if (packing && packDoc) {
      const base = { tenant_id: tenantId, doc_id: idOfStream(e), doc_type: packDoc.name, tx, pos };
      if (packing[2] === 'Created' || packing[2] === 'Changed') {
        const d = e.data as { billNo?: string; content?: Record<string, unknown> };
        const c = d.content ?? {};
        packDocs.push({ ...base, seq: e.version, bill_no: str(d.billNo), customer_code: str(c.customerCode), area_code: str(c.warehouseAreaCode) });
      } else if (packing[2] === packDoc.fact) {
        const d = e.data as Record<string, unknown>;
        // the step's own time when it names one (a late entry), else when it was recorded
        const at = (packDoc.at && str(d[packDoc.at])) || e.metadata.occurredAt;
        const used = Array.isArray(d.packMaterials) ? (d.packMaterials as Record<string, unknown>[]) : [];
        used.forEach((l, i) => {
          if (!str(l.materialCode) || !(num(l.qty) > 0)) return;
          packLines.push({ ...base, event_id: e.id ?? `${e.streamName}@${e.version}`, line_idx: i, material_code: l.materialCode, qty: num(l.qty), effective_at: at });
        });
      }
      continue;
    }
    const streamType = e.type.replace(/(Created|Changed|Audited|Reviewed|Cancelled|Removed)$/, '');
    const other = otherTypes.get(streamType);
    if (other && e.type !== streamType) {
      const fact = e.type.slice(streamType.length);
      const d = e.data as { billNo?: string; content?: Record<string, unknown> };
      const base = { tenant_id: tenantId, doc_id: idOfStream(e), seq: e.version, doc_type: other.name, tx, pos };
      if (fact === 'Created' || fact === 'Changed') {
        const c = d.content ?? {};
        others.push({ ...base, kind: 'content', bill_no: str(d.billNo), customer_code: str(c.customerCode), bill_date: str(c.billDate), amount: num(c.amount), counted: null });
      } else {
        others.push({ ...base, kind: 'status', bill_no: null, customer_code: null, bill_date: null, amount: null, counted: fact === 'Audited' || fact === 'Reviewed' });
      }
      continue;
    }
    // a stock fact
    const fact = e.data as StockFact;
    if (!Array.isArray(fact.lines)) continue;
    fact.lines.forEach((l: StockLine, i) => {
      const key = [tenantId, l.customerCode, l.materialCode, l.barcode, l.warehousePlaceCode, l.batchNo].join('\u0000');
      if (l.qtyWeg !== undefined || l.boardQty !== undefined || l.unitVolume !== undefined || l.warehouseAreaCode) {
        const before = rows.get(key);
        rows.set(key, {
          tenant_id: tenantId,
          customer_code: l.customerCode,
          material_code: l.materialCode,
          barcode: l.barcode,
          place_code: l.warehousePlaceCode,
          batch_no: l.batchNo,
          qty_weg: l.qtyWeg ?? before?.qty_weg ?? null,
          board_qty: l.boardQty ?? before?.board_qty ?? null,
          unit_volume: l.unitVolume ?? before?.unit_volume ?? null,
          area_code: l.warehouseAreaCode ?? before?.area_code ?? null,
        });
      }
      if (!l.qty) return;
      lines.push({
        tenant_id: tenantId,
        event_id: e.id ?? `${e.streamName}@${e.version}`,
        line_idx: i,
        tx,
        pos,
        customer_code: l.customerCode,
        material_code: l.materialCode,
        barcode: l.barcode,
        place_code: l.warehousePlaceCode,
        batch_no: l.batchNo,
        area_code: l.warehouseAreaCode ?? null,
        qty_weg: l.qtyWeg ?? null,
        board_qty: l.boardQty ?? null,
        unit_volume: l.unitVolume ?? null,
        movement: l.movement,
        qty: l.qty,
        effective_at: fact.effectiveAt,
        instock: fact.instockStatus ?? 0,
        outstock: fact.outstockStatus ?? 0,
        is_cost: fact.isCost ?? 0,
        doc_type: l.source.documentType,
        doc_id: l.source.documentId,
        bill_no: l.source.billNo,
        line_no: l.source.lineNumber ?? null,
        agreement_code: fact.agreementCode ?? null,
      });
    });
  }
  const statements: { text: string; values: unknown[] }[] = [];
  if (agreements.length) {
    statements.push({
      text: `INSERT INTO ${AGREEMENTS} (tenant_id, record_id, seq, code, customer_code, area_code, start_date, end_date, basis, day_unit_cost, cycle_unit_cost, owing, tiers, pack_prices, invalid, removed, stamp, tx, pos)
             SELECT r.tenant_id, r.record_id, r.seq, r.code, r.customer_code, r.area_code, r.start_date, r.end_date, r.basis, r.day_unit_cost, r.cycle_unit_cost, r.owing, r.tiers, r.pack_prices, r.invalid, r.removed, r.stamp, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, record_id text, seq int, code text, customer_code text, area_code text, start_date date, end_date date,
                    basis text, day_unit_cost numeric, cycle_unit_cost numeric, owing numeric, tiers jsonb, pack_prices jsonb, invalid smallint, removed boolean, stamp text, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(agreements)],
    });
  }
  if (rules.length) {
    statements.push({
      text: `INSERT INTO ${RULES} (tenant_id, record_id, seq, code, kind, charged, basis, rounding, invalid, removed, tx, pos)
             SELECT r.tenant_id, r.record_id, r.seq, r.code, r.kind, r.charged, r.basis, r.rounding, r.invalid, r.removed, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, record_id text, seq int, code text, kind text, charged smallint, basis text, rounding text,
                    invalid smallint, removed boolean, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(rules)],
    });
  }
  if (areas.length) {
    statements.push({
      text: `INSERT INTO ${AREAS} (tenant_id, record_id, seq, code, parent_code, removed, tx, pos)
             SELECT r.tenant_id, r.record_id, r.seq, r.code, r.parent_code, r.removed, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, record_id text, seq int, code text, parent_code text, removed boolean, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(areas)],
    });
  }
  if (materials.length) {
    statements.push({
      text: `INSERT INTO ${MATERIALS} (tenant_id, record_id, seq, code, gross, unit_volume, removed, tx, pos)
             SELECT r.tenant_id, r.record_id, r.seq, r.code, r.gross, r.unit_volume, r.removed, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, record_id text, seq int, code text, gross numeric, unit_volume numeric, removed boolean, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(materials)],
    });
  }
  if (rows.size) {
    statements.push({
      text: `INSERT INTO ${STOCK_ROWS} AS s (tenant_id, customer_code, material_code, barcode, place_code, batch_no, qty_weg, board_qty, unit_volume, area_code)
             SELECT r.tenant_id, r.customer_code, r.material_code, r.barcode, r.place_code, r.batch_no, r.qty_weg, r.board_qty, r.unit_volume, r.area_code
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, customer_code text, material_code text, barcode text, place_code text, batch_no text,
                    qty_weg numeric, board_qty numeric, unit_volume numeric, area_code text)
             ON CONFLICT (tenant_id, customer_code, material_code, barcode, place_code, batch_no) DO UPDATE SET
               qty_weg = COALESCE(EXCLUDED.qty_weg, s.qty_weg), board_qty = COALESCE(EXCLUDED.board_qty, s.board_qty),
               unit_volume = COALESCE(EXCLUDED.unit_volume, s.unit_volume), area_code = COALESCE(EXCLUDED.area_code, s.area_code)`,
      values: [JSON.stringify([...rows.values()])],
    });
  }
  if (lines.length) {
    // a line's weight, pallets and m³ from its own attributes, else its row's (a shipment names none)
    statements.push({
      text: `INSERT INTO ${STOCK_LINES} (tenant_id, event_id, line_idx, tx, pos, customer_code, material_code, area_code, movement, qty, weight, pallets, volume,
                                        effective_at, day, instock, outstock, is_cost, doc_type, doc_id, bill_no, line_no, agreement_code)
             SELECT r.tenant_id, r.event_id, r.line_idx, r.tx, r.pos, r.customer_code, r.material_code, COALESCE(r.area_code, s.area_code), r.movement, r.qty,
                    r.qty * COALESCE(r.qty_weg, s.qty_weg, 0) / 1000,
                    CASE WHEN COALESCE(r.board_qty, s.board_qty, 0) > 0 THEN r.qty / COALESCE(r.board_qty, s.board_qty) ELSE 0 END,
                    r.qty * COALESCE(r.unit_volume, s.unit_volume, 0),
                    r.effective_at, (r.effective_at AT TIME ZONE '${TZ()}')::date, r.instock, r.outstock, r.is_cost, r.doc_type, r.doc_id, r.bill_no, r.line_no, r.agreement_code
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, event_id text, line_idx int, tx bigint, pos bigint, customer_code text, material_code text,
                    barcode text, place_code text, batch_no text, area_code text, qty_weg numeric, board_qty numeric, unit_volume numeric, movement text, qty numeric,
                    effective_at timestamptz, instock smallint, outstock smallint, is_cost smallint, doc_type text, doc_id text, bill_no text, line_no int, agreement_code text)
               LEFT JOIN ${STOCK_ROWS} s ON s.tenant_id = r.tenant_id AND s.customer_code = r.customer_code AND s.material_code = r.material_code
                    AND s.barcode = r.barcode AND s.place_code = r.place_code AND s.batch_no = r.batch_no
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(lines)],
    });
  }
  if (others.length) {
    statements.push({
      text: `INSERT INTO ${OTHER_EVENTS} (tenant_id, doc_id, seq, doc_type, kind, bill_no, customer_code, bill_date, amount, counted, tx, pos)
             SELECT r.tenant_id, r.doc_id, r.seq, r.doc_type, r.kind, r.bill_no, r.customer_code, r.bill_date, r.amount, r.counted, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, doc_id text, seq int, doc_type text, kind text, bill_no text, customer_code text, bill_date date,
                    amount numeric, counted boolean, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(others)],
    });
  }
  if (packDocs.length) {
    statements.push({
      text: `INSERT INTO ${PACK_DOCS} (tenant_id, doc_id, seq, doc_type, bill_no, customer_code, area_code, tx, pos)
             SELECT r.tenant_id, r.doc_id, r.seq, r.doc_type, r.bill_no, r.customer_code, r.area_code, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, doc_id text, seq int, doc_type text, bill_no text, customer_code text, area_code text, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(packDocs)],
    });
  }
  if (packLines.length) {
    statements.push({
      text: `INSERT INTO ${PACK_LINES} (tenant_id, event_id, line_idx, doc_id, doc_type, material_code, qty, effective_at, day, tx, pos)
             SELECT r.tenant_id, r.event_id, r.line_idx, r.doc_id, r.doc_type, r.material_code, r.qty, r.effective_at, (r.effective_at AT TIME ZONE '${TZ()}')::date, r.tx, r.pos
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, event_id text, line_idx int, doc_id text, doc_type text, material_code text, qty numeric,
                    effective_at timestamptz, tx bigint, pos bigint)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(packLines)],
    });
  }
  return statements;
};

export const billingProjection: AsyncProjection = {
  name: BILLING_PROJECTION,
  tables: [AGREEMENTS, STOCK_ROWS, STOCK_LINES, OTHER_EVENTS, AREAS, MATERIALS, RULES, PACK_DOCS, PACK_LINES],
  handles: [...RULE_EVENT_TYPES, ...AGREEMENT_EVENT_TYPES, ...AREA_EVENT_TYPES, ...MATERIAL_EVENT_TYPES, ...stockEventTypes, ...otherChargeEventTypes, ...packingEventTypes],
  project: billingStatements,
};
