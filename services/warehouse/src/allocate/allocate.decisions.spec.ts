import { STOCK_EVENT_TYPES, allocatebill, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec } from '@tpl/documents/test';
import { account, facts, place, row } from '../../test/stock-facts';
import { allocateDecisions } from './allocate.decisions';

// The allocate bill's own decisions, given/when/then: given the bill's facts and the stock and bins its steps read, when a step, then a refusal or the stock facts.
const line = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4, ...o });
/** Areas A, B: zones of warehouse W; Z: a zone of warehouse V (test/stock-facts AREAS). */
const places = [place('A-01', 'A'), place('Z-01', 'Z'), place('Z-02', 'Z'), place('Z-09', 'Z', { customerCode: 'C9' }), place('Z-08', 'Z', { invalid: true }), place('B-01', 'B')];
const factsOf = (e: unknown) => (e as { events: { type: string; data: StockFact }[] }).events;

describe('allocate bill decisions', () => {
  const spec = documentSpec(allocatebill, allocateDecisions(undefined), { id: 'd1', billNo: 'DB001' });
  const bill = (...details: Record<string, unknown>[]) => [spec.created({ customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'Z', details: details.length ? details : [line()] })];
  const stock = (...rows: Parameters<typeof row>[0][]) => account('C1', 'M1', 3, ...(rows.length ? rows : [{}]).map(row));
  /** The account after confirming (4 of the row frozen) and shipping (the 4 in transit). */
  const shippedStock = (got = 0) =>
    account('C1', 'M1', 5, row({ qty: 6 }), row({ warehousePlaceCode: 'TRANSIT-DB001', warehouseAreaCode: 'Z', qty: 4 - got }), ...(got ? [row({ warehousePlaceCode: 'Z-01', warehouseAreaCode: 'Z', qty: got })] : []));
  const confirmed = () => [...bill(), spec.acted('confirm')];
  const shipped = () => [...confirmed(), spec.acted('ship')];

  it('goes to another warehouse: the same area or a zone of the same warehouse is refused when saved (400) and when confirmed', () => {
    spec.given([], facts([])).when({ create: { customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'A', details: [line()] } })
      .thenRefused({ code: 400, key: 'warehouse.errors.sameWarehouse', vars: { area: 'A', target: 'A' } });
    spec.given([], facts([])).when({ create: { customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'B', details: [line()] } })
      .thenRefused({ code: 400, key: 'warehouse.errors.sameWarehouse', vars: { area: 'A', target: 'B', warehouse: 'W' } });
    spec.given([], facts([])).when({ create: { customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'Z', details: [line({ lineNumber: 7, receivedQty: 4 })] } })
      .then({ doc: { state: 'Draft', details: [{ lineNumber: 1, qty: 4 }] } });
    const made = spec.given([], facts([])).when({ create: { customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'Z', details: [line({ receivedQty: 4 })] } }).then({});
    // what was received is the receipts' to say, never the user's
    expect((made.doc!.details as Record<string, unknown>[])[0]!.receivedQty).toBeUndefined();
    spec.given([...bill(), spec.kitFact('Changed', { content: { customerCode: 'C1', warehouseAreaCode: 'A', targetWarehouseAreaCode: 'B', details: [line()] } })], facts([stock()], places))
      .when({ act: 'confirm' }).thenRefused({ code: 400, key: 'warehouse.errors.sameWarehouse' });
  });

  it('confirming allocates exactly the rows the lines name, what is not allocated already, in the source area', () => {
    const { effects } = spec.given(bill(), facts([stock()], places)).when({ act: 'confirm' }).then({ doc: { state: 'Confirmed' }, effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 }] });
    const [fact] = factsOf(effects[0]);
    expect(fact!.type).toBe(STOCK_EVENT_TYPES.allocated);
    expect(fact!.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '29', instockStatus: 0, outstockStatus: 0, isCost: 0 });
    expect(fact!.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.djQty, l.endDjQty, l.source.billNo])).toEqual([['ALLOCATE', 'A-01', 0, 4, 4, 'DB001']]);
    spec.given(bill(), facts([stock({ djQty: 7 })], places)).when({ act: 'confirm' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 4, available: 3 } });
    spec.given(bill(line({ barcode: 'NOPE' })), facts([stock()], places)).when({ act: 'confirm' }).thenRefused({ code: 409, key: 'warehouse.errors.stockRowNotFound' });
    spec.given(bill(), facts([stock({ warehouseAreaCode: 'B' })], places)).when({ act: 'confirm' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea', vars: { place: 'A-01', area: 'A' } });
  });

  it('shipping takes the allocated pieces out of the source bin into transit, still the owner\'s, keeping batch, inbound time and expiry', () => {
    const given = account('C1', 'M1', 4, row({ djQty: 4 }));
    const { effects } = spec.given(confirmed(), facts([given], places)).when({ act: 'ship' }).then({ doc: { state: 'Shipped' }, effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 4 }] });
    const [released, moved] = factsOf(effects[0]);
    expect(released!.type).toBe(STOCK_EVENT_TYPES.released);
    expect(released!.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.djQty, l.endDjQty])).toEqual([['RELEASE', 'A-01', -4, 0]]);
    expect(moved!.type).toBe(STOCK_EVENT_TYPES.moved);
    expect(moved!.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty])).toEqual([['MOVE_OUT', 'A-01', -4, 6], ['MOVE_IN', 'TRANSIT-DB001', 4, 4]]);
    expect(moved!.data.lines[1]).toMatchObject({ customerCode: 'C1', barcode: 'X1', batchNo: 'L1', warehouseAreaCode: 'Z', inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', status: 'AVAILABLE' });
    expect(moved!.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '29', outstockStatus: 0, isCost: 0 });
    // the allocation is not there (released behind the bill's back): the ledger refuses, nothing is written
    spec.given(confirmed(), facts([stock()], places)).when({ act: 'ship' }).thenRefused({ code: 409, key: 'warehouse.errors.allocationExceeded' });
  });

  it('cancelling before shipping gives the allocation back; once shipped it cannot be cancelled or removed', () => {
    const { effects } = spec.given(confirmed(), facts([account('C1', 'M1', 4, row({ djQty: 4 }))], places)).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' } });
    const [released] = factsOf(effects[0]);
    expect(released!.data.lines.map((l) => [l.movement, l.djQty, l.endDjQty])).toEqual([['RELEASE', -4, 0]]);
    // a draft froze nothing
    spec.given(bill(), facts([])).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' }, effects: [] });
    spec.given(shipped(), facts([])).when({ act: 'cancel' }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
    spec.given(shipped(), facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given(bill(), facts([])).when({ remove: true }).then([{ type: 'AllocateBillRemoved', data: {} }]);
  });

  it('a receipt of less than was shipped leaves the rest in transit; the next one that takes the rest completes the bill', () => {
    const first = { placements: [{ lineNumber: 1, targetPlaceCode: 'Z-01', qty: 3 }] };
    const part = spec.given(shipped(), facts([shippedStock()], places)).when({ act: 'receive', fields: first })
      .then({ doc: { state: 'Receiving', details: [{ lineNumber: 1, qty: 4, receivedQty: 3 }], totals: { receivedQty: 3 } } });
    expect(part.effects).toHaveLength(1);
    const [moved] = factsOf(part.effects[0]);
    expect(moved!.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.warehouseAreaCode ?? null])).toEqual([['MOVE_OUT', 'TRANSIT-DB001', -3, 1, null], ['MOVE_IN', 'Z-01', 3, 3, 'Z']]);
    // the rest: more than is in transit is refused; exactly the rest completes
    const after = [...shipped(), spec.acted('receive', first)];
    spec.given(after, facts([shippedStock(3)], places)).when({ act: 'receive', fields: { placements: [{ lineNumber: 1, targetPlaceCode: 'Z-02', qty: 2 }] } })
      .thenRefused({ code: 409, key: 'warehouse.errors.receiveExceeds', vars: { line: 1, remaining: 1, wanted: 2 } });
    const done = spec.given(after, facts([shippedStock(3)], places)).when({ act: 'receive', fields: { placements: [{ lineNumber: 1, targetPlaceCode: 'Z-02', qty: 1 }] } }).then({ doc: { totals: { receivedQty: 4 } } });
    expect(done.effects[1]).toEqual({ document: 'allocatebill', id: 'd1', action: 'completeReceipt', fields: {} });
    const received = spec.given([...after, spec.acted('receive', { placements: [{ lineNumber: 1, targetPlaceCode: 'Z-02', qty: 1 }] }), spec.acted('completeReceipt')], facts([])).document();
    expect(received).toMatchObject({ state: 'Received', receivedAt: expect.any(String) });
  });

  it('closing short writes what never arrived off the transit place, with the reason; the bill is then received, nothing left in transit', () => {
    const after = [...shipped(), spec.acted('receive', { placements: [{ lineNumber: 1, targetPlaceCode: 'Z-01', qty: 3 }] })];
    const closed = spec.given(after, facts([shippedStock(3)], places)).when({ act: 'closeShort', fields: { reason: 'one carton crushed on the way' } })
      .then({ doc: { state: 'Received', shortReason: 'one carton crushed on the way', details: [{ qty: 4, receivedQty: 3, shortQty: 1 }], totals: { receivedQty: 3, shortQty: 1 } } });
    const [adjusted] = factsOf(closed.effects[0]);
    expect(adjusted!.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(adjusted!.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty])).toEqual([['ADJUST', 'TRANSIT-DB001', -1, 0]]);
    expect(adjusted!.data).toMatchObject({ streamType: '29', isCost: 0 });
    // nothing arrived at all (the truck was lost): all of it
    const lost = spec.given(shipped(), facts([shippedStock()], places)).when({ act: 'closeShort', fields: { reason: 'lost' } }).then({ doc: { state: 'Received', totals: { shortQty: 4 } } });
    expect(factsOf(lost.effects[0])[0]!.data.lines.map((l) => [l.qty, l.endQty])).toEqual([[-4, 0]]);
    // not before shipping (the reason is required by the action's schema: the integration case)
    spec.given(confirmed(), facts([stock()], places)).when({ act: 'closeShort', fields: { reason: 'x' } }).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
  });

  it('receives only into live bins of the target warehouse that are free or the owner\'s, and only lines of the bill', () => {
    const given = facts([shippedStock()], places);
    const at = (targetPlaceCode: string, o: { lineNumber?: number; qty?: number } = {}) => ({ act: 'receive' as const, fields: { placements: [{ lineNumber: o.lineNumber ?? 1, targetPlaceCode, qty: o.qty ?? 4 }] } });
    spec.given(shipped(), given).when(at('A-01')).thenRefused({ code: 409, key: 'warehouse.errors.placeNotTarget', vars: { place: 'A-01', area: 'Z' } });
    spec.given(shipped(), given).when(at('Z-09')).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner', vars: { place: 'Z-09', owner: 'C9' } });
    spec.given(shipped(), given).when(at('Z-08')).thenRefused({ code: 409, key: 'warehouse.errors.placeInvalid' });
    spec.given(shipped(), given).when(at('Z-01', { lineNumber: 2 })).thenRefused({ code: 409, key: 'warehouse.errors.lineNotFound', vars: { line: 2 } });
    spec.given(shipped(), given).when(at('Z-01', { qty: 5 })).thenRefused({ code: 409, key: 'warehouse.errors.receiveExceeds', vars: { remaining: 4, wanted: 5 } });
    // not before it is shipped
    spec.given(confirmed(), given).when(at('Z-01')).thenRefused({ code: 409, key: 'errors.forbiddenTransition' });
    spec.given(shipped(), given).when(at('Z-01')).then({ doc: { totals: { receivedQty: 4 } } });
  });
});
