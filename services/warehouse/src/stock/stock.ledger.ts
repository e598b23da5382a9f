import { Inject, Injectable } from '@nestjs/common';
import { STOCK_ACCOUNT, stockAccountStream, type StockFact, type StockStatus } from '@tpl/contracts';
import { EVENT_STORE, type EventMetadata, type EventStorePort, type NewEvent, type UnitOfWork } from '@tpl/event-store';
import { emptyAccount, rowKey, type AccountState, type LaterLine, type StockRowState } from './stock.account';
import { STOCK_ACCOUNTS_TABLE, STOCK_STREAM_TABLE, STOCK_TABLE } from './stock.projection';

type Row = {
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

const stateRow = (r: Row): StockRowState => ({
  customerCode: r.customer_code,
  materialCode: r.material_code,
  barcode: r.barcode,
  warehousePlaceCode: r.place_code,
  batchNo: r.batch_no,
  qty: Number(r.qty),
  djQty: Number(r.dj_qty),
  qtyWeg: Number(r.qty_weg),
  boardQty: Number(r.board_qty),
  unitVolume: Number(r.unit_volume),
  status: r.status,
  expiringDate: r.expiring_date,
  inboundAt: r.inbound_at ? r.inbound_at.toISOString() : null,
  warehouseAreaCode: r.area_code,
});

/** One stock fact to append to its account, with the version its decision was made on. */
export type StockAppend = { account: AccountState; type: string; fact: StockFact };

/**
 * The stock ledger's write side: an account's state as decisions see it (its rows now and
 * the version of its stream, read together in the caller's transaction) and the append of
 * the facts decided on it, each with that version. A concurrent writer on the same account
 * makes the append stale (409) and the whole transaction (the document's events included)
 * is rolled back: stock is never decided twice on the same pieces.
 */
@Injectable()
export class StockLedger {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStorePort) {}

  async account(db: Pick<UnitOfWork, 'query'>, tenantId: string, customerCode: string, materialCode: string): Promise<AccountState> {
    const version = await db.query<{ version: number }>(
      // the account's row is locked until the decision commits: allocators of the same stock queue
      // here instead of deciding on the same version and failing stale (the version check stays)
      `SELECT version FROM ${STOCK_ACCOUNTS_TABLE} WHERE tenant_id = $1 AND customer_code = $2 AND material_code = $3 FOR UPDATE`,
      [tenantId, customerCode, materialCode],
    );
    const rows = await db.query<Row>(
      `SELECT customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, qty_weg, board_qty, unit_volume, status,
              to_char(expiring_date, 'YYYY-MM-DD') AS expiring_date, inbound_at, area_code
         FROM ${STOCK_TABLE} WHERE tenant_id = $1 AND customer_code = $2 AND material_code = $3 AND (qty > 0 OR dj_qty > 0)`,
      [tenantId, customerCode, materialCode],
    );
    const account = emptyAccount(customerCode, materialCode);
    account.version = version[0]?.version ?? 0;
    for (const r of rows) account.rows.set(rowKey(stateRow(r)), stateRow(r));
    return account;
  }

  /** Several accounts at once (a document's lines name several materials). */
  async accounts(db: Pick<UnitOfWork, 'query'>, tenantId: string, keys: readonly { customerCode: string; materialCode: string }[]): Promise<Map<string, AccountState>> {
    const out = new Map<string, AccountState>();
    // always in the same order, so two decisions on the same accounts never wait for each other in a circle
    const sorted = [...keys].sort((x, y) => accountId(x.customerCode, x.materialCode).localeCompare(accountId(y.customerCode, y.materialCode)));
    for (const k of sorted) {
      const id = accountId(k.customerCode, k.materialCode);
      if (!out.has(id)) out.set(id, await this.account(db, tenantId, k.customerCode, k.materialCode));
    }
    return out;
  }

  /**
   * A back-dated decision's wall (firstShortFrom): each account's lines with a business time after
   * `instant`, read in the same transaction as the rows (the account rows are locked: no line of
   * these accounts is written meanwhile).
   */
  async withLater(db: Pick<UnitOfWork, 'query'>, tenantId: string, accounts: Map<string, AccountState>, instant: string): Promise<void> {
    if (!accounts.size) return;
    const list = [...accounts.values()];
    const rows = await db.query<{ customer_code: string; material_code: string; barcode: string; place_code: string; batch_no: string; qty: string; dj_qty: string; at: Date }>(
      `SELECT customer_code, material_code, barcode, place_code, batch_no, qty, dj_qty, effective_at AS at
         FROM ${STOCK_STREAM_TABLE}
        WHERE tenant_id = $1 AND material_code = ANY($2::text[]) AND customer_code = ANY($3::text[]) AND effective_at > $4::timestamptz`,
      [tenantId, [...new Set(list.map((a) => a.materialCode))], [...new Set(list.map((a) => a.customerCode))], instant],
    );
    for (const a of list) a.later = [];
    for (const r of rows) {
      const a = accounts.get(accountId(r.customer_code, r.material_code));
      if (!a) continue;
      (a.later as LaterLine[]).push({ barcode: r.barcode, warehousePlaceCode: r.place_code, batchNo: r.batch_no, qty: Number(r.qty), djQty: Number(r.dj_qty), at: r.at.toISOString() });
    }
  }

  /** Appends each fact to its account's stream with the version it was decided on. */
  async record(uow: UnitOfWork, tenantId: string, appends: readonly StockAppend[], metadata: EventMetadata): Promise<void> {
    const byAccount = new Map<string, { account: AccountState; events: NewEvent[] }>();
    for (const a of appends) {
      const id = accountId(a.account.customerCode, a.account.materialCode);
      const entry = byAccount.get(id) ?? { account: a.account, events: [] };
      entry.events.push({ type: a.type, data: a.fact });
      byAccount.set(id, entry);
    }
    for (const { account, events } of byAccount.values()) {
      await uow.append(stockAccountStream(tenantId, account.customerCode, account.materialCode), events, {
        expectedVersion: account.version,
        metadata,
        streamType: STOCK_ACCOUNT,
      });
    }
  }

  /** For tests and tools: an account's stream, as recorded. */
  readAccount(tenantId: string, customerCode: string, materialCode: string) {
    return this.store.readStream(stockAccountStream(tenantId, customerCode, materialCode));
  }
}

export const accountId = (customerCode: string, materialCode: string) => `${customerCode}\u0000${materialCode}`;
