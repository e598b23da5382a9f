import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { packagetemporarybill, type PackageListQuery, type PackageRow, type PackageStanding } from '@tpl/contracts';
import { DOC_LIST } from '@tpl/documents';
import { DB_POOL } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { ownerScopeSql, type OwnerScope } from '@tpl/identity';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from '../stock/stock.projection';

/**
 * Where a package stands, from its bill's state and what the ledger holds under its barcode: a
 * packed package with stock is in stock (allocated once all of it is frozen for an outbound bill);
 * a packed package whose barcode holds nothing any more has gone out whole (shipped, or taken by a
 * loss); an unpacked one was opened. Pure, so the SQL below and its spec say the same.
 */
export const standingOf = (state: string, qty: number, djQty: number): PackageStanding => {
  if (state === 'Draft') return 'draft';
  if (state === 'Unpacked') return 'unpacked';
  if (state !== 'Packed') return 'cancelled';
  if (qty <= 0) return 'shipped';
  return djQty >= qty ? 'allocated' : 'inStock';
};

/** standingOf in SQL, over the package list row `p` and its stock sums `s`. */
const STANDING_SQL = `CASE p.state WHEN 'Draft' THEN 'draft' WHEN 'Unpacked' THEN 'unpacked'
  WHEN 'Packed' THEN CASE WHEN coalesce(s.qty, 0) <= 0 THEN 'shipped' WHEN s.dj_qty >= s.qty THEN 'allocated' ELSE 'inStock' END
  ELSE 'cancelled' END`;

type Row = {
  id: string;
  bill_no: string;
  customer_code: string | null;
  state: string;
  row: Record<string, unknown>;
  qty: string | null;
  dj_qty: string | null;
  places: string[] | null;
  standing: PackageStanding;
  total: string;
};

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

/**
 * The temporary packages as the stock holds them (spec 01 "temporarypackagebill list"): every
 * packing bill, with what its barcode (the bill number) holds in the ledger now, where, and for a
 * package gone, which bill took it out or opened it and when. docs/DOMAIN.md "Temporary packages".
 */
@Injectable()
export class PackageList {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  async list(tenantId: string, q: PackageListQuery, owners: OwnerScope) {
    const params: unknown[] = [tenantId, packagetemporarybill.name];
    const where = ['h.tenant_id = $1', 'h.doc_type = $2', 'NOT h.is_deleted'];
    const own = ownerScopeSql(owners, 'h.customer_code', params);
    if (own) where.push(own);
    if (q.customerCode) where.push(`h.customer_code = $${params.push(q.customerCode)}`);
    if (q.billNo) where.push(`h.bill_no ILIKE $${params.push(`%${q.billNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    const outer: string[] = [];
    if (q.standing) outer.push(`standing = $${params.push(q.standing)}`);
    if (q.warehousePlaceCode) outer.push(`$${params.push(q.warehousePlaceCode)} = ANY(places)`);
    const { rows } = await this.pool.query<Row>(
      `WITH p AS (SELECT h.id, h.bill_no, h.customer_code, h.state, h.row FROM ${DOC_LIST} h WHERE ${where.join(' AND ')}),
            s AS (SELECT k.barcode, sum(k.qty) AS qty, sum(k.dj_qty) AS dj_qty, array_agg(DISTINCT k.place_code) FILTER (WHERE k.qty > 0) AS places
                    FROM ${STOCK_TABLE} k WHERE k.tenant_id = $1 AND k.barcode IN (SELECT bill_no FROM p) GROUP BY k.barcode),
            l AS (SELECT p.id, p.bill_no, p.customer_code, p.state, p.row, s.qty, s.dj_qty, coalesce(s.places, '{}') AS places, ${STANDING_SQL} AS standing
                    FROM p LEFT JOIN s ON s.barcode = p.bill_no)
       SELECT l.*, count(*) OVER () AS total FROM l ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''}
        ORDER BY l.bill_no DESC LIMIT $${params.push(q.size)} OFFSET $${params.push((q.current - 1) * q.size)}`,
      params,
    );
    const total = rows[0] ? Number(rows[0].total) : 0;
    const barcodes = rows.map((r) => r.bill_no);
    const [content, gone] = await Promise.all([this.content(tenantId, barcodes), this.gone(tenantId, rows.filter((r) => r.standing === 'shipped' || r.standing === 'unpacked').map((r) => r.bill_no))]);
    const records: PackageRow[] = rows.map((r) => ({
      id: r.id,
      billNo: r.bill_no,
      customerCode: r.customer_code ?? '',
      warehouseAreaCode: text(r.row.warehouseAreaCode),
      packageType: text(r.row.packageType),
      state: r.state,
      standing: r.standing,
      places: r.places ?? [],
      qty: Number(r.qty ?? 0),
      packedQty: Number(r.row.totalQty ?? 0),
      packedAt: iso(r.row.packedAt as string | undefined),
      goneAt: gone.get(r.bill_no)?.at ?? null,
      goneBy: gone.get(r.bill_no)?.billNo ?? null,
      content: content.get(r.bill_no) ?? [],
    }));
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  /** What each barcode holds now, row by row (material and batch at a location), named. */
  private async content(tenantId: string, barcodes: readonly string[]): Promise<Map<string, PackageRow['content']>> {
    const out = new Map<string, PackageRow['content']>();
    if (!barcodes.length) return out;
    const { rows } = await this.pool.query<{ barcode: string; material_code: string; batch_no: string; place_code: string; qty: string; dj_qty: string }>(
      `SELECT barcode, material_code, batch_no, place_code, qty, dj_qty FROM ${STOCK_TABLE}
        WHERE tenant_id = $1 AND barcode = ANY($2) AND qty > 0 ORDER BY barcode, material_code, batch_no, place_code`,
      [tenantId, [...barcodes]],
    );
    const names = await this.masterData.byCodes(tenantId, 'material', [...new Set(rows.map((r) => r.material_code))]);
    for (const r of rows) {
      const list = out.get(r.barcode) ?? out.set(r.barcode, []).get(r.barcode)!;
      list.push({ materialCode: r.material_code, materialName: text(names.get(r.material_code)?.data.name), batchNo: r.batch_no, warehousePlaceCode: r.place_code, qty: Number(r.qty), djQty: Number(r.dj_qty) });
    }
    return out;
  }

  /** The last line that took stock off each barcode: the bill (outbound, unpacking, loss) that emptied it, and when. */
  private async gone(tenantId: string, barcodes: readonly string[]): Promise<Map<string, { billNo: string; at: string | null }>> {
    if (!barcodes.length) return new Map();
    const { rows } = await this.pool.query<{ barcode: string; bill_no: string; effective_at: Date }>(
      `SELECT DISTINCT ON (barcode) barcode, bill_no, effective_at FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND barcode = ANY($2) AND qty < 0 AND movement <> 'ALLOCATE'
        ORDER BY barcode, effective_at DESC, recorded_at DESC`,
      [tenantId, [...barcodes]],
    );
    return new Map(rows.map((r) => [r.barcode, { billNo: r.bill_no, at: iso(r.effective_at) }]));
  }
}
