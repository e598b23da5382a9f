import { loadbill, osoutstockbill, stocksortingbill } from '@tpl/contracts';
import { documentSpec, folded, type GivenFact } from '@tpl/documents/test';
import { loadDecisions, sortingDecisions, type ListedFacts } from './listed.decisions';
import { outboundDecisions, type OutboundBill } from './outbound.decisions';

// Picking lists and load bills, given/when/then: given their facts and the bills they list, when a step, then a refusal or the bills' own actions.

/** An outbound bill of area B taken as far as `state`, its steps at the times given. */
const bill = (billNo: string, state: 'Draft' | 'Allocated' | 'Picked', o: { area?: string; allocatedAt?: string; pickedAt?: string } = {}): OutboundBill => {
  const options = { id: `id-${billNo}`, billNo };
  const s = documentSpec(osoutstockbill, outboundDecisions(undefined), options);
  const facts: GivenFact[] = [s.created({ customerCode: 'C1', warehouseAreaCode: o.area ?? 'B', details: [{ materialCode: 'M1', qty: 1 }] })];
  if (state !== 'Draft') facts.push(s.acted('allocate', { allocatedAt: o.allocatedAt ?? '2026-11-24T07:00:00.000Z' }));
  if (state === 'Picked') facts.push(s.acted('pick', { pickedAt: o.pickedAt ?? '2026-11-24T07:30:00.000Z' }));
  return folded(osoutstockbill, outboundDecisions(undefined), facts, options);
};
const listing = (...bills: OutboundBill[]): ListedFacts => ({ bills: new Map(bills.map((b) => [b.billNo, b])) });
const details = [{ osBillNo: 'CK1' }, { osBillNo: 'CK2' }];

describe('picking list decisions', () => {
  const spec = documentSpec(stocksortingbill, sortingDecisions(undefined), { id: 'L', billNo: 'FJ1' });
  const drafted = spec.created({ billDate: '2026-11-24', warehouseAreaCode: 'B', picker: '张三', details });
  const issued: GivenFact[] = [drafted, spec.acted('issue')];

  it('lists only existing bills of its area in the state the step needs', () => {
    spec.given([drafted], listing(bill('CK1', 'Allocated'), bill('CK2', 'Allocated'))).when({ act: 'issue' }).then({ doc: { state: 'Picking' } });
    spec.given([drafted], listing(bill('CK1', 'Allocated'))).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.billNotFound', vars: { billNo: 'CK2' } });
    spec.given([drafted], listing(bill('CK1', 'Allocated'), bill('CK2', 'Allocated', { area: 'A' }))).when({ act: 'issue' }).thenRefused({ code: 409, key: 'warehouse.errors.billOtherArea' });
    spec.given([drafted], listing(bill('CK1', 'Allocated'), bill('CK2', 'Draft'))).when({ act: 'issue' }).thenRefused({
      code: 409, key: 'warehouse.errors.billNotReady', vars: { billNo: 'CK2' }, keyVars: { state: 'osoutstockbill.states.Draft' },
    });
  });

  it("completing confirms each bill's picking with its picker and time", () => {
    spec
      .given(issued, listing(bill('CK1', 'Allocated'), bill('CK2', 'Allocated')))
      .when({ act: 'complete', fields: { pickedAt: '2026-11-24T10:00:00.000Z' } })
      .then({
        effects: [
          { document: 'osoutstockbill', id: 'id-CK1', action: 'pick', fields: { picker: '张三', pickedAt: '2026-11-24T10:00:00.000Z' } },
          { document: 'osoutstockbill', id: 'id-CK2', action: 'pick', fields: { picker: '张三', pickedAt: '2026-11-24T10:00:00.000Z' } },
        ],
      });
  });

  it('printing marks the list or the board; a new content starts unprinted, its lines numbered', () => {
    spec.given(issued, listing()).when({ act: 'recordPrint', fields: { kind: 'BOARD' } }).then({ doc: { printSortStatus: 0, printBillBoardStatus: 1 } });
    spec.given([], listing()).when({ create: { details: [{ osBillNo: 'CK9' }], printSortStatus: 1 } }).then([
      { type: 'SortingBillCreated', data: { id: 'L', billNo: 'FJ1', isReview: 0, content: { details: [{ osBillNo: 'CK9', lineNumber: 1 }], printSortStatus: 0, printBillBoardStatus: 0 } } },
    ]);
  });

  it('is completed no earlier than each of its bills was allocated, naming the bill', () => {
    const f = listing(bill('CK1', 'Allocated', { allocatedAt: '2026-11-24T08:00:00.000Z' }), bill('CK2', 'Allocated', { allocatedAt: '2026-11-24T09:30:00.000Z' }));
    spec.given(issued, f).when({ act: 'complete', fields: { pickedAt: '2026-11-24T09:30:00.000Z' } }).then({ doc: { state: 'Done' } });
    spec.given(issued, f).when({ act: 'complete', fields: { pickedAt: '2026-11-24T09:00:00.000Z' } }).thenRefused({
      code: 400, key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' }, keyVars: { label: 'stocksortingbill.fields.pickedAt', other: 'osoutstockbill.fields.allocatedAt' },
    });
  });
});

describe('load bill decisions', () => {
  const spec = documentSpec(loadbill, loadDecisions(undefined), { id: 'L', billNo: 'ZC1' });
  const drafted = spec.created({ billDate: '2026-11-24', warehouseAreaCode: 'B', carNo: '沪A12345', platformNumber: 'D3', details });
  const loading: GivenFact[] = [drafted, spec.acted('startLoading', { loadingStartTime: '2026-11-24T09:00:00.000Z' })];
  const loaded: GivenFact[] = [...loading, spec.acted('finishLoading', { loadingEndTime: '2026-11-24T09:20:00.000Z' })];
  const pickedBills = listing(bill('CK1', 'Picked', { pickedAt: '2026-11-24T08:00:00.000Z' }), bill('CK2', 'Picked', { pickedAt: '2026-11-24T08:30:00.000Z' }));

  it('ships every bill on it at its shipping time on its vehicle from its dock, only picked ones, and cannot be removed once shipped', () => {
    spec.given(loaded, listing(bill('CK1', 'Picked'), bill('CK2', 'Allocated'))).when({ act: 'ship' }).thenRefused({ code: 409, key: 'warehouse.errors.billNotReady' });
    const shipped = { shippedAt: '2026-11-24T15:00:00.000Z', carNo: '沪A12345', platformNumber: 'D3', loadingOrderNumber: 'ZC1' };
    spec.given(loaded, pickedBills).when({ act: 'ship', fields: { shippedAt: '2026-11-24T15:00:00.000Z' } }, { now: '2026-11-24T16:00:00.000Z' }).then({
      effects: [
        { document: 'osoutstockbill', id: 'id-CK1', action: 'ship', fields: shipped },
        { document: 'osoutstockbill', id: 'id-CK2', action: 'ship', fields: shipped },
      ],
    });
    spec.given([...loaded, spec.acted('ship', { shippedAt: '2026-11-24T10:00:00.000Z' })], listing()).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
  });

  it('starts loading after its bills were picked, finishes after it started and ships after it finished (400 naming the field)', () => {
    spec.given([drafted], pickedBills).when({ act: 'startLoading', fields: { loadingStartTime: '2026-11-24T08:10:00.000Z' } }).thenRefused({ code: 400, key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' } });
    spec.given([drafted], pickedBills).when({ act: 'startLoading' }).then({ doc: { state: 'Loading' } });
    spec.given(loading, pickedBills).when({ act: 'finishLoading', fields: { loadingEndTime: '2026-11-24T08:59:00.000Z' } }).thenRefused({
      code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'loadbill.fields.loadingEndTime', other: 'loadbill.fields.loadingStartTime' },
    });
    spec.given(loaded, pickedBills).when({ act: 'ship', fields: { shippedAt: '2026-11-24T09:10:00.000Z' } }).thenRefused({ code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'loadbill.fields.shippedAt' } });
    spec.given(loaded, pickedBills).when({ act: 'ship', fields: { shippedAt: '2026-11-24T09:20:00.000Z' } }).then({ doc: { state: 'Shipped' } });
  });

  it('corrects both loading times once loaded, kept in order: after the bills were picked, the end not before the start; not while loading nor once shipped', () => {
    const now = { now: '2026-11-24T16:00:00.000Z' };
    const times = (loadingStartTime: string, loadingEndTime: string) => ({ act: 'editTimes', fields: { loadingStartTime, loadingEndTime } });
    spec.given(loaded, pickedBills).when(times('2026-11-24T08:40:00.000Z', '2026-11-24T09:05:00.000Z'), now).then({
      doc: { state: 'Loaded', loadingStartTime: '2026-11-24T08:40:00.000Z', loadingEndTime: '2026-11-24T09:05:00.000Z' },
    });
    // the end before the (new) start, though after the old one: refused naming the end
    spec.given(loaded, pickedBills).when(times('2026-11-24T09:30:00.000Z', '2026-11-24T09:25:00.000Z'), now).thenRefused({
      code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'loadbill.fields.loadingEndTime', other: 'loadbill.fields.loadingStartTime' },
    });
    // a start before a bill on the load was picked
    spec.given(loaded, pickedBills).when(times('2026-11-24T08:20:00.000Z', '2026-11-24T09:05:00.000Z'), now).thenRefused({
      code: 400, key: 'warehouse.errors.stepBeforeBill', vars: { billNo: 'CK2' }, keyVars: { label: 'loadbill.fields.loadingStartTime', other: 'osoutstockbill.fields.pickedAt' },
    });
    spec.given(loading, pickedBills).when(times('2026-11-24T08:40:00.000Z', '2026-11-24T09:05:00.000Z'), now).thenRefused({ code: 409 });
    spec.given([...loaded, spec.acted('ship', { shippedAt: '2026-11-24T10:00:00.000Z' })], pickedBills).when(times('2026-11-24T08:40:00.000Z', '2026-11-24T09:05:00.000Z'), now).thenRefused({ code: 409 });
  });
});
