import { Inject, Injectable } from '@nestjs/common';
import type { Genealogy, GenealogyLink, KnownLot, LotListQuery, LotQuery } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { ownerScopeSql, type OwnerScope } from '@tpl/identity';
import type { Pool } from 'pg';
import { LOT_RECEIPTS, LOT_SOURCES } from './genealogy.projection';

type LinkRow = {
  task_id: string;
  task_bill_no: string;
  customer_code: string;
  product_material: string;
  product_batch: string;
  product_qty: string;
  raw_material: string;
  raw_batch: string;
  raw_barcode: string;
  raw_qty: string;
  received_at: Date;
};

const LINKS = `
SELECT r.task_id, r.task_bill_no, r.customer_code, r.material_code AS product_material, r.batch_no AS product_batch,
       sum(r.qty) AS product_qty, s.material_code AS raw_material, s.batch_no AS raw_batch, s.barcode AS raw_barcode, s.qty AS raw_qty,
       max(r.received_at) AS received_at
  FROM ${LOT_RECEIPTS} r JOIN ${LOT_SOURCES} s ON s.tenant_id = r.tenant_id AND s.task_id = r.task_id`;
const GROUPED = `GROUP BY r.task_id, r.task_bill_no, r.customer_code, r.material_code, r.batch_no, s.material_code, s.batch_no, s.barcode, s.qty
 ORDER BY max(r.received_at) DESC, r.task_bill_no, s.material_code, s.batch_no, s.barcode LIMIT 500`;

const linkOf = (r: LinkRow): GenealogyLink => ({
  taskId: r.task_id,
  taskBillNo: r.task_bill_no,
  customerCode: r.customer_code,
  productMaterialCode: r.product_material,
  productBatchNo: r.product_batch,
  productQty: Number(r.product_qty),
  rawMaterialCode: r.raw_material,
  rawBatchNo: r.raw_batch,
  rawBarcode: r.raw_barcode,
  rawQty: Number(r.raw_qty),
  receivedAt: new Date(r.received_at).toISOString(),
});

/**
 * The genealogy's reads: a lot's links both ways, and the lots it knows, always inside the
 * caller's cargo owners (an owner's user asking of another owner's lot is told nothing).
 */
@Injectable()
export class GenealogyQueries {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  async lot(tenantId: string, q: LotQuery, owners: OwnerScope): Promise<Genealogy> {
    if (!owners.all && !owners.customers.includes(q.customerCode)) return { madeFrom: [], wentInto: [] };
    const params = [tenantId, q.customerCode, q.materialCode, q.batchNo];
    const madeFrom = await this.pool.query<LinkRow>(`${LINKS} WHERE r.tenant_id = $1 AND r.customer_code = $2 AND r.material_code = $3 AND r.batch_no = $4 ${GROUPED}`, params);
    const wentInto = await this.pool.query<LinkRow>(`${LINKS} WHERE r.tenant_id = $1 AND r.customer_code = $2 AND s.material_code = $3 AND s.batch_no = $4 ${GROUPED}`, params);
    return { madeFrom: madeFrom.rows.map(linkOf), wentInto: wentInto.rows.map(linkOf) };
  }

  async lots(tenantId: string, q: LotListQuery, owners: OwnerScope): Promise<KnownLot[]> {
    const params: unknown[] = [tenantId];
    const where = ['r.tenant_id = $1'];
    const scoped = ownerScopeSql(owners, 'r.customer_code', params);
    if (scoped) where.push(scoped);
    if (q.customerCode) {
      params.push(q.customerCode);
      where.push(`r.customer_code = $${params.length}`);
    }
    const material = (column: string) => {
      if (!q.materialCode) return '';
      params.push(q.materialCode);
      return ` AND ${column} = $${params.length}`;
    };
    const products = `SELECT DISTINCT r.customer_code, r.material_code, r.batch_no, 'product' AS kind FROM ${LOT_RECEIPTS} r WHERE ${where.join(' AND ')}${material('r.material_code')}`;
    const raws = `SELECT DISTINCT r.customer_code, s.material_code, s.batch_no, 'raw' AS kind FROM ${LOT_RECEIPTS} r JOIN ${LOT_SOURCES} s ON s.tenant_id = r.tenant_id AND s.task_id = r.task_id WHERE ${where.join(' AND ')}${material('s.material_code')}`;
    const { rows } = await this.pool.query<{ customer_code: string; material_code: string; batch_no: string; kind: 'product' | 'raw' }>(
      `SELECT * FROM (${products} UNION ${raws}) l ORDER BY customer_code, material_code, batch_no, kind LIMIT 200`,
      params,
    );
    return rows.map((r) => ({ customerCode: r.customer_code, materialCode: r.material_code, batchNo: r.batch_no, kind: r.kind }));
  }
}
