import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { type LabelPrintListQuery, type LabelPrintRecord, type LabelPrinter } from '@tpl/contracts';
import { DOC_LIST, printTimeZone } from '@tpl/documents';
import { DB_POOL } from '@tpl/event-store';
import { ownerScopeSql, type OwnerScope } from '@tpl/identity';
import { LABEL_PRINTS_TABLE } from './label-prints.projection';

type Row = {
  event_id: string;
  doc_type: LabelPrintRecord['documentType'];
  doc_id: string;
  bill_no: string;
  customer_code: string | null;
  seq: number;
  kind: LabelPrintRecord['kind'];
  of_seq: number | null;
  labels: number;
  printed_at: Date | string;
  printed_by: string;
  printed_by_name: string;
  total: string;
};

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/**
 * Every label printed in the tenant (the printed-labels projection), newest first, each joined to
 * its bill's list row for the cargo owner: a cargo owner's user sees its own bills' prints only, a
 * removed bill's prints stay listed (they were printed). Days are business days (BUSINESS_TZ).
 */
@Injectable()
export class LabelListService {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  private where(tenantId: string, owners: OwnerScope, q: Partial<LabelPrintListQuery>, params: unknown[]): string {
    params.push(tenantId);
    const where = ['p.tenant_id = $1'];
    const own = ownerScopeSql(owners, 'h.customer_code', params);
    if (own) where.push(own);
    if (q.documentType) where.push(`p.doc_type = $${params.push(q.documentType)}`);
    if (q.billNo) where.push(`p.bill_no ILIKE $${params.push(`%${q.billNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    if (q.printedBy) where.push(`p.printed_by = $${params.push(q.printedBy)}`);
    if (q.dateFrom || q.dateTo) {
      const day = `(p.printed_at AT TIME ZONE $${params.push(printTimeZone())})::date`;
      if (q.dateFrom) where.push(`${day} >= $${params.push(q.dateFrom)}::date`);
      if (q.dateTo) where.push(`${day} <= $${params.push(q.dateTo)}::date`);
    }
    return where.join(' AND ');
  }

  private readonly from = `${LABEL_PRINTS_TABLE} p LEFT JOIN ${DOC_LIST} h ON h.tenant_id = p.tenant_id AND h.doc_type = p.doc_type AND h.id::text = p.doc_id`;

  async list(tenantId: string, q: LabelPrintListQuery, owners: OwnerScope) {
    const params: unknown[] = [];
    const where = this.where(tenantId, owners, q, params);
    const { rows } = await this.pool.query<Row>(
      `SELECT p.event_id, p.doc_type, p.doc_id, p.bill_no, h.customer_code, p.seq, p.kind, p.of_seq, p.labels, p.printed_at, p.printed_by, p.printed_by_name,
              count(*) OVER () AS total
         FROM ${this.from}
        WHERE ${where}
        ORDER BY p.printed_at DESC, p.bill_no, p.seq DESC
        LIMIT $${params.push(q.size)} OFFSET $${params.push((q.current - 1) * q.size)}`,
      params,
    );
    const total = rows[0] ? Number(rows[0].total) : q.current > 1 ? await this.count(tenantId, q, owners) : 0;
    const records: LabelPrintRecord[] = rows.map((r) => ({
      id: r.event_id,
      documentType: r.doc_type,
      documentId: r.doc_id,
      billNo: r.bill_no,
      customerCode: r.customer_code ?? '',
      seq: r.seq,
      kind: r.kind,
      of: r.of_seq,
      labels: r.labels,
      printedAt: iso(r.printed_at),
      printedBy: r.printed_by,
      printedByName: r.printed_by_name,
    }));
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  private async count(tenantId: string, q: LabelPrintListQuery, owners: OwnerScope): Promise<number> {
    const params: unknown[] = [];
    const where = this.where(tenantId, owners, q, params);
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.from} WHERE ${where}`, params);
    return Number(rows[0]?.n ?? 0);
  }

  /** Who printed labels the caller may see: the printed-by filter's choices, by name. */
  async printers(tenantId: string, owners: OwnerScope): Promise<LabelPrinter[]> {
    const params: unknown[] = [];
    const where = this.where(tenantId, owners, {}, params);
    const { rows } = await this.pool.query<{ account: string; name: string }>(
      `SELECT p.printed_by AS account, max(p.printed_by_name) AS name FROM ${this.from} WHERE ${where} GROUP BY p.printed_by ORDER BY 2, 1`,
      params,
    );
    return rows;
  }
}
