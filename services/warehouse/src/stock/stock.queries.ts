import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  stockStatusLabels,
  tonnesOf,
  palletsOf,
  toPage,
  type Page,
  type StockListQuery,
  type StockRow,
  type StockStatus,
  type StockStreamQuery,
  type StockStreamRow,
} from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from './stock.projection';

/** Who may see which owners' stock: every owner, or only these (a cargo owner's users see their own). */
export type OwnerScope = { all: true } | { all: false; customers: readonly string[] };

const like = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(clause: string, value: unknown) {
    this.params.push(value);
    this.parts.push(clause.replaceAll('?', `$${this.params.length}`));
  }
  sql() {
    return this.parts.join(' AND ');
  }
}

/** Filters shared by stock and stream reads, on the columns both tables name alike. */
const filter = (w: Where, q: Partial<StockListQuery & StockStreamQuery>, alias: string, owners: OwnerScope) => {
  if (!owners.all) w.add(`${alias}.customer_code = ANY(?::text[])`, owners.customers);
  if (q.customerCode) w.add(`${alias}.customer_code ILIKE ?`, like(q.customerCode));
  if (q.materialCode) w.add(`${alias}.material_code ILIKE ?`, like(q.materialCode));
  if (q.warehousePlaceCode) w.add(`${alias}.place_code ILIKE ?`, like(q.warehousePlaceCode));
  if (q.warehouseAreaCode) w.add(`${alias}.area_code = ?`, q.warehouseAreaCode);
  if (q.batchNo) w.add(`${alias}.batch_no ILIKE ?`, like(q.batchNo));
  if (q.barcode) w.add(`${alias}.barcode = ?`, q.barcode);
};

const STOCK_SORTS: Record<StockListQuery['sort'], string> = {
  materialCode: 'material_code',
  customerCode: 'customer_code',
  warehousePlaceCode: 'place_code',
  batchNo: 'batch_no',
  qty: 'qty',
  inboundAt: 'inbound_at',
  expiringDate: 'expiring_date',
};

type StockSqlRow = {
  customer_code: string;
  material_code: string;
  barcode: string;
  place_code: string;
  batch_no: string;
  qty: string;
  dj_qty: string;
  qty_weg: string;
  board_qty: string;
  status: StockStatus;
  expiring_date: string | null;
  inbound_at: Date | null;
  area_code: string | null;
  total_count: string;
};

/**
 * Reads of the stock ledger. "As of" an instant is computed from the ledger itself: the
 * stock now minus every line that took effect after that instant (by business time, so a
 * late, back-dated movement changes later instants and not earlier ones), never from a
 * copy that could go stale.
 */
@Injectable()
export class StockQueries {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  async stock(tenantId: string, q: StockListQuery, owners: OwnerScope): Promise<Page<StockRow>> {
    const params: unknown[] = [tenantId];
    const w = new Where(params);
    w.parts.push('s.tenant_id = $1');
    filter(w, q, 's', owners);
    if (q.status) w.add('s.status = ?', q.status);
    let from = `${STOCK_TABLE} s`;
    let qtyExpr = 's.qty';
    let djExpr = 's.dj_qty';
    if (q.asOf) {
      // every line after the instant, for the rows the filters keep, taken back off the stock now
      const lw = new Where(params);
      lw.parts.push('l.tenant_id = $1');
      filter(lw, q, 'l', owners);
      lw.add('l.effective_at > ?::timestamptz', q.asOf);
      from = `${STOCK_TABLE} s LEFT JOIN (
          SELECT l.customer_code, l.material_code, l.barcode, l.place_code, l.batch_no, sum(l.qty) AS dq, sum(l.dj_qty) AS ddj
            FROM ${STOCK_STREAM_TABLE} l WHERE ${lw.sql()}
           GROUP BY l.customer_code, l.material_code, l.barcode, l.place_code, l.batch_no) later
        ON later.customer_code = s.customer_code AND later.material_code = s.material_code AND later.barcode = s.barcode
       AND later.place_code = s.place_code AND later.batch_no = s.batch_no`;
      qtyExpr = '(s.qty - COALESCE(later.dq, 0))';
      djExpr = '(s.dj_qty - COALESCE(later.ddj, 0))';
    }
    const keep = q.withEmpty ? '' : ` AND (${qtyExpr} > 0 OR ${djExpr} > 0)`;
    const sort = q.sort === 'qty' ? qtyExpr : `s.${STOCK_SORTS[q.sort]}`;
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StockSqlRow>(
      `SELECT s.customer_code, s.material_code, s.barcode, s.place_code, s.batch_no, ${qtyExpr} AS qty, ${djExpr} AS dj_qty, s.qty_weg, s.board_qty,
              s.status, to_char(s.expiring_date, 'YYYY-MM-DD') AS expiring_date, s.inbound_at, s.area_code, count(*) OVER () AS total_count
         FROM ${from}
        WHERE ${w.sql()}${keep}
        ORDER BY ${sort} ${dir} NULLS LAST, s.material_code, s.barcode, s.place_code, s.batch_no
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length ? Number(rows[0]!.total_count) : 0;
    return toPage(rows.map(stockRowOf), total, q);
  }

  async stream(tenantId: string, q: StockStreamQuery, owners: OwnerScope): Promise<Page<StockStreamRow>> {
    const params: unknown[] = [tenantId];
    const w = new Where(params);
    w.parts.push('l.tenant_id = $1');
    filter(w, q, 'l', owners);
    if (q.status) w.add('l.status = ?', q.status);
    if (q.billNo) w.add('l.bill_no ILIKE ?', like(q.billNo));
    if (q.documentType) w.add('l.doc_type = ?', q.documentType);
    if (q.movement) w.add('l.movement = ?', q.movement);
    if (q.from) w.add('l.effective_at >= ?::timestamptz', q.from);
    if (q.to) w.add('l.effective_at <= ?::timestamptz', q.to);
    if (q.asOf) w.add('l.effective_at <= ?::timestamptz', q.asOf);
    if (q.instockStatus !== undefined) w.add('l.instock_status = ?', q.instockStatus);
    if (q.outstockStatus !== undefined) w.add('l.outstock_status = ?', q.outstockStatus);
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StreamSqlRow & { total_count: string }>(
      `SELECT l.*, count(*) OVER () AS total_count FROM ${STOCK_STREAM_TABLE} l
        WHERE ${w.sql()}
        ORDER BY l.effective_at ${dir}, l.recorded_at ${dir}, l.id ${dir}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length ? Number(rows[0]!.total_count) : 0;
    return toPage(rows.map(streamRowOf), total, q);
  }
}

export const stockRowOf = (r: Omit<StockSqlRow, 'total_count'>): StockRow => {
  const qty = Number(r.qty);
  const djQty = Number(r.dj_qty);
  const qtyWeg = Number(r.qty_weg);
  const boardQty = Number(r.board_qty);
  return {
    customerCode: r.customer_code,
    materialCode: r.material_code,
    barcode: r.barcode,
    warehousePlaceCode: r.place_code,
    batchNo: r.batch_no,
    qty,
    djQty,
    availableQty: Math.max(0, qty - djQty),
    weg: tonnesOf(qty, qtyWeg),
    qtyWeg,
    board: palletsOf(qty, boardQty).board,
    boardQty,
    status: r.status,
    expiringDate: r.expiring_date,
    inboundAt: r.inbound_at ? r.inbound_at.toISOString() : null,
    warehouseAreaCode: r.area_code,
    invalid: 0,
  };
};

type StreamSqlRow = {
  id: string;
  event_id: string;
  customer_code: string;
  material_code: string;
  barcode: string;
  place_code: string;
  batch_no: string;
  bill_no: string;
  doc_type: string;
  doc_id: string;
  line_no: number | null;
  stream_type: string;
  movement: StockStreamRow['movement'];
  qty: string;
  dj_qty: string;
  before_qty: string;
  end_qty: string;
  status: StockStatus | null;
  effective_at: Date;
  recorded_at: Date;
  instock_status: number;
  outstock_status: number;
  is_cost: number;
  follow_user: string | null;
  supplier_code: string | null;
  parent_barcode: string | null;
};

export const streamRowOf = (r: StreamSqlRow): StockStreamRow => {
  const status = r.status ?? 'AVAILABLE';
  const inbound = Number(r.qty) > 0;
  return {
    id: r.id,
    customerCode: r.customer_code,
    materialCode: r.material_code,
    barcode: r.barcode,
    warehousePlaceCode: r.place_code,
    batchNo: r.batch_no,
    billNo: r.bill_no,
    documentType: r.doc_type,
    documentId: r.doc_id,
    lineNumber: r.line_no,
    streamType: r.stream_type,
    movement: r.movement,
    qty: Number(r.qty),
    djQty: Number(r.dj_qty),
    beforeQty: Number(r.before_qty),
    endQty: Number(r.end_qty),
    streamQtyStatusCode: status,
    streamQtyStatusName: stockStatusLabels[status][0],
    insotckTime: inbound ? r.effective_at.toISOString() : null,
    outstockTime: !inbound && Number(r.qty) < 0 ? r.effective_at.toISOString() : null,
    effectiveAt: r.effective_at.toISOString(),
    recordedAt: r.recorded_at.toISOString(),
    instockStatus: r.instock_status,
    outstockStatus: r.outstock_status,
    isCost: r.is_cost,
    followUser: r.follow_user,
    supplierCode: r.supplier_code,
    parentBrcode: r.parent_barcode,
    eventId: r.event_id,
  };
};
