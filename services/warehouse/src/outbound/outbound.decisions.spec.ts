import { dockOf, orderosoutstockbill, osoutstockbill } from '@tpl/contracts';
import { documentSpec, folded, type GivenFact } from '@tpl/documents/test';
import { applyLines, emptyAccount, receive, type AccountState } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { outboundOrderDecisions } from './order.decisions';
import { outboundDecisions, type OutboundFacts } from './outbound.decisions';

// The outbound bill's own decisions, given/when/then: given its facts, the stock and what was loaded, when allocate, release or ship, then the facts (or a refusal).
const spec = documentSpec(osoutstockbill, outboundDecisions(undefined), { id: 'o1', billNo: 'CK001' });
const owner = { customerCode: 'C1', warehouseAreaCode: 'B' };
const created = (o: Record<string, unknown> = {}) => spec.created({ ...owner, details: [{ materialCode: 'M1', qty: 6 }], ...o });
const allocated = (o: Record<string, unknown> = {}): GivenFact[] => [created(o), spec.acted('allocate', { allocatedAt: '2026-11-24T08:00:00.000Z' })];
const picked = (o: Record<string, unknown> = {}): GivenFact[] => [...allocated(o), spec.acted('pick', { pickedAt: '2026-11-24T08:30:00.000Z' })];

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
/** The outbound order YC001: 8 of M1 ordered, audited, 6 shipped by an earlier bill. */
const orderOf = (o: Record<string, unknown> = {}) => {
  const s = documentSpec(orderosoutstockbill, outboundOrderDecisions(undefined), { id: 'y1', billNo: 'YC001' });
  return folded(orderosoutstockbill, outboundOrderDecisions(undefined), [
    s.created({ ...owner, details: [{ materialCode: 'M1', qty: 8 }], ...o }),
    s.acted('audit'),
    s.acted('recordShipment', { sourceId: 'o0', sourceBillNo: 'CK000', lines: [{ lineNumber: 1, qty: 6 }] }),
  ], { id: 'y1', billNo: 'YC001' });
};
type StockEffect = { events: { data: { lines: { barcode: string; djQty: number }[] } }[] };
const takenBy = (effect: unknown) => (effect as StockEffect).events[0]!.data.lines.map((l) => [l.barcode, l.djQty]);

describe('outbound bill decisions', () => {
  it('allocates FIFO in its own area, never from the dock, never expired stock (expired the day after its date)', () => {
    const { effects } = spec.given([created()], facts()).when({ act: 'allocate' }).outcome();
    expect(effects[0]).toMatchObject({ stream: 'StockAccount-t1-C1~M1', expectedVersion: 5, events: [{ type: 'StockAllocated' }] });
    expect(takenBy(effects[0])).toEqual([['OLD', 4], ['NEW', 2]]);
  });

  it('FEFO takes the earliest expiring first', () => {
    const { effects } = spec
      .given([created({ details: [{ materialCode: 'M1', qty: 3 }] })], facts({ rules: new Map([['M1', 'FEFO']]) }))
      .when({ act: 'allocate' }, { now: '2026-11-20T09:00:00.000Z' })
      .outcome();
    expect(takenBy(effects[0])).toEqual([['EXP', 3]]);
  });

  it('refuses all of it when the available stock falls short, naming the figures', () => {
    spec.given([created({ details: [{ materialCode: 'M1', qty: 15 }] })], facts()).when({ act: 'allocate' }).thenRefused({
      code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 15, available: 14 },
    });
  });

  it('against an order: its owner, its lines, and no more than is left to ship', () => {
    const against = (qty: number, materialCode = 'M1') => [created({ applyNo: 'YC001', details: [{ materialCode, qty }] })];
    spec.given(against(2), facts({ order: orderOf() })).when({ act: 'allocate' }).then({ doc: { state: 'Allocated' } });
    spec.given(against(3), facts({ order: orderOf() })).when({ act: 'allocate' }).thenRefused({ code: 409, key: 'warehouse.errors.overShipment', vars: { ordered: 8, done: 6, wanted: 3 } });
    spec.given(against(2), facts()).when({ act: 'allocate' }).thenRefused({ code: 409, key: 'warehouse.errors.orderNotFound' });
    spec.given(against(2), facts({ order: orderOf({ customerCode: 'C2' }) })).when({ act: 'allocate' }).thenRefused({ code: 409, key: 'warehouse.errors.orderOtherOwner' });
    spec.given(against(1, 'M9'), facts({ order: orderOf() })).when({ act: 'allocate' }).thenRefused({ code: 409, key: 'warehouse.errors.notOrdered' });
  });

  it('releases and ships exactly the rows it holds; shipping carries the outbound fee flags and tells the order', () => {
    const account = stocked();
    const held = [{ lineNumber: 1, materialCode: 'M1', key: { barcode: 'OLD', warehousePlaceCode: 'B-01', batchNo: 'OLD' }, qty: 4 }];
    const allocatedAccount = applyLines(account, [{ ...[...account.rows.values()].find((r) => r.barcode === 'OLD')!, movement: 'ALLOCATE', qty: 0, djQty: 4, beforeQty: 4, endQty: 4, beforeDjQty: 0, endDjQty: 4, source: src }]);
    const f = facts({ accounts: new Map([[accountId('C1', 'M1'), allocatedAccount]]), held, order: orderOf() });
    const bill = { applyNo: 'YC001', details: [{ materialCode: 'M1', qty: 2 }] };
    spec.given(allocated(bill), f).when({ act: 'release' }).then({
      doc: { state: 'Draft' },
      effects: [{ events: [{ type: 'StockReleased', data: { lines: [{ barcode: 'OLD', djQty: -4, endDjQty: 0 }] } }] }],
    });
    spec.given(picked(bill), f).when({ act: 'ship', fields: { shippedAt: '2026-11-24T10:00:00.000Z' } }).then({
      effects: [
        { events: [{ type: 'StockShipped', data: { effectiveAt: '2026-11-24T10:00:00.000Z', outstockStatus: 1, isCost: 1, lines: [{ barcode: 'OLD', qty: -4, djQty: -4, endQty: 0 }] } }] },
        { document: 'orderosoutstockbill', id: 'y1', action: 'completeShipment', fields: { sourceId: 'o1', sourceBillNo: 'CK001', lines: [{ lineNumber: 1, qty: 2 }] } },
      ],
    });
  });

  it('a shipped bill cannot be removed (the spec message); a draft can', () => {
    spec.given([...picked(), spec.acted('ship', { shippedAt: '2026-11-24T09:00:00.000Z' })], facts()).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([created()], facts()).when({ remove: true }).then([{ type: 'OutboundBillRemoved', data: {} }]);
  });

  describe('effective times: allocated, picked and shipped in that order, and never before the goods were there', () => {
    it('a pick before the allocation is refused naming the pick time; at or after it is fine', () => {
      spec.given(allocated(), facts()).when({ act: 'pick', fields: { pickedAt: '2026-11-24T07:59:59.000Z' } }).thenRefused({
        code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'osoutstockbill.fields.pickedAt', other: 'osoutstockbill.fields.allocatedAt' },
      });
      spec.given(allocated(), facts()).when({ act: 'pick', fields: { pickedAt: '2026-11-24T08:00:00.000Z' } }).then([{ type: 'OutboundBillPicked', data: { pickedAt: '2026-11-24T08:00:00.000Z' } }]);
      // none given: now, after the allocation
      spec.given(allocated(), facts()).when({ act: 'pick' }).then([{ type: 'OutboundBillPicked', data: { pickedAt: '2026-11-24T12:00:00.000Z' } }]);
    });

    it('a shipment before the pick is refused naming the shipping time', () => {
      spec.given(picked(), facts()).when({ act: 'ship', fields: { shippedAt: '2026-11-24T08:10:00.000Z' } }).thenRefused({
        code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'osoutstockbill.fields.shippedAt', other: 'osoutstockbill.fields.pickedAt' },
      });
      spec.given(picked(), facts()).when({ act: 'ship', fields: { shippedAt: '2026-11-24T08:30:00.000Z' } }).then({ doc: { state: 'Shipped', shippedAt: '2026-11-24T08:30:00.000Z' } });
    });

    it('an allocation dated before its goods arrived is refused by the ledger, naming the allocation time', () => {
      // EXP arrived on the 2nd, NEW on the 3rd; an allocation of 6 dated the 1st takes OLD (4) and 2 of EXP (FIFO; not expired then), which was not there yet
      const account = stocked();
      const later = [
        { barcode: 'EXP', warehousePlaceCode: 'B-02', batchNo: 'EXP', qty: 50, djQty: 0, at: '2026-11-02T00:00:00.000Z' },
        { barcode: 'NEW', warehousePlaceCode: 'B-03', batchNo: 'NEW', qty: 10, djQty: 0, at: '2026-11-03T00:00:00.000Z' },
      ];
      spec.given([created()], facts({ accounts: new Map([[accountId('C1', 'M1'), { ...account, later }]]) })).when({ act: 'allocate', fields: { allocatedAt: '2026-11-01T12:00:00.000Z' } }).thenRefused({
        code: 400, key: 'warehouse.errors.notThereThen', vars: expect.objectContaining({ barcode: 'EXP' }), keyVars: { label: 'osoutstockbill.fields.allocatedAt' },
      });
      // dated after the arrival: fine, and its lines carry that time
      spec.given([created()], facts({ accounts: new Map([[accountId('C1', 'M1'), { ...account, later: [] }]]) })).when({ act: 'allocate', fields: { allocatedAt: '2026-11-03T12:00:00.000Z' } }).then({
        effects: [{ events: [{ data: { effectiveAt: '2026-11-03T12:00:00.000Z' } }] }],
      });
    });
  });
});
