import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  toPage,
  type BinBoard,
  type BinBoardQuery,
  type BinPlace,
  type ReportPageOf,
  type StockByAreaQuery,
  type StockByAreaRow,
  type StockByCustomerBatchQuery,
  type StockByCustomerBatchRow,
  type StockByDetailsQuery,
  type StockDetailRow,
  type StockDetailShow,
  type StockDetailShowQuery,
  type StockPeriodQuery,
  type StockRow,
  type StockStreamQuery,
  type StockStreamRow,
} from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import type { OwnerScope } from '../stock/owner-scope';
import { STOCK_STREAM_TABLE } from '../stock/stock.projection';
import { EXPORT_BATCH, ROW_COLUMNS, StockQueries, stockRowOf, streamRowOf, type StockSqlRow, type StreamSqlRow } from '../stock/stock.queries';
import { Where, boardSql, keyFilters, stockAtSql, volumeSql, wegSql } from '../stock/stock.sql';
import { capacityOf } from '../inbound/putaway';
import { placeInfo } from '../inbound/inbound.wiring';

type Paging = { current: number; size: number };
type Order = 'asc' | 'desc';

/** A report over the stock rows as of an instant: its grouped SELECT (from `r`), the sums it carries, its sorts. */
type Shape<Row> = {
  body: (from: string) => string;
  sums: Record<string, string>;
  sorts: Record<string, string>;
  tieBreak: string;
  row: (r: Record<string, unknown>) => Row;
};

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round = (v: unknown, scale: number) => Math.round(n(v) * 10 ** scale) / 10 ** scale;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const KEEP = '(r.qty > 0 OR r.dj_qty > 0)';

const SUMS_OF_STOCK = {
  qty: 'g.qty',
  djQty: 'g.dj_qty',
  availableQty: 'g.available_qty',
  weg: 'g.weg',
  board: 'g.board',
  volume: 'g.volume',
};
const STOCK_AGGREGATES = `sum(r.qty) AS qty, sum(r.dj_qty) AS dj_qty, sum(greatest(r.qty - r.dj_qty, 0)) AS available_qty,
  sum(${wegSql('r')}) AS weg, sum(${boardSql('r')}) AS board, round(sum(${volumeSql('r')}), 4) AS volume, count(*) AS row_count`;
const stockFigures = (r: Record<string, unknown>) => ({
  qty: n(r.qty),
  djQty: n(r.dj_qty),
  availableQty: n(r.available_qty),
  weg: round(r.weg, 3),
  board: n(r.board),
  volume: round(r.volume, 4),
  rowCount: n(r.row_count),
});

const BY_AREA: Shape<StockByAreaRow> = {
  body: (from) => `SELECT r.area_code, r.customer_code, r.material_code, ${STOCK_AGGREGATES}, count(DISTINCT r.place_code) AS place_count
                     FROM (${from}) r WHERE ${KEEP} GROUP BY r.area_code, r.customer_code, r.material_code`,
  sums: SUMS_OF_STOCK,
  sorts: { warehouseAreaCode: 'g.area_code', customerCode: 'g.customer_code', materialCode: 'g.material_code', qty: 'g.qty' },
  tieBreak: 'g.area_code, g.customer_code, g.material_code',
  row: (r) => ({
    warehouseAreaCode: (r.area_code as string | null) ?? null,
    customerCode: String(r.customer_code),
    materialCode: String(r.material_code),
    ...stockFigures(r),
    placeCount: n(r.place_count),
  }),
};

const BY_CUSTOMER_BATCH: Shape<StockByCustomerBatchRow> = {
  body: (from) => `SELECT r.customer_code, r.material_code, r.batch_no, ${STOCK_AGGREGATES},
                          min(r.inbound_at) AS first_inbound_at, to_char(min(r.expiring_date), 'YYYY-MM-DD') AS expiring_date
                     FROM (${from}) r WHERE ${KEEP} GROUP BY r.customer_code, r.material_code, r.batch_no`,
  sums: SUMS_OF_STOCK,
  sorts: {
    customerCode: 'g.customer_code',
    materialCode: 'g.material_code',
    batchNo: 'g.batch_no',
    qty: 'g.qty',
    firstInboundAt: 'g.first_inbound_at',
    expiringDate: 'g.expiring_date',
  },
  tieBreak: 'g.customer_code, g.material_code, g.batch_no',
  row: (r) => ({
    customerCode: String(r.customer_code),
    materialCode: String(r.material_code),
    batchNo: String(r.batch_no),
    ...stockFigures(r),
    firstInboundAt: iso(r.first_inbound_at),
    expiringDate: (r.expiring_date as string | null) ?? null,
  }),
};

const BY_DETAILS = (withEmpty: boolean): Shape<StockRow> => ({
  body: (from) => `SELECT ${ROW_COLUMNS}, greatest(r.qty - r.dj_qty, 0) AS available_qty, ${wegSql('r')} AS weg, ${boardSql('r')} AS board,
                          round(${volumeSql('r')}, 4) AS volume
                     FROM (${from}) r WHERE ${withEmpty ? 'TRUE' : KEEP}`,
  sums: SUMS_OF_STOCK,
  sorts: {
    materialCode: 'g.material_code',
    customerCode: 'g.customer_code',
    warehousePlaceCode: 'g.place_code',
    batchNo: 'g.batch_no',
    qty: 'g.qty',
    inboundAt: 'g.inbound_at',
    expiringDate: 'g.expiring_date',
  },
  tieBreak: 'g.material_code, g.customer_code, g.barcode, g.place_code, g.batch_no',
  row: (r) => stockRowOf(r as unknown as StockSqlRow),
});

/**
 * The stock reports, computed from the ledger (never from a copy): the stock rows as of the
 * instant (stockAtSql: the rows now minus the lines after it), grouped per report, server-paged
 * with the sums of their quantities over every matching row. Served under /api/bl-report by the
 * warehouse context, which owns the ledger (docs/ARCHITECTURE.md "Stock reports").
 */
@Injectable()
export class StockReports {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(StockQueries) private readonly stock: StockQueries,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  private orderOf<Row>(shape: Shape<Row>, sort: string, order: Order) {
    const dir = order === 'desc' ? 'DESC' : 'ASC';
    return `ORDER BY ${shape.sorts[sort] ?? shape.tieBreak.split(',')[0]} ${dir} NULLS LAST, ${shape.tieBreak}`;
  }

  /** One page of a report, with its total and sums in the same query (window functions over the grouped rows). */
  private async page<Row>(shape: Shape<Row>, from: (params: unknown[]) => string, q: Paging & { sort: string; order: Order; asOf?: string | undefined }): Promise<ReportPageOf<Row>> {
    const params: unknown[] = [];
    const body = shape.body(from(params));
    const sumCols = Object.entries(shape.sums).map(([k, col]) => `sum(${col}) OVER () AS "s_${k}"`).join(', ');
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT g.*, count(*) OVER () AS total_count, ${sumCols} FROM (${body}) g ${this.orderOf(shape, q.sort, q.order)}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let head = rows[0];
    if (!head) {
      // past the last page (or nothing at all): the total and sums still
      const again: unknown[] = [];
      const plain = Object.entries(shape.sums).map(([k, col]) => `sum(${col}) AS "s_${k}"`).join(', ');
      head = (await this.pool.query<Record<string, unknown>>(`SELECT count(*) AS total_count, ${plain} FROM (${shape.body(from(again))}) g`, again)).rows[0];
    }
    const sums = Object.fromEntries(Object.keys(shape.sums).map((k) => [k, round(head?.[`s_${k}`], 4)]));
    return { ...toPage(rows.map(shape.row), n(head?.total_count), q), asOf: q.asOf ?? null, sums };
  }

  /** Every row of a report, in its order, a batch at a time (exports). */
  private async *all<Row>(shape: Shape<Row>, from: (params: unknown[]) => string, q: { sort: string; order: Order }): AsyncIterable<Row> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const params: unknown[] = [];
      const body = shape.body(from(params));
      params.push(EXPORT_BATCH, offset);
      const { rows } = await this.pool.query<Record<string, unknown>>(
        `SELECT g.* FROM (${body}) g ${this.orderOf(shape, q.sort, q.order)} LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      for (const r of rows) yield shape.row(r);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  private async count<Row>(shape: Shape<Row>, from: (params: unknown[]) => string): Promise<number> {
    const params: unknown[] = [];
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${shape.body(from(params))}) g`, params);
    return n(rows[0]?.n);
  }

  private stockAt(tenantId: string, q: Parameters<typeof stockAtSql>[2], owners: OwnerScope) {
    return (params: unknown[]) => stockAtSql(params, tenantId, q, owners);
  }

  // ---------------------------------------------------------------- stock by area, by owner and batch, by details

  byArea(tenantId: string, q: StockByAreaQuery, owners: OwnerScope) {
    return this.page(BY_AREA, this.stockAt(tenantId, q, owners), q);
  }
  byAreaAll(tenantId: string, q: StockByAreaQuery, owners: OwnerScope) {
    return { rows: this.all(BY_AREA, this.stockAt(tenantId, q, owners), q), count: () => this.count(BY_AREA, this.stockAt(tenantId, q, owners)) };
  }

  byCustomerBatch(tenantId: string, q: StockByCustomerBatchQuery, owners: OwnerScope) {
    return this.page(BY_CUSTOMER_BATCH, this.stockAt(tenantId, q, owners), q);
  }
  byCustomerBatchAll(tenantId: string, q: StockByCustomerBatchQuery, owners: OwnerScope) {
    return { rows: this.all(BY_CUSTOMER_BATCH, this.stockAt(tenantId, q, owners), q), count: () => this.count(BY_CUSTOMER_BATCH, this.stockAt(tenantId, q, owners)) };
  }

  byDetails(tenantId: string, q: StockByDetailsQuery, owners: OwnerScope) {
    return this.page(BY_DETAILS(q.withEmpty), this.stockAt(tenantId, q, owners), q);
  }
  byDetailsAll(tenantId: string, q: StockByDetailsQuery, owners: OwnerScope) {
    const shape = BY_DETAILS(q.withEmpty);
    return { rows: this.all(shape, this.stockAt(tenantId, q, owners), q), count: () => this.count(shape, this.stockAt(tenantId, q, owners)) };
  }

  // ---------------------------------------------------------------- stock detail over a period

  /**
   * Per owner and material: closing = the stock as of `asOf` (now when absent); in and out =
   * the increases and decreases of the lines after `from` up to `asOf` (every line when no
   * `from`); opening = closing - in + out, which is the stock as of `from`.
   */
  private periodShape(tenantId: string, q: Pick<StockPeriodQuery, 'asOf' | 'from'> & Parameters<typeof keyFilters>[1], owners: OwnerScope): { shape: Shape<StockDetailRow>; from: (params: unknown[]) => string } {
    const from = (params: unknown[]) => {
      const rows = stockAtSql(params, tenantId, q, owners);
      const lw = new Where(params);
      params.push(tenantId);
      lw.raw(`l.tenant_id = $${params.length}`);
      keyFilters(lw, q, 'l', owners);
      if (q.asOf) lw.add('l.effective_at <= ?::timestamptz', q.asOf);
      if (q.from) lw.add('l.effective_at > ?::timestamptz', q.from);
      return `SELECT c.customer_code, c.material_code, c.closing_qty, c.dj_qty, COALESCE(p.in_qty, 0) AS in_qty, COALESCE(p.out_qty, 0) AS out_qty,
                     c.closing_qty - COALESCE(p.in_qty, 0) + COALESCE(p.out_qty, 0) AS opening_qty
                FROM (SELECT r.customer_code, r.material_code, sum(r.qty) AS closing_qty, sum(r.dj_qty) AS dj_qty
                        FROM (${rows}) r GROUP BY r.customer_code, r.material_code) c
                LEFT JOIN (SELECT l.customer_code, l.material_code, COALESCE(sum(l.qty) FILTER (WHERE l.qty > 0), 0) AS in_qty,
                                  COALESCE(-sum(l.qty) FILTER (WHERE l.qty < 0), 0) AS out_qty
                             FROM ${STOCK_STREAM_TABLE} l WHERE ${lw.sql()} GROUP BY l.customer_code, l.material_code) p
                  ON p.customer_code = c.customer_code AND p.material_code = c.material_code`;
    };
    const shape: Shape<StockDetailRow> = {
      body: (f) => `SELECT x.*, greatest(x.closing_qty - x.dj_qty, 0) AS available_qty FROM (${f}) x
                     WHERE x.closing_qty <> 0 OR x.opening_qty <> 0 OR x.in_qty <> 0 OR x.out_qty <> 0 OR x.dj_qty <> 0`,
      sums: { openingQty: 'g.opening_qty', inQty: 'g.in_qty', outQty: 'g.out_qty', closingQty: 'g.closing_qty', djQty: 'g.dj_qty', availableQty: 'g.available_qty' },
      sorts: { customerCode: 'g.customer_code', materialCode: 'g.material_code', closingQty: 'g.closing_qty' },
      tieBreak: 'g.customer_code, g.material_code',
      row: (r) => ({
        customerCode: String(r.customer_code),
        materialCode: String(r.material_code),
        openingQty: n(r.opening_qty),
        inQty: n(r.in_qty),
        outQty: n(r.out_qty),
        closingQty: n(r.closing_qty),
        djQty: n(r.dj_qty),
        availableQty: n(r.available_qty),
      }),
    };
    return { shape, from };
  }

  async period(tenantId: string, q: StockPeriodQuery, owners: OwnerScope) {
    const { shape, from } = this.periodShape(tenantId, q, owners);
    return { ...(await this.page(shape, from, q)), from: q.from ?? null };
  }
  periodAll(tenantId: string, q: StockPeriodQuery, owners: OwnerScope) {
    const { shape, from } = this.periodShape(tenantId, q, owners);
    return { rows: this.all(shape, from, q), count: () => this.count(shape, from) };
  }

  /** stockDetailViewShow: one owner's material over the period, line by line, with the running balance from the opening. */
  async periodShow(tenantId: string, q: StockDetailShowQuery, owners: OwnerScope): Promise<StockDetailShow> {
    const keys = { customerCode: q.customerCode, materialCode: q.materialCode, warehouseAreaCode: q.warehouseAreaCode, asOf: q.asOf, from: q.from };
    const { from } = this.periodShape(tenantId, keys, owners);
    const params: unknown[] = [];
    const head = (await this.pool.query<Record<string, unknown>>(`SELECT * FROM (${from(params)}) x`, params)).rows[0];
    const opening = n(head?.opening_qty);
    const closing = n(head?.closing_qty);
    const lp: unknown[] = [tenantId];
    const w = new Where(lp).raw('l.tenant_id = $1');
    keyFilters(w, keys, 'l', owners);
    if (q.asOf) w.add('l.effective_at <= ?::timestamptz', q.asOf);
    if (q.from) w.add('l.effective_at > ?::timestamptz', q.from);
    lp.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<StreamSqlRow & { total_count: string; running: string }>(
      `SELECT l.*, count(*) OVER () AS total_count, sum(l.qty) OVER (ORDER BY l.effective_at, l.recorded_at, l.id) AS running
         FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()}
        ORDER BY l.effective_at, l.recorded_at, l.id LIMIT $${lp.length - 1} OFFSET $${lp.length}`,
      lp,
    );
    const total = rows[0] ? n(rows[0].total_count) : n((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${STOCK_STREAM_TABLE} l WHERE ${w.sql()}`, lp.slice(0, -2))).rows[0]?.n);
    return {
      ...toPage(rows.map((r) => ({ ...streamRowOf(r), balance: round(opening + n(r.running), 3) })), total, q),
      asOf: q.asOf ?? null,
      from: q.from ?? null,
      openingQty: opening,
      closingQty: closing,
    };
  }

  // ---------------------------------------------------------------- the stream

  async stream(tenantId: string, q: StockStreamQuery, owners: OwnerScope): Promise<ReportPageOf<StockStreamRow>> {
    const page = await this.stock.stream(tenantId, q, owners);
    return { ...page, asOf: q.asOf ?? null, sums: page.sums };
  }

  // ---------------------------------------------------------------- the bin board

  /**
   * The area's places with what each holds as of the instant: m³ (qty x the piece volume of
   * its rows) against its usable capacity (put-away's capacityOf: maxVolume, else volume, x
   * capacityRatio %), quantity and owners. Places that hold stock without a place record (the
   * receiving dock) come last, without coordinates. A cargo owner sees its own stock only.
   */
  async board(tenantId: string, q: BinBoardQuery, owners: OwnerScope): Promise<BinBoard> {
    const area = q.warehouseAreaCode;
    const [areas, places] = await Promise.all([
      this.masterData.byCodes(tenantId, 'warehousearea', [area]),
      this.masterData.where(tenantId, 'warehouseplace', { warehouseAreaCode: area }, 5000),
    ]);
    if (!areas.has(area)) throw new AppError(404, 'stockReport.errors.areaNotFound', { area });
    const params: unknown[] = [];
    const from = stockAtSql(params, tenantId, { warehouseAreaCode: area, customerCode: q.customerCode, asOf: q.asOf }, owners);
    const { rows } = await this.pool.query<{ place_code: string; qty: string; used: string; customers: string[]; row_count: string }>(
      `SELECT r.place_code, sum(r.qty) AS qty, sum(${volumeSql('r')}) AS used, array_agg(DISTINCT r.customer_code ORDER BY r.customer_code) AS customers, count(*) AS row_count
         FROM (${from}) r WHERE r.qty > 0 GROUP BY r.place_code`,
      params,
    );
    const held = new Map(rows.map((r) => [r.place_code, r]));
    const out: BinPlace[] = places.map((record) => {
      const p = placeInfo(record);
      const h = held.get(p.code);
      held.delete(p.code);
      const cap = capacityOf(p);
      const capacity = Number.isFinite(cap) ? round(cap, 4) : null;
      const used = round(h?.used, 4);
      return {
        warehousePlaceCode: p.code,
        coordinateX: p.coordinateX ?? null,
        coordinateY: p.coordinateY ?? null,
        capacity,
        used,
        fillRatio: capacity ? round(used / capacity, 4) : null,
        qty: n(h?.qty),
        rowCount: n(h?.row_count),
        customers: h?.customers ?? [],
        reservedFor: p.customerCode ?? null,
        invalid: p.invalid ? 1 : 0,
      };
    });
    for (const h of [...held.values()].sort((a, b) => a.place_code.localeCompare(b.place_code))) {
      out.push({ warehousePlaceCode: h.place_code, coordinateX: null, coordinateY: null, capacity: null, used: round(h.used, 4), fillRatio: null, qty: n(h.qty), rowCount: n(h.row_count), customers: h.customers, reservedFor: null, invalid: 0 });
    }
    const xs = out.map((p) => p.coordinateX).filter((x): x is number => x !== null);
    const ys = out.map((p) => p.coordinateY).filter((y): y is number => y !== null);
    const unplaced = out.filter((p) => p.coordinateX === null || p.coordinateY === null).length;
    const columns = xs.length ? Math.max(...xs) - Math.min(...xs) + 1 : Math.max(1, Math.ceil(Math.sqrt(unplaced)));
    const gridRows = (ys.length ? Math.max(...ys) - Math.min(...ys) + 1 : 0) + (unplaced ? Math.ceil(unplaced / columns) : 0);
    return { warehouseAreaCode: area, asOf: q.asOf ?? null, places: out, columns, rows: gridRows };
  }
}
