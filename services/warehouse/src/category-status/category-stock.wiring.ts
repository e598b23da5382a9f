import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { STOCK_ACCOUNT, STOCK_EVENT_TYPES, stockAccountStream } from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, StaleVersionError, type EventStorePort } from '@tpl/event-store';
import { CategoryStatusJob, type CategoryStockChange } from '@tpl/masterdata';
import { factOf } from '../stock/stock.account';
import { StockLedger } from '../stock/stock.ledger';
import { STOCK_STREAM_TABLE, STOCK_TABLE } from '../stock/stock.projection';
import { CATEGORY_SOURCE, GENERAL_STREAM, heldKey, holdLines, rowsToHold } from './category-stock';

/**
 * The category's automatic status change acting on stock: master data's job finds the due
 * categories and their materials (it owns them) and hands each to this listener; the
 * warehouse (which owns the stock) changes the rows that reached the age, one account per
 * transaction, as StockStatusChanged facts by the Scheduler. A concurrent writer on an account
 * makes its change stale: skipped, the next run takes it.
 */
@Injectable()
export class CategoryStockStatus implements OnModuleInit {
  private readonly logger = new Logger('CategoryStockStatus');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(StockLedger) private readonly ledger: StockLedger,
    @Optional() @Inject(CategoryStatusJob) private readonly job?: CategoryStatusJob,
  ) {}

  onModuleInit() {
    this.job?.onStockDue((change) => this.hold(change));
  }

  /** Changes the due rows of the category's materials, every owner's; answers how many rows changed. */
  async hold(change: CategoryStockChange): Promise<number> {
    const { rows: accounts } = await this.pool.query<{ customer_code: string; material_code: string }>(
      `SELECT DISTINCT customer_code, material_code FROM ${STOCK_TABLE}
        WHERE tenant_id = $1 AND material_code = ANY($2) AND status = 'AVAILABLE' AND qty > 0 AND dj_qty = 0 AND inbound_at <= $3`,
      [change.tenantId, change.materialCodes, change.inboundBefore],
    );
    let changed = 0;
    for (const a of accounts) {
      try {
        changed += await this.store.withTransaction(async (uow) => {
          const account = await this.ledger.account(uow, change.tenantId, a.customer_code, a.material_code);
          const held = await uow.query<{ barcode: string; batch_no: string }>(
            `SELECT DISTINCT barcode, batch_no FROM ${STOCK_STREAM_TABLE}
              WHERE tenant_id = $1 AND customer_code = $2 AND material_code = $3 AND movement = 'STATUS' AND doc_type = $4`,
            [change.tenantId, a.customer_code, a.material_code, CATEGORY_SOURCE],
          );
          const rows = rowsToHold(account, change.inboundBefore, new Set(held.map((h) => heldKey({ barcode: h.barcode, batchNo: h.batch_no }))));
          const lines = holdLines(account, rows, change.status, change.categoryCode);
          if (!lines.length) return 0;
          await uow.append(
            stockAccountStream(change.tenantId, account.customerCode, account.materialCode),
            [{ type: STOCK_EVENT_TYPES.statusChanged, data: factOf(lines, change.at, GENERAL_STREAM) }],
            {
              expectedVersion: account.version,
              streamType: STOCK_ACCOUNT,
              metadata: {
                tenantId: change.tenantId,
                actor: change.actor,
                occurredAt: change.at,
                correlationId: `category-job-${change.at}`,
                // two hosts deciding the same change name the same cause
                causationId: `category-stock-${change.categoryCode}-${account.customerCode}~${account.materialCode}-v${account.version}`,
              },
            },
          );
          return lines.length;
        });
      } catch (err) {
        if (!(err instanceof StaleVersionError) && (err as { code?: number }).code !== 409) throw err;
        this.logger.warn(`stock of ${a.customer_code}/${a.material_code} changed meanwhile: held at the next run`);
      }
    }
    return changed;
  }
}
