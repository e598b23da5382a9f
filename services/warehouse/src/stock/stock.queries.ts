import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  stockStatusLabels,
  tonnesOf,
  palletsOf,
  toPage,
  type Page,
  type StockDetailQuery,
  type StockExplain,
  type StockExplainQuery,
  type StockListQuery,
  type StockRow,
  type StockStatus,
  type StockStreamQuery,
  type StockStreamRow,
} from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import type { OwnerScope } from './owner-scope';
import { STOCK_STREAM_TABLE } from './stock.projection';
import { Where, keyFilters, stockAtSql } from './stock.sql';

export type { OwnerScope } from './owner-scope';

const STOCK_SORTS: Record<StockListQuery['sort'], string> = {
  materialCode: 'r.material_code',
  customerCode: 'r.customer_code',
  warehousePlaceCode: 'r.place_code',
  batchNo: 'r.batch_no',
  qty: 'r.qty',
  inboundAt: 'r.inbound_at',
  expiringDate: 'r.expiring_date',
};

export type StockSqlRow = {
  customer_code: string;
  material_code: string;
  barcode: string;
  place_code: string;
  batch_no: string;
  qty: string;
  dj_qty: string;
  qty_weg: string;
  board_qty: string;
  unit_volume: string;
  status: StockStatus;
  expiring_date: string | null;
  inbound_at: Date | null;
  area_code: string | null;
};

/** A stock row's columns as the reads answer them (from stockAtSql's `r`). */
export const ROW_COLUMNS = `r.customer_code, r.material_code, r.barcode, r.place_code, r.batch_no, r.area_code, r.status,
  to_char(r.expiring_date, 'YYYY-MM-DD') AS expiring_date, r.inbound_at, r.qty_weg, r.board_qty, r.unit_volume, r.qty, r.dj_qty`;

/** Rows an export reads per query while it streams. */
export const EXPORT_BATCH = 2000;

export class StockRowNotVisible extends AppError {
  constructor() {
    super(404, 'stockReport.errors.rowNotFound');
  }
}
export class StreamLineNotFound extends AppError {
  constructor() {
    super(404, 'stockReport.errors.lineNotFound');
  }
}

/** The stream filters of the list (and the stream detail report), after the key filters. */
const streamFilters = (w: Where, q: StockStreamQuery) => {
  if (q.status) w.add('l.status = ?', q.status);
  if (q.billNo) w.add('l.bill_no = ?', q.billNo);
  if (q.documentType) w.add('l.doc_type = ?', q.documentType);
  if (q.movement) w.add('l.movement = ?', q.movement);
  if (q.from) w.add('l.effective_at >= ?::timestamptz', q.from);
  if (q.to) w.add('l.effective_at <= ?::timestamptz', q.to);
  if (q.asOf) w.add('l.effective_at <= ?::timestamptz', q.asOf);
  if (q.instockStatus !== undefined) w.add('l.instock_status = ?', q.instockStatus);
  if (q.outstockStatus !== undefined) w.add('l.outstock_status = ?', q.outstockStatus);
  return w;
};

/**
 * Reads of the stock ledger. "As of" an instant is computed from the ledger itself: the
 * stock now minus every line that took effect after that instant (by business time, so a
 * late, back-dated movement changes later instants and not earlier ones), never from a
 * copy that could go stale. Every read applies the caller's owner scope (cargo owners see
 * their own rows only).
 */
@Injectable()
export class StockQueries {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  /** The list's rows: a SELECT (window columns may be added after `r.*`) and its ORDER BY. */
  private stockSql(tenantId: string, q: Omit<StockListQuery, 'current' | 'size'>, owners: OwnerScope, params: unknown[], extra = '') {
    const keep = q.withEmpty ? 'TRUE' : '(r.qty > 0 OR r.dj_qty > 0)';
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    return `SELECT ${ROW_COLUMNS}${extra} FROM (${stockAtSql(params, tenantId, q, owners)}) r
             WHERE ${keep}
             ORDER BY ${STOCK_SORTS[q.sort]} ${dir} NULLS LAST, r.material_code, r.customer_code, r.barcode, r.place_code, r.batch_no`;
  }

  async stock(tenantId: string, q: StockListQuery, owners: OwnerScope): Promise<Page<StockRow>> {
    const params: unknown[] = [];
    const text = this.stockSql(tenantId, q, owners, params, ', count(*) OVER () AS total_count');
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StockSqlRow & { total_count: string }>(`${text} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
    const total = rows.length ? Number(rows[0]!.total_count) : await this.countStock(tenantId, q, owners);
    return toPage(rows.map(stockRowOf), total, q);
  }

  /** Every row of the list's filters, in its order, a batch at a time (exports). */
  async *stockAll(tenantId: string, q: Omit<StockListQuery, 'current' | 'size'>, owners: OwnerScope): AsyncIterable<StockRow> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const params: unknown[] = [];
      const text = this.stockSql(tenantId, q, owners, params);
      params.push(EXPORT_BATCH, offset);
      const { rows } = await this.pool.query<StockSqlRow>(`${text} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
      for (const r of rows) yield stockRowOf(r);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  async countStock(tenantId: string, q: Omit<StockListQuery, 'current' | 'size'>, owners: OwnerScope): Promise<number> {
    const params: unknown[] = [];
    return this.count(`SELECT count(*) AS n FROM (${this.stockSql(tenantId, q, owners, params)}) p`, params);
  }

  /** One stock row by its key, now or as of an instant; 404 when there is none or it is another owner's. */
  async detail(tenantId: string, q: StockDetailQuery, owners: OwnerScope): Promise<StockRow> {
    const params: unknown[] = [];
    const { rows } = await this.pool.query<StockSqlRow>(
      `SELECT ${ROW_COLUMNS} FROM (${stockAtSql(params, tenantId, q, owners)}) r`,
      params,
    );
    if (!rows[0]) throw new StockRowNotVisible();
    return stockRowOf(rows[0]);
  }

  async stream(tenantId: string, q: StockStreamQuery, owners: OwnerScope): Promise<Page<StockStreamRow> & { sums: { qty: number; djQty: number } }> {
    const params: unknown[] = [];
    const text = this.streamLinesSql(tenantId, q, owners, params, ', count(*) OVER () AS total_count, sum(l.qty) OVER () AS sum_qty, sum(l.dj_qty) OVER () AS sum_dj');
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StreamSqlRow & { total_count: string; sum_qty: string; sum_dj: string }>(
      `${text} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (rows[0]) return { ...toPage(rows.map(streamRowOf), Number(rows[0].total_count), q), sums: { qty: Number(rows[0].sum_qty), djQty: Number(rows[0].sum_dj) } };
    // past the last page: still tell the pager how many there are
    const again: unknown[] = [];
    const c = await this.pool.query<{ n: string; q: string | null; d: string | null }>(
      `SELECT count(*) AS n, sum(p.qty) AS q, sum(p.dj_qty) AS d FROM (${this.streamLinesSql(tenantId, q, owners, again)}) p`,
      again,
    );
    return { ...toPage([], Number(c.rows[0]!.n), q), sums: { qty: Number(c.rows[0]!.q ?? 0), djQty: Number(c.rows[0]!.d ?? 0) } };
  }

  /** Every line of the stream list's filters, in its order, a batch at a time (exports). */
  async *streamAll(tenantId: string, q: Omit<StockStreamQuery, 'current' | 'size'>, owners: OwnerScope): AsyncIterable<StockStreamRow> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const params: unknown[] = [];
      const inner = this.streamLinesSql(tenantId, q, owners, params);
      params.push(EXPORT_BATCH, offset);
      const { rows } = await this.pool.query<StreamSqlRow>(`${inner} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
      for (const r of rows) yield streamRowOf(r);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  async countStream(tenantId: string, q: Omit<StockStreamQuery, 'current' | 'size'>, owners: OwnerScope): Promise<number> {
    const params: unknown[] = [];
    return this.count(`SELECT count(*) AS n FROM (${this.streamLinesSql(tenantId, q, owners, params)}) x`, params);
  }

  /** The stream lines of the list's filters (a status filter: the line's own status). */
  private streamLinesSql(tenantId: string, q: Omit<StockStreamQuery, 'current' | 'size'>, owners: OwnerScope, params: unknown[], extra = '') {
    params.push(tenantId);
    const w = new Where(params).raw(`l.tenant_id = $${params.length}`);
    keyFilters(w, q, 'l', owners);
    streamFilters(w, q as StockStreamQuery);
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    return `SELECT l.*${extra} FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()} ORDER BY l.effective_at ${dir}, l.recorded_at ${dir}, l.id ${dir}`;
  }

  /** One line of the stream; 404 when there is none or it is another owner's. */
  async streamLine(tenantId: string, id: string, owners: OwnerScope): Promise<StockStreamRow> {
    const params: unknown[] = [tenantId, id];
    const w = new Where(params).raw('l.tenant_id = $1 AND l.id = $2');
    keyFilters(w, {}, 'l', owners);
    const { rows } = await this.pool.query<StreamSqlRow>(`SELECT l.* FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()}`, params);
    if (!rows[0]) throw new StreamLineNotFound();
    return streamRowOf(rows[0]);
  }

  /**
   * Explain: the lines (oldest first) whose sums are the quantities asked about, for exactly
   * the keys given, up to the instant (and after `from`; only increases or decreases with
   * `direction`). Their qty sum is the quantity, their djQty sum the frozen quantity.
   */
  async explain(tenantId: string, q: StockExplainQuery, owners: OwnerScope): Promise<StockExplain> {
    const params: unknown[] = [tenantId];
    const w = new Where(params).raw('l.tenant_id = $1');
    keyFilters(w, q, 'l', owners);
    if (q.asOf) w.add('l.effective_at <= ?::timestamptz', q.asOf);
    if (q.from) w.add('l.effective_at > ?::timestamptz', q.from);
    if (q.direction === 'in') w.raw('l.qty > 0');
    if (q.direction === 'out') w.raw('l.qty < 0');
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StreamSqlRow & { total_count: string; sum_qty: string; sum_dj: string }>(
      `SELECT l.*, count(*) OVER () AS total_count, sum(l.qty) OVER () AS sum_qty, sum(l.dj_qty) OVER () AS sum_dj
         FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()}
        ORDER BY l.effective_at, l.recorded_at, l.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let sums = { qty: 0, djQty: 0, lines: 0 };
    if (rows[0]) sums = { qty: Number(rows[0].sum_qty), djQty: Number(rows[0].sum_dj), lines: Number(rows[0].total_count) };
    else {
      const c = await this.pool.query<{ n: string; q: string | null; d: string | null }>(
        `SELECT count(*) AS n, sum(l.qty) AS q, sum(l.dj_qty) AS d FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()}`,
        params.slice(0, -2),
      );
      sums = { qty: Number(c.rows[0]!.q ?? 0), djQty: Number(c.rows[0]!.d ?? 0), lines: Number(c.rows[0]!.n) };
    }
    return { ...toPage(rows.map(streamRowOf), sums.lines, q), asOf: q.asOf ?? null, sums };
  }

  private async count(sqlText: string, params: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(sqlText, params);
    return Number(rows[0]?.n ?? 0);
  }
}

export const stockRowOf = (r: StockSqlRow): StockRow => {
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
    inboundAt: r.inbound_at ? new Date(r.inbound_at).toISOString() : null,
    warehouseAreaCode: r.area_code,
    volume: Math.round(qty * Number(r.unit_volume ?? 0) * 10_000) / 10_000,
    invalid: 0,
  };
};

export type StreamSqlRow = {
  id: string;
  event_id: string;
  customer_code: string;
  material_code: string;
  barcode: string;
  place_code: string;
  batch_no: string;
  area_code: string | null;
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
    warehouseAreaCode: r.area_code,
    eventId: r.event_id,
  };
};
