import type { KitDocument } from '@tpl/contracts';
import { checkListed, loadDecisions, sortingDecisions, type ListedFacts } from './listed.decisions';

// Picking lists and load bills, given/when/then: given the bills they list, when a step, then a refusal or the bills' own actions.
const actor = { userId: 'u1', account: 'keeper', name: 'Keeper' };
const meta = { now: '2026-11-24T09:00:00.000Z', actor };
const doc = (o: Partial<KitDocument>): KitDocument => ({
  id: 'x', tenantId: 't1', billNo: 'N', state: 'Draft', version: 1, isReview: 0, totals: {}, createdBy: actor, createdAt: '', updatedBy: actor, updatedAt: '', removed: false, ...o,
});
const bill = (billNo: string, state: string, area = 'B') => doc({ id: `id-${billNo}`, billNo, state, warehouseAreaCode: area });
const facts = (...bills: KitDocument[]): ListedFacts => ({ bills: new Map(bills.map((b) => [b.billNo, b])) });
const list = (o: Partial<KitDocument> = {}) => doc({ id: 'L', warehouseAreaCode: 'B', picker: '张三', pickedAt: '2026-11-24T10:00:00.000Z', details: [{ lineNumber: 1, osBillNo: 'CK1' }, { lineNumber: 2, osBillNo: 'CK2' }], ...o });
const act = (action: string) => ({ type: 'Act' as const, data: { id: 'L', expectedVersion: 1, action, fields: {} } });

describe('picking list and load bill decisions', () => {
  it('lists only existing bills of its area in the state the step needs', () => {
    expect(checkListed(list(), facts(bill('CK1', 'Allocated'), bill('CK2', 'Allocated')), ['Allocated'])).toBeUndefined();
    expect(checkListed(list(), facts(bill('CK1', 'Allocated')), ['Allocated'])).toMatchObject({ key: 'warehouse.errors.billNotFound', vars: { billNo: 'CK2' } });
    expect(checkListed(list(), facts(bill('CK1', 'Allocated'), bill('CK2', 'Allocated', 'A')), ['Allocated'])).toMatchObject({ key: 'warehouse.errors.billOtherArea' });
    expect(checkListed(list(), facts(bill('CK1', 'Allocated'), bill('CK2', 'Draft')), ['Allocated'])).toMatchObject({
      key: 'warehouse.errors.billNotReady', vars: { billNo: 'CK2' }, keyVars: { state: 'osoutstockbill.states.Draft' },
    });
  });

  it('completing a picking list confirms each bill\'s picking with its picker and time; printing marks the list or the board', () => {
    const d = sortingDecisions(undefined);
    const f = facts(bill('CK1', 'Allocated'), bill('CK2', 'Allocated'));
    expect(d.check!(act('complete'), list({ state: 'Picking' }), f, meta)).toBeUndefined();
    expect(d.effects!(act('complete'), list(), f, meta)).toEqual([
      { document: 'osoutstockbill', id: 'id-CK1', action: 'pick', fields: { picker: '张三', pickedAt: '2026-11-24T10:00:00.000Z' } },
      { document: 'osoutstockbill', id: 'id-CK2', action: 'pick', fields: { picker: '张三', pickedAt: '2026-11-24T10:00:00.000Z' } },
    ]);
    const printed = d.evolve!(list({ printSortStatus: 0, printBillBoardStatus: 0 }), { type: 'SortingBillPrinted', data: { kind: 'BOARD' } } as never);
    expect(printed).toMatchObject({ printSortStatus: 0, printBillBoardStatus: 1 });
    expect(d.compute!({ details: [{ osBillNo: 'CK9' }], printSortStatus: 1 }, undefined)).toEqual({ details: [{ osBillNo: 'CK9', lineNumber: 1 }], printSortStatus: 0, printBillBoardStatus: 0 });
  });

  it('a load bill ships every bill on it at its shipping time on its vehicle from its dock, only picked ones, and cannot be removed once shipped', () => {
    const d = loadDecisions(undefined);
    expect(d.check!(act('ship'), list({ state: 'Loaded' }), facts(bill('CK1', 'Picked'), bill('CK2', 'Allocated')), meta)).toMatchObject({ key: 'warehouse.errors.billNotReady' });
    const load = list({ billNo: 'ZC1', carNo: '沪A12345', platformNumber: 'D3', shippedAt: '2026-11-24T15:00:00.000Z' });
    const shipped = { shippedAt: '2026-11-24T15:00:00.000Z', carNo: '沪A12345', platformNumber: 'D3', loadingOrderNumber: 'ZC1' };
    expect(d.effects!(act('ship'), load, facts(bill('CK1', 'Picked'), bill('CK2', 'Picked')), meta).map((e) => ('action' in e ? [e.id, e.action, e.fields] : []))).toEqual([
      ['id-CK1', 'ship', shipped],
      ['id-CK2', 'ship', shipped],
    ]);
    expect(d.check!({ type: 'Remove', data: { id: 'L', expectedVersion: 1 } }, list({ state: 'Shipped' }), facts(), meta)).toMatchObject({ key: 'warehouse.errors.storedNoDelete' });
  });

  describe('effective times: no step before the one it depends on (400 naming the field)', () => {
    const at = (action: string, fields: Record<string, unknown>) => ({ type: 'Act' as const, data: { id: 'L', expectedVersion: 1, action, fields } });
    const allocated = (billNo: string, allocatedAt: string) => ({ ...bill(billNo, 'Allocated'), allocatedAt });
    const picked = (billNo: string, pickedAt: string) => ({ ...bill(billNo, 'Picked'), pickedAt });

    it('a picking list is completed no earlier than each of its bills was allocated, naming the bill', () => {
      const d = sortingDecisions(undefined);
      const f = facts(allocated('CK1', '2026-11-24T08:00:00.000Z'), allocated('CK2', '2026-11-24T09:30:00.000Z'));
      expect(d.check!(at('complete', { pickedAt: '2026-11-24T09:30:00.000Z' }), list({ state: 'Picking' }), f, meta)).toBeUndefined();
      expect(d.check!(at('complete', { pickedAt: '2026-11-24T09:00:00.000Z' }), list({ state: 'Picking' }), f, meta)).toMatchObject({
        code: 400, key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' }, keyVars: { label: 'stocksortingbill.fields.pickedAt', other: 'osoutstockbill.fields.allocatedAt' },
      });
    });

    it('a load bill starts loading after its bills were picked, finishes after it started and ships after it finished', () => {
      const d = loadDecisions(undefined);
      const f = facts(picked('CK1', '2026-11-24T08:00:00.000Z'), picked('CK2', '2026-11-24T08:30:00.000Z'));
      expect(d.check!(at('startLoading', { loadingStartTime: '2026-11-24T08:10:00.000Z' }), list(), f, meta)).toMatchObject({ key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' } });
      expect(d.check!(at('startLoading', {}), list(), f, meta)).toBeUndefined();
      const loading = list({ state: 'Loading', loadingStartTime: '2026-11-24T09:00:00.000Z' });
      expect(d.check!(at('finishLoading', { loadingEndTime: '2026-11-24T08:59:00.000Z' }), loading, f, meta)).toMatchObject({
        key: 'warehouse.errors.stepBefore', keyVars: { label: 'loadbill.fields.loadingEndTime', other: 'loadbill.fields.loadingStartTime' },
      });
      const loaded = list({ state: 'Loaded', loadingStartTime: '2026-11-24T09:00:00.000Z', loadingEndTime: '2026-11-24T09:20:00.000Z' });
      expect(d.check!(at('ship', { shippedAt: '2026-11-24T09:10:00.000Z' }), loaded, f, meta)).toMatchObject({ key: 'warehouse.errors.stepBefore', keyVars: { label: 'loadbill.fields.shippedAt' } });
      expect(d.check!(at('ship', { shippedAt: '2026-11-24T09:20:00.000Z' }), loaded, f, meta)).toBeUndefined();
    });
  });
});
