import type { PlaceInfo } from '../src/inbound/putaway';
import type { AreaInfo, InsideFacts } from '../src/inside/rows';
import { emptyAccount, rowKey, type AccountState, type StockRowState } from '../src/stock/stock.account';
import { accountId } from '../src/stock/stock.ledger';

/**
 * What the warehouse decisions' `load` reads, for their specs (given / when / then): stock rows
 * and accounts, places, areas. The documents themselves come from their facts (@tpl/documents/test).
 * Test code only: outside src/, never in dist.
 */
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
