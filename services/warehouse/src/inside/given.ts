import type { KitDocument } from '@tpl/contracts';
import type { PlaceInfo } from '../inbound/putaway';
import { emptyAccount, rowKey, type AccountState, type StockRowState } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import type { AreaInfo, InsideFacts } from './rows';

/** Givens of the in-warehouse decisions' specs: documents, stock rows, accounts, places, areas. */
export const actor = { userId: 'u1', account: 'keeper', name: 'Keeper' };
export const meta = { now: '2026-11-24T09:00:00.000Z', actor };

export const doc = (o: Partial<KitDocument>): KitDocument => ({
  id: 'd1', tenantId: 't1', billNo: 'B001', state: 'Draft', version: 1, isReview: 0, totals: {},
  createdBy: actor, createdAt: '2026-11-24T00:00:00.000Z', updatedBy: actor, updatedAt: '2026-11-24T00:00:00.000Z', removed: false,
  customerCode: 'C1', warehouseAreaCode: 'A', ...o,
});

export const row = (o: Partial<StockRowState>): StockRowState => ({
  customerCode: 'C1', materialCode: 'M1', barcode: 'X1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 10, djQty: 0,
  qtyWeg: 5, boardQty: 0, unitVolume: 0.1, status: 'AVAILABLE', expiringDate: '2027-01-01', inboundAt: '2026-11-01T08:00:00.000Z', warehouseAreaCode: 'A', ...o,
});

export const account = (customerCode: string, materialCode: string, version: number, ...rows: StockRowState[]): AccountState => {
  const a = emptyAccount(customerCode, materialCode);
  a.version = version;
  for (const r of rows) a.rows.set(rowKey(r), { ...r, customerCode, materialCode });
  return a;
};

export const place = (code: string, warehouseAreaCode: string, o: Partial<PlaceInfo> = {}): PlaceInfo => ({ code, warehouseAreaCode, ...o });

/** Areas A and B are zones of warehouse W; Z is a zone of another warehouse V. */
export const AREAS: [string, AreaInfo][] = [['A', { code: 'A', parentCode: 'W' }], ['B', { code: 'B', parentCode: 'W' }], ['W', { code: 'W' }], ['Z', { code: 'Z', parentCode: 'V' }], ['V', { code: 'V' }]];

export const facts = (accounts: AccountState[], places: PlaceInfo[] = []): InsideFacts => ({
  accounts: new Map(accounts.map((a) => [accountId(a.customerCode, a.materialCode), a])),
  places: new Map(places.map((p) => [p.code, p])),
  areas: new Map(AREAS),
});

export const act = (action: string, fields: Record<string, unknown> = {}) => ({ type: 'Act' as const, data: { id: 'd1', expectedVersion: 1, action, fields } });
export const remove = { type: 'Remove' as const, data: { id: 'd1', expectedVersion: 1 } };
export const key = (e: unknown) => (e as { key?: string } | undefined)?.key;
