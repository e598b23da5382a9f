import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  toPage,
  type Consignment,
  type ConsignmentListQuery,
  type ConsignmentListRow,
  type HistoryEntry,
  type Page,
} from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, historyEntryOf, type EventStorePort } from '@tpl/event-store';
import { ConsignmentNotFound, fold } from './consignment.decider';
import { streamName, type RecordedConsignmentEvent } from './consignment.events';
import { LIST_TABLE } from './projections/list.projection';
import { AppError } from '@tpl/contracts';
import { rowScopeSql, type RowScope } from '@tpl/records';

const SORT_COLUMNS: Record<ConsignmentListQuery['sort'], string> = {
  billNo: 'bill_no',
  billDate: 'bill_date',
  plannedDate: 'planned_date',
  customerCode: 'customer_code',
  state: 'state',
  updatedAt: 'updated_at',
  totalQty: 'total_qty',
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type ListRow = {
  id: string;
  bill_no: string;
  bill_date: string;
  customer_code: string;
  consignor_name: string;
  consignee_name: string;
  delivery_mode: ConsignmentListRow['deliveryMode'];
  planned_date: string;
  state: ConsignmentListRow['state'];
  is_review: ConsignmentListRow['isReview'];
  version: number;
  total_qty: string;
  total_weg: string;
  total_volume: string;
  total_packages: number;
  plate_no: string | null;
  driver_name: string | null;
  created_by_name: string;
  updated_at: Date;
  total_count: string;
};

@Injectable()
export class ConsignmentQueries {
  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
  ) {}

  /** The list screen: the inline projection, paged and filtered on the server, within the caller's tenant and data scope. */
  async list(tenantId: string, q: ConsignmentListQuery, visible: RowScope): Promise<Page<ConsignmentListRow>> {
    const where = ['tenant_id = $1', 'NOT is_deleted'];
    const params: unknown[] = [tenantId];
    const scoped = rowScopeSql(visible, 'created_by', 'created_dept', params);
    if (scoped) where.push(scoped);
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (q.billNo) add(`bill_no ILIKE ?`, `%${likeEscape(q.billNo)}%`);
    if (q.state) add('state = ?', q.state);
    if (q.customerCode) add(`customer_code ILIKE ?`, `${likeEscape(q.customerCode)}%`);
    if (q.dateFrom) add('bill_date >= ?', q.dateFrom);
    if (q.dateTo) add('bill_date <= ?', q.dateTo);
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<ListRow>(
      `SELECT id, bill_no, to_char(bill_date, 'YYYY-MM-DD') AS bill_date, customer_code, consignor_name, consignee_name,
              delivery_mode, to_char(planned_date, 'YYYY-MM-DD') AS planned_date, state, version, total_qty, total_weg,
              total_volume, total_packages, plate_no, driver_name, created_by_name, updated_at, is_review,
              count(*) OVER () AS total_count
         FROM ${LIST_TABLE}
        WHERE ${where.join(' AND ')}
        ORDER BY ${SORT_COLUMNS[q.sort]} ${q.order === 'asc' ? 'ASC' : 'DESC'}, bill_no ${q.order === 'asc' ? 'ASC' : 'DESC'}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && q.current > 1) {
      // past the last page: still tell the pager how many there are
      const c = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${LIST_TABLE} WHERE ${where.join(' AND ')}`, params.slice(0, -2));
      total = Number(c.rows[0]!.n);
    }
    return toPage(
      rows.map((r) => ({
        id: r.id,
        billNo: r.bill_no,
        billDate: r.bill_date,
        customerCode: r.customer_code,
        consignorName: r.consignor_name,
        consigneeName: r.consignee_name,
        deliveryMode: r.delivery_mode,
        plannedDate: r.planned_date,
        state: r.state,
        isReview: r.is_review,
        version: r.version,
        totalQty: Number(r.total_qty),
        totalWeg: Number(r.total_weg),
        totalVolume: Number(r.total_volume),
        totalPackages: r.total_packages,
        plateNo: r.plate_no,
        driverName: r.driver_name,
        createdByName: r.created_by_name,
        updatedAt: r.updated_at.toISOString(),
      })),
      total,
      q,
    );
  }

  /**
   * An order outside the caller's data scope answers as if it did not exist (404, not 403:
   * its existence does not leak), for reading and for every command alike.
   */
  async assertVisible(tenantId: string, ids: readonly string[], rows: RowScope): Promise<void> {
    if (rows.all || !ids.length) return;
    const params: unknown[] = [tenantId, ids];
    const scoped = rowScopeSql(rows, 'created_by', 'created_dept', params)!;
    const { rows: hidden } = await this.pool.query<{ id: string }>(
      `SELECT id FROM ${LIST_TABLE} WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND NOT ${scoped} LIMIT 1`,
      params,
    );
    if (hidden[0]) throw new ConsignmentNotFound(hidden[0].id);
  }

  async events(tenantId: string, id: string, toVersion?: number): Promise<RecordedConsignmentEvent[]> {
    const stored = await this.store.readStream(streamName(tenantId, id), toVersion === undefined ? {} : { toVersion });
    return stored.map((e) => ({ type: e.type, data: e.data, version: e.version, metadata: e.metadata }) as RecordedConsignmentEvent);
  }

  /** The document now, or as it was right after event `version` (auditors' "as of"). */
  async detail(tenantId: string, id: string, version?: number): Promise<Consignment> {
    const events = await this.events(tenantId, id, version);
    const state = fold(events);
    if (state.status === 'empty') throw new ConsignmentNotFound(id);
    if (version !== undefined && state.doc.version < version) throw new AppError(404, 'errors.versionNotFound', { id, version });
    return state.doc;
  }

  async history(tenantId: string, id: string): Promise<HistoryEntry[]> {
    const events = await this.store.readStream(streamName(tenantId, id));
    if (!events.length) throw new ConsignmentNotFound(id);
    return events.map((e) => historyEntryOf(e));
  }
}
