import { runInTenant, type EventStorePort } from '@tpl/event-store';
import { STOCK_EVENT_TYPES } from '@tpl/contracts';
import { StockLedger, factOf, receive } from '@tpl/warehouse';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Cargo owners through the API: a user bound to a customer (the demo's `owner` of C001, and a
 * second owner of C002 made by the administrator) sees only its own stock, stream, explain,
 * reports, exports and warehouse documents; another owner's rows never appear, whatever the
 * filters ask, and another owner's document answers 404 as if it did not exist.
 */
const T = '100001';
const actor = { userId: 'u-keeper', account: 'keeper', name: 'Keeper' };
const BILL = '/api/bl-warehouse/isinstockbill';
type Page<R> = { records: R[]; total: number };
type Owned = { customerCode: string };

describe.each(DOMAIN_STORES)('cargo owners on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;
  const docs: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    const ledger = t.host.app.get(StockLedger);
    const store: EventStorePort = t.host.storage.store;
    // stock of two owners, in the same area, of the same material
    for (const [customer, barcode, place] of [['C001', 'OW-1', 'A-02-01'], ['C002', 'OW-2', 'A-02-02']] as const) {
      await runInTenant(T, () =>
        store.withTransaction(async (uow) => {
          const account = await ledger.account(uow, T, customer, 'OWN-M1');
          const lines = receive(account, [{ barcode, warehousePlaceCode: place, warehouseAreaCode: 'SH1-A', batchNo: 'B1', qty: 7, unitVolume: 0.01 }], { documentType: 'test', documentId: barcode, billNo: `RK-${barcode}` }, '2026-10-01T00:00:00.000Z');
          await ledger.record(uow, T, [{ account, type: STOCK_EVENT_TYPES.received, fact: factOf(lines, '2026-10-01T00:00:00.000Z', 'test') }], {
            tenantId: T, actor, occurredAt: new Date().toISOString(), correlationId: barcode, causationId: barcode,
          });
        }),
      );
    }
    // an inbound bill of each owner (drafts), made by the operator
    for (const customerCode of ['C001', 'C002']) {
      const made = data(await admin.post<{ id: string }>(`${BILL}/submit`, {
        billDate: '2026-11-24', customerCode, warehouseAreaCode: 'SH1-A', stockType: 'NORMAL',
        details: [{ materialCode: 'M0002', batchNo: 'OB1', qty: 2, qtyWeg: 10, volume: 0.2 }],
      }));
      docs[customerCode] = made.id;
    }
    // a second cargo owner, bound to C002 by the administrator
    data(await admin.post('/api/bl-system/user/submit', { account: 'owner2', name: 'Owner Two', roleId: ['owner'], customerCode: 'C002', password: 'Pa55word!' }));
    owner = await t.client().as(T, 'owner', 'demo123');
    other = await t.client().as(T, 'owner2', 'Pa55word!');
  }, 300_000);
  afterAll(async () => t?.stop());

  const customers = (rows: Owned[]) => [...new Set(rows.map((r) => r.customerCode))];

  it("sees only its own stock and stream, whatever the filters say; another owner's row and line answer 404", async () => {
    // the operator sees both
    expect(customers(data(await admin.get<Page<Owned>>('/api/bl-warehouse/stock/list?materialCode=OWN-M1')).records).sort()).toEqual(['C001', 'C002']);
    for (const [c, mine, theirs] of [[owner, 'C001', 'C002'], [other, 'C002', 'C001']] as const) {
      expect(customers(data(await c.get<Page<Owned>>('/api/bl-warehouse/stock/list?materialCode=OWN-M1')).records)).toEqual([mine]);
      expect(data(await c.get<Page<Owned>>(`/api/bl-warehouse/stock/list?customerCode=${theirs}`)).records).toEqual([]);
      expect(customers(data(await c.get<Page<Owned>>('/api/bl-warehouse/stockstream/list?materialCode=OWN-M1')).records)).toEqual([mine]);
      expect(data(await c.get<{ sums: { qty: number; lines: number } }>(`/api/bl-warehouse/stockstream/explain?customerCode=${theirs}&materialCode=OWN-M1`)).sums).toEqual({ qty: 0, djQty: 0, lines: 0 });
      expect(data(await c.get<{ sums: { qty: number } }>('/api/bl-warehouse/stockstream/explain?materialCode=OWN-M1')).sums.qty).toBe(7);
    }
    const theirRow = `customerCode=C002&materialCode=OWN-M1&barcode=OW-2&warehousePlaceCode=A-02-02&batchNo=B1`;
    expect(data(await admin.get<{ qty: number }>(`/api/bl-warehouse/stock/detail?${theirRow}`)).qty).toBe(7);
    expect((await owner.get(`/api/bl-warehouse/stock/detail?${theirRow}`)).status).toBe(404);
    expect(data(await other.get<{ qty: number }>(`/api/bl-warehouse/stock/detail?${theirRow}`)).qty).toBe(7);
    const line = data(await admin.get<Page<{ id: string }>>('/api/bl-warehouse/stockstream/list?customerCode=C002&materialCode=OWN-M1')).records[0]!;
    expect((await owner.get(`/api/bl-warehouse/stockstream/detail?id=${encodeURIComponent(line.id)}`)).status).toBe(404);
    expect((await other.get(`/api/bl-warehouse/stockstream/detail?id=${encodeURIComponent(line.id)}`)).status).toBe(200);
  });

  it('sees only its own figures on every report, the bin board and the exports', async () => {
    for (const path of ['stockbywarehousearea', 'stockbycustomerbatchno', 'stockbydetails', 'stockdetail', 'stockstreamdetail']) {
      const mine = data(await owner.get<Page<Owned> & { sums: { qty?: number; closingQty?: number } }>(`/api/bl-report/${path}/list?materialCode=OWN-M1`));
      expect([path, customers(mine.records)]).toEqual([path, ['C001']]);
      expect([path, data(await owner.get<Page<Owned>>(`/api/bl-report/${path}/list?customerCode=C002`)).total]).toEqual([path, 0]);
    }
    const board = data(await owner.get<{ places: { warehousePlaceCode: string; qty: number; customers: string[] }[] }>('/api/bl-report/stockpageshow2/board?warehouseAreaCode=SH1-A'));
    expect(board.places.find((p) => p.warehousePlaceCode === 'A-02-02')).toMatchObject({ qty: 0, customers: [] });
    expect(board.places.find((p) => p.warehousePlaceCode === 'A-02-01')).toMatchObject({ qty: 7, customers: ['C001'] });
    for (const path of ['/api/bl-warehouse/stock/export?materialCode=OWN-M1', '/api/bl-report/stockbydetails/export?materialCode=OWN-M1', '/api/bl-warehouse/stockstream/export?materialCode=OWN-M1']) {
      const res = await fetch(`${t.url}${path}`, { headers: owner.headers() });
      expect([path, res.status, res.headers.get('x-total-rows')]).toEqual([path, 200, '1']);
      await res.arrayBuffer();
    }
  });

  it("lists only its own warehouse documents; another owner's document answers 404 on every read", async () => {
    expect(customers(data(await admin.get<Page<Owned>>(`${BILL}/list`)).records).sort()).toEqual(['C001', 'C002']);
    expect(customers(data(await owner.get<Page<Owned>>(`${BILL}/list`)).records)).toEqual(['C001']);
    expect(data(await owner.get<Page<Owned>>(`${BILL}/list?customerCode=C002`)).records).toEqual([]);
    expect(customers(data(await other.get<Page<Owned>>(`${BILL}/list`)).records)).toEqual(['C002']);
    expect((await owner.get(`${BILL}/detail?id=${docs.C001}`)).status).toBe(200);
    expect((await owner.get(`${BILL}/detail?id=${docs.C002}`)).status).toBe(404);
    expect((await owner.get(`${BILL}/history?id=${docs.C002}`)).status).toBe(404);
    expect((await other.get(`${BILL}/detail?id=${docs.C001}`)).status).toBe(404);
    expect((await other.get(`${BILL}/detail?id=${docs.C002}`)).status).toBe(200);
    // the operator's buttons are not the owner's: a command is refused before anything is looked at
    expect((await owner.post(`${BILL}/receive`, { id: docs.C001, version: 1 })).status).toBe(403);
    // consignment orders of the kit follow the same rule, and the operator-wide dashboard shows an owner none of them
    const all = data(await admin.get<Page<Owned>>('/api/bl-transport/consignment/list?size=50')).records;
    expect(all.some((r) => r.customerCode !== 'C001')).toBe(true);
    expect(customers(data(await owner.get<Page<Owned>>('/api/bl-transport/consignment/list?size=50')).records).filter((c) => c !== 'C001')).toEqual([]);
    expect(data(await admin.get<{ consignments: { total: number } }>('/api/bl-report/dashboard')).consignments.total).toBeGreaterThan(0);
    expect(data(await owner.get<{ consignments: { total: number } }>('/api/bl-report/dashboard')).consignments.total).toBe(0);
  });
});
