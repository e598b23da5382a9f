import type { OwnerScope } from '@tpl/identity';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from './stock.projection';

/**
 * SQL shared by the stock reads and the reports: filters over the columns the stock rows and
 * the stream lines both name, and the stock rows as of an instant. Codes match exactly (an
 * index lookup at any ledger size); values are always bound parameters.
 */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(clause: string, value: unknown) {
    this.params.push(value);
    this.parts.push(clause.replaceAll('?', `$${this.params.length}`));
    return this;
  }
  raw(clause: string) {
    this.parts.push(clause);
    return this;
  }
  sql() {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

/** The keys both tables name alike (a stream line's area is its stock row's). */
export type StockKeyFilters = {
  customerCode?: string | undefined;
  materialCode?: string | undefined;
  warehouseAreaCode?: string | undefined;
  warehousePlaceCode?: string | undefined;
  batchNo?: string | undefined;
  barcode?: string | undefined;
};

export const keyFilters = (w: Where, q: StockKeyFilters, alias: string, owners: OwnerScope) => {
  if (!owners.all) w.add(`${alias}.customer_code = ANY(?::text[])`, owners.customers);
  if (q.customerCode) w.add(`${alias}.customer_code = ?`, q.customerCode);
  if (q.materialCode) w.add(`${alias}.material_code = ?`, q.materialCode);
  // '' names the rows with no area, and the rows without a batch (explain of a report's row); the lists never send ''
  if (q.warehouseAreaCode === '') w.raw(`${alias}.area_code IS NULL`);
  else if (q.warehouseAreaCode) w.add(`${alias}.area_code = ?`, q.warehouseAreaCode);
  if (q.warehousePlaceCode) w.add(`${alias}.place_code = ?`, q.warehousePlaceCode);
  if (q.batchNo !== undefined) w.add(`${alias}.batch_no = ?`, q.batchNo);
  if (q.barcode) w.add(`${alias}.barcode = ?`, q.barcode);
  return w;
};

const KEY = ['customer_code', 'material_code', 'barcode', 'place_code', 'batch_no'] as const;

/** The columns of a stock row as of an instant (stockAt). */
export const STOCK_AT_COLUMNS =
  'customer_code, material_code, barcode, place_code, batch_no, area_code, status, expiring_date, inbound_at, qty_weg, board_qty, unit_volume, qty, dj_qty';

/**
 * The stock rows matching the filters, now or as of `asOf`: the stock now minus every stream
 * line of those rows whose business time is after the instant (so a late, back-dated movement
 * changes later instants and not earlier ones). Reads the rows and only the lines after the
 * instant, through the stream's indexes; a subquery with STOCK_AT_COLUMNS. `status` is the
 * row's quality status now.
 */
export const stockAtSql = (
  params: unknown[],
  tenantId: string,
  q: StockKeyFilters & { status?: string | undefined; asOf?: string | undefined },
  owners: OwnerScope,
): string => {
  params.push(tenantId);
  const tenant = `$${params.length}`;
  const w = new Where(params).raw(`s.tenant_id = ${tenant}`);
  keyFilters(w, q, 's', owners);
  if (q.status) w.add('s.status = ?', q.status);
  if (!q.asOf) {
    return `SELECT s.customer_code, s.material_code, s.barcode, s.place_code, s.batch_no, s.area_code, s.status, s.expiring_date, s.inbound_at,
                   s.qty_weg, s.board_qty, s.unit_volume, s.qty, s.dj_qty
              FROM ${STOCK_TABLE} s WHERE ${w.sql()}`;
  }
  const lw = new Where(params).raw(`l.tenant_id = ${tenant}`);
  keyFilters(lw, q, 'l', owners);
  lw.add('l.effective_at > ?::timestamptz', q.asOf);
  const on = KEY.map((k) => `later.${k} = s.${k}`).join(' AND ');
  return `SELECT s.customer_code, s.material_code, s.barcode, s.place_code, s.batch_no, s.area_code, s.status, s.expiring_date, s.inbound_at,
                 s.qty_weg, s.board_qty, s.unit_volume, s.qty - COALESCE(later.dq, 0) AS qty, s.dj_qty - COALESCE(later.ddj, 0) AS dj_qty
            FROM ${STOCK_TABLE} s
            LEFT JOIN (SELECT ${KEY.map((k) => `l.${k}`).join(', ')}, sum(l.qty) AS dq, sum(l.dj_qty) AS ddj
                         FROM ${STOCK_STREAM_TABLE} l WHERE ${lw.sql()}
                        GROUP BY ${KEY.map((k) => `l.${k}`).join(', ')}) later ON ${on}
           WHERE ${w.sql()}`;
};

/** SQL of the derived figures of a stock row (per row, summed by the reports): tonnes, pallets, m³. */
export const wegSql = (a: string) => `round(${a}.qty * ${a}.qty_weg / 1000, 3)`;
export const boardSql = (a: string) => `(CASE WHEN ${a}.board_qty > 0 THEN ceil(${a}.qty / ${a}.board_qty) ELSE 0 END)`;
export const volumeSql = (a: string) => `(${a}.qty * ${a}.unit_volume)`;
