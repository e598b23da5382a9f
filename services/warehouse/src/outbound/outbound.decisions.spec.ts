import { dockOf, type KitDocument } from '@tpl/contracts';
import { applyLines, emptyAccount, receive, type AccountState } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { allocationEffects, checkAllocate, outboundDecisions, releaseEffects, shipmentEffects, type OutboundFacts } from './outbound.decisions';

// The outbound bill's own decisions, given/when/then: given stock and what was loaded, when allocate, release or ship, then the facts (or a refusal).
const actor = { userId: 'u1', account: 'keeper', name: 'Keeper' };
const meta = { now: '2026-11-24T09:00:00.000Z', actor };
const doc = (o: Partial<KitDocument> = {}): KitDocument => ({
  id: 'o1', tenantId: 't1', billNo: 'CK001', state: 'Draft', version: 1, isReview: 0, totals: {},
  createdBy: actor, createdAt: '', updatedBy: actor, updatedAt: '', removed: false,
  customerCode: 'C1', warehouseAreaCode: 'B', details: [{ lineNumber: 1, materialCode: 'M1', qty: 6 }], ...o,
});
const src = { documentType: 'isinstockbill', documentId: 'r', billNo: 'RK' };
const stocked = (): AccountState => {
  let a = emptyAccount('C1', 'M1');
  const put = (barcode: string, place: string, area: string, qty: number, at: string, expiringDate?: string) => {
    a = applyLines(a, receive(a, [{ barcode, warehousePlaceCode: place, warehouseAreaCode: area, batchNo: barcode, qty, expiringDate }], src, at));
  };
  put('OLD', 'B-01', 'B', 4, '2026-11-01T00:00:00.000Z');
  put('EXP', 'B-02', 'B', 50, '2026-11-02T00:00:00.000Z', '2026-11-23');
  put('DOCK', dockOf('B'), 'B', 50, '2026-10-01T00:00:00.000Z');
  put('OTHER', 'A-01', 'A', 50, '2026-10-01T00:00:00.000Z');
  put('NEW', 'B-03', 'B', 10, '2026-11-03T00:00:00.000Z');
  return a;
};
const facts = (o: Partial<OutboundFacts> = {}): OutboundFacts => ({ accounts: new Map([[accountId('C1', 'M1'), stocked()]]), rules: new Map(), held: [], ...o });
const order = doc({ id: 'y1', billNo: 'YC001', state: 'Audited', details: [{ lineNumber: 1, materialCode: 'M1', qty: 8, shippedQty: 6 }] });

describe('outbound bill decisions', () => {
  it('allocates FIFO in its own area, never from the dock, never expired stock (expired the day after its date)', () => {
    const [effect] = allocationEffects(doc(), facts(), meta);
    expect(effect).toMatchObject({ stream: 'StockAccount-t1-C1~M1', expectedVersion: 5, events: [{ type: 'StockAllocated' }] });
    const lines = (effect as { events: { data: { lines: { barcode: string; djQty: number }[] } }[] }).events[0]!.data.lines;
    expect(lines.map((l) => [l.barcode, l.djQty])).toEqual([['OLD', 4], ['NEW', 2]]);
  });

  it('FEFO takes the earliest expiring first', () => {
    const [effect] = allocationEffects(doc({ details: [{ lineNumber: 1, materialCode: 'M1', qty: 3 }] }), facts({ rules: new Map([['M1', 'FEFO']]) }), { ...meta, now: '2026-11-20T09:00:00.000Z' });
    const lines = (effect as { events: { data: { lines: { barcode: string; djQty: number }[] } }[] }).events[0]!.data.lines;
    expect(lines.map((l) => [l.barcode, l.djQty])).toEqual([['EXP', 3]]);
  });

  it('refuses all of it when the available stock falls short, naming the figures', () => {
    expect(() => allocationEffects(doc({ details: [{ lineNumber: 1, materialCode: 'M1', qty: 15 }] }), facts(), meta)).toThrow(
      expect.objectContaining({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 15, available: 14 } }),
    );
  });

  it('against an order: its owner, its lines, and no more than is left to ship', () => {
    expect(checkAllocate(doc({ applyNo: 'YC001', details: [{ lineNumber: 1, materialCode: 'M1', qty: 2 }] }), facts({ order }))).toBeUndefined();
    expect(checkAllocate(doc({ applyNo: 'YC001', details: [{ lineNumber: 1, materialCode: 'M1', qty: 3 }] }), facts({ order }))).toMatchObject({
      key: 'warehouse.errors.overShipment', vars: { ordered: 8, done: 6, wanted: 3 },
    });
    expect(checkAllocate(doc({ applyNo: 'YC001' }), facts())).toMatchObject({ key: 'warehouse.errors.orderNotFound' });
    expect(checkAllocate(doc({ applyNo: 'YC001' }), facts({ order: { ...order, customerCode: 'C2' } }))).toMatchObject({ key: 'warehouse.errors.orderOtherOwner' });
    expect(checkAllocate(doc({ applyNo: 'YC001', details: [{ lineNumber: 1, materialCode: 'M9', qty: 1 }] }), facts({ order }))).toMatchObject({ key: 'warehouse.errors.notOrdered' });
  });

  it('releases and ships exactly the rows it holds; shipping carries the outbound fee flags and tells the order', () => {
    const account = stocked();
    const held = [{ lineNumber: 1, materialCode: 'M1', key: { barcode: 'OLD', warehousePlaceCode: 'B-01', batchNo: 'OLD' }, qty: 4 }];
    const allocatedAccount = applyLines(account, [{ ...[...account.rows.values()].find((r) => r.barcode === 'OLD')!, movement: 'ALLOCATE', qty: 0, djQty: 4, beforeQty: 4, endQty: 4, beforeDjQty: 0, endDjQty: 4, source: src }]);
    const f = facts({ accounts: new Map([[accountId('C1', 'M1'), allocatedAccount]]), held, order });
    const [released] = releaseEffects(doc(), f, meta);
    expect(released).toMatchObject({ events: [{ type: 'StockReleased', data: { lines: [{ barcode: 'OLD', djQty: -4, endDjQty: 0 }] } }] });
    const effects = shipmentEffects(doc({ applyNo: 'YC001', shippedAt: '2026-11-24T10:00:00.000Z', details: [{ lineNumber: 1, materialCode: 'M1', qty: 2 }] }), f);
    expect(effects[0]).toMatchObject({ events: [{ type: 'StockShipped', data: { effectiveAt: '2026-11-24T10:00:00.000Z', outstockStatus: 1, isCost: 1, lines: [{ barcode: 'OLD', qty: -4, djQty: -4, endQty: 0 }] } }] });
    expect(effects[1]).toEqual({ document: 'orderosoutstockbill', id: 'y1', action: 'completeShipment', fields: { sourceId: 'o1', sourceBillNo: 'CK001', lines: [{ lineNumber: 1, qty: 2 }] } });
  });

  it('a shipped bill cannot be removed (the spec message); a draft can', () => {
    const d = outboundDecisions(undefined);
    const remove = { type: 'Remove' as const, data: { id: 'o1', expectedVersion: 1 } };
    expect(d.check!(remove, doc({ state: 'Shipped' }), facts(), meta)).toMatchObject({ key: 'warehouse.errors.storedNoDelete' });
    expect(d.check!(remove, doc(), facts(), meta)).toBeUndefined();
  });

  describe('effective times: allocated, picked and shipped in that order, and never before the goods were there', () => {
    const d = outboundDecisions(undefined);
    const act = (action: string, fields: Record<string, unknown>) => ({ type: 'Act' as const, data: { id: 'o1', expectedVersion: 3, action, fields } });
    const allocatedDoc = doc({ state: 'Allocated', allocatedAt: '2026-11-24T08:00:00.000Z' });

    it('a pick before the allocation is refused naming the pick time; at or after it is fine', () => {
      expect(d.check!(act('pick', { pickedAt: '2026-11-24T07:59:59.000Z' }), allocatedDoc, facts(), meta)).toMatchObject({
        code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'osoutstockbill.fields.pickedAt', other: 'osoutstockbill.fields.allocatedAt' },
      });
      expect(d.check!(act('pick', { pickedAt: '2026-11-24T08:00:00.000Z' }), allocatedDoc, facts(), meta)).toBeUndefined();
      // none given: now, after the allocation
      expect(d.check!(act('pick', {}), allocatedDoc, facts(), meta)).toBeUndefined();
    });

    it('a shipment before the pick is refused naming the shipping time', () => {
      const pickedDoc = { ...allocatedDoc, state: 'Picked', pickedAt: '2026-11-24T08:30:00.000Z' };
      expect(d.check!(act('ship', { shippedAt: '2026-11-24T08:10:00.000Z' }), pickedDoc, facts(), meta)).toMatchObject({
        key: 'warehouse.errors.stepBefore', keyVars: { label: 'osoutstockbill.fields.shippedAt', other: 'osoutstockbill.fields.pickedAt' },
      });
      expect(d.check!(act('ship', { shippedAt: '2026-11-24T08:30:00.000Z' }), pickedDoc, facts(), meta)).toBeUndefined();
    });

    it('an allocation dated before its goods arrived is refused by the ledger, naming the allocation time', () => {
      // EXP arrived on the 2nd, NEW on the 3rd; an allocation of 6 dated the 1st takes OLD (4) and 2 of EXP (FIFO; not expired then), which was not there yet
      const account = stocked();
      const later = [
        { barcode: 'EXP', warehousePlaceCode: 'B-02', batchNo: 'EXP', qty: 50, djQty: 0, at: '2026-11-02T00:00:00.000Z' },
        { barcode: 'NEW', warehousePlaceCode: 'B-03', batchNo: 'NEW', qty: 10, djQty: 0, at: '2026-11-03T00:00:00.000Z' },
      ];
      const f = facts({ accounts: new Map([[accountId('C1', 'M1'), { ...account, later }]]) });
      expect(() => allocationEffects(doc({ allocatedAt: '2026-11-01T12:00:00.000Z' }), f, meta)).toThrow(
        expect.objectContaining({ code: 400, key: 'warehouse.errors.notThereThen', vars: expect.objectContaining({ barcode: 'EXP' }), keyVars: { label: 'osoutstockbill.fields.allocatedAt' } }),
      );
      // dated after the arrival: fine, and its lines carry that time
      const [effect] = allocationEffects(doc({ allocatedAt: '2026-11-03T12:00:00.000Z' }), facts({ accounts: new Map([[accountId('C1', 'M1'), { ...account, later: [] }]]) }), meta);
      expect(effect).toMatchObject({ events: [{ data: { effectiveAt: '2026-11-03T12:00:00.000Z' } }] });
    });
  });
});
